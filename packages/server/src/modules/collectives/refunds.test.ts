// A failed group's refunds through the real queue: each paid member's refund is a job of its own, so when the gateway
// refuses one member's refund (the Alipay sandbox answering a system error), only that member's job fails and is
// retried by BullMQ while the other members — by balance and by the same gateway — are refunded at once; in the end
// every member is refunded exactly once: one refund request each, one gateway refund or one ledger credit each.
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Worker } from 'bullmq'
import { bearer, createTestApp, eventually, http, resetDb, startQueueWorker } from '../../../test/helpers.ts'
import { createAdmin, createUser } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { createGoods, leafClasses, sellerWithStore, type TestSeller } from '../catalog/testkit.ts'
import { post } from '../../core/ledger.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { QUEUE_AFTERSALES } from '../../core/jobs/queues.ts'
import { AlipaySandbox } from '../../adapters/payment/sandbox/alipay.ts'
import { registerGatewayRefunders } from '../../adapters/payment/config.ts'
import { REFUND_SWEEP_AFTER_MS, sweepRefunding } from '../aftersales/payback.ts'
import { sweepExpiredGroups, sweepUnrefundedSeats } from './jobs.ts'

let app: FastifyInstance
const ali = new AlipaySandbox()
let unregister: () => void
let seller: TestSeller
let goods: { id: number }
let worker: Worker | undefined

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
  const admin = bearer(await tokenFor(app, 'admin', (await createAdmin(app, { is_super: 1 })).id))
  expect((await http(app).put('/api/Admin/configs/pay').set(admin).send({ alipay: { enabled: 1, ...ali.config() } })).body.code).toBe(200)
})
afterAll(async () => {
  await worker?.close()
  unregister()
  await ali.stop()
  await app?.close()
})

async function shopper(money = 0): Promise<Shopper> {
  const user = await createUser(app, { pay_password: '123456' })
  const addressId = (await app.db.addresses.create({ data: { user_id: user.id, receive_name: 'x', receive_tel: '13800138000', address: 'a', is_default: 1, default_key: user.id } })).id
  if (money)
    await runUnit(app, (tx) => post(tx, { owner: { kind: 'user', id: user.id }, account: 'money', amount: money, reason: 'system', source: { type: 'admin', id: 0 }, idemKey: `t_topup:${user.id}` }))
  return { id: user.id, auth: bearer(await tokenFor(app, 'user', user.id)), addressId }
}

async function order(s: Shopper, collectiveId: number): Promise<number> {
  const res = await http(app).post('/api/user/order/create').set(s.auth).set('Idempotency-Key', `c${s.id}`)
    .send({ order: [{ goods_id: goods.id, buy_num: 1, collective_id: collectiveId }], address_id: s.addressId })
  expect(res.body.code, JSON.stringify(res.body)).toBe(200)
  return res.body.data.order_id[0] as number
}

async function payByAlipay(s: Shopper, orderId: number): Promise<string> {
  const res = await http(app).post('/api/user/order/pay').set(s.auth).set('Idempotency-Key', `a${orderId}`).send({ order_id: [orderId], payment_name: 'alipay' })
  expect(res.body.code, JSON.stringify(res.body)).toBe(200)
  const payNo = res.body.data.pay_no as string
  const n = ali.pay(payNo)
  expect((await http(app).post('/api/payment/alipay/notify').set(n.headers).send(n.body)).status).toBe(200)
  return payNo
}

const refundOf = (orderId: number) => app.db.refunds.findFirst({ where: { order_id: orderId } })
const gatewayRefunds = (payNo: string) => [...ali.refunds.values()].filter((r) => r.out_trade_no === payNo).map((r) => r.cents)
const refundCalls = (payNo: string) => ali.calls('alipay.trade.refund').filter((b) => b.out_trade_no === payNo).length
const ledgerRefunds = (s: Shopper) => app.db.money_logs.count({ where: { user_id: s.id, source_type: 'refund' } })
const groupOf = async (s: Shopper, orderId: number) => (await http(app).get(`/api/user/order/${orderId}`).set(s.auth)).body.data.collective

test("one member's gateway refund fails: only its job is retried, the others are refunded at once; each member refunded exactly once", async () => {
  expect((await http(app).post('/api/Seller/collectives').set(seller.auth).send({ goods_id: goods.id, discount: '20', need: 4, expire_minutes: 30 })).body.code).toBe(200)
  const [byBalance, failing, byGateway] = [await shopper(8000), await shopper(), await shopper()]
  const balanceOrder = await order(byBalance, -1)
  const groupId = (await app.db.orders.findUniqueOrThrow({ where: { id: balanceOrder } })).collective_id
  const failingOrder = await order(failing, groupId)
  const gatewayOrder = await order(byGateway, groupId)
  expect((await http(app).post('/api/user/order/pay').set(byBalance.auth).set('Idempotency-Key', `b${balanceOrder}`)
    .send({ order_id: [balanceOrder], payment_name: 'balance', pay_password: '123456' })).body.code).toBe(200)
  const failingPay = await payByAlipay(failing, failingOrder)
  const gatewayPay = await payByAlipay(byGateway, gatewayOrder)
  expect(await app.db.collective_logs.findUniqueOrThrow({ where: { id: groupId } })).toMatchObject({ status: 2, paid_num: 3 })
  expect((await app.db.goods.findUniqueOrThrow({ where: { id: goods.id } })).goods_stock).toBe(97)

  // Alipay refuses this member's refund once (a system error), then would take it.
  ali.failingRefunds.set(failingPay, 1)
  worker = startQueueWorker(app, QUEUE_AFTERSALES)
  await app.db.collective_logs.update({ where: { id: groupId }, data: { expire_at: new Date(Date.now() - 1000) } })
  expect(await sweepExpiredGroups(app)).toEqual({ failed: 1 })

  // The failing member's gateway refund: its job failed once and waits for BullMQ's retry.
  const failingRefundId = await (async () => {
    await eventually(async () => (await refundOf(failingOrder)) !== null, 15_000)
    return (await refundOf(failingOrder))!.id
  })()
  const failingJob = async () => app.queues.get(QUEUE_AFTERSALES).getJob(`refund-payback-${failingRefundId}`)
  await eventually(async () => {
    const job = await failingJob()
    return Boolean(job && job.attemptsMade >= 1 && (await job.getState()) === 'delayed')
  }, 15_000)
  expect(refundCalls(failingPay)).toBe(1)
  expect(await refundOf(failingOrder)).toMatchObject({ refund_verify: 1, refund_step: 2, refunded_at: null })
  expect(gatewayRefunds(failingPay)).toEqual([])

  // Meanwhile the others are refunded, without waiting for it: the balance member through the ledger, the other
  // Alipay member through the gateway.
  await eventually(async () => (await refundOf(gatewayOrder))?.refund_step === 3 && (await refundOf(balanceOrder))?.refund_step === 3, 15_000)
  expect((await refundOf(failingOrder))?.refund_step).toBe(2)
  expect(gatewayRefunds(gatewayPay)).toEqual([8000])
  expect((await app.db.users.findUniqueOrThrow({ where: { id: byBalance.id } })).money.toFixed(2)).toBe('80.00')
  expect(await groupOf(byGateway, gatewayOrder)).toMatchObject({ status: 0, seat: 3, refunded: true })
  expect(await groupOf(failing, failingOrder)).toMatchObject({ status: 0, seat: 3, refunded: false })

  // The retry comes (brought forward rather than waited for) and goes through.
  await (await failingJob())!.promote()
  await eventually(async () => (await refundOf(failingOrder))?.refund_step === 3, 15_000)
  expect(refundCalls(failingPay)).toBe(2)
  expect(await groupOf(failing, failingOrder)).toMatchObject({ status: 0, seat: 3, refunded: true })

  // Exactly once each, and nothing left for the sweepers to do again.
  expect(await sweepUnrefundedSeats(app)).toEqual({ refunded: 0 })
  expect(await sweepRefunding(app, new Date(Date.now() + REFUND_SWEEP_AFTER_MS + 1000))).toEqual({ finished: 0, pending: 0 })
  const refunds = await app.db.refunds.findMany({ orderBy: { order_id: 'asc' } })
  expect(refunds.map((r) => [r.order_id, r.refund_money.toFixed(2), r.refund_verify, r.refund_step])).toEqual(
    [balanceOrder, failingOrder, gatewayOrder].map((id) => [id, '80.00', 1, 3]),
  )
  expect((await app.db.collective_members.findMany({ where: { collective_log_id: groupId }, orderBy: { id: 'asc' } })).map((m) => [m.status, m.refund_id])).toEqual(
    [balanceOrder, failingOrder, gatewayOrder].map((id) => [3, refunds.find((r) => r.order_id === id)!.id]),
  )
  expect([gatewayRefunds(failingPay), gatewayRefunds(gatewayPay)]).toEqual([[8000], [8000]])
  expect([await ledgerRefunds(byBalance), await ledgerRefunds(failing), await ledgerRefunds(byGateway)]).toEqual([1, 0, 0])
  expect((await app.db.goods.findUniqueOrThrow({ where: { id: goods.id } })).goods_stock).toBe(100)
})
