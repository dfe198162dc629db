// Promotions at checkout: the preview's savings per store (the best full-reduction tier, the coupon thresholds after
// the full reduction and never the freight, goods scopes, the platform coupon across stores), the orders and lines
// they write, coupons claimed once under concurrency, given back by a cancel and a full refund but not a partial one,
// and the platform coupon's cost added back to the store in settlement.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { decimalToCents, REFUND_TYPE } from '@qshop/shared'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createUser } from '../../../test/factories.ts'
import type { RequestContext } from '../../core/context.ts'
import { post } from '../../core/ledger.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { createGoods, leafClasses, sellerWithStore, type TestSeller } from '../catalog/testkit.ts'
import { cancelOrder } from '../orders/cancel.ts'
import { payOrders } from '../orders/pay.ts'
import { openRefund, refundCapsOf } from '../aftersales/open.ts'
import { agreeRequest } from '../aftersales/decide.ts'
import { shipOrders } from '../fulfilment/testkit.ts'
import { settleOrder } from '../settlement/settle.ts'

let app: FastifyInstance
let shopA: TestSeller
let shopB: TestSeller
let g1: { id: number }
let g2: { id: number }
let g3: { id: number }
let me: { id: number; auth: Record<string, string>; address: number }

const DAY = 86_400_000
const window = { start_time: new Date(Date.now() - DAY), end_time: new Date(Date.now() + 10 * DAY) }
const ctxOf = (id: number): RequestContext => ({
  actor: { area: 'user', id, sid: 't', username: `u${id}`, all: false, permissions: new Set(), belong_id: 0 }, locale: 'zh-cn', ip: '127.0.0.1', requestId: 't',
})

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  const leaves = await leafClasses(app)
  shopA = await sellerWithStore(app, leaves)
  shopB = await sellerWithStore(app, leaves)
  await app.db.freights.create({ data: { store_id: shopA.storeId, name: '默认', f_weight: '0', f_price: '10.00', is_type: 0 } })
  g1 = await createGoods(app, shopA.storeId, leaves[0].id, { goods_name: '茶叶', goods_price: '60.00', goods_stock: 50 })
  g2 = await createGoods(app, shopA.storeId, leaves[0].id, { goods_name: '茶杯', goods_price: '40.00', goods_stock: 50 })
  g3 = await createGoods(app, shopB.storeId, leaves[0].id, { goods_name: 'T恤', goods_price: '100.00', goods_stock: 50 })
  // Tiers: the best saving reached applies, not the lowest threshold.
  for (const [money, use_money] of [['3', '50'], ['10', '100'], ['25', '150']])
    await app.db.full_reductions.create({ data: { store_id: shopA.storeId, name: `满${use_money}减${money}`, money, use_money, ...window } })
  const { id } = await createUser(app, { pay_password: '123456' })
  const address = await app.db.addresses.create({
    data: { user_id: id, receive_name: '李雷', receive_tel: '13800138000', province_id: 110000, city_id: 1, region_id: 2, area_info: '北京', address: '一路 1 号', is_default: 1, default_key: id },
  })
  me = { id, auth: bearer(await tokenFor(app, 'user', id)), address: address.id }
})
afterAll(async () => app?.close())

/** A coupon of `storeId` (null: the platform's) received by the shopper: answers the received row's id. */
async function held(storeId: number | null, money: string, use_money: string, goods_ids = '', userId = me.id): Promise<number> {
  const coupon = await app.db.coupons.create({ data: { store_id: storeId, name: `券${money}`, money, use_money, goods_ids, stock: 10, ...window } })
  const res = await http(app).post('/api/user/coupon/receive').set(userId === me.id ? me.auth : bearer(await tokenFor(app, 'user', userId))).send({ id: coupon.id })
  expect(res.body.code, JSON.stringify(res.body)).toBe(200)
  return res.body.data.id
}
const before = (body: object) => http(app).post('/api/user/order/before').set(me.auth).send(body)
let keys = 0
const create = (body: object) => http(app).post('/api/user/order/create').set(me.auth).set('Idempotency-Key', `p${++keys}`).send({ address_id: me.address, ...body })
const cents = (s: string | { toString(): string }) => decimalToCents(String(s))

describe('order/before', () => {
  test('the best tier applies; coupon thresholds count the goods after the full reduction, never the freight', async () => {
    const fits = await held(shopA.storeId, '8', '90')
    await held(shopA.storeId, '15', '95') // goods 100 − 10 = 90 < 95, though goods + freight = 100
    const res = await before({ order: [{ goods_id: g1.id, buy_num: 1 }, { goods_id: g2.id, buy_num: 1 }] })
    expect(res.body.code, JSON.stringify(res.body)).toBe(200)
    const [store] = res.body.data.stores
    expect(store).toMatchObject({
      order_price: '100.00', freight_money: '10.00', full_reduction: { name: '满100减10', money: '10.00' },
      coupon_id: fits, coupon_money: '8.00', discount_money: '18.00', total_price: '92.00',
    })
    expect(store.coupons.map((c: { id: number }) => c.id)).toEqual([fits])
    // 160 of goods reach the 150 tier: 25 off, not 3 nor 10
    const more = await before({ order: [{ goods_id: g1.id, buy_num: 2 }, { goods_id: g2.id, buy_num: 1 }] })
    expect(more.body.data.stores[0].full_reduction).toEqual({ name: '满150减25', money: '25.00' })
  })

  test('the best coupon is chosen by default; 0 picks none; an unusable one is refused', async () => {
    const small = await held(shopA.storeId, '5', '0')
    const big = await held(shopA.storeId, '12', '0')
    const order = [{ goods_id: g1.id, buy_num: 1 }]
    expect((await before({ order })).body.data.stores[0]).toMatchObject({ coupon_id: big, coupon_money: '12.00' })
    expect((await before({ order, store_coupons: [{ store_id: shopA.storeId, coupon_id: small }] })).body.data.stores[0]).toMatchObject({ coupon_id: small, coupon_money: '5.00' })
    expect((await before({ order, store_coupons: [{ store_id: shopA.storeId, coupon_id: 0 }] })).body.data.stores[0]).toMatchObject({ coupon_id: 0, coupon_money: '0.00' })
    const foreign = await held(shopB.storeId, '5', '0')
    const refused = await before({ order, store_coupons: [{ store_id: shopA.storeId, coupon_id: foreign }] })
    expect(refused.body).toMatchObject({ code: 402, msg: '所选优惠券不可用于该订单' })
  })

  test('a scoped coupon discounts only its goods; the platform coupon spreads over every store by what is left', async () => {
    const scoped = await held(shopA.storeId, '20', '0', `${g2.id}`)
    const platform = await held(null, '30', '0')
    const res = await before({ order: [{ goods_id: g1.id, buy_num: 1 }, { goods_id: g2.id, buy_num: 1 }, { goods_id: g3.id, buy_num: 1 }] })
    const [a, b] = res.body.data.stores
    // A: 100 → full reduction 10 (6 + 4) → the scoped coupon 20 on the cup only (36 left) → left 54 + 16 = 70
    expect(a).toMatchObject({ coupon_id: scoped, coupon_money: '20.00' })
    expect(res.body.data).toMatchObject({ platform_coupon_id: platform, platform_coupon_money: '30.00' })
    // platform 30 over what is left: 54, 16, 100 (of 170)
    const shares = [a.lines[0], a.lines[1], b.lines[0]].map((l: { discount_money: string }) => cents(l.discount_money))
    expect(shares).toEqual([600 + 953, 400 + 2000 + 282, 1765])
    expect(cents(a.platform_coupon_money) + cents(b.platform_coupon_money)).toBe(3000)
    expect(cents(a.discount_money)).toBe(1000 + 2000 + cents(a.platform_coupon_money))
  })
})

describe('order/create', () => {
  test('a full reduction and a coupon made just after a checkout without any apply to the next one', async () => {
    const order = [{ goods_id: g3.id, buy_num: 1 }]
    const plain = await create({ order })
    expect(plain.body.code, JSON.stringify(plain.body)).toBe(200)
    expect(await app.db.orders.findUniqueOrThrow({ where: { id: plain.body.data.order_id[0] } })).toMatchObject({ coupon_id: 0 })
    const rule = await http(app).post('/api/Seller/full_reductions').set(shopB.auth).send({ name: '满80减6', money: '6', use_money: '80', start_time: window.start_time.toISOString(), end_time: window.end_time.toISOString() })
    expect(rule.body.code, JSON.stringify(rule.body)).toBe(200)
    const coupon = await held(shopB.storeId, '4', '50')
    const res = await create({ order })
    expect(res.body.code, JSON.stringify(res.body)).toBe(200)
    const made = await app.db.orders.findUniqueOrThrow({ where: { id: res.body.data.order_id[0] } })
    expect(made).toMatchObject({ coupon_id: coupon })
    expect([cents(made.full_reduction_money), cents(made.coupon_money), cents(made.total_price)]).toEqual([600, 400, 9000])
  })

  test('the orders and lines keep each saving; the coupons are marked used by their orders', async () => {
    const coupon = await held(shopA.storeId, '8', '50')
    const platform = await held(null, '10', '0')
    const res = await create({ order: [{ goods_id: g1.id, buy_num: 1 }, { goods_id: g2.id, buy_num: 1 }, { goods_id: g3.id, buy_num: 1 }] })
    expect(res.body.code, JSON.stringify(res.body)).toBe(200)
    const [a, b] = res.body.data.order_id as number[]
    const orders = await app.db.orders.findMany({ where: { id: { in: [a, b] } }, include: { order_goods: true }, orderBy: { id: 'asc' } })
    for (const o of orders) {
      const discounts = cents(o.full_reduction_money) + cents(o.coupon_money) + cents(o.platform_coupon_money)
      expect(o.order_goods.reduce((n, l) => n + cents(l.discount_money), 0)).toBe(discounts)
      expect(o.order_goods.reduce((n, l) => n + cents(l.platform_coupon_money), 0)).toBe(cents(o.platform_coupon_money))
      expect(cents(o.total_price)).toBe(cents(o.order_price) + cents(o.freight_money) - discounts)
    }
    expect(orders[0]).toMatchObject({ coupon_id: coupon, platform_coupon_id: platform })
    expect(cents(orders[0].full_reduction_money)).toBe(1000)
    expect(cents(orders[0].coupon_money)).toBe(800)
    expect(cents(orders[0].platform_coupon_money) + cents(orders[1].platform_coupon_money)).toBe(1000)
    expect(await app.db.coupon_logs.findUniqueOrThrow({ where: { id: coupon } })).toMatchObject({ status: 1, order_id: a })
    expect(await app.db.coupon_logs.findUniqueOrThrow({ where: { id: platform } })).toMatchObject({ status: 1, order_id: a })
    // a used coupon is no longer offered
    expect((await before({ order: [{ goods_id: g1.id, buy_num: 1 }] })).body.data.stores[0].coupons).toEqual([])
    expect((await http(app).get('/api/user/coupons?status=used').set(me.auth)).body.data.total).toBe(2)
  })

  test('two concurrent checkouts with the same coupon make one order', async () => {
    const coupon = await held(shopA.storeId, '8', '0')
    const body = { order: [{ goods_id: g1.id, buy_num: 1 }], store_coupons: JSON.stringify([{ store_id: shopA.storeId, coupon_id: coupon }]) }
    const answers = await Promise.all([create(body), create(body), create(body)])
    expect(answers.filter((r) => r.body.code === 200)).toHaveLength(1)
    for (const r of answers.filter((r) => r.body.code !== 200)) expect(r.body.msg).toMatch(/优惠券已被使用|所选优惠券不可用于该订单/)
    expect(await app.db.orders.count({ where: { user_id: me.id } })).toBe(1)
    expect((await app.db.goods.findUniqueOrThrow({ where: { id: g1.id } })).goods_stock).toBe(49)
  })

  test('a cancel before payment gives the coupons back', async () => {
    const coupon = await held(shopA.storeId, '8', '0')
    const platform = await held(null, '5', '0')
    const res = await create({ order: [{ goods_id: g1.id, buy_num: 1 }, { goods_id: g3.id, buy_num: 1 }] })
    const [a, b] = res.body.data.order_id as number[]
    expect(await cancelOrder(app, a, { userId: me.id })).toBe('cancelled')
    expect((await app.db.coupon_logs.findUniqueOrThrow({ where: { id: coupon } })).status).toBe(0)
    // the platform coupon still serves the other order
    expect((await app.db.coupon_logs.findUniqueOrThrow({ where: { id: platform } })).status).toBe(1)
    expect(await cancelOrder(app, b, { userId: me.id })).toBe('cancelled')
    expect(await app.db.coupon_logs.findUniqueOrThrow({ where: { id: platform } })).toMatchObject({ status: 0, order_id: 0 })
  })
})

describe('after payment', () => {
  async function paid(body: object) {
    const res = await create(body)
    expect(res.body.code, JSON.stringify(res.body)).toBe(200)
    const ids = res.body.data.order_id as number[]
    const orders = await app.db.orders.findMany({ where: { id: { in: ids } } })
    await runUnit(app, (tx) =>
      post(tx, { owner: { kind: 'user', id: me.id }, account: 'money', amount: orders.reduce((n, o) => n + cents(o.total_price), 0), reason: 'system', source: { type: 'admin', id: 0 }, idemKey: `t:${ids.join('-')}` }),
    )
    await payOrders(app as never, ctxOf(me.id), `pay-${ids.join('-')}`, { order_id: ids, payment_name: 'balance', pay_password: '123456' })
    return ids
  }
  async function refund(orderId: number, lines: { order_goods_id: number; num: number }[], money: string) {
    const opened = await openRefund(app as never, ctxOf(me.id), `r-${orderId}-${++keys}`, { order_id: orderId, refund_type: REFUND_TYPE.MONEY, lines, refund_money: money, refund_remark: 'x', images: [] })
    const order = await app.db.orders.findUniqueOrThrow({ where: { id: orderId } })
    expect(await agreeRequest(app as never, (opened as { id: number }).id, { store_id: order.store_id })).toBe('done')
  }

  test('a line refunds its paid share; a partial refund keeps the coupon used, the full refund gives it back', async () => {
    const coupon = await held(shopA.storeId, '8', '0')
    const [orderId] = await paid({ order: [{ goods_id: g1.id, buy_num: 1 }, { goods_id: g2.id, buy_num: 1 }] })
    const lines = await app.db.order_goods.findMany({ where: { order_id: orderId }, orderBy: { id: 'asc' } })
    const caps = await refundCapsOf(app as never, ctxOf(me.id), orderId)
    for (const l of lines) {
      const cap = caps.lines.find((c) => c.order_goods_id === l.id)!
      expect(cents(cap.refundable_money)).toBe(cents(l.total_price) - cents(l.discount_money))
    }
    await refund(orderId, [{ order_goods_id: lines[0].id, num: 1 }], String(caps.lines.find((c) => c.order_goods_id === lines[0].id)!.refundable_money))
    expect((await app.db.coupon_logs.findUniqueOrThrow({ where: { id: coupon } })).status).toBe(1)
    const rest = (await refundCapsOf(app as never, ctxOf(me.id), orderId)).lines.find((c) => c.order_goods_id === lines[1].id)!
    await refund(orderId, [{ order_goods_id: lines[1].id, num: 1 }], String(rest.refundable_money))
    expect(await app.db.coupon_logs.findUniqueOrThrow({ where: { id: coupon } })).toMatchObject({ status: 0, order_id: 0 })
  })

  test('settlement adds the platform coupon’s share back to the store, without commission', async () => {
    await held(null, '20', '0')
    const ids = await paid({ order: [{ goods_id: g3.id, buy_num: 2 }] })
    await shipOrders(app, ids, { receive: true })
    const order = await app.db.orders.findUniqueOrThrow({ where: { id: ids[0] } })
    expect(cents(order.platform_coupon_money)).toBe(2000)
    const outcome = await settleOrder(app as never, ids[0], new Date(Date.now() + 400 * DAY))
    expect(outcome.outcome).toBe('settled')
    const row = await app.db.order_settlements.findUniqueOrThrow({ where: { order_id: ids[0] } })
    const paidCents = cents(order.total_price)
    expect(cents(row.platform_coupon_money)).toBe(2000)
    expect(cents(row.settlement_price)).toBe(paidCents - cents(row.commission_money) + 2000)
    const store = await app.db.stores.findUniqueOrThrow({ where: { id: shopB.storeId } })
    expect(cents(store.store_money)).toBe(cents(row.settlement_price))
    const subsidy = await app.db.money_logs.findMany({ where: { user_id: shopB.storeId, is_belong: 1, ename: 'platform_coupon' } })
    expect(subsidy.map((r) => cents(r.money))).toEqual([2000])
  })
})
