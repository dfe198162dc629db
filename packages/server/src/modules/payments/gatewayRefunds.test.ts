// After-sales refunds of a gateway payment go back through the gateway (the refund-payback job with the refunders
// main.ts and worker.ts register): exactly the request's money against the whole payment's total, under the request's
// refund number on every retry, refunding until the gateway says it is done.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Job } from 'bullmq'
import { createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createUser } from '../../../test/factories.ts'
import { bearer } from '../../../test/helpers.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { createAdmin } from '../../../test/factories.ts'
import { createGoods, leafClasses, sellerWithStore, type TestSeller } from '../catalog/testkit.ts'
import { placeOrders } from '../orders/testkit.ts'
import { WechatSandbox } from '../../adapters/payment/sandbox/wechat.ts'
import { AlipaySandbox } from '../../adapters/payment/sandbox/alipay.ts'
import { rsaPair } from '../../adapters/payment/sandbox/http.ts'
import { registerGatewayRefunders } from '../../adapters/payment/config.ts'
import { refundPaybackJob, sweepRefunding, REFUND_SWEEP_AFTER_MS } from '../aftersales/payback.ts'
import { queryPendingRefunds } from './refundQuery.ts'

let app: FastifyInstance
const wx = new WechatSandbox()
const ali = new AlipaySandbox()
let unregister: () => void
let sellers: TestSeller[]
let goods: { id: number }[]
let me: { id: number; auth: Record<string, string> }

beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL: 'https://shop.example.com' })
  await Promise.all([wx.start(), ali.start()])
  unregister = registerGatewayRefunders(app)
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  const leaves = await leafClasses(app)
  sellers = [await sellerWithStore(app, leaves), await sellerWithStore(app, leaves), await sellerWithStore(app, leaves)]
  goods = []
  for (const [i, s] of sellers.entries()) goods.push(await createGoods(app, s.storeId, leaves[0].id, { goods_name: `goods ${i}`, goods_price: ['10.00', '12.50', '7.30'][i], goods_stock: 20 }))
  const user = await createUser(app)
  me = { id: user.id, auth: bearer(await tokenFor(app, 'user', user.id)) }
  const admin = bearer(await tokenFor(app, 'admin', (await createAdmin(app, { is_super: 1 })).id))
  expect((await http(app).put('/api/Admin/configs/pay').set(admin).send({ wechat: { enabled: 1, ...wx.config() }, alipay: { enabled: 1, ...ali.config() } })).body.code).toBe(200)
})
afterAll(async () => {
  unregister()
  await Promise.all([wx.stop(), ali.stop()])
  await app?.close()
})

/** Three orders (one per store: 2 × 10.00, 3 × 12.50, 1 × 7.30 = 64.80) paid by one payment of `gateway`. */
async function threeOrdersPaid(gateway: 'wechat' | 'alipay') {
  const ids = await placeOrders(app, me.id, goods.map((g, i) => ({ goods_id: g.id, buy_num: [2, 3, 1][i] })))
  const res = await http(app).post('/api/user/order/pay').set(me.auth).set('Idempotency-Key', `pay-${ids.join('-')}`).send({ order_id: ids, payment_name: gateway })
  const payNo = res.body.data.pay_no as string
  const n = gateway === 'wechat' ? wx.pay(payNo) : ali.pay(payNo)
  const answer = await http(app).post(`/api/payment/${gateway}/notify`).set(n.headers).send(n.body)
  expect(answer.status).toBe(gateway === 'wechat' ? 204 : 200)
  return { ids, payNo }
}

/** The shopper asks back one unit (12.50) of the second order's line; its seller agrees. */
async function refundOneUnitOfSecondOrder(ids: number[]) {
  const [line] = await app.db.order_goods.findMany({ where: { order_id: ids[1] } })
  const opened = await http(app).post('/api/user/order/refund').set(me.auth).set('Idempotency-Key', `refund-${ids[1]}`)
    .send({ order_id: ids[1], refund_type: 0, lines: [{ order_goods_id: line.id, num: 1 }], refund_money: '12.50', refund_remark: 'one too many' })
  expect(opened.body.code, JSON.stringify(opened.body)).toBe(200)
  const id = opened.body.data.id as number
  const agreed = await http(app).put(`/api/Seller/refunds/${id}/agree`).set(sellers[1].auth).send({})
  expect(agreed.body.data).toMatchObject({ outcome: 'refunding' })
  return app.db.refunds.findUniqueOrThrow({ where: { id } })
}

const runJob = (id: number) => refundPaybackJob.process(app as never, { refund_id: id }, {} as Job)
const step = async (id: number) => (await app.db.refunds.findUniqueOrThrow({ where: { id } })).refund_step

describe('after-sales refunds through the gateway', () => {
  test('WeChat Pay: one unit of one line of a three-order payment sends exactly that amount against the whole total; refunding until its notification', async () => {
    const { ids, payNo } = await threeOrdersPaid('wechat')
    const request = await refundOneUnitOfSecondOrder(ids)
    expect(await runJob(request.id)).toEqual({ outcome: 'pending' })
    // A retry, and the sweeper: the same out_refund_no, one refund at the gateway.
    await runJob(request.id)
    await sweepRefunding(app as never, new Date(Date.now() + REFUND_SWEEP_AFTER_MS + 1000))
    expect([...wx.refunds.values()].map((r) => [r.out_trade_no, r.out_refund_no, r.refund, r.total])).toEqual([[payNo, request.refund_no, 1250, 6480]])
    expect(wx.refunds.get(request.refund_no)!.notify_url).toBe('https://shop.example.com/api/payment/wechat/refund_notify')
    expect(await step(request.id)).toBe(2)
    const shopperSees = await http(app).get(`/api/user/refunds/${request.id}`).set(me.auth)
    expect(shopperSees.body.data).toMatchObject({ refund_step: 2 })

    const n = wx.finishRefund(request.refund_no)
    const answers = await Promise.all([1, 2, 3].map(() => http(app).post('/api/payment/wechat/refund_notify').set(n.headers).send(n.body)))
    expect(answers.map((a) => a.status)).toEqual([204, 204, 204])
    const done = await app.db.refunds.findUniqueOrThrow({ where: { id: request.id } })
    expect(done).toMatchObject({ refund_step: 3, pay_refund_no: wx.refunds.get(request.refund_no)!.refund_id })
    const order = await app.db.orders.findUniqueOrThrow({ where: { id: ids[1] } })
    expect([order.refund_money.toFixed(2), order.open_refunds]).toEqual(['12.50', 0])
    // The gateway gave it back: nothing went through the balance.
    expect(await app.db.money_logs.count({ where: { user_id: me.id } })).toBe(0)
  })

  test('WeChat Pay: the same refund notification 10 times at once is stored once and finishes the request once; a forged one stores nothing', async () => {
    const { ids, payNo } = await threeOrdersPaid('wechat')
    const request = await refundOneUnitOfSecondOrder(ids)
    expect(await runJob(request.id)).toEqual({ outcome: 'pending' })
    const n = wx.finishRefund(request.refund_no)
    const paid = await app.db.order_pays.findUniqueOrThrow({ where: { pay_no: payNo } })
    const notifications = () => app.db.payment_notifications.findMany({ where: { order_pay_id: paid.id }, orderBy: { id: 'asc' } })
    const before = await notifications()
    expect(before).toHaveLength(1) // the payment's own

    const x = wx.refunds.get(request.refund_no)!
    const resource = { mchid: wx.mchId, out_trade_no: payNo, out_refund_no: x.out_refund_no, refund_id: x.refund_id, refund_status: 'SUCCESS', amount: { total: x.total, refund: x.refund, payer_total: x.total, payer_refund: x.refund } }
    const forged = wx.notification('REFUND.SUCCESS', resource, { privateKey: rsaPair().privateKey })
    const refused = await http(app).post('/api/payment/wechat/refund_notify').set(forged.headers).send(forged.body)
    expect([refused.status, refused.body.code]).toEqual([401, 'FAIL'])
    expect(await app.db.payment_notifications.count()).toBe(1)
    expect(await step(request.id)).toBe(2)

    const answers = await Promise.all(Array.from({ length: 10 }, () => http(app).post('/api/payment/wechat/refund_notify').set(n.headers).send(n.body)))
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(204))
    const after = await notifications()
    expect(after.slice(1).map((s) => [s.provider, s.raw])).toEqual([['wechat', n.body]])
    // Finished once: one unit back on the line, its money once on the order, nothing through the balance.
    expect(await step(request.id)).toBe(3)
    const [line] = await app.db.order_goods.findMany({ where: { order_id: ids[1] } })
    expect([line.refunded_num, line.refunded_money.toFixed(2)]).toEqual([1, '12.50'])
    expect((await app.db.orders.findUniqueOrThrow({ where: { id: ids[1] } })).refund_money.toFixed(2)).toBe('12.50')
    expect(await app.db.money_logs.count({ where: { user_id: me.id } })).toBe(0)
  })

  test('WeChat Pay: a refund notification that never came is found done by the refund query', async () => {
    const { ids } = await threeOrdersPaid('wechat')
    const request = await refundOneUnitOfSecondOrder(ids)
    await runJob(request.id)
    const later = new Date(Date.now() + 11 * 60_000)
    expect(await queryPendingRefunds(app as never, later)).toEqual({ finished: 0, pending: 1 })
    wx.finishRefund(request.refund_no)
    expect(await queryPendingRefunds(app as never, later)).toEqual({ finished: 1, pending: 0 })
    expect(await step(request.id)).toBe(3)
    expect(await queryPendingRefunds(app as never, later)).toEqual({ finished: 0, pending: 0 })
  })

  test('Alipay: the refund answers done at once, under out_request_no', async () => {
    const { ids, payNo } = await threeOrdersPaid('alipay')
    const request = await refundOneUnitOfSecondOrder(ids)
    expect(await runJob(request.id)).toEqual({ outcome: 'done' })
    expect(await runJob(request.id)).toEqual({ outcome: 'not_refunding' })
    expect([...ali.refunds.values()].filter((r) => r.out_trade_no === payNo).map((r) => [r.out_request_no, r.cents])).toEqual([[request.refund_no, 1250]])
    expect(await step(request.id)).toBe(3)
  })
})
