// After-sales against the real database: per-line requests capped by what was paid, one open request per line, the
// seller's and the admin's decisions, the money back through the ledger (once) or a gateway, the stock back only
// when the goods never left or came back, full refunds completing the order, the auto-agree job and its sweeper.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Job } from 'bullmq'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createSeller } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { registerPaymentRefunder } from '../../adapters/payment/index.ts'
import { FakePaymentRefunder } from '../../adapters/payment/fake.ts'
import { settleOrder } from '../settlement/settle.ts'
import { refundAgreeJob } from './agreeJob.ts'
import { paidOrder, paidWorld, shipOrder, shopper } from './testkit.ts'

let app: FastifyInstance
let adminAuth: Record<string, string>

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  adminAuth = bearer(await tokenFor(app, 'admin', (await createAdmin(app)).id))
})
afterAll(async () => app?.close())

type World = Awaited<ReturnType<typeof paidWorld>>
const auths = async (w: World) => ({
  user: bearer(await tokenFor(app, 'user', w.user.id)),
  seller: bearer(await tokenFor(app, 'seller', w.seller.id)),
})
let keys = 0
const open = (auth: Record<string, string>, body: object, key = `k${++keys}`) => http(app).post('/api/user/order/refund').set(auth).set('Idempotency-Key', key).send(body)
const money = async (userId: number) => (await app.db.users.findUniqueOrThrow({ where: { id: userId } })).money.toFixed(2)
const stock = async (goodsId: number) => (await app.db.goods.findUniqueOrThrow({ where: { id: goodsId } })).goods_stock
const order = (id: number) => app.db.orders.findUniqueOrThrow({ where: { id } })
const refund = (id: number) => app.db.refunds.findUniqueOrThrow({ where: { id } })

describe('a money-only request', () => {
  test('the form the web posts: lines as one JSON field', async () => {
    const w = await paidWorld(app)
    const a = await auths(w)
    const lines = JSON.stringify([{ order_goods_id: w.lines[1].id, num: 1 }])
    const opened = await http(app).post('/api/user/order/refund').set(a.user).set('Idempotency-Key', `form${++keys}`).type('form')
      .send({ order_id: String(w.orderId), refund_type: '0', lines, refund_money: '1.00', refund_remark: 'broken' })
    expect(opened.body.code, JSON.stringify(opened.body)).toBe(200)
    expect(await app.db.refund_goods.findMany({ where: { refund_id: opened.body.data.id }, select: { order_goods_id: true, num: true } })).toEqual([{ order_goods_id: w.lines[1].id, num: 1 }])
  })

  test('partial refund of one line: capped, agreed by the seller, the balance grows by exactly that once, stock back while unshipped', async () => {
    const w = await paidWorld(app)
    const a = await auths(w)
    const caps = await http(app).get(`/api/user/order/${w.orderId}/refund_caps`).set(a.user)
    expect(caps.body.data).toMatchObject({ refused: null, freight_refundable: true, lines: [{ refundable_num: 2, refundable_money: '20.00' }, { refundable_num: 3, refundable_money: '15.00' }] })

    const before = await money(w.user.id)
    const over = await open(a.user, { order_id: w.orderId, refund_type: 0, lines: [{ order_goods_id: w.lines[1].id, num: 1 }], refund_money: '5.01', refund_remark: 'broken' })
    expect(over.body).toMatchObject({ code: 402, msg: '退款金额不能超过 5.00', data: { cap: '5.00' } })
    expect(await app.db.refunds.count()).toBe(0)
    expect((await order(w.orderId)).open_refunds).toBe(0)

    const opened = await open(a.user, { order_id: w.orderId, refund_type: 0, lines: [{ order_goods_id: w.lines[1].id, num: 1 }], refund_money: '4.50', refund_remark: 'broken' })
    expect(opened.body.code, JSON.stringify(opened.body)).toBe(200)
    const id = opened.body.data.id as number
    expect(await order(w.orderId)).toMatchObject({ open_refunds: 1, refund_status: 0 })
    const stockBefore = await stock(w.goods[1].id)

    const agreed = await http(app).put(`/api/Seller/refunds/${id}/agree`).set(a.seller).send({})
    expect(agreed.body).toMatchObject({ code: 200, data: { outcome: 'done' } })
    expect(await money(w.user.id)).toBe((Number(before) + 4.5).toFixed(2))
    const logs = await app.db.money_logs.findMany({ where: { user_id: w.user.id, ename: 'refund' } })
    expect(logs.map((l) => [l.money.toFixed(2), l.idem_key, l.source_type, l.source_id])).toEqual([['4.50', `refund:${id}`, 'refund', id]])
    expect(await refund(id)).toMatchObject({ refund_verify: 1, refund_step: 3, stock_returned: 1 })
    expect((await refund(id)).refunded_at).not.toBeNull()
    expect(await app.db.order_goods.findUniqueOrThrow({ where: { id: w.lines[1].id } })).toMatchObject({ refunded_num: 1 })
    expect((await order(w.orderId)).refund_money.toFixed(2)).toBe('4.50')
    expect(await order(w.orderId)).toMatchObject({ open_refunds: 0, refund_status: 2, order_status: 2 })
    expect(await stock(w.goods[1].id)).toBe(stockBefore + 1)

    // A second agree changes nothing.
    expect((await http(app).put(`/api/Seller/refunds/${id}/agree`).set(a.seller).send({})).body.code).toBe(402)
    expect(await money(w.user.id)).toBe((Number(before) + 4.5).toFixed(2))

    // The shopper sees it; another shopper and another store do not.
    expect((await http(app).get(`/api/user/refunds/${id}`).set(a.user)).body.data).toMatchObject({ refund_money: '4.50', lines: [{ order_goods_id: w.lines[1].id, num: 1, money: '4.50' }] })
    const other = bearer(await tokenFor(app, 'user', (await shopper(app)).id))
    expect((await http(app).get(`/api/user/refunds/${id}`).set(other)).status).toBe(404)
    expect((await http(app).get(`/api/user/order/${w.orderId}/refund_caps`).set(other)).status).toBe(404)
    expect((await open(other, { order_id: w.orderId, refund_type: 0, lines: [{ order_goods_id: w.lines[0].id, num: 1 }], refund_money: '1.00', refund_remark: 'x' })).status).toBe(404)
    const otherSeller = bearer(await tokenFor(app, 'seller', (await createSeller(app)).id))
    expect((await http(app).get(`/api/Seller/refunds/${id}`).set(otherSeller)).status).toBe(404)
    const list = await http(app).get('/api/Seller/refunds').set(a.seller).query({ refund_type: 0 })
    expect(list.body.data.data.map((r: { id: number }) => r.id)).toEqual([id])
    expect((await http(app).get('/api/Seller/refunds').set(otherSeller)).body.data.total).toBe(0)
  })

  test('two concurrent requests on the same line: one opens, the other is refused', async () => {
    const w = await paidWorld(app)
    const a = await auths(w)
    const body = { order_id: w.orderId, refund_type: 0, lines: [{ order_goods_id: w.lines[0].id, num: 1 }], refund_money: '1.00', refund_remark: 'x' }
    const answers = await Promise.all([open(a.user, body), open(a.user, body), open(a.user, body)])
    expect(answers.map((r) => r.body.code).sort()).toEqual([200, 402, 402])
    expect(answers.filter((r) => r.body.code === 402).every((r) => r.body.msg === '该商品已有进行中的售后申请')).toBe(true)
    expect(await app.db.refunds.count()).toBe(1)
    expect((await order(w.orderId)).open_refunds).toBe(1)
    // The same key again answers the first request's answer.
    const first = answers.find((r) => r.body.code === 200)!
    expect(first.body.data.id).toBeGreaterThan(0)
  })

  test('a repeated Idempotency-Key replays the first answer and opens nothing more', async () => {
    const w = await paidWorld(app)
    const a = await auths(w)
    const body = { order_id: w.orderId, refund_type: 0, lines: [{ order_goods_id: w.lines[0].id, num: 1 }], refund_money: '1.00', refund_remark: 'x' }
    const first = await open(a.user, body, 'same')
    const again = await open(a.user, body, 'same')
    expect(again.body.data).toEqual(first.body.data)
    expect(await app.db.refunds.count()).toBe(1)
  })

  test("a line's refunds over several partial requests add up to what was paid, never more", async () => {
    const w = await paidWorld(app)
    const a = await auths(w)
    // The line of 3 × 5.00 carries 1.00 of the order's discounts: 14.00 paid.
    await app.db.order_goods.update({ where: { id: w.lines[1].id }, data: { discount_money: '1.00' } })
    await app.db.orders.update({ where: { id: w.orderId }, data: { coupon_money: '1.00', total_price: { decrement: 1 } } })
    const given: string[] = []
    for (const expected of ['4.67', '4.66', '4.67']) {
      const tooMuch = (Number(expected) + 0.01).toFixed(2)
      const body = { order_id: w.orderId, refund_type: 0, lines: [{ order_goods_id: w.lines[1].id, num: 1 }], refund_remark: 'x' }
      expect((await open(a.user, { ...body, refund_money: tooMuch })).body.code).toBe(402)
      const opened = await open(a.user, { ...body, refund_money: expected })
      expect(opened.body.code).toBe(200)
      expect((await http(app).put(`/api/Seller/refunds/${opened.body.data.id}/agree`).set(a.seller).send({})).body.code).toBe(200)
      given.push(expected)
    }
    const line = await app.db.order_goods.findUniqueOrThrow({ where: { id: w.lines[1].id } })
    expect([line.refunded_num, line.refunded_money.toFixed(2)]).toEqual([3, '14.00'])
    expect((await open(a.user, { order_id: w.orderId, refund_type: 0, lines: [{ order_goods_id: w.lines[1].id, num: 1 }], refund_money: '0.01', refund_remark: 'x' })).body.code).toBe(402)
  })

  test('a full refund of an unshipped order gives the freight back and completes the order, its window ending now', async () => {
    const w = await paidWorld(app)
    const a = await auths(w)
    await app.db.orders.update({ where: { id: w.orderId }, data: { freight_money: '8.00', total_price: { increment: 8 } } })
    const before = await money(w.user.id)
    const body = { order_id: w.orderId, refund_type: 0, lines: w.lines.map((l) => ({ order_goods_id: l.id, num: l.buy_num })), refund_remark: 'x' }
    expect((await open(a.user, { ...body, refund_money: '43.01' })).body.code).toBe(402)
    const opened = await open(a.user, { ...body, refund_money: '43.00' })
    expect((await http(app).put(`/api/Seller/refunds/${opened.body.data.id}/agree`).set(a.seller).send({})).body.code).toBe(200)
    expect(await money(w.user.id)).toBe((Number(before) + 43).toFixed(2))
    const o = await order(w.orderId)
    expect([o.order_status, o.refund_status, o.open_refunds, o.refund_money.toFixed(2)]).toEqual([6, 2, 0, '43.00'])
    expect(o.settle_after!.getTime()).toBeLessThanOrEqual(Date.now())
    const parts = await app.db.refund_goods.findMany({ where: { refund_id: opened.body.data.id }, orderBy: { order_goods_id: 'asc' } })
    expect(parts.map((p) => p.money.toFixed(2))).toEqual(['20.00', '15.00'])
  })
})

describe('when a request may be opened', () => {
  test('unpaid, cancelled, settled, past the window: 402 and nothing written', async () => {
    const w = await paidWorld(app)
    const a = await auths(w)
    const body = (orderId: number, lineId: number) => ({ order_id: orderId, refund_type: 0, lines: [{ order_goods_id: lineId, num: 1 }], refund_money: '1.00', refund_remark: 'x' })
    const line = w.lines[0].id
    for (const [data, msg] of [
      [{ order_status: 1 }, '未支付或已取消的订单不能申请售后'],
      [{ order_status: 0 }, '未支付或已取消的订单不能申请售后'],
      [{ order_status: 4, is_settlement: 1 }, '订单已结算，不能再申请售后'],
      [{ order_status: 4, settle_after: new Date(Date.now() - 1000) }, '订单已超过售后期限'],
    ] as const) {
      await app.db.orders.update({ where: { id: w.orderId }, data: { is_settlement: 0, settle_after: null, ...data } })
      const res = await open(a.user, body(w.orderId, line))
      expect(res.body, JSON.stringify(data)).toMatchObject({ code: 402, msg })
      expect((await http(app).get(`/api/user/order/${w.orderId}/refund_caps`).set(a.user)).body.data.refused).toBe(msg)
    }
    expect(await app.db.refunds.count()).toBe(0)
    expect((await order(w.orderId)).open_refunds).toBe(0)
    // A line of another order, more units than bought: refused too.
    await app.db.orders.update({ where: { id: w.orderId }, data: { order_status: 2, is_settlement: 0, settle_after: null } })
    const other = await paidOrder(app, w.user.id, [{ goods_id: w.goods[0].id, buy_num: 1 }])
    expect((await open(a.user, body(w.orderId, other.lines[0].id))).body.code).toBe(402)
    expect((await open(a.user, { ...body(w.orderId, line), lines: [{ order_goods_id: line, num: 3 }] })).body.code).toBe(402)
    expect(await app.db.refunds.count()).toBe(0)
  })
})

describe('a return', () => {
  test('shipped order: a money-only refund keeps the stock; a return agreed, shipped back and confirmed gives it back', async () => {
    const w = await paidWorld(app)
    const a = await auths(w)
    await shipOrder(app, w.orderId, { receive: true })
    const s0 = await stock(w.goods[0].id)
    const moneyOnly = await open(a.user, { order_id: w.orderId, refund_type: 0, lines: [{ order_goods_id: w.lines[0].id, num: 1 }], refund_money: '10.00', refund_remark: 'x' })
    expect((await http(app).put(`/api/Seller/refunds/${moneyOnly.body.data.id}/agree`).set(a.seller).send({})).body.data.outcome).toBe('done')
    expect(await stock(w.goods[0].id)).toBe(s0)
    expect(await refund(moneyOnly.body.data.id)).toMatchObject({ refund_step: 3, stock_returned: 0 })

    const ret = await open(a.user, { order_id: w.orderId, refund_type: 1, lines: [{ order_goods_id: w.lines[0].id, num: 1 }], refund_money: '10.00', refund_remark: 'x' })
    const id = ret.body.data.id as number
    expect((await http(app).put(`/api/user/refunds/${id}/ship`).set(a.user).send({ delivery_code: 'SF', delivery_no: 'SF123' })).body.code).toBe(402)
    expect((await http(app).put(`/api/Seller/refunds/${id}/agree`).set(a.seller).send({})).body.data.outcome).toBe('agreed')
    expect((await http(app).put(`/api/Seller/refunds/${id}/confirm`).set(a.seller).send({})).body.code).toBe(402)
    expect((await http(app).put(`/api/user/refunds/${id}/ship`).set(a.user).send({ delivery_code: 'NOPE', delivery_no: 'SF123' })).body.code).toBe(402)
    expect((await http(app).put(`/api/user/refunds/${id}/ship`).set(a.user).send({ delivery_code: 'SF', delivery_no: 'SF123' })).body.code).toBe(200)
    const before = await money(w.user.id)
    expect((await http(app).put(`/api/Seller/refunds/${id}/confirm`).set(a.seller).send({})).body.data.outcome).toBe('done')
    expect(await money(w.user.id)).toBe((Number(before) + 10).toFixed(2))
    expect(await stock(w.goods[0].id)).toBe(s0 + 1)
    expect(await refund(id)).toMatchObject({ refund_step: 3, delivery_code: 'SF', delivery_no: 'SF123', stock_returned: 1 })
    // Every unit of the line back, the other line not: the order stays received.
    expect((await order(w.orderId)).order_status).toBe(4)
  })
})

describe('refusal, arbitration, withdrawal', () => {
  test('refused (reason required), taken to arbitration, agreed by the admin: the money goes back', async () => {
    const w = await paidWorld(app)
    const a = await auths(w)
    const id = (await open(a.user, { order_id: w.orderId, refund_type: 0, lines: [{ order_goods_id: w.lines[0].id, num: 1 }], refund_money: '10.00', refund_remark: 'x' })).body.data.id
    expect((await http(app).put(`/api/Seller/refunds/${id}/refuse`).set(a.seller).send({ refuse_remark: '' })).status).toBe(400)
    expect((await http(app).put(`/api/Seller/refunds/${id}/refuse`).set(a.seller).send({ refuse_remark: '已使用' })).body.code).toBe(200)
    expect(await order(w.orderId)).toMatchObject({ open_refunds: 0, refund_status: 2 })
    expect((await http(app).put(`/api/Admin/refunds/${id}/arbitrate`).set(adminAuth).send({ decision: 'agree', admin_remark: 'x' })).body.code).toBe(402)
    expect((await http(app).put(`/api/user/refunds/${id}/arbitrate`).set(a.user).send({ arbitration_remark: '没有使用' })).body.code).toBe(200)
    expect(await order(w.orderId)).toMatchObject({ open_refunds: 1, refund_status: 0 })
    const before = await money(w.user.id)
    const decided = await http(app).put(`/api/Admin/refunds/${id}/arbitrate`).set(adminAuth).send({ decision: 'agree', admin_remark: '支持买家' })
    expect(decided.body.data.outcome).toBe('done')
    expect(await money(w.user.id)).toBe((Number(before) + 10).toFixed(2))
    expect(await refund(id)).toMatchObject({ refund_verify: 1, refund_step: 3, refuse_remark: '已使用', arbitration_remark: '没有使用', admin_remark: '支持买家' })
    expect((await http(app).get(`/api/Admin/refunds/${id}`).set(adminAuth)).body.data).toMatchObject({ order_no: expect.any(String), lines: [{ num: 1 }] })
  })

  test('an arbitration closed by the admin, a withdrawal: no money, the lines free again', async () => {
    const w = await paidWorld(app)
    const a = await auths(w)
    const body = { order_id: w.orderId, refund_type: 0, lines: [{ order_goods_id: w.lines[0].id, num: 1 }], refund_money: '10.00', refund_remark: 'x' }
    const before = await money(w.user.id)
    const id = (await open(a.user, body)).body.data.id
    await http(app).put(`/api/Seller/refunds/${id}/refuse`).set(a.seller).send({ refuse_remark: 'no' })
    await http(app).put(`/api/user/refunds/${id}/arbitrate`).set(a.user).send({ arbitration_remark: 'please' })
    expect((await http(app).put(`/api/Admin/refunds/${id}/arbitrate`).set(adminAuth).send({ decision: 'close', admin_remark: '维持拒绝' })).body.data.outcome).toBe('closed')
    expect(await refund(id)).toMatchObject({ refund_verify: 4 })
    const second = (await open(a.user, body)).body.data.id
    expect((await http(app).put(`/api/user/refunds/${second}/withdraw`).set(a.user).send({})).body.data.outcome).toBe('withdrawn')
    expect((await http(app).put(`/api/user/refunds/${second}/withdraw`).set(a.user).send({})).body.code).toBe(402)
    expect(await order(w.orderId)).toMatchObject({ open_refunds: 0, refund_status: 2 })
    expect(await money(w.user.id)).toBe(before)
    expect((await open(a.user, body)).body.code).toBe(200)
  })
})

describe('a refusal that a later refund of the same line no longer leaves room for', () => {
  const NO_LONGER_FITS = '该商品已另行退款，本申请超出了剩余可退的数量或金额'

  /** A received order (2 × 10.00, 3 × 5.00 of which the second line carries 1.00 of discounts: 14.00 paid); request
   *  `first` on a line refused by the seller, then `second` on the same line agreed and refunded. */
  async function superseded(line: 0 | 1, first: { num: number; money: string }, second: { num: number; money: string }) {
    const w = await paidWorld(app)
    const a = await auths(w)
    await app.db.order_goods.update({ where: { id: w.lines[1].id }, data: { discount_money: '1.00' } })
    await app.db.orders.update({ where: { id: w.orderId }, data: { coupon_money: '1.00', total_price: { decrement: 1 } } })
    await shipOrder(app, w.orderId, { receive: true })
    const ask = (r: { num: number; money: string }) =>
      open(a.user, { order_id: w.orderId, refund_type: 0, lines: [{ order_goods_id: w.lines[line].id, num: r.num }], refund_money: r.money, refund_remark: 'x' })
    const firstId = (await ask(first)).body.data.id as number
    expect((await http(app).put(`/api/Seller/refunds/${firstId}/refuse`).set(a.seller).send({ refuse_remark: 'no' })).body.code).toBe(200)
    const secondId = (await ask(second)).body.data.id as number
    expect((await http(app).put(`/api/Seller/refunds/${secondId}/agree`).set(a.seller).send({})).body.data.outcome).toBe('done')
    return { w, a, firstId }
  }

  test('cannot be taken to arbitration: a translated 402, the request stays refused, the order settles', async () => {
    // More units than are left (2 asked of a line with 1 left), and a cent more than what is left of the money (1 of
    // 3 units asked at 4.67 after another unit took 4.67: 9.33 − 4.67 = 4.66 left for the second unit).
    for (const [line, first, second] of [
      [0, { num: 2, money: '20.00' }, { num: 1, money: '10.00' }],
      [1, { num: 1, money: '4.67' }, { num: 1, money: '4.67' }],
    ] as const) {
      const { w, a, firstId } = await superseded(line, first, second)
      const asked = await http(app).put(`/api/user/refunds/${firstId}/arbitrate`).set(a.user).send({ arbitration_remark: '请平台处理' })
      expect(asked.body).toMatchObject({ code: 402, msg: NO_LONGER_FITS })
      const en = await http(app).put(`/api/user/refunds/${firstId}/arbitrate`).set(a.user).set('lang', 'en').send({ arbitration_remark: 'please' })
      expect(en.body).toMatchObject({ code: 402, msg: 'These goods were refunded by another request since: this request now exceeds what is left to refund.' })
      expect(await refund(firstId)).toMatchObject({ refund_verify: 2, arbitration_remark: null })
      expect(await order(w.orderId)).toMatchObject({ open_refunds: 0, refund_status: 2 })
      expect(await app.db.refund_goods.count({ where: { refund_id: firstId, open_line: { not: null } } })).toBe(0)
      await app.db.orders.update({ where: { id: w.orderId }, data: { settle_after: new Date(Date.now() - 1000) } })
      expect((await settleOrder(app, w.orderId, new Date())).outcome).toBe('settled')
    }
  })

  test('already in arbitration: agreeing answers the 402 on every retry, never a 500, counts nothing; the admin closes it and the order settles', async () => {
    const { w, firstId } = await superseded(0, { num: 2, money: '20.00' }, { num: 1, money: '10.00' })
    // As the request was taken to arbitration before the caps were checked there: open again, holding its line.
    await app.db.refunds.update({ where: { id: firstId }, data: { refund_verify: 3, arbitration_remark: '请平台处理' } })
    await app.db.orders.update({ where: { id: w.orderId }, data: { open_refunds: { increment: 1 }, refund_status: 0 } })
    await app.db.refund_goods.updateMany({ where: { refund_id: firstId }, data: { open_line: w.lines[0].id } })
    const before = await money(w.user.id)
    for (let i = 0; i < 3; i++) {
      const agreed = await http(app).put(`/api/Admin/refunds/${firstId}/arbitrate`).set(adminAuth).send({ decision: 'agree', admin_remark: '支持买家' })
      expect([agreed.status, agreed.body.code, agreed.body.msg]).toEqual([200, 402, NO_LONGER_FITS])
    }
    expect(await refund(firstId)).toMatchObject({ refund_verify: 3, refund_step: 0, admin_remark: null })
    expect(await money(w.user.id)).toBe(before)
    const line = await app.db.order_goods.findUniqueOrThrow({ where: { id: w.lines[0].id } })
    expect([line.refunded_num, line.refunded_money.toFixed(2), (await order(w.orderId)).refund_money.toFixed(2)]).toEqual([1, '10.00', '10.00'])

    await app.db.orders.update({ where: { id: w.orderId }, data: { settle_after: new Date(Date.now() - 1000) } })
    expect((await settleOrder(app, w.orderId, new Date())).outcome).toBe('refunds_open')
    expect((await http(app).put(`/api/Admin/refunds/${firstId}/arbitrate`).set(adminAuth).send({ decision: 'close', admin_remark: '已部分退款' })).body.data.outcome).toBe('closed')
    expect((await settleOrder(app, w.orderId, new Date())).outcome).toBe('settled')
  })
})

describe('after the last review', () => {
  test('the order is completed, and after-sales stay open until its settle_after', async () => {
    const w = await paidWorld(app)
    const a = await auths(w)
    await shipOrder(app, w.orderId, { receive: true })
    for (const l of w.lines) {
      const posted = await http(app).post('/api/user/comments').set(a.user).send({ order_goods_id: l.id, score: 5, agree: 5, service: 5, speed: 5, content: '好' })
      expect(posted.body.code, JSON.stringify(posted.body)).toBe(200)
    }
    const completed = await order(w.orderId)
    expect(completed.order_status).toBe(6)
    expect(completed.settle_after!.getTime()).toBeGreaterThan(Date.now())

    expect((await http(app).get(`/api/user/order/${w.orderId}/refund_caps`).set(a.user)).body.data).toMatchObject({ refused: null, order_status: 6 })
    const body = { order_id: w.orderId, refund_type: 0, lines: [{ order_goods_id: w.lines[1].id, num: 1 }], refund_money: '5.00', refund_remark: '坏了' }
    const opened = await open(a.user, body)
    expect(opened.body.code, JSON.stringify(opened.body)).toBe(200)
    const before = await money(w.user.id)
    expect((await http(app).put(`/api/Seller/refunds/${opened.body.data.id}/agree`).set(a.seller).send({})).body.data.outcome).toBe('done')
    expect(await money(w.user.id)).toBe((Number(before) + 5).toFixed(2))
    expect(await order(w.orderId)).toMatchObject({ order_status: 6, open_refunds: 0, refund_status: 2 })

    // The window's end closes after-sales.
    await app.db.orders.update({ where: { id: w.orderId }, data: { settle_after: new Date(Date.now() - 1000) } })
    expect((await open(a.user, body)).body).toMatchObject({ code: 402, msg: '订单已超过售后期限' })
    expect((await settleOrder(app, w.orderId, new Date())).outcome).toBe('settled')
  })
})

describe('gateway payments', () => {
  test('no gateway configured: a clear 402 and nothing changes; with the (fake) gateway the request is refunding, the gateway not asked yet', async () => {
    const w = await paidWorld(app)
    const a = await auths(w)
    await app.db.orders.update({ where: { id: w.orderId }, data: { payment_name: 'wechat' } })
    const id = (await open(a.user, { order_id: w.orderId, refund_type: 0, lines: [{ order_goods_id: w.lines[0].id, num: 1 }], refund_money: '10.00', refund_remark: 'x' })).body.data.id
    const before = await money(w.user.id)
    const refused = await http(app).put(`/api/Seller/refunds/${id}/agree`).set(a.seller).send({})
    expect(refused.body).toMatchObject({ code: 402, msg: '原支付渠道暂不支持退款，请联系平台处理' })
    expect(await refund(id)).toMatchObject({ refund_verify: 0, refund_step: 0 })

    const fake = new FakePaymentRefunder()
    const unregister = registerPaymentRefunder('wechat', fake)
    try {
      // The gateway is asked by the refund-payback job after the commit (payback.test.ts).
      expect((await http(app).put(`/api/Seller/refunds/${id}/agree`).set(a.seller).send({})).body.data.outcome).toBe('refunding')
      expect(fake.asked).toEqual([])
      expect(await refund(id)).toMatchObject({ refund_verify: 1, refund_step: 2 })
      expect(await money(w.user.id)).toBe(before)
    } finally {
      unregister()
    }
  })
})

describe('auto-agree', () => {
  test('a request left unanswered past its deadline is agreed once, by the job or the sweeper, whichever runs', async () => {
    const w = await paidWorld(app)
    const a = await auths(w)
    const id = (await open(a.user, { order_id: w.orderId, refund_type: 0, lines: [{ order_goods_id: w.lines[0].id, num: 1 }], refund_money: '10.00', refund_remark: 'x' })).body.data.id
    const staged = await app.db.outbox.findFirstOrThrow({ where: { job_id: `refund-agree-${id}` } })
    expect(staged.run_at!.getTime()).toBe((await refund(id)).agree_deadline!.getTime())
    const run = () => refundAgreeJob.process(app, { refund_id: id }, {} as Job)
    expect(await run()).toEqual({ outcome: 'not_due' })
    expect(await refundAgreeJob.sweep!.run(app)).toEqual({ agreed: 0 })

    // The worker was stopped while it came due: once started, the sweeper and the job both run, the request is agreed once.
    await app.db.refunds.update({ where: { id }, data: { agree_deadline: new Date(Date.now() - 1000) } })
    const before = await money(w.user.id)
    const [swept, ...ran] = (await Promise.all([refundAgreeJob.sweep!.run(app), run(), run()])) as [{ agreed: number }, { outcome: string }, { outcome: string }]
    expect([swept.agreed, ...ran.map((r) => r.outcome)].filter((o) => o === 1 || o === 'done')).toHaveLength(1)
    expect(await refund(id)).toMatchObject({ refund_verify: 1, refund_step: 3 })
    expect(await money(w.user.id)).toBe((Number(before) + 10).toFixed(2))
    expect(await app.db.money_logs.count({ where: { idem_key: `refund:${id}` } })).toBe(1)
    expect(await refundAgreeJob.sweep!.run(app)).toEqual({ agreed: 0 })
  })

  test('the shopper cannot act on a seller route, nor the seller on another store, nor a store on the admin route', async () => {
    const w = await paidWorld(app)
    const a = await auths(w)
    const id = (await open(a.user, { order_id: w.orderId, refund_type: 0, lines: [{ order_goods_id: w.lines[0].id, num: 1 }], refund_money: '10.00', refund_remark: 'x' })).body.data.id
    expect((await http(app).put(`/api/Seller/refunds/${id}/agree`).set(a.user).send({})).status).toBe(401)
    const otherSeller = bearer(await tokenFor(app, 'seller', (await createSeller(app)).id))
    for (const path of ['agree', 'confirm']) expect((await http(app).put(`/api/Seller/refunds/${id}/${path}`).set(otherSeller).send({})).status).toBe(404)
    expect((await http(app).put(`/api/Seller/refunds/${id}/refuse`).set(otherSeller).send({ refuse_remark: 'x' })).status).toBe(404)
    expect((await refund(id)).refund_verify).toBe(0)
  })
})

describe("the shopper's after-sales tab", () => {
  test('lists the orders with a request open or all closed, whatever their status, and counts them', async () => {
    const w = await paidWorld(app)
    const a = await auths(w)
    const plain = await paidOrder(app, w.user.id, [{ goods_id: w.goods[0].id, buy_num: 1 }])
    const ids = async () => (await http(app).get('/api/user/orders').set(a.user).query({ after_sale: '1' })).body.data.data.map((o: { id: number }) => o.id)
    expect(await ids()).toEqual([])
    const id = (await open(a.user, { order_id: w.orderId, refund_type: 0, lines: [{ order_goods_id: w.lines[0].id, num: 1 }], refund_money: '1.00', refund_remark: 'x' })).body.data.id
    expect(await ids()).toEqual([w.orderId])
    await http(app).put(`/api/user/refunds/${id}/withdraw`).set(a.user).send({})
    expect(await ids()).toEqual([w.orderId])
    expect((await http(app).get('/api/user/order/counts').set(a.user)).body.data).toMatchObject({ all: 2, after_sale: 1 })
    expect(await ids()).not.toContain(plain.orderId)
  })
})
