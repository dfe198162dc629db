// Group buys end to end through the routes: the seller's group buy, the group price in the preview (no promotions),
// seats taken atomically under 50 concurrent joins, refusals (own, joined, full, expired), filling when the last seat
// is paid, the ship guard, a cancel giving its seat back, and a group expiring with paid members — balance and
// gateway — refunded once each, racing a last-moment payment.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Job } from 'bullmq'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createUser } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { createGoods, leafClasses, sellerWithStore, type TestSeller } from '../catalog/testkit.ts'
import { post } from '../../core/ledger.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { AlipaySandbox } from '../../adapters/payment/sandbox/alipay.ts'
import { registerGatewayRefunders } from '../../adapters/payment/config.ts'
import { refundPaybackJob } from '../aftersales/payback.ts'
import { cancelOrder } from '../orders/index.ts'
import { closeGroup, collectiveExpireJob, collectiveRefundJob, sweepExpiredGroups, sweepUnrefundedSeats } from './jobs.ts'

let app: FastifyInstance
const ali = new AlipaySandbox()
let unregister: () => void
let seller: TestSeller
let goods: { id: number }

type Shopper = { id: number; auth: Record<string, string>; addressId: number }

beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL: 'https://shop.example.com' })
  await ali.start()
  unregister = registerGatewayRefunders(app)
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  const leaves = await leafClasses(app)
  seller = await sellerWithStore(app, leaves)
  goods = await createGoods(app, seller.storeId, leaves[0].id, { goods_price: '100.00', goods_stock: 100 })
})
afterAll(async () => {
  unregister()
  await ali.stop()
  await app?.close()
})

let serial = 0
async function shopper(money = 0): Promise<Shopper> {
  const user = await createUser(app, { pay_password: '123456' })
  const addressId = (await app.db.addresses.create({ data: { user_id: user.id, receive_name: 'x', receive_tel: '13800138000', address: 'a', is_default: 1, default_key: user.id } })).id
  if (money)
    await runUnit(app, (tx) => post(tx, { owner: { kind: 'user', id: user.id }, account: 'money', amount: money, reason: 'system', source: { type: 'admin', id: 0 }, idemKey: `t_topup:${user.id}` }))
  return { id: user.id, auth: bearer(await tokenFor(app, 'user', user.id)), addressId }
}

/** The seller's group buy of `goods` (discount 20%, so 100.00 → 80.00). */
async function groupBuy(need = 5, expire = 30) {
  const res = await http(app).post('/api/Seller/collectives').set(seller.auth).send({ goods_id: goods.id, discount: '20', need, expire_minutes: expire })
  expect(res.body.code, JSON.stringify(res.body)).toBe(200)
  return res.body.data.id as number
}

const order = (s: Shopper, collectiveId: number) =>
  http(app).post('/api/user/order/create').set(s.auth).set('Idempotency-Key', `k${++serial}`)
    .send({ order: [{ goods_id: goods.id, buy_num: 1, collective_id: collectiveId }], address_id: s.addressId })

async function opened(s: Shopper) {
  const res = await order(s, -1)
  expect(res.body.code, JSON.stringify(res.body)).toBe(200)
  const orderId = res.body.data.order_id[0] as number
  const { collective_id } = await app.db.orders.findUniqueOrThrow({ where: { id: orderId } })
  return { orderId, groupId: collective_id }
}
async function joined(s: Shopper, groupId: number) {
  const res = await order(s, groupId)
  expect(res.body.code, JSON.stringify(res.body)).toBe(200)
  return res.body.data.order_id[0] as number
}
const payBalance = (s: Shopper, orderId: number) =>
  http(app).post('/api/user/order/pay').set(s.auth).set('Idempotency-Key', `p${orderId}`).send({ order_id: [orderId], payment_name: 'balance', pay_password: '123456' })
const group = (id: number) => app.db.collective_logs.findUniqueOrThrow({ where: { id } })
const stock = async () => (await app.db.goods.findUniqueOrThrow({ where: { id: goods.id } })).goods_stock
const balance = async (s: Shopper) => (await app.db.users.findUniqueOrThrow({ where: { id: s.id } })).money.toFixed(2)
const ship = (orderId: number) => http(app).put(`/api/Seller/orders/${orderId}/ship`).set(seller.auth).send({ delivery_code: 'sf', delivery_no: 'SF1234567890' })

describe('the seller’s group buy', () => {
  test('one per goods of the store, need ≥ 2 and at least 5 minutes; listed with the goods name', async () => {
    await groupBuy()
    const again = await http(app).post('/api/Seller/collectives').set(seller.auth).send({ goods_id: goods.id, discount: '10', need: 3, expire_minutes: 60 })
    expect(again.body.code).toBe(400)
    expect(again.body.data.goods_id).toMatch(/每个商品只能有一个拼团活动|one group buy/)
    const small = await http(app).post('/api/Seller/collectives').set(seller.auth).send({ goods_id: goods.id, discount: '10', need: 1, expire_minutes: 4 })
    expect(Object.keys(small.body.data ?? {}).sort()).toEqual(['expire_minutes', 'need'])
    const list = await http(app).get('/api/Seller/collectives').set(seller.auth)
    expect(list.body.data.data).toEqual([expect.objectContaining({ goods_id: goods.id, need: 5, expire_minutes: 30, goods_name: expect.any(String) })])
    expect(await app.db.collectives.count()).toBe(1)
  })

  test("the goods page's read: the group buy with its group price, null for a goods without one", async () => {
    const none = await http(app).get(`/api/collectives/goods/${goods.id}`)
    expect(none.body).toMatchObject({ code: 200, data: null })
    const id = await groupBuy(3, 45)
    const offer = await http(app).get(`/api/collectives/goods/${goods.id}`)
    expect(offer.body.data).toEqual({ id, goods_id: goods.id, discount: '20.00', need: 3, expire_minutes: 45, price: '80.00', sku_prices: {} })
  })

  test('the preview prices the group line at the group price and applies no full reduction', async () => {
    await groupBuy()
    const now = Date.now()
    await app.db.full_reductions.create({ data: { store_id: seller.storeId, name: '满50减10', money: '10.00', use_money: '50.00', start_time: new Date(now - 60_000), end_time: new Date(now + 3600_000) } })
    const s = await shopper()
    const plain = await http(app).post('/api/user/order/before').set(s.auth).send({ order: [{ goods_id: goods.id, buy_num: 1 }] })
    expect(plain.body.data.stores[0]).toMatchObject({ full_reduction: { money: '10.00' }, collective_money: '0.00', promotions: true, total_price: '90.00' })
    const grouped = await http(app).post('/api/user/order/before').set(s.auth).send({ order: [{ goods_id: goods.id, buy_num: 1, collective_id: -1 }] })
    expect(grouped.body.data.stores[0]).toMatchObject({ full_reduction: null, collective_money: '20.00', promotions: false, total_price: '80.00' })
    const mixed = await http(app).post('/api/user/order/before').set(s.auth).send({ order: [{ goods_id: goods.id, buy_num: 1, collective_id: -1 }, { goods_id: goods.id, buy_num: 1 }] })
    expect(mixed.body).toMatchObject({ code: 402, msg: '拼团商品须单独下单（一次一件商品，一个规格）' })
  })
})

describe('seats', () => {
  test('50 shoppers join a group of 5 at once: exactly 4 join the opener, the rest are told it is full', async () => {
    await groupBuy(5)
    const opener = await shopper()
    const { groupId } = await opened(opener)
    const crowd = await Promise.all(Array.from({ length: 50 }, () => shopper()))
    const answers = await Promise.all(crowd.map((s) => order(s, groupId)))
    const ok = answers.filter((a) => a.body.code === 200)
    expect(ok).toHaveLength(4)
    expect(new Set(answers.filter((a) => a.body.code !== 200).map((a) => a.body.msg))).toEqual(new Set(['该团已满员，请参加其他团或自己开团']))
    expect(await app.db.collective_members.count({ where: { collective_log_id: groupId, status: 0 } })).toBe(5)
    expect(await app.db.orders.count({ where: { collective_id: groupId } })).toBe(5)
    expect((await group(groupId)).join_num).toBe(5)
    expect(await stock()).toBe(95)
    const list = await http(app).get('/api/collectives').query({ goods_id: goods.id })
    expect(list.body.data.total).toBe(0)
  })

  test('own group, a second seat, an expired group are refused; a cancel gives the seat back', async () => {
    await groupBuy(3)
    const [a, b] = [await shopper(), await shopper()]
    const { groupId } = await opened(a)
    expect((await order(a, groupId)).body).toMatchObject({ code: 402, msg: '不能参加自己开的团' })
    const bOrder = await joined(b, groupId)
    expect((await order(b, groupId)).body).toMatchObject({ code: 402, msg: '您已在该团中' })
    const open = await http(app).get('/api/collectives').query({ goods_id: goods.id })
    expect(open.body.data.data).toEqual([expect.objectContaining({ id: groupId, need: 3, join_num: 2, price: '80.00', members: [expect.any(Object), expect.any(Object)] })])

    expect(await cancelOrder(app, bOrder, { userId: b.id })).toBe('cancelled')
    expect((await group(groupId)).join_num).toBe(1)
    await joined(b, groupId)
    expect((await group(groupId)).join_num).toBe(2)

    await app.db.collective_logs.update({ where: { id: groupId }, data: { expire_at: new Date(Date.now() - 1000) } })
    const late = await shopper()
    expect((await order(late, groupId)).body).toMatchObject({ code: 402, msg: '该团已过期，请参加其他团或自己开团' })
    expect(await app.db.orders.count({ where: { user_id: late.id } })).toBe(0)
  })
})

describe('filling', () => {
  test('the last paid seat fills the group (saved); until then its orders do not ship, then all do', async () => {
    await groupBuy(3)
    const members = [await shopper(8000), await shopper(8000), await shopper(8000)]
    const { orderId, groupId } = await opened(members[0])
    const orders = [orderId, await joined(members[1], groupId), await joined(members[2], groupId)]
    expect((await payBalance(members[0], orders[0])).body.code).toBe(200)
    expect((await payBalance(members[1], orders[1])).body.code).toBe(200)
    expect(await group(groupId)).toMatchObject({ status: 2, paid_num: 2 })
    expect((await ship(orders[0])).body).toMatchObject({ code: 402, msg: '拼团尚未成功，订单暂不能发货' })
    expect((await app.db.orders.findUniqueOrThrow({ where: { id: orders[0] } })).order_status).toBe(2)

    expect((await payBalance(members[2], orders[2])).body.code).toBe(200)
    expect(await group(groupId)).toMatchObject({ status: 1, paid_num: 3, join_num: 3 })
    for (const id of orders) expect((await ship(id)).body.code).toBe(200)
    const mine = await http(app).get('/api/user/orders').set(members[2].auth)
    expect(mine.body.data.data[0].collective).toMatchObject({ id: groupId, status: 1, need: 3, paid_num: 3, seat: 1, refunded: false })
    const detail = await http(app).get(`/api/user/order/${orders[2]}`).set(members[2].auth)
    expect(detail.body.data.collective).toMatchObject({ id: groupId, status: 1, seat: 1, refunded: false })
    // A filled group is never closed by its expiry.
    expect(await closeGroup(app, groupId, new Date(Date.now() + 3600_000))).toBe('not_open')
  })
})

describe('expiry', () => {
  beforeEach(async () => {
    const admin = bearer(await tokenFor(app, 'admin', (await createAdmin(app, { is_super: 1 })).id))
    expect((await http(app).put('/api/Admin/configs/pay').set(admin).send({ alipay: { enabled: 1, ...ali.config() } })).body.code).toBe(200)
  })

  test('3 paid members (2 by balance, 1 by Alipay) and a payment racing the expiry: every paid member refunded once, through the channel that paid', async () => {
    await groupBuy(5)
    const members = [await shopper(8000), await shopper(8000), await shopper(), await shopper(8000)]
    const { orderId, groupId } = await opened(members[0])
    const orders = [orderId, await joined(members[1], groupId), await joined(members[2], groupId), await joined(members[3], groupId)]
    expect((await payBalance(members[0], orders[0])).body.code).toBe(200)
    expect((await payBalance(members[1], orders[1])).body.code).toBe(200)
    const gateway = await http(app).post('/api/user/order/pay').set(members[2].auth).set('Idempotency-Key', 'ali').send({ order_id: [orders[2]], payment_name: 'alipay' })
    const payNo = gateway.body.data.pay_no as string
    const n = ali.pay(payNo)
    expect((await http(app).post('/api/payment/alipay/notify').set(n.headers).send(n.body)).status).toBe(200)
    expect(await group(groupId)).toMatchObject({ status: 2, paid_num: 3 })
    expect(await stock()).toBe(96)

    await app.db.collective_logs.update({ where: { id: groupId }, data: { expire_at: new Date(Date.now() - 1000) } })
    const [, lastPay, sweep] = await Promise.all([
      collectiveExpireJob.process(app, { collective_log_id: groupId }, {} as Job),
      payBalance(members[3], orders[3]),
      sweepExpiredGroups(app),
    ])
    expect(lastPay.body.code).toBe(200)
    expect(sweep.failed).toBeLessThanOrEqual(1)
    expect((await group(groupId)).status).toBe(0)

    // The refund jobs (staged by the close or by the late payment), run twice each, then the sweeper: once each.
    const seats = await app.db.collective_members.findMany({ where: { collective_log_id: groupId }, orderBy: { id: 'asc' } })
    for (const seat of [...seats, ...seats]) await collectiveRefundJob.process(app, { member_id: seat.id }, {} as Job)
    expect(await sweepUnrefundedSeats(app)).toEqual({ refunded: 0 })
    const refunds = await app.db.refunds.findMany({ orderBy: { order_id: 'asc' } })
    expect(refunds.map((r) => [r.order_id, r.refund_money.toFixed(2), r.refund_verify])).toEqual(orders.map((id) => [id, '80.00', 1]))

    // Balance members: the refund in their ledger, once; their balance whole again.
    for (const m of [members[0], members[1], members[3]]) {
      expect(await balance(m)).toBe('80.00')
      expect(await app.db.money_logs.count({ where: { user_id: m.id, is_belong: 0, source_type: 'refund' } })).toBe(1)
    }
    // The Alipay member: refunded through the gateway, the whole payment once.
    const gatewayRefund = refunds.find((r) => r.order_id === orders[2])!
    expect(gatewayRefund.refund_step).toBe(2)
    // Until the gateway gave the money back, the order says its refund is on its way.
    const waiting = await http(app).get(`/api/user/order/${orders[2]}`).set(members[2].auth)
    expect(waiting.body.data.collective).toMatchObject({ status: 0, seat: 3, refunded: false })
    await refundPaybackJob.process(app as never, { refund_id: gatewayRefund.id }, {} as Job)
    await refundPaybackJob.process(app as never, { refund_id: gatewayRefund.id }, {} as Job)
    expect([...ali.refunds.values()].filter((r) => r.out_trade_no === payNo).map((r) => [r.out_request_no, r.cents])).toEqual([[gatewayRefund.refund_no, 8000]])
    expect((await app.db.refunds.findUniqueOrThrow({ where: { id: gatewayRefund.id } })).refund_step).toBe(3)
    expect(await app.db.money_logs.count({ where: { user_id: members[2].id, is_belong: 0 } })).toBe(0)

    // Every seat refunded, every unit back in stock, every order wholly refunded.
    expect((await app.db.collective_members.findMany({ where: { collective_log_id: groupId } })).map((s) => s.status)).toEqual([3, 3, 3, 3])
    expect(await stock()).toBe(100)
    const mine = await http(app).get('/api/user/orders').set(members[3].auth)
    expect(mine.body.data.data[0].collective).toMatchObject({ id: groupId, status: 0, seat: 3, refunded: true })
    const gatewayOrder = await http(app).get(`/api/user/order/${orders[2]}`).set(members[2].auth)
    expect(gatewayOrder.body.data.collective).toMatchObject({ id: groupId, status: 0, seat: 3, refunded: true })
  })
})
