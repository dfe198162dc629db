// The dashboards' figures from orders paid, refunded, shipped and left unpaid through the services, placed (as far as
// the dashboards see) on known days: each store sees only its own, the admin the platform's.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { GOODS_VERIFY, STORE_VERIFY } from '@qshop/shared'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createSeller } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { agreeRequest, askArbitration, refuseRequest } from '../aftersales/decide.ts'
import { goodsOf, openAs, shipOrder, shopper } from '../aftersales/testkit.ts'
import { paidOrders, placeOrders } from '../orders/testkit.ts'
import { sellerWithStore, leafClasses } from '../catalog/testkit.ts'
import { currentCalendar } from '../../core/siteCalendar.ts'
import { storeOverview, platformOverview } from './overview.ts'

let app: FastifyInstance
let sellerA: Awaited<ReturnType<typeof createSeller>>
let sellerB: Awaited<ReturnType<typeof createSeller>>
let goodsA: { id: number }
let goodsB: { id: number }
let goodsOfB: { id: number }
let buyer: { id: number }
let admin: Record<string, string>

/** Wednesday 25 November 2026, noon: this week began on Monday the 23rd, last week on the 16th. */
const NOW = new Date(2026, 10, 25, 12)
const at = (month: number, day: number, year = 2026) => new Date(year, month - 1, day, 10)

/** One paid order of the lines, placed (as far as the dashboards see) at `placedAt`. */
async function paidAt(userId: number, lines: { goods_id: number; buy_num: number }[], placedAt: Date) {
  const [id] = await paidOrders(app, userId, lines)
  await app.db.orders.update({ where: { id }, data: { created_at: placedAt } })
  return id
}

beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false })
  sellerA = await createSeller(app)
  sellerB = await createSeller(app)
  goodsA = await goodsOf(app, sellerA.storeId, '10.00')
  goodsB = await goodsOf(app, sellerA.storeId, '5.00')
  goodsOfB = await goodsOf(app, sellerB.storeId, '50.00')
  buyer = await shopper(app)
  const other = await shopper(app)

  // Store A: today 2 × 10.00 (1.00 of it refunded) and 3 × 5.00 by another shopper; yesterday 10.00 (shipped since);
  // Monday 5.00; last week 10.00; earlier this month 2 × 5.00; last month 10.00; last year 5.00; and an unpaid order.
  const refunded = await paidAt(buyer.id, [{ goods_id: goodsA.id, buy_num: 2 }], at(11, 25))
  const today2 = await paidAt(other.id, [{ goods_id: goodsB.id, buy_num: 3 }], at(11, 25))
  const shipped = await paidAt(buyer.id, [{ goods_id: goodsA.id, buy_num: 1 }], at(11, 24))
  await paidAt(buyer.id, [{ goods_id: goodsB.id, buy_num: 1 }], at(11, 23))
  await paidAt(buyer.id, [{ goods_id: goodsA.id, buy_num: 1 }], at(11, 18))
  await paidAt(buyer.id, [{ goods_id: goodsB.id, buy_num: 2 }], at(11, 2))
  await paidAt(buyer.id, [{ goods_id: goodsA.id, buy_num: 1 }], at(10, 20))
  await paidAt(buyer.id, [{ goods_id: goodsB.id, buy_num: 1 }], at(6, 1, 2025))
  // Unpaid, placed today: a to-do, not a sale.
  const [unpaid] = await placeOrders(app, buyer.id, [{ goods_id: goodsA.id, buy_num: 1 }])
  await app.db.orders.update({ where: { id: unpaid }, data: { created_at: at(11, 25) } })
  await shipOrder(app, shipped)

  const lineOf = async (orderId: number) => (await app.db.order_goods.findFirstOrThrow({ where: { order_id: orderId } })).id
  // 1.00 back for one unit, agreed by the seller (money-only: refunded at once).
  const refund = await openAs(app, buyer.id, { order_id: refunded, refund_type: 0, lines: [{ order_goods_id: await lineOf(refunded), num: 1 }], refund_money: '1.00', refund_remark: 'scratched' })
  expect(await agreeRequest(app, refund.id, { store_id: sellerA.storeId })).toBe('done')
  // A request waiting on the seller's decision.
  await openAs(app, other.id, { order_id: today2, refund_type: 0, lines: [{ order_goods_id: await lineOf(today2), num: 1 }], refund_money: '2.00', refund_remark: 'late' })

  // Store B: one order of 50.00 today, a request the seller refused and the shopper took to the platform.
  const orderOfB = await paidAt(buyer.id, [{ goods_id: goodsOfB.id, buy_num: 1 }], at(11, 25))
  const disputed = await openAs(app, buyer.id, { order_id: orderOfB, refund_type: 0, lines: [{ order_goods_id: await lineOf(orderOfB), num: 1 }], refund_money: '3.00', refund_remark: 'wrong colour' })
  await refuseRequest(app, disputed.id, sellerB.storeId, 'as described')
  await askArbitration(app, disputed.id, buyer.id, 'it is not')

  // For the admin: a store awaiting review with goods awaiting review.
  const pending = await sellerWithStore(app, await leafClasses(app), { store_verify: STORE_VERIFY.VERIFYING })
  await app.db.goods.update({ where: { id: (await goodsOf(app, pending.storeId, '1.00')).id }, data: { goods_verify: GOODS_VERIFY.PENDING } })

  admin = bearer(await tokenFor(app, 'admin', (await createAdmin(app, { is_super: 1 })).id))
})
afterAll(async () => app?.close())

const get = async (url: string, auth: Record<string, string>) => http(app).get(url).set(auth)
const sellerAuth = async (seller: { id: number }) => bearer(await tokenFor(app, 'seller', seller.id))

describe('the overview', () => {
  test("a store's sales today and in each period before it, net of refunds, with the orders paid today and yesterday", async () => {
    const overview = await storeOverview(app, sellerA.storeId, NOW)
    expect(overview.sales).toEqual({
      today: '34.00', // 20.00 − 1.00 refunded + 15.00
      yesterday: '10.00',
      this_week: '49.00', // Monday to today
      last_week: '10.00',
      this_month: '69.00',
      last_month: '10.00',
      all_time: '84.00',
    })
    expect(overview.paid_orders).toEqual({ today: 2, yesterday: 1 })
  })

  test('the last 14 days, every day present, and the best sellers of the last 30 days by sales', async () => {
    const { recent, top_goods } = await storeOverview(app, sellerA.storeId, NOW)
    expect(recent).toHaveLength(14)
    expect(recent[0].key).toBe('2026-11-12')
    expect(recent.at(-1)).toEqual({ key: '2026-11-25', orders: 2, sales: '34.00' })
    expect(recent.find((d) => d.key === '2026-11-24')).toEqual({ key: '2026-11-24', orders: 1, sales: '10.00' })
    expect(recent.find((d) => d.key === '2026-11-19')).toEqual({ key: '2026-11-19', orders: 0, sales: '0.00' })
    // 10.00 goods: 19.00 + 10.00 + 10.00, 1 + 1 + 1 units (one of the first order's two was refunded); 5.00 goods:
    // 15.00 + 5.00 + 10.00, 6 units (last month's and last year's orders are older than 30 days).
    expect(top_goods.map(({ goods_id, sold, sales }) => ({ goods_id, sold, sales }))).toEqual([
      { goods_id: goodsA.id, sold: 3, sales: '39.00' },
      { goods_id: goodsB.id, sold: 6, sales: '30.00' },
    ])
    expect(top_goods[0].goods_name).toMatch(/^after-sale goods/)
  })

  test("GET /api/Seller/dashboard answers the seller's own store only, with its to-dos", async () => {
    const a = (await get('/api/Seller/dashboard', await sellerAuth(sellerA))).body
    expect(a.code).toBe(200)
    expect(a.data.sales.all_time).toBe('84.00')
    // Eight paid orders, one of them shipped; the request waiting on the seller; the unpaid order.
    expect(a.data.todo).toEqual({ awaiting_shipment: 7, after_sales: 1, awaiting_payment: 1 })
    const b = (await get('/api/Seller/dashboard', await sellerAuth(sellerB))).body.data
    expect(b.sales.all_time).toBe('50.00')
    // B's request is with the platform now, not with the seller.
    expect(b.todo).toEqual({ awaiting_shipment: 1, after_sales: 0, awaiting_payment: 0 })
    expect(b.top_goods.every((g: { goods_id: number }) => g.goods_id === goodsOfB.id)).toBe(true)
  })

  test("the admin's overview is the platform's, with the stores and goods to review and the arbitrations", async () => {
    const overview = await platformOverview(app, NOW)
    expect(overview.sales).toMatchObject({ today: '84.00', all_time: '134.00' })
    expect(overview.paid_orders).toEqual({ today: 3, yesterday: 1 })
    expect(overview.todo).toEqual({ awaiting_shipment: 8, after_sales: 1, awaiting_payment: 1, stores_to_review: 1, goods_to_review: 1, arbitrations: 1 })
    expect(overview.top_goods.map((g) => g.goods_id)).toEqual([goodsOfB.id, goodsA.id, goodsB.id])
    expect((await get('/api/Admin/dashboard', admin)).body.data.todo).toEqual(overview.todo)
  })
})

describe('the reports', () => {
  test('sales over a period: totals net of refunds, the buyers, every day of it, the best sellers', async () => {
    const report = (await get('/api/Seller/dashboard/order?from=2026-11-01&to=2026-11-25', await sellerAuth(sellerA))).body.data
    expect(report).toMatchObject({ from: '2026-11-01', to: '2026-11-25', unit: 'day', totals: { orders: 6, sales: '69.00', refunds: '1.00', buyers: 2 } })
    expect(report.series).toHaveLength(25)
    expect(report.series[1]).toEqual({ key: '2026-11-02', orders: 1, sales: '10.00' })
    expect(report.top_goods.map((g: { sales: string }) => g.sales)).toEqual(['39.00', '30.00'])
    const platform = (await get('/api/Admin/dashboard/order?from=2026-11-01&to=2026-11-25', admin)).body.data
    expect(platform.totals).toEqual({ orders: 7, sales: '119.00', refunds: '1.00', buyers: 2 })
  })

  test('a period longer than 62 days is reported per month, and one longer than 366 days is cut at its start', async () => {
    const report = (await get('/api/Seller/dashboard/order?from=2025-06-01&to=2026-11-25', await sellerAuth(sellerA))).body.data
    expect(report).toMatchObject({ from: '2025-11-25', to: '2026-11-25', unit: 'month' })
    expect(report.series.map((p: { key: string }) => p.key)).toEqual([
      '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11',
    ])
    expect(report.series.at(-2)).toEqual({ key: '2026-10', orders: 1, sales: '10.00' })
    // Last year's order was placed before the period's cut start.
    expect(report.totals).toMatchObject({ orders: 7, sales: '79.00' })
  })

  test('stores: open and awaiting review now, opened over the period, the best sellers of the period', async () => {
    await app.db.stores.update({ where: { id: sellerA.storeId }, data: { created_at: at(11, 3) } })
    const report = (await get('/api/Admin/dashboard/store?from=2026-11-01&to=2026-11-25', admin)).body.data
    expect(report.totals).toEqual({ open_stores: 2, new_stores: 1, verifying: 1 })
    expect(report.series[2]).toEqual({ key: '2026-11-03', new_stores: 1 })
    expect(report.top_stores.map(({ store_id, orders, sales }: { store_id: number; orders: number; sales: string }) => ({ store_id, orders, sales }))).toEqual([
      { store_id: sellerA.storeId, orders: 6, sales: '69.00' },
      { store_id: sellerB.storeId, orders: 1, sales: '50.00' },
    ])
  })

  test('members: accounts registered over the period (not stores’ sub-accounts) and the shoppers who bought', async () => {
    await app.db.users.update({ where: { id: buyer.id }, data: { created_at: at(11, 10) } })
    const report = (await get('/api/Admin/dashboard/user?from=2026-11-01&to=2026-11-25', admin)).body.data
    expect(report.totals).toMatchObject({ new_users: 1, buyers: 2 })
    expect(report.totals.users).toBe(await app.db.users.count({ where: { belong_id: 0 } }))
    expect(report.series.find((p: { key: string }) => p.key === '2026-11-10')).toEqual({ key: '2026-11-10', new_users: 1, buyers: 0 })
    expect(report.series.at(-1)).toEqual({ key: '2026-11-25', new_users: 0, buyers: 2 })
  })

  test('a period that is not two days is refused with the field named, and a reversed one is one day', async () => {
    const bad = await get('/api/Admin/dashboard/order?from=yesterday', admin)
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body.data)).toContain('from')
    const reversed = (await get('/api/Admin/dashboard/order?from=2026-11-25&to=2026-11-20', admin)).body.data
    expect(reversed).toMatchObject({ from: '2026-11-20', to: '2026-11-20', unit: 'day' })
  })

  test("a period asked past the server's today ends today (a browser a time zone ahead is on tomorrow)", async () => {
    const today = currentCalendar().dayText(new Date())
    const ahead = (await get('/api/Admin/dashboard/order?to=2099-01-01', admin)).body.data
    expect(ahead).toMatchObject({ from: currentCalendar().dayText(currentCalendar().dayStart(new Date(), -29)), to: today })
    expect(ahead.series.at(-1).key).toBe(today)
  })
})
