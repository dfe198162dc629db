// The dashboards' day sums (salesDays.ts) and the platform's kept figures of earlier days (closedDays.ts): built from
// the orders, then kept by the units that pay and refund, they answer exactly what the orders answer — for a store and
// for the platform, per day and per month, best sellers and buyers included — also when a rebuild races payments and
// when the site's zone changes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { DEFAULT_TIME_ZONE } from '@qshop/shared'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createSeller } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { agreeRequest } from '../aftersales/decide.ts'
import { goodsOf, openAs, shopper } from '../aftersales/testkit.ts'
import { paidOrders, payPlaced, placeOrders } from '../orders/testkit.ts'
import { lastDays, type Period } from '../../core/reportPeriod.ts'
import { siteCalendar } from '../../core/siteCalendar.ts'
import { salesFigures, salesSeries, salesSource, salesTotals, topGoods, topStores, type SalesSource } from './sales.ts'
import { foldSalesDays, rebuildSalesDays } from './salesDays.ts'
import { buildSalesDaysIfStale } from './jobs.ts'

let app: FastifyInstance
let storeA: number
let storeB: number
let goods: { id: number }[]
let shoppers: { id: number }[]
let admin: Record<string, string>

const DAY = 86_400_000
const daysAgo = (n: number, hour = 3) => new Date(Date.now() - n * DAY - hour * 3_600_000)
const ORDERS: SalesSource = { from: 'orders', stamp: '' }

/** Every figure the dashboards and sales reports show, for one store or the platform, from `source`. */
async function figures(source: SalesSource, storeId: number | null) {
  const cal = await siteCalendar(app)
  const now = new Date()
  const month = lastDays(cal, 30, now)
  const long: Period = { from: cal.dayStart(now, -400), end: cal.dayStart(now, 1) }
  return {
    figures: await salesFigures(app, source, storeId, now),
    days: await salesSeries(app, source, cal, storeId, month, 'day'),
    months: await salesSeries(app, source, cal, storeId, long, 'month'),
    totals: await salesTotals(app, source, cal, storeId, month),
    long_totals: await salesTotals(app, source, cal, storeId, long),
    top: await topGoods(app, source, cal, storeId, month, 10),
    long_top: await topGoods(app, source, cal, storeId, long, 3),
    stores: storeId === null ? await topStores(app, source, cal, month, 10) : null,
  }
}

/** The day sums are the source, and answer what the orders answer for each store and the platform. */
async function expectSameAsOrders() {
  const source = await salesSource(app, await siteCalendar(app))
  expect(source.from).toBe('days')
  for (const storeId of [storeA, storeB, null]) expect(await figures(source, storeId)).toEqual(await figures(ORDERS, storeId))
  return figures(source, null)
}

const sumRows = async () => ({
  days: await app.db.$queryRaw<unknown[]>`SELECT DATE_FORMAT(day, '%Y-%m-%d') AS day, store_id, orders, CAST(sales AS CHAR) AS sales, CAST(refunds AS CHAR) AS refunds
    FROM sales_days ORDER BY day, store_id`,
  goods: await app.db.$queryRaw<unknown[]>`SELECT DATE_FORMAT(day, '%Y-%m-%d') AS day, goods_id, store_id, sold, CAST(sales AS CHAR) AS sales, last_line
    FROM sales_goods_days ORDER BY day, goods_id`,
})

/** The rows the units kept, their deltas folded, are the rows a rebuild writes. */
async function expectRowsAsRebuilt() {
  await foldSalesDays(app)
  expect(await app.db.sales_day_deltas.count()).toBe(0)
  const kept = await sumRows()
  await rebuildSalesDays(app, (await siteCalendar(app)).zone)
  expect(await sumRows()).toEqual(kept)
}

const lineOf = async (orderId: number) => (await app.db.order_goods.findFirstOrThrow({ where: { order_id: orderId } })).id

/** `money` back for one unit of the order's first line, agreed by its store (balance: refunded at once). */
async function refundOne(userId: number, orderId: number, storeId: number, money: string) {
  const request = await openAs(app, userId, { order_id: orderId, refund_type: 0, lines: [{ order_goods_id: await lineOf(orderId), num: 1 }], refund_money: money, refund_remark: 'broken' })
  expect(await agreeRequest(app, request.id, { store_id: storeId })).toBe('done')
}

const setZone = async (time_zone: string) => {
  const res = await http(app).put('/api/Admin/configs/web').set(admin).send({ time_zone })
  expect(res.body.code).toBe(200)
}

beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false })
  const a = await createSeller(app)
  const b = await createSeller(app)
  storeA = a.storeId
  storeB = b.storeId
  goods = [await goodsOf(app, storeA, '10.00', 500), await goodsOf(app, storeA, '3.50', 500), await goodsOf(app, storeB, '25.00', 500)]
  shoppers = [await shopper(app), await shopper(app), await shopper(app), await shopper(app)]
  admin = bearer(await tokenFor(app, 'admin', (await createAdmin(app, { is_super: 1 })).id))
  await setZone(DEFAULT_TIME_ZONE)
})
afterAll(async () => {
  await setZone(DEFAULT_TIME_ZONE)
  await app?.close()
})

describe('the day sums', () => {
  test('built from the orders, they answer what the orders answer: each store, the platform, per day and month, best sellers, buyers', async () => {
    const [s0, s1, s2] = shoppers
    // Paid before the sums exist (the units add nothing yet): today, yesterday, 3, 10, 40 and 200 days ago; one unpaid.
    await paidOrders(app, s0.id, [{ goods_id: goods[0].id, buy_num: 2 }, { goods_id: goods[2].id, buy_num: 1 }])
    await paidOrders(app, s1.id, [{ goods_id: goods[1].id, buy_num: 4 }], { placedAt: daysAgo(1) })
    const [older] = await paidOrders(app, s2.id, [{ goods_id: goods[0].id, buy_num: 3 }], { placedAt: daysAgo(3) })
    await paidOrders(app, s0.id, [{ goods_id: goods[2].id, buy_num: 2 }], { placedAt: daysAgo(10) })
    await paidOrders(app, s1.id, [{ goods_id: goods[1].id, buy_num: 1 }], { placedAt: daysAgo(40) })
    await paidOrders(app, s2.id, [{ goods_id: goods[0].id, buy_num: 1 }], { placedAt: daysAgo(200) })
    await placeOrders(app, s0.id, [{ goods_id: goods[0].id, buy_num: 9 }])
    await refundOne(s2.id, older, storeA, '4.00')
    expect((await sumRows()).days).toEqual([])
    expect((await salesSource(app, await siteCalendar(app))).from).toBe('orders')

    expect(await rebuildSalesDays(app, DEFAULT_TIME_ZONE)).toEqual({ days: 7, goods_days: 7, orders: 7 })
    const platform = await expectSameAsOrders()
    // Not empty, so the comparison says something: 20.00 + 25.00 + 14.00 + 30.00 − 4.00 + 50.00 in the last 30 days.
    expect(platform.totals).toEqual({ orders: 5, sales: '135.00', refunds: '4.00', buyers: 3 })
    expect(platform.top.map((g) => g.goods_id)).toEqual([goods[2].id, goods[0].id, goods[1].id])
  })

  test('kept by the units that pay and refund: still what the orders answer, and what a rebuild writes; kept copies of earlier days retired', async () => {
    const [s0, s1, s2, s3] = shoppers
    const before = await expectSameAsOrders()
    // A new shopper pays an order placed 5 days ago (its pay deadline was long): an earlier day gains a buyer and the
    // cheap goods becomes the best seller; a refund of an earlier order; today's orders, one refunded.
    await paidOrders(app, s3.id, [{ goods_id: goods[1].id, buy_num: 30 }], { placedAt: daysAgo(5) })
    const [earlier] = await app.db.orders.findMany({ where: { user_id: s0.id, store_id: storeB, pay_time: { not: null } }, orderBy: { id: 'asc' }, select: { id: true } })
    await refundOne(s0.id, earlier.id, storeB, '25.00')
    const [today] = await paidOrders(app, s1.id, [{ goods_id: goods[0].id, buy_num: 1 }])
    await paidOrders(app, s2.id, [{ goods_id: goods[2].id, buy_num: 1 }])
    await refundOne(s1.id, today, storeA, '10.00')

    // Read with the deltas the units inserted (not folded yet), then folded.
    expect(await app.db.sales_day_deltas.count()).toBeGreaterThan(0)
    const after = await expectSameAsOrders()
    expect(after.totals.buyers).toBe(before.totals.buyers + 1)
    expect(after.top[0].goods_id).toBe(goods[1].id)
    expect(after.top.map((g) => g.goods_id)).not.toEqual(before.top.map((g) => g.goods_id))
    await expectRowsAsRebuilt()
  })

  test('a rebuild and folds racing payments and refunds: every order counted once, in the rows a rebuild writes', async () => {
    const [s0, s1, s2, s3] = shoppers
    const [toRefund] = await paidOrders(app, s3.id, [{ goods_id: goods[0].id, buy_num: 2 }], { placedAt: daysAgo(2) })
    // Placed first (half of them on earlier days), paid during the race.
    const placed = await Promise.all(Array.from({ length: 12 }, async (_, i) => {
      const userId = [s0, s1, s2][i % 3].id
      const ids = await placeOrders(app, userId, [{ goods_id: goods[i % 3].id, buy_num: 1 + (i % 4) }])
      if (i % 2) await app.db.orders.updateMany({ where: { id: { in: ids } }, data: { created_at: daysAgo(i) } })
      return { userId, ids }
    }))
    const race = await Promise.allSettled([
      rebuildSalesDays(app, DEFAULT_TIME_ZONE),
      ...placed.map(({ userId, ids }) => payPlaced(app, userId, ids)),
      refundOne(s3.id, toRefund, storeA, '10.00'),
      foldSalesDays(app),
      rebuildSalesDays(app, DEFAULT_TIME_ZONE),
      foldSalesDays(app),
    ])
    expect(race.filter((r) => r.status === 'rejected')).toEqual([])
    const paid = await app.db.orders.count({ where: { pay_time: { not: null } } })
    const [{ orders }] = await app.db.$queryRaw<{ orders: unknown }[]>`SELECT (SELECT SUM(orders) FROM sales_days) + (SELECT COALESCE(SUM(orders), 0) FROM sales_day_deltas) AS orders`
    expect(Number(orders)).toBe(paid)
    await expectSameAsOrders()
    await expectRowsAsRebuilt()
  })

  test("a change of the site's zone: the orders answer until the timed task builds the sums in the new zone", async () => {
    expect(await buildSalesDaysIfStale(app)).toEqual({ built: false })
    await setZone('America/New_York')
    const cal = await siteCalendar(app)
    expect((await salesSource(app, cal)).from).toBe('orders')
    expect(await buildSalesDaysIfStale(app)).toEqual({ built: true })
    const newYork = await expectSameAsOrders()
    // Paid in the new zone's days by the units, too.
    await paidOrders(app, shoppers[0].id, [{ goods_id: goods[1].id, buy_num: 2 }], { placedAt: daysAgo(1, 20) })
    expect((await expectSameAsOrders()).long_totals.orders).toBe(newYork.long_totals.orders + 1)
    await expectRowsAsRebuilt()
    await setZone(DEFAULT_TIME_ZONE)
    expect(await buildSalesDaysIfStale(app)).toEqual({ built: true })
    await expectSameAsOrders()
  })
})
