// Requests that end without a refund against the real database and Redis: the admin closes a request in any open
// state with a remark (who, when and why kept on the row), once however many close it at once, and its lines are free
// again; an agreed return the shopper does not ship within task.return_ship_days closes by itself — its job or the
// sweeper, once — and the order then settles.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Job } from 'bullmq'
import { REPO_ROOT } from '../../app.ts'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { settleOrder } from '../settlement/settle.ts'
import { refundReturnCloseJob, sweepUnshippedReturns } from './returnCloseJob.ts'
import { paidWorld, shipOrder } from './testkit.ts'

let app: FastifyInstance
let admin: { id: number; auth: Record<string, string> }
beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  const { id } = await createAdmin(app)
  admin = { id, auth: bearer(await tokenFor(app, 'admin', id)) }
})
afterAll(async () => app?.close())

const DAY = 86_400_000
const refund = (id: number) => app.db.refunds.findUniqueOrThrow({ where: { id } })
const order = (id: number) => app.db.orders.findUniqueOrThrow({ where: { id } })
const money = async (userId: number) => (await app.db.users.findUniqueOrThrow({ where: { id: userId } })).money.toFixed(2)

/** A received order of the world's shopper and a request of one unit of its first line (10.00), of `type`. */
async function world(type: 0 | 1 = 1) {
  const w = await paidWorld(app)
  await shipOrder(app, w.orderId, { receive: true })
  const userAuth = bearer(await tokenFor(app, 'user', w.user.id))
  const sellerAuth = bearer(await tokenFor(app, 'seller', w.seller.id))
  const body = { order_id: w.orderId, refund_type: type, lines: [{ order_goods_id: w.lines[0].id, num: 1 }], refund_money: '10.00', refund_remark: 'x' }
  let keys = 0
  const ask = async () => {
    const res = await http(app).post('/api/user/order/refund').set(userAuth).set('Idempotency-Key', `c-${w.orderId}-${++keys}`).send(body)
    expect(res.body.code, JSON.stringify(res.body)).toBe(200)
    return res.body.data.id as number
  }
  return { ...w, userAuth, sellerAuth, ask, id: await ask() }
}
const close = (id: number, body: object = { admin_remark: '买家已线下协商' }) => http(app).put(`/api/Admin/refunds/${id}/close`).set(admin.auth).send(body)
const put = (auth: Record<string, string>, path: string, body: object = {}) => http(app).put(`/api${path}`).set(auth).send(body)

describe('the admin closes a request', () => {
  test('in each open state: pending, agreed awaiting the return, the return shipped back, in arbitration', async () => {
    const w = await world()
    const states: [string, () => Promise<number>][] = [
      ['pending', async () => w.id],
      ['agreed, awaiting the return', async () => {
        const id = await w.ask()
        expect((await put(w.sellerAuth, `/Seller/refunds/${id}/agree`)).body.data.outcome).toBe('agreed')
        return id
      }],
      ['the return shipped back', async () => {
        const id = await w.ask()
        await put(w.sellerAuth, `/Seller/refunds/${id}/agree`)
        expect((await put(w.userAuth, `/user/refunds/${id}/ship`, { delivery_code: 'SF', delivery_no: 'SF1' })).body.code).toBe(200)
        return id
      }],
      ['in arbitration', async () => {
        const id = await w.ask()
        await put(w.sellerAuth, `/Seller/refunds/${id}/refuse`, { refuse_remark: 'no' })
        expect((await put(w.userAuth, `/user/refunds/${id}/arbitrate`, { arbitration_remark: 'please' })).body.code).toBe(200)
        return id
      }],
    ]
    const before = await money(w.user.id)
    for (const [state, reach] of states) {
      const id = await reach()
      expect((await order(w.orderId)).open_refunds, state).toBe(1)
      const at = Date.now()
      const closed = await close(id, { admin_remark: `  关闭：${state}  ` })
      expect(closed.body, state).toMatchObject({ code: 200, msg: '售后申请已关闭', data: { id, outcome: 'closed' } })
      const r = await refund(id)
      expect(r, state).toMatchObject({ refund_verify: 4, admin_remark: `关闭：${state}`, closed_by: admin.id, refunded_at: null })
      expect(r.closed_at!.getTime()).toBeGreaterThanOrEqual(at - 1000)
      expect(await order(w.orderId), state).toMatchObject({ open_refunds: 0, refund_status: 2 })
      // The line is free for a new request (the next state's).
      expect(await app.db.refund_goods.count({ where: { refund_id: id, open_line: { not: null } } }), state).toBe(0)
      // Nothing else acts on it any more.
      expect((await put(w.sellerAuth, `/Seller/refunds/${id}/agree`)).body.code, state).toBe(402)
      expect((await close(id)).body, state).toMatchObject({ code: 402, msg: '售后申请的状态已变化，请刷新后再试' })
    }
    expect(await money(w.user.id)).toBe(before)
    // The shopper and the seller read the closing and its reason.
    const seen = await http(app).get(`/api/user/refunds/${w.id}`).set(w.userAuth)
    expect(seen.body.data).toMatchObject({ refund_verify: 4, admin_remark: '关闭：pending', closed_at: expect.any(String) })
    await app.db.orders.update({ where: { id: w.orderId }, data: { settle_after: new Date(Date.now() - 1000) } })
    expect((await settleOrder(app, w.orderId, new Date())).outcome).toBe('settled')
  })

  test('not once it is over: refused (already closed), withdrawn, done; a remark is required and limited; another id is 404', async () => {
    const w = await world(0)
    const refused = w.id
    await put(w.sellerAuth, `/Seller/refunds/${refused}/refuse`, { refuse_remark: 'no' })
    const withdrawn = await w.ask()
    await put(w.userAuth, `/user/refunds/${withdrawn}/withdraw`)
    const done = await w.ask()
    expect((await put(w.sellerAuth, `/Seller/refunds/${done}/agree`)).body.data.outcome).toBe('done')
    for (const id of [refused, withdrawn, done]) {
      const before = await refund(id)
      expect((await close(id)).body).toMatchObject({ code: 402, msg: '售后申请的状态已变化，请刷新后再试' })
      expect(await refund(id)).toEqual(before)
    }
    const open = (await world(0)).id
    for (const body of [{ admin_remark: '' }, { admin_remark: '   ' }, { admin_remark: 'x'.repeat(501) }, {}]) {
      const res = await close(open, body)
      expect([res.status, res.body.code]).toEqual([400, 400])
      expect(res.body.data).toHaveProperty('admin_remark')
    }
    expect((await refund(open)).refund_verify).toBe(0)
    expect((await close(999_999)).status).toBe(404)
    // Sellers and shoppers have no such route.
    expect((await put(w.sellerAuth, `/Seller/refunds/${open}/close`, { admin_remark: 'x' })).status).toBe(404)
    expect((await put(w.sellerAuth, `/Admin/refunds/${open}/close`, { admin_remark: 'x' })).status).toBe(401)
  })

  test('closes once when ten close it at once and the seller agrees at the same time', async () => {
    const w = await world(0)
    const before = await money(w.user.id)
    const answers = await Promise.all([put(w.sellerAuth, `/Seller/refunds/${w.id}/agree`), ...Array.from({ length: 10 }, () => close(w.id))])
    const won = answers.filter((r) => r.body.code === 200)
    expect(won).toHaveLength(1)
    expect(answers.filter((r) => r.body.code === 402)).toHaveLength(10)
    const o = await order(w.orderId)
    expect([o.open_refunds, o.refund_status]).toEqual([0, 2])
    if (won[0].body.data.outcome === 'done') {
      expect(await refund(w.id)).toMatchObject({ refund_verify: 1, refund_step: 3, closed_at: null })
      expect(await money(w.user.id)).toBe((Number(before) + 10).toFixed(2))
    } else {
      expect(await refund(w.id)).toMatchObject({ refund_verify: 4, closed_by: admin.id })
      expect(await money(w.user.id)).toBe(before)
    }
  })
})

describe('an agreed return the shopper does not ship', () => {
  test('closes by itself task.return_ship_days after it was agreed: the job or the sweeper, once; then the order settles', async () => {
    const w = await world(1)
    const at = Date.now()
    expect((await put(w.sellerAuth, `/Seller/refunds/${w.id}/agree`)).body.data.outcome).toBe('agreed')
    const agreed = await refund(w.id)
    // The default: 7 days to ship the goods back, staged as the request's job.
    expect(agreed.ship_deadline!.getTime()).toBeGreaterThanOrEqual(at + 7 * DAY - 1000)
    expect(agreed.ship_deadline!.getTime()).toBeLessThanOrEqual(Date.now() + 7 * DAY)
    const staged = await app.db.outbox.findFirstOrThrow({ where: { job_id: `refund-return-close-${w.id}` } })
    expect(staged.run_at!.getTime()).toBe(agreed.ship_deadline!.getTime())
    expect((await http(app).get(`/api/user/refunds/${w.id}`).set(w.userAuth)).body.data.ship_deadline).toEqual(expect.any(String))

    const run = () => refundReturnCloseJob.process(app, { refund_id: w.id }, {} as Job) as Promise<{ outcome: string }>
    expect(await run()).toEqual({ outcome: 'not_due' })
    expect(await sweepUnshippedReturns(app)).toEqual({ closed: 0 })
    expect(await refund(w.id)).toMatchObject({ refund_verify: 1, refund_step: 0 })

    // The deadline passes while the worker is stopped: the sweeper and the job both run.
    await app.db.refunds.update({ where: { id: w.id }, data: { ship_deadline: new Date(Date.now() - 1000) } })
    const [swept, ...ran] = await Promise.all([sweepUnshippedReturns(app), run(), run()])
    expect(swept.closed + ran.filter((r) => r.outcome === 'closed').length).toBe(1)
    const r = await refund(w.id)
    expect(r).toMatchObject({ refund_verify: 4, refund_step: 0, closed_by: null, refunded_at: null })
    expect(r.closed_at).not.toBeNull()
    expect(await order(w.orderId)).toMatchObject({ open_refunds: 0, refund_status: 2 })
    expect(await app.db.refund_goods.count({ where: { refund_id: w.id, open_line: { not: null } } })).toBe(0)
    expect(await sweepUnshippedReturns(app)).toEqual({ closed: 0 })
    // Too late to ship now.
    expect((await put(w.userAuth, `/user/refunds/${w.id}/ship`, { delivery_code: 'SF', delivery_no: 'SF1' })).body.code).toBe(402)

    await app.db.orders.update({ where: { id: w.orderId }, data: { settle_after: new Date(Date.now() - 1000) } })
    expect((await settleOrder(app, w.orderId, new Date())).outcome).toBe('settled')
  })

  test('a return agreed before ship deadlines existed gets one from the migration, and the sweeper closes it once past', async () => {
    const sql = readFileSync(path.join(REPO_ROOT, 'prisma/migrations/20261126090100_refund_ship_deadline_backfill/migration.sql'), 'utf8')
    const w = await world(1)
    // A pending request of the other line: no deadline to give.
    const other = await http(app).post('/api/user/order/refund').set(w.userAuth).set('Idempotency-Key', `legacy-${w.orderId}`)
      .send({ order_id: w.orderId, refund_type: 1, lines: [{ order_goods_id: w.lines[1].id, num: 1 }], refund_money: '5.00', refund_remark: 'x' })
    await put(w.sellerAuth, `/Seller/refunds/${w.id}/agree`)
    // As an agreement before this release left it: no deadline; agreed 8 days ago.
    const agreedAt = new Date(Date.now() - 8 * DAY)
    await app.db.$executeRaw`UPDATE refunds SET ship_deadline = NULL, updated_at = ${agreedAt} WHERE id = ${w.id}`
    await app.db.$executeRawUnsafe(sql)
    expect((await refund(w.id)).ship_deadline!.getTime()).toBe(agreedAt.getTime() + 7 * DAY)
    expect((await refund(other.body.data.id)).ship_deadline).toBeNull()
    expect(await sweepUnshippedReturns(app)).toEqual({ closed: 1 })
    expect(await refund(w.id)).toMatchObject({ refund_verify: 4, closed_by: null })
    expect((await refund(other.body.data.id)).refund_verify).toBe(0)
  })

  test('a return shipped in time stays open; the days come from task.return_ship_days as the admin set them', async () => {
    expect((await put(admin.auth, '/Admin/configs/task', { return_ship_days: 3 })).body.code).toBe(200)
    expect((await http(app).get('/api/Admin/configs/task').set(admin.auth)).body.data).toMatchObject({ return_ship_days: 3 })
    const w = await world(1)
    const at = Date.now()
    await put(w.sellerAuth, `/Seller/refunds/${w.id}/agree`)
    const deadline = (await refund(w.id)).ship_deadline!.getTime()
    expect(deadline).toBeGreaterThanOrEqual(at + 3 * DAY - 1000)
    expect(deadline).toBeLessThanOrEqual(Date.now() + 3 * DAY)
    expect((await put(w.userAuth, `/user/refunds/${w.id}/ship`, { delivery_code: 'SF', delivery_no: 'SF1' })).body.code).toBe(200)
    await app.db.refunds.update({ where: { id: w.id }, data: { ship_deadline: new Date(Date.now() - 1000) } })
    expect(await sweepUnshippedReturns(app)).toEqual({ closed: 0 })
    expect(await refundReturnCloseJob.process(app, { refund_id: w.id }, {} as Job)).toEqual({ outcome: 'not_due' })
    expect(await refund(w.id)).toMatchObject({ refund_verify: 1, refund_step: 1, closed_at: null })
  })
})
