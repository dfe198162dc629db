// Paying through WeChat Pay and Alipay against their sandboxes (adapters/payment/sandbox, keys generated here), on the
// real database, Redis and job outbox: the pay route, the notifications (verified, matched, recorded once), closing the
// other channel, the query job, cancel against a late payment, the automatic refund of a late payment, and top-ups.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { ORDER_FLOW, ORDER_STATUS } from '@qshop/shared'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createUser } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { createGoods, leafClasses, sellerWithStore } from '../catalog/testkit.ts'
import { placeOrders } from '../orders/testkit.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { post } from '../../core/ledger.ts'
import { transition } from '../../core/transition.ts'
import { WechatSandbox } from '../../adapters/payment/sandbox/wechat.ts'
import { AlipaySandbox } from '../../adapters/payment/sandbox/alipay.ts'
import { rsaPair } from '../../adapters/payment/sandbox/http.ts'
import { payQueryJob, sweepOpenPayments } from '../orders/payQuery.ts'
import { lateRefundJob, sweepLateRefunds } from '../orders/lateRefund.ts'

let app: FastifyInstance
const wx = new WechatSandbox()
const ali = new AlipaySandbox()
let tea: { id: number }
let cake: { id: number }
let me: { id: number; auth: Record<string, string> }
let admin: Record<string, string>

beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL: 'https://shop.example.com' })
  await Promise.all([wx.start(), ali.start()])
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  const leaves = await leafClasses(app)
  const a = await sellerWithStore(app, leaves)
  const b = await sellerWithStore(app, leaves)
  tea = await createGoods(app, a.storeId, leaves[0].id, { goods_name: '绿茶', goods_price: '10.00', goods_stock: 10 })
  cake = await createGoods(app, b.storeId, leaves[0].id, { goods_name: '蛋糕', goods_price: '25.50', goods_stock: 10 })
  const user = await createUser(app, { pay_password: '123456' })
  me = { id: user.id, auth: bearer(await tokenFor(app, 'user', user.id)) }
  admin = bearer(await tokenFor(app, 'admin', (await createAdmin(app, { is_super: 1 })).id))
  const saved = await http(app).put('/api/Admin/configs/pay').set(admin).send({ wechat: { enabled: 1, ...wx.config() }, alipay: { enabled: 1, ...ali.config() } })
  expect(saved.body.code).toBe(200)
})
afterAll(async () => {
  await Promise.all([wx.stop(), ali.stop()])
  await app?.close()
})

let keys = 0
const pay = (orderIds: number[], payment_name: string, device = 'web', key = `pay-${++keys}`) =>
  http(app).post('/api/user/order/pay').set(me.auth).set('Idempotency-Key', key).send({ order_id: orderIds, payment_name, device })
const deliver = (path: string, n: { headers: Record<string, string>; body: string }) => http(app).post(path).set(n.headers).send(n.body)
const wxNotify = (n: { headers: Record<string, string>; body: string }) => deliver('/api/payment/wechat/notify', n)
const aliNotify = (n: { headers: Record<string, string>; body: string }) => deliver('/api/payment/alipay/notify', n)
/** Two orders of `me`: 2 tea (20.00) and 1 cake (25.50), 45.50 in all. */
const twoOrders = () => placeOrders(app, me.id, [{ goods_id: tea.id, buy_num: 2 }, { goods_id: cake.id, buy_num: 1 }])
const statuses = async (ids: number[]) => (await app.db.orders.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' } })).map((o) => o.order_status)
const payRow = (payNo: string) => app.db.order_pays.findUniqueOrThrow({ where: { pay_no: payNo } })
/** Everything a notification may write, for "nothing changed" checks. */
const snapshot = async () => ({
  paid: await app.db.order_pays.count({ where: { pay_status: 1 } }),
  notifications: await app.db.payment_notifications.count(),
  orders: await app.db.orders.findMany({ orderBy: { id: 'asc' }, select: { id: true, order_status: true, order_pay_id: true } }),
  ledger: await app.db.money_logs.count(),
  sale: (await app.db.goods.findMany({ orderBy: { id: 'asc' }, select: { goods_sale: true } })).map((g) => g.goods_sale),
})

describe('paying by WeChat Pay', () => {
  test('a QR code, the notification pays both orders once; no balance row moves', async () => {
    const ids = await twoOrders()
    const info = await http(app).get(`/api/user/order/pay_info?order_id=${ids.join(',')}`).set(me.auth)
    expect(info.body.data.payments).toEqual([{ name: 'balance', enabled: true }, { name: 'wechat', enabled: true }, { name: 'alipay', enabled: true }])

    const key = 'wx-first'
    const res = await pay(ids, 'wechat', 'web', key)
    expect(res.body).toMatchObject({ code: 200, data: { pay_no: expect.stringMatching(/^P\d{26}$/), total: '45.50', code_url: expect.stringMatching(/^weixin:\/\//) } })
    const { pay_no: payNo, code_url: codeUrl } = res.body.data
    // A repeat answers the same payment, and the gateway opened it once.
    expect((await pay(ids, 'wechat', 'web', key)).body.data).toEqual(res.body.data)
    expect(wx.calls('/v3/pay/transactions/native').length).toBeGreaterThanOrEqual(1)
    expect(wx.trades.get(payNo)).toMatchObject({ total: 4550, notify_url: 'https://shop.example.com/api/payment/wechat/notify', state: 'NOTPAY' })
    expect(await payRow(payNo)).toMatchObject({ pay_status: 0, payment_name: 'wechat', device: 'web', gateway_url: codeUrl, is_recharge: 0 })
    expect(await app.db.order_pays.count()).toBe(1)

    const answer = await wxNotify(wx.pay(payNo))
    expect(answer.status).toBe(204)
    const row = await payRow(payNo)
    expect(row).toMatchObject({ pay_status: 1, trade_no: wx.trades.get(payNo)!.transaction_id, balance: expect.anything() })
    expect(row.balance.toFixed(2)).toBe('0.00')
    const orders = await app.db.orders.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' } })
    expect(orders.map((o) => [o.order_status, o.payment_name, o.order_pay_id, o.order_balance.toFixed(2)])).toEqual([
      [2, 'wechat', row.id, '0.00'],
      [2, 'wechat', row.id, '0.00'],
    ])
    expect(await app.db.money_logs.count()).toBe(0)
    expect((await http(app).post('/api/user/order/check').set(me.auth).send({ order_id: ids })).body.data.paid).toBe(true)
  })

  test('the same notification 20 times at once: 20 success answers, one payment paid, one transition per order', async () => {
    const ids = await twoOrders()
    const { pay_no: payNo } = (await pay(ids, 'wechat')).body.data
    const n = wx.pay(payNo)
    const answers = await Promise.all(Array.from({ length: 20 }, () => wxNotify(n)))
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(204))
    expect(await app.db.payment_notifications.count()).toBe(1)
    expect(await app.db.order_pays.count({ where: { pay_status: 1 } })).toBe(1)
    expect(await statuses(ids)).toEqual([2, 2])
    // goods_sale is counted by the transition: once.
    expect((await app.db.goods.findUniqueOrThrow({ where: { id: tea.id } })).goods_sale).toBe(2)
    expect((await app.db.goods.findUniqueOrThrow({ where: { id: cake.id } })).goods_sale).toBe(1)
  })

  test('forged, foreign, stale, tampered or unknown notifications are refused and change nothing', async () => {
    const ids = await twoOrders()
    const { pay_no: payNo } = (await pay(ids, 'wechat')).body.data
    wx.pay(payNo)
    const resource = wx.resourceOf(payNo)
    const before = await snapshot()
    const forged = [
      wx.notification('TRANSACTION.SUCCESS', resource, { privateKey: rsaPair().privateKey }),
      wx.notification('TRANSACTION.SUCCESS', resource, { keyId: 'PUB_KEY_ID_SOMEONE_ELSE' }),
      wx.notification('TRANSACTION.SUCCESS', resource, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 }),
      wx.notification('TRANSACTION.SUCCESS', { ...resource, amount: { ...resource.amount, total: 1 } }),
      wx.notification('TRANSACTION.SUCCESS', { ...resource, mchid: '1900000999' }),
      wx.notification('TRANSACTION.SUCCESS', { ...resource, out_trade_no: 'P00000000000000000000000000' }),
    ]
    for (const n of forged) {
      const res = await wxNotify(n)
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      expect(res.body).toMatchObject({ code: 'FAIL', message: expect.any(String) })
    }
    expect(await snapshot()).toEqual(before)
    // The genuine one still pays.
    expect((await wxNotify(wx.notification('TRANSACTION.SUCCESS', resource))).status).toBe(204)
    expect(await statuses(ids)).toEqual([2, 2])
  })

  test('the query job pays the orders whose notification was lost', async () => {
    const ids = await twoOrders()
    const { pay_no: payNo } = (await pay(ids, 'wechat')).body.data
    const row = await payRow(payNo)
    // Its first query was staged with the payment, a minute out.
    const staged = await app.db.outbox.findMany({ where: { name: 'pay-query' } })
    expect(staged.map((s) => s.job_id)).toEqual([`pay-query-${row.id}.0`])
    expect(await payQueryJob.process(app as never, { order_pay_id: row.id, attempt: 0 }, undefined as never)).toEqual({ outcome: 'unpaid' })
    expect(await app.db.outbox.count({ where: { job_id: `pay-query-${row.id}.1` } })).toBe(1)
    wx.pay(payNo)
    expect(await payQueryJob.process(app as never, { order_pay_id: row.id, attempt: 1 }, undefined as never)).toEqual({ outcome: 'paid' })
    expect(await statuses(ids)).toEqual([2, 2])
    expect((await payRow(payNo)).trade_no).toBe(wx.trades.get(payNo)!.transaction_id)
    // The notification arriving after all changes nothing more, and is answered success.
    const n = wx.notification('TRANSACTION.SUCCESS', wx.resourceOf(payNo))
    expect((await wxNotify(n)).status).toBe(204)
    expect(await app.db.order_pays.count({ where: { pay_status: 1 } })).toBe(1)
  })
})

describe('channels, cancel and late payments', () => {
  test('paying by WeChat after starting with Alipay closes the Alipay order first', async () => {
    const ids = await twoOrders()
    const first = (await pay(ids, 'alipay')).body.data
    expect(first).toMatchObject({ total: '45.50', qr_code: expect.stringMatching(/^https:\/\/qr\.alipay\.com\//) })
    expect(ali.trades.get(first.pay_no)?.status).toBe('WAIT_BUYER_PAY')
    const second = (await pay(ids, 'wechat')).body.data
    expect(second.code_url).toBeTruthy()
    expect(ali.trades.get(first.pay_no)?.status).toBe('TRADE_CLOSED')
    expect((await payRow(first.pay_no)).pay_status).toBe(2)
    expect((await wxNotify(wx.pay(second.pay_no))).status).toBe(204)
    expect(await statuses(ids)).toEqual([2, 2])
  })

  test('paying by balance closes the open gateway order first, once the pay password is right', async () => {
    const ids = await twoOrders()
    await runUnit(app, (tx) => post(tx, { owner: { kind: 'user', id: me.id }, account: 'money', amount: 10_000, reason: 'system', source: { type: 'admin', id: 0 }, idemKey: `t:${me.id}` }))
    const { pay_no: payNo } = (await pay(ids, 'wechat')).body.data
    const balance = (password: string) =>
      http(app).post('/api/user/order/pay').set(me.auth).set('Idempotency-Key', `bal-${++keys}`).send({ order_id: ids, payment_name: 'balance', pay_password: password })
    expect((await balance('000000')).body.code).toBe(402)
    expect(wx.trades.get(payNo)?.state).toBe('NOTPAY')
    expect((await balance('123456')).body.code).toBe(200)
    expect(wx.trades.get(payNo)?.state).toBe('CLOSED')
    expect((await payRow(payNo)).pay_status).toBe(2)
    expect(await statuses(ids)).toEqual([2, 2])
  })

  test('a phone gets the H5 / wap URLs', async () => {
    const ids = await twoOrders()
    expect((await pay(ids, 'wechat', 'wap')).body.data.h5_url).toContain('/sandbox/wechat/')
    const wap = (await pay(ids, 'alipay', 'wap')).body.data
    expect(wap.pay_url).toContain(ali.server.url)
    expect(wap.pay_url).toContain('alipay.trade.wap.pay')
  })

  test("another shopper's orders are not found, and nothing is opened", async () => {
    const other = await createUser(app)
    const [id] = await placeOrders(app, other.id, [{ goods_id: tea.id, buy_num: 1 }])
    const opened = wx.trades.size
    const res = await pay([id], 'wechat')
    expect([res.status, res.body.code]).toEqual([404, 404])
    expect(await app.db.order_pays.count()).toBe(0)
    expect(wx.trades.size).toBe(opened)
  })

  test('a disabled gateway is neither offered nor accepted', async () => {
    await http(app).put('/api/Admin/configs/pay').set(admin).send({ alipay: { enabled: 0 } })
    const ids = await twoOrders()
    const info = await http(app).get(`/api/user/order/pay_info?order_id=${ids.join(',')}`).set(me.auth)
    expect(info.body.data.payments).toContainEqual({ name: 'alipay', enabled: false })
    const res = await pay(ids, 'alipay')
    expect(res.status).toBe(400)
    expect(res.body.data).toHaveProperty('payment_name')
    expect(await app.db.order_pays.count()).toBe(0)
  })

  test('cancel closes the gateway order before the stock goes back', async () => {
    const [id] = await placeOrders(app, me.id, [{ goods_id: tea.id, buy_num: 3 }])
    const { pay_no: payNo } = (await pay([id], 'wechat')).body.data
    const res = await http(app).put(`/api/user/order/${id}`).set(me.auth).send({ order_status: 0 })
    expect(res.body.code).toBe(200)
    expect(wx.trades.get(payNo)?.state).toBe('CLOSED')
    expect((await payRow(payNo)).pay_status).toBe(2)
    expect(await statuses([id])).toEqual([0])
    expect((await app.db.goods.findUniqueOrThrow({ where: { id: tea.id } })).goods_stock).toBe(10)
  })

  test('cancel racing a late notification ends in one state: paid, no stock back, no refund', async () => {
    const [id] = await placeOrders(app, me.id, [{ goods_id: tea.id, buy_num: 3 }])
    const { pay_no: payNo } = (await pay([id], 'wechat')).body.data
    const n = wx.pay(payNo)
    const [cancel, notify] = await Promise.all([http(app).put(`/api/user/order/${id}`).set(me.auth).send({ order_status: 0 }), wxNotify(n)])
    expect(notify.status).toBe(204)
    expect(cancel.body.code).not.toBe(200)
    expect(await statuses([id])).toEqual([2])
    expect(await payRow(payNo)).toMatchObject({ pay_status: 1, late_refund_status: 0 })
    expect((await app.db.goods.findUniqueOrThrow({ where: { id: tea.id } })).goods_stock).toBe(7)
    expect(wx.refunds.size).toBe(0)
  })

  test('a payment landing on a cancelled order is answered success and refunded in full, once', async () => {
    const [id] = await placeOrders(app, me.id, [{ goods_id: cake.id, buy_num: 2 }])
    const { pay_no: payNo } = (await pay([id], 'wechat')).body.data
    const n = wx.pay(payNo)
    // The order was cancelled while the gateway could not be asked (a cancel from before this payment's time).
    await runUnit(app, (tx) => transition(tx, ORDER_FLOW, id, { from: ORDER_STATUS.UNPAID, to: ORDER_STATUS.CANCELLED }))
    const answers = await Promise.all([wxNotify(n), wxNotify(n), wxNotify(wx.notification('TRANSACTION.SUCCESS', wx.resourceOf(payNo)))])
    expect(answers.map((a) => a.status)).toEqual([204, 204, 204])
    const row = await payRow(payNo)
    expect(row).toMatchObject({ pay_status: 1, late_refund_status: 1, late_refund_no: expect.stringMatching(/^R/) })
    expect(await statuses([id])).toEqual([0])
    expect(await app.db.outbox.count({ where: { job_id: `late-refund-${row.id}` } })).toBe(1)

    // The job and a retry of it, and the sweeper: the gateway refunds one number once, in full.
    await lateRefundJob.process(app as never, { order_pay_id: row.id }, undefined as never)
    await lateRefundJob.process(app as never, { order_pay_id: row.id }, undefined as never)
    await sweepLateRefunds(app as never, new Date(Date.now() + 10 * 60_000))
    expect([...wx.refunds.values()].map((r) => [r.out_refund_no, r.refund, r.total])).toEqual([[row.late_refund_no, 5100, 5100]])
    expect((await payRow(payNo)).late_refund_status).toBe(1)
    // WeChat Pay announces the refund done.
    const refunded = wx.finishRefund(row.late_refund_no!)
    const told = await Promise.all(Array.from({ length: 5 }, () => deliver('/api/payment/wechat/refund_notify', refunded)))
    expect(told.map((a) => a.status)).toEqual(Array(5).fill(204))
    expect(await payRow(payNo)).toMatchObject({ late_refund_status: 2, late_refunded_at: expect.any(Date) })
    // Stored once beside the payment's two distinct notifications, all on the payment.
    const stored = await app.db.payment_notifications.findMany({ orderBy: { id: 'asc' } })
    expect(stored.map((s) => [s.provider, s.order_pay_id])).toEqual(Array(3).fill(['wechat', row.id]))
    expect(stored.filter((s) => s.raw === refunded.body)).toHaveLength(1)
    // Admins see it on the payments list.
    const listed = await http(app).get('/api/Admin/order_pays').set(admin)
    expect(listed.body.data.data.find((p: { pay_no: string }) => p.pay_no === payNo)).toMatchObject({ late_refund_status: 2 })
  })

  test('a payment on orders already paid by balance goes back through Alipay at once (its refund answers done)', async () => {
    const [id] = await placeOrders(app, me.id, [{ goods_id: tea.id, buy_num: 1 }])
    const { pay_no: payNo } = (await pay([id], 'alipay')).body.data
    const n = ali.pay(payNo)
    // Paid by balance meanwhile (its pay closes open gateway orders first: here the gateway had already been paid).
    await runUnit(app, (tx) => transition(tx, ORDER_FLOW, id, { from: ORDER_STATUS.UNPAID, to: ORDER_STATUS.PAID }))
    const res = await aliNotify(n)
    expect(res.text).toBe('success')
    const row = await payRow(payNo)
    expect(row.late_refund_status).toBe(1)
    await lateRefundJob.process(app as never, { order_pay_id: row.id }, undefined as never)
    expect((await payRow(payNo)).late_refund_status).toBe(2)
    expect([...ali.refunds.values()].map((r) => [r.out_request_no, r.cents])).toEqual([[row.late_refund_no, 1000]])
  })
})

describe('Alipay notifications', () => {
  test('a genuine one pays; forged, foreign, tampered and unknown ones answer fail and change nothing', async () => {
    const ids = await twoOrders()
    const { pay_no: payNo } = (await pay(ids, 'alipay')).body.data
    const paid = ali.pay(payNo)
    const t = ali.trades.get(payNo)!
    const fields = { out_trade_no: payNo, trade_no: t.trade_no, total_amount: '45.50', trade_status: 'TRADE_SUCCESS' }
    const before = await snapshot()
    for (const n of [
      ali.notification(fields, { privateKey: rsaPair().privateKey }),
      ali.notification({ ...fields, app_id: '2021000000000001' }),
      ali.notification({ ...fields, total_amount: '0.01' }),
      ali.notification({ ...fields, out_trade_no: 'P00000000000000000000000000' }),
      { headers: paid.headers, body: paid.body.replace('total_amount=45.50', 'total_amount=0.01') },
    ])
      expect((await aliNotify(n)).text).toBe('fail')
    expect(await snapshot()).toEqual(before)
    const answers = await Promise.all(Array.from({ length: 5 }, () => aliNotify(paid)))
    expect(answers.map((a) => a.text)).toEqual(Array(5).fill('success'))
    expect(await statuses(ids)).toEqual([2, 2])
    expect((await payRow(payNo)).trade_no).toBe(t.trade_no)
  })
})

describe('top-up', () => {
  test('the notification credits the balance once through the ledger', async () => {
    const key = 'topup-1'
    const send = () => http(app).post('/api/user/recharge').set(me.auth).set('Idempotency-Key', key).send({ money: '50', payment_name: 'alipay', device: 'web' })
    const res = await send()
    expect(res.body).toMatchObject({ code: 200, data: { total: '50.00', qr_code: expect.any(String) } })
    expect((await send()).body.data.pay_no).toBe(res.body.data.pay_no)
    const row = await payRow(res.body.data.pay_no)
    expect(row).toMatchObject({ is_recharge: 1, pay_status: 0 })
    const n = ali.pay(row.pay_no)
    await Promise.all([aliNotify(n), aliNotify(n), aliNotify(n)])
    expect((await app.db.users.findUniqueOrThrow({ where: { id: me.id } })).money.toFixed(2)).toBe('50.00')
    const ledger = await app.db.money_logs.findMany({ where: { user_id: me.id } })
    expect(ledger.map((l) => [l.ename, l.money.toFixed(2), l.idem_key])).toEqual([['recharge', '50.00', `recharge:${row.id}`]])
  })

  test('the top-up offers the gateways the pay page offers: enabled and complete ones; a visitor is refused', async () => {
    const offered = async () => (await http(app).get('/api/user/recharge/gateways').set(me.auth)).body
    expect(await offered()).toMatchObject({ code: 200, data: { gateways: ['wechat', 'alipay'] } })
    await http(app).put('/api/Admin/configs/pay').set(admin).send({ wechat: { enabled: 0 } })
    expect((await offered()).data).toEqual({ gateways: ['alipay'] })
    await http(app).put('/api/Admin/configs/pay').set(admin).send({ alipay: { enabled: 0 } })
    expect((await offered()).data).toEqual({ gateways: [] })
    const visitor = await http(app).get('/api/user/recharge/gateways')
    expect([visitor.status, visitor.body.code]).toEqual([401, 401])
  })

  test("the shopper follows the own top-up by pay_no until paid; another shopper's, an order payment's or an unknown number is not found", async () => {
    const res = await http(app).post('/api/user/recharge').set(me.auth).set('Idempotency-Key', 'topup-follow').send({ money: '12.50', payment_name: 'alipay', device: 'web' })
    const payNo: string = res.body.data.pay_no
    const follow = (auth: Record<string, string>, no = payNo) => http(app).get(`/api/user/recharge/${no}`).set(auth)
    expect((await follow(me.auth)).body).toMatchObject({ code: 200, data: { pay_no: payNo, total: '12.50', payment_name: 'alipay', pay_status: 0, paid: false } })

    const other = await createUser(app)
    const otherAuth = bearer(await tokenFor(app, 'user', other.id))
    const foreign = await follow(otherAuth)
    expect([foreign.status, foreign.body.code, foreign.body.data ?? null]).toEqual([404, 404, null])
    const unknown = await follow(me.auth, 'P0000000000000000')
    expect([unknown.status, unknown.body.code]).toEqual([404, 404])
    const orderPay = await http(app).post('/api/user/order/pay').set(me.auth).set('Idempotency-Key', 'topup-follow-order')
      .send({ order_id: await placeOrders(app, me.id, [{ goods_id: tea.id, buy_num: 1 }]), payment_name: 'wechat', device: 'web' })
    expect((await follow(me.auth, orderPay.body.data.pay_no)).status).toBe(404)

    await aliNotify(ali.pay(payNo))
    expect((await follow(me.auth)).body.data).toMatchObject({ pay_no: payNo, pay_status: 1, paid: true })
    // Following never wrote: the foreign shopper's balance and ledger are untouched.
    expect((await app.db.users.findUniqueOrThrow({ where: { id: other.id } })).money.toFixed(2)).toBe('0.00')
    expect((await app.db.users.findUniqueOrThrow({ where: { id: me.id } })).money.toFixed(2)).toBe('12.50')
  })

  test('the sweeper asks about open payments and closes the expired ones', async () => {
    const send = await http(app).post('/api/user/recharge').set(me.auth).set('Idempotency-Key', 'topup-2').send({ money: '5.00', payment_name: 'wechat' })
    const payNo = send.body.data.pay_no
    await app.db.order_pays.update({ where: { pay_no: payNo }, data: { created_at: new Date(Date.now() - 3600_000), expires_at: new Date(Date.now() - 60_000) } })
    expect(await sweepOpenPayments(app as never)).toEqual({ closed: 1 })
    expect(wx.trades.get(payNo)?.state).toBe('CLOSED')
    expect((await payRow(payNo)).pay_status).toBe(2)
  })
})
