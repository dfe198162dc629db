// The settlement, money-log and payment lists: sellers see their own store's rows only (the store comes from the
// actor: a user-ledger row whose user id equals the store id, another store's row, a store id in the query are all
// out of reach), amounts as two-decimal strings and the reasons as keys the web translates; the admin sees everything
// and filters by owner kind, account, reason, date; the payments list and the payments summary.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createUser } from '../../../test/factories.ts'
import { post } from '../../core/ledger.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { createGoods, leafClasses, sellerWithStore, type TestSeller } from '../catalog/testkit.ts'
import { settleDue } from './settleJob.ts'
import { MAX_DAYS } from './paySummary.ts'
import { reportPeriod } from '../../core/reportPeriod.ts'
import { currentCalendar } from '../../core/siteCalendar.ts'
import { receivedOrders } from './testkit.ts'

let app: FastifyInstance
let a: TestSeller
let b: TestSeller
let admin: Record<string, string>
let shopper: number
let orderA: number
let orderB: number

beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false, areas: false })
  const leaves = await leafClasses(app)
  a = await sellerWithStore(app, leaves)
  b = await sellerWithStore(app, leaves)
  const teaA = await createGoods(app, a.storeId, leaves[0].id, { goods_price: '20.00' })
  const teaB = await createGoods(app, b.storeId, leaves[0].id, { goods_price: '50.00' })
  shopper = (await createUser(app, { pay_password: '123456' })).id
  ;[orderA] = await receivedOrders(app, shopper, [{ goods_id: teaA.id, buy_num: 1 }], { rate: '10' })
  ;[orderB] = await receivedOrders(app, shopper, [{ goods_id: teaB.id, buy_num: 1 }], { rate: '10' })
  await settleDue(app)
  admin = bearer(await tokenFor(app, 'admin', (await createAdmin(app)).id))
})
afterAll(async () => app?.close())

const get = (path: string, auth: Record<string, string>) => http(app).get(path).set(auth)

describe('seller', () => {
  test('settlements: own store only, with the order number and the breakdown', async () => {
    const res = await get('/api/Seller/order_settlements', a.auth)
    expect(res.body.code).toBe(200)
    expect(res.body.data.total).toBe(1)
    const order = await app.db.orders.findUniqueOrThrow({ where: { id: orderA } })
    expect(res.body.data.data[0]).toMatchObject({ order_id: orderA, order_no: order.order_no, total_price: '20.00', refund_money: '0.00', commission_money: '2.00', settlement_price: '18.00' })
    const other = await get('/api/Seller/order_settlements', b.auth)
    expect(other.body.data.data.map((r: { order_id: number }) => r.order_id)).toEqual([orderB])
    // B's row is not A's to see, by id or by filter; a store filter is not offered.
    const rowB = (await app.db.order_settlements.findUniqueOrThrow({ where: { order_id: orderB } })).id
    expect((await get(`/api/Seller/order_settlements/${rowB}`, a.auth)).status).toBe(404)
    expect((await get(`/api/Seller/order_settlements?order_id=${orderB}`, a.auth)).body.data.total).toBe(0)
    expect((await get(`/api/Seller/order_settlements?store_id=${b.storeId}`, a.auth)).status).toBe(400)
  })

  test("money log: the store's ledger only — its settlement credit and commission debit, newest first", async () => {
    const res = await get('/api/Seller/money_logs', a.auth)
    expect(res.body.code).toBe(200)
    expect(res.body.data.data.map((r: Record<string, unknown>) => [r.ename, r.money, r.after_money, r.is_type])).toEqual([
      ['commission', '-2.00', '18.00', 0],
      ['settlement', '20.00', '20.00', 0],
    ])
    expect((await get('/api/Seller/money_logs?ename=commission', a.auth)).body.data.total).toBe(1)
    expect((await get('/api/Seller/money_logs?ename=refund', a.auth)).body.data.total).toBe(0)
    const logB = await app.db.money_logs.findFirstOrThrow({ where: { is_belong: 1, user_id: b.storeId } })
    expect((await get(`/api/Seller/money_logs/${logB.id}`, a.auth)).status).toBe(404)
    for (const foreign of [`user_id=${b.storeId}`, 'is_belong=0']) expect((await get(`/api/Seller/money_logs?${foreign}`, a.auth)).status).toBe(400)
  })

  test('a shopper-ledger row whose user id equals the store id is not in the store log', async () => {
    if (!(await app.db.users.findUnique({ where: { id: a.storeId } })))
      await app.db.users.create({ data: { id: a.storeId, username: `same${a.storeId}`, password: 'x', nickname: 'same' } })
    await runUnit(app, (tx) => post(tx, { owner: { kind: 'user', id: a.storeId }, account: 'money', amount: 777, reason: 'system', source: { type: 'admin', id: 1 }, idemKey: 'lists:same-id' }))
    expect(await app.db.money_logs.count({ where: { user_id: a.storeId, is_belong: 0 } })).toBeGreaterThan(0)
    const rows = (await get('/api/Seller/money_logs?per_page=100', a.auth)).body.data.data as { ename: string }[]
    expect(rows.map((r) => r.ename).sort()).toEqual(['commission', 'settlement'])
  })
})

describe('admin', () => {
  test('settlements of every store, filtered by store', async () => {
    expect((await get('/api/Admin/order_settlements', admin)).body.data.total).toBe(2)
    const res = await get(`/api/Admin/order_settlements?store_id=${b.storeId}`, admin)
    expect(res.body.data.data).toMatchObject([{ order_id: orderB, store_id: b.storeId, settlement_price: '45.00', commission_money: '5.00' }])
  })

  test('money logs filtered by owner kind, owner, account, reason and date', async () => {
    const total = (q: string) => get(`/api/Admin/money_logs?${q}`, admin).then((r) => r.body.data.total as number)
    const all = await app.db.money_logs.count()
    expect(await total('')).toBe(all)
    expect(await total('is_belong=1')).toBe(4)
    expect(await total(`is_belong=1&user_id=${a.storeId}`)).toBe(2)
    expect(await total('ename=settlement')).toBe(2)
    expect(await total('is_type=1')).toBe(0)
    const day = currentCalendar().dayText(new Date())
    expect(await total(`created_at=${day},${day}|between`)).toBe(all)
    expect(await total('created_at=2000-01-01,2000-01-02|between')).toBe(0)
    expect((await get('/api/Admin/money_logs?ename=x&is_belong=abc', admin)).status).toBe(400)
  })

  test('payments list filtered by number, method, status and date', async () => {
    const pays = await app.db.order_pays.findMany({ orderBy: { id: 'asc' } })
    expect(pays.length).toBe(2)
    const res = await get('/api/Admin/order_pays', admin)
    expect(res.body.data.total).toBe(2)
    expect(res.body.data.data[0]).toMatchObject({ pay_no: pays[1].pay_no, payment_name: 'balance', pay_status: 1, total: '50.00' })
    expect((await get(`/api/Admin/order_pays?pay_no=${pays[0].pay_no}`, admin)).body.data.data).toMatchObject([{ id: pays[0].id, total: '20.00' }])
    expect((await get('/api/Admin/order_pays?payment_name=wechat', admin)).body.data.total).toBe(0)
    expect((await get('/api/Admin/order_pays?pay_status=0', admin)).body.data.total).toBe(0)
    expect((await get('/api/Admin/order_pays?trade_no=none', admin)).body.data.total).toBe(0)
  })

  test('payments summary: paid totals per method and per day, every day of the period present', async () => {
    const res = await get('/api/Admin/dashboard/pay', admin)
    expect(res.body.code).toBe(200)
    expect(res.body.data.by_method).toEqual([{ payment_name: 'balance', count: 2, total: '70.00' }])
    expect(res.body.data.by_day).toHaveLength(30)
    expect(res.body.data.by_day.at(-1)).toMatchObject({ count: 2, total: '70.00' })
    expect(res.body.data.by_day[0]).toMatchObject({ count: 0, total: '0.00' })
    const old = await get('/api/Admin/dashboard/pay?from=2001-01-01&to=2001-01-03', admin)
    expect(old.body.data).toMatchObject({ from: '2001-01-01', to: '2001-01-03', by_method: [] })
    expect(old.body.data.by_day.map((d: { day: string }) => d.day)).toEqual(['2001-01-01', '2001-01-02', '2001-01-03'])
    expect((await get('/api/Admin/dashboard/pay?from=yesterday', admin)).status).toBe(400)
  })

  test('a period is at most 92 days and never ends before it starts', () => {
    const limits = { defaultDays: 30, maxDays: MAX_DAYS }
    const p = reportPeriod(currentCalendar(), { from: '2020-01-01', to: '2020-12-31' }, limits)
    expect((p.end.getTime() - p.from.getTime()) / 86400_000).toBeCloseTo(92, 0)
    const q = reportPeriod(currentCalendar(), { from: '2020-02-10', to: '2020-02-01' }, limits)
    expect((q.end.getTime() - q.from.getTime()) / 86400_000).toBeCloseTo(1, 0)
  })
})
