// The sales figures every dashboard shows, for one store or (storeId null) the whole platform. Sales are orders that
// were paid, on the day they were placed, at total_price − refund_money (shared/schemas/dashboard.ts). The day an
// order was placed, not paid: a day's figures are final once its orders' pay deadline is past, but for refunds.
// Two sources answer the same figures: the day sums (salesDays.ts: a row per store and day, per goods and day), once
// they are built in the site's zone; the orders themselves before that. The orders' indexes that lead with
// (store_id, order_status, created_at) and (order_status, created_at), and order_goods' order_id index, carry the
// columns summed from the orders (prisma/schema.prisma), so those sums, and the count of distinct buyers (which day
// sums cannot give), are read off the indexes, not row by row (bench/lists.ts).
import { SETTLEMENT_STATUS, decimalToCents, fromCents } from '@qshop/shared'
import type { GoodsRank, SalesFigures, SalesPoint } from '@qshop/shared/schemas/dashboard'
import type { Infra } from '../../core/infra.ts'
import { Prisma } from '../../generated/prisma/client.ts'
import { bucketKeys, bucketSql, type Period, type ReportUnit } from '../../core/reportPeriod.ts'
import { siteCalendar, type SiteCalendar } from '../../core/siteCalendar.ts'
import { settledSalesSql } from '../settlement/index.ts'
import { PAID } from './paid.ts'
import { BY_GOODS, GOODS_PART, GOODS_TOTAL, goodsDaysParts, salesDaysBuild, storeDaysParts } from './salesDays.ts'
import { platformBuyers, platformTopGoods } from './closedDays.ts'

/** A SUM of DECIMAL(12,2) as the driver answers it (text, NULL over no rows) → a money string. */
export const money = (sum: string | null) => fromCents(decimalToCents(sum ?? '0'))
const NET = Prisma.sql`o.total_price - o.refund_money`

/** The store's orders, or every order. */
const storeWhere = (storeId: number | null) => (storeId === null ? Prisma.empty : Prisma.sql`AND o.store_id = ${storeId}`)
/** Paid orders placed in the period. */
export const paidIn = (p: Period) => Prisma.sql`${PAID} AND o.created_at >= ${p.from} AND o.created_at < ${p.end}`

/** Where the figures are read: the day sums when they are built in the site's zone, else the orders; with the stamp
 *  cached figures of days before today are kept under (closedDays.ts). */
export type SalesSource = { from: 'days' | 'orders'; stamp: string }
export async function salesSource(app: Infra, cal: SiteCalendar): Promise<SalesSource> {
  const build = await salesDaysBuild(app.db)
  return { from: build.zone === cal.zone ? 'days' : 'orders', stamp: build.stamp }
}
/** The day sums' rows from `from` to before `end` (the site's day starts), of the store or of every store. */
const rowsOf = (cal: SiteCalendar, storeId: number | null, from: Date, end?: Date) =>
  Prisma.sql`day >= ${cal.dayText(from)}${end ? Prisma.sql` AND day < ${cal.dayText(end)}` : Prisma.empty}${storeId === null ? Prisma.empty : Prisma.sql` AND store_id = ${storeId}`}`

/** Today's sales and the periods' before it (the site's days; weeks start on Monday), all-time sales, and the paid orders placed today and yesterday. */
export async function salesFigures(app: Infra, source: SalesSource, storeId: number | null, now = new Date()): Promise<{ sales: SalesFigures; paid_orders: { today: number; yesterday: number } }> {
  const cal = await siteCalendar(app)
  const today = cal.dayStart(now)
  const tomorrow = cal.dayStart(now, 1)
  const yesterday = cal.dayStart(now, -1)
  const monday = cal.weekStart(now)
  const lastMonday = cal.weekStart(now, -1)
  const monthStart = cal.monthStart(now)
  const lastMonthStart = cal.monthStart(now, -1)
  const earliest = lastMonday < lastMonthStart ? lastMonday : lastMonthStart
  type Row = Record<'today' | 'yesterday' | 'this_week' | 'last_week' | 'this_month' | 'last_month', string | null> & { orders_today: unknown; orders_yesterday: unknown }
  const periods = [
    ['today', today, tomorrow], ['yesterday', yesterday, today], ['this_week', monday, tomorrow], ['last_week', lastMonday, monday],
    ['this_month', monthStart, tomorrow], ['last_month', lastMonthStart, monthStart],
  ] as const
  const counted = [['orders_today', today, tomorrow], ['orders_yesterday', yesterday, today]] as const
  let recentSql: Prisma.Sql
  if (source.from === 'days') {
    // A period is its days' rows: each part sums its own, the outer query adds the two.
    const partOf = (from: Date, end: Date, column: string) => Prisma.sql`SUM(IF(day >= ${cal.dayText(from)} AND day < ${cal.dayText(end)}, ${Prisma.raw(column)}, 0))`
    const select = Prisma.join([
      ...periods.map(([name, from, end]) => Prisma.sql`${partOf(from, end, 'sales')} AS ${Prisma.raw(name)}`),
      ...counted.map(([name, from, end]) => Prisma.sql`${partOf(from, end, 'orders')} AS ${Prisma.raw(name)}`),
    ])
    const outer = Prisma.join([...periods.map(([name]) => Prisma.raw(`CAST(SUM(d.${name}) AS CHAR) AS ${name}`)), ...counted.map(([name]) => Prisma.raw(`SUM(d.${name}) AS ${name}`))])
    recentSql = Prisma.sql`SELECT ${outer} FROM ${storeDaysParts(select, rowsOf(cal, storeId, earliest), 'd')}`
  } else {
    // A period is the orders placed within it.
    const within = (from: Date, end: Date) => Prisma.sql`o.created_at >= ${from} AND o.created_at < ${end}`
    const select = Prisma.join([
      ...periods.map(([name, from, end]) => Prisma.sql`CAST(SUM(IF(${within(from, end)}, ${NET}, 0)) AS CHAR) AS ${Prisma.raw(name)}`),
      ...counted.map(([name, from, end]) => Prisma.sql`SUM(IF(${within(from, end)}, 1, 0)) AS ${Prisma.raw(name)}`),
    ])
    recentSql = Prisma.sql`SELECT ${select} FROM orders o WHERE ${PAID} AND o.created_at >= ${earliest} ${storeWhere(storeId)}`
  }
  const [[recent], [all]] = await Promise.all([
    app.db.$queryRaw<Row[]>(recentSql),
    // Settled orders from their stores' sums (modules/settlement/settledSales.ts), the others off the orders' index.
    app.db.$queryRaw<{ total: string | null }[]>`SELECT CAST(${settledSalesSql(storeId)} + (SELECT COALESCE(SUM(${NET}), 0) FROM orders o
      WHERE ${PAID} AND o.is_settlement = ${SETTLEMENT_STATUS.UNSETTLED} ${storeWhere(storeId)}) AS CHAR) AS total`,
  ])
  return {
    sales: {
      today: money(recent.today),
      yesterday: money(recent.yesterday),
      this_week: money(recent.this_week),
      last_week: money(recent.last_week),
      this_month: money(recent.this_month),
      last_month: money(recent.last_month),
      all_time: money(all.total),
    },
    paid_orders: { today: Number(recent.orders_today ?? 0), yesterday: Number(recent.orders_yesterday ?? 0) },
  }
}

/** Paid orders placed and their sales in each bucket of the period, every bucket present (zero when nothing was paid). */
export async function salesSeries(app: Infra, source: SalesSource, cal: SiteCalendar, storeId: number | null, period: Period, unit: ReportUnit): Promise<SalesPoint[]> {
  const rows =
    source.from === 'days'
      ? await app.db.$queryRaw<{ bucket: string; orders: unknown; sales: string | null }[]>`
          SELECT d.bucket, SUM(d.orders) AS orders, CAST(SUM(d.sales) AS CHAR) AS sales
          FROM ${storeDaysParts(Prisma.sql`DATE_FORMAT(day, ${unit === 'day' ? '%Y-%m-%d' : '%Y-%m'}) AS bucket, SUM(orders) AS orders, SUM(sales) AS sales`,
            rowsOf(cal, storeId, period.from, period.end), 'd', Prisma.sql`GROUP BY bucket`)} GROUP BY d.bucket`
      : await app.db.$queryRaw<{ bucket: string; orders: unknown; sales: string | null }[]>`
          SELECT ${bucketSql(cal, 'o.created_at', unit, period)} AS bucket, COUNT(*) AS orders, CAST(SUM(${NET}) AS CHAR) AS sales
          FROM orders o WHERE ${paidIn(period)} ${storeWhere(storeId)} GROUP BY bucket`
  const byKey = new Map(rows.map((r) => [r.bucket, r]))
  return bucketKeys(cal, period, unit).map((key) => {
    const row = byKey.get(key)
    return { key, orders: Number(row?.orders ?? 0), sales: money(row?.sales ?? null) }
  })
}

/** Paid orders placed in the period, their sales and refunds, and how many shoppers bought (always off the orders). */
export async function salesTotals(app: Infra, source: SalesSource, cal: SiteCalendar, storeId: number | null, period: Period) {
  type Sums = { orders: unknown; sales: string | null; refunds: string | null }
  const [[sums], buyers] = await Promise.all([
    source.from === 'days'
      ? app.db.$queryRaw<Sums[]>`SELECT SUM(d.orders) AS orders, CAST(SUM(d.sales) AS CHAR) AS sales, CAST(SUM(d.refunds) AS CHAR) AS refunds
          FROM ${storeDaysParts(Prisma.sql`SUM(orders) AS orders, SUM(sales) AS sales, SUM(refunds) AS refunds`, rowsOf(cal, storeId, period.from, period.end), 'd')}`
      : app.db.$queryRaw<Sums[]>`SELECT COUNT(*) AS orders, CAST(SUM(${NET}) AS CHAR) AS sales, CAST(SUM(o.refund_money) AS CHAR) AS refunds
          FROM orders o WHERE ${paidIn(period)} ${storeWhere(storeId)}`,
    // The platform's buyers of earlier days are kept (closedDays.ts); a store's are few.
    storeId === null && source.from === 'days'
      ? platformBuyers(app, cal, source.stamp, period)
      : app.db.$queryRaw<{ buyers: unknown }[]>`SELECT COUNT(DISTINCT o.user_id) AS buyers FROM orders o WHERE ${paidIn(period)} ${storeWhere(storeId)}`
          .then(([row]) => Number(row.buyers)),
  ])
  return { orders: Number(sums.orders ?? 0), sales: money(sums.sales), refunds: money(sums.refunds), buyers }
}

/**
 * The goods that sold most in the period, by their lines' money less refunds, with the name and picture of their
 * latest line (the goods itself may since have been renamed or deleted).
 */
export async function topGoods(app: Infra, source: SalesSource, cal: SiteCalendar, storeId: number | null, period: Period, limit: number): Promise<GoodsRank[]> {
  // The platform's sums of earlier days are kept (closedDays.ts); a store's are few.
  if (storeId === null && source.from === 'days') return platformTopGoods(app, cal, source.stamp, period, limit)
  const ranked =
    source.from === 'days'
      ? Prisma.sql`SELECT ${GOODS_TOTAL} FROM ${goodsDaysParts(GOODS_PART, rowsOf(cal, storeId, period.from, period.end), 'g', BY_GOODS)}
          GROUP BY g.goods_id ORDER BY sales DESC, g.goods_id LIMIT ${limit}`
      : Prisma.sql`SELECT og.goods_id, MAX(og.id) AS last_line, SUM(og.buy_num - og.refunded_num) AS sold, SUM(og.total_price - og.refunded_money) AS sales
          FROM orders o JOIN order_goods og ON og.order_id = o.id
          WHERE ${paidIn(period)} ${storeWhere(storeId)}
          GROUP BY og.goods_id ORDER BY sales DESC, og.goods_id LIMIT ${limit}`
  const rows = await app.db.$queryRaw<{ goods_id: number; goods_name: string; goods_image: string; sold: unknown; sales: string | null }[]>`
    SELECT ranked.goods_id, line.goods_name, line.goods_image, ranked.sold, CAST(ranked.sales AS CHAR) AS sales
    FROM (${ranked}) ranked JOIN order_goods line ON line.id = ranked.last_line
    ORDER BY ranked.sales DESC, ranked.goods_id`
  return rows.map((r) => ({ goods_id: Number(r.goods_id), goods_name: r.goods_name, goods_image: r.goods_image, sold: Number(r.sold), sales: money(r.sales) }))
}

/** The stores that sold most in the period: their paid orders and sales. */
export async function topStores(app: Infra, source: SalesSource, cal: SiteCalendar, period: Period, limit: number) {
  const ranked =
    source.from === 'days'
      ? Prisma.sql`SELECT d.store_id, SUM(d.orders) AS orders, SUM(d.sales) AS sales
          FROM ${storeDaysParts(Prisma.sql`store_id, SUM(orders) AS orders, SUM(sales) AS sales`, rowsOf(cal, null, period.from, period.end), 'd', Prisma.sql`GROUP BY store_id`)}
          GROUP BY d.store_id ORDER BY sales DESC, d.store_id LIMIT ${limit}`
      : Prisma.sql`SELECT o.store_id, COUNT(*) AS orders, SUM(${NET}) AS sales FROM orders o
          WHERE ${paidIn(period)} GROUP BY o.store_id ORDER BY sales DESC, o.store_id LIMIT ${limit}`
  const rows = await app.db.$queryRaw<{ store_id: number; store_name: string; store_logo: string; orders: unknown; sales: string | null }[]>`
    SELECT s.id AS store_id, s.store_name, s.store_logo, ranked.orders, CAST(ranked.sales AS CHAR) AS sales
    FROM (${ranked}) ranked JOIN stores s ON s.id = ranked.store_id
    ORDER BY ranked.sales DESC, ranked.store_id`
  return rows.map((s) => ({ ...s, store_id: Number(s.store_id), orders: Number(s.orders), sales: money(s.sales) }))
}
