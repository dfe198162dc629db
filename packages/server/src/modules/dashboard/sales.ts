// The sales figures every dashboard shows, for one store or (storeId null) the whole platform. Sales are orders that
// were paid, on the day they were placed, at total_price − refund_money (shared/schemas/dashboard.ts). The day an
// order was placed, not paid: the orders' indexes that lead with (store_id, order_status, created_at) and
// (order_status, created_at) serve every query here, and the checkout writes no index for the dashboards (one on
// pay_time cost it 5–8% of its throughput). Those two, and order_goods' order_id index, carry the columns summed here
// (prisma/schema.prisma): on a million orders the sums are read off the indexes, not row by row (bench/lists.ts).
import { ORDER_FLOW, ORDER_STATUS, SETTLEMENT_STATUS, decimalToCents, fromCents } from '@qshop/shared'
import type { GoodsRank, SalesFigures, SalesPoint } from '@qshop/shared/schemas/dashboard'
import type { Infra } from '../../core/infra.ts'
import { Prisma } from '../../generated/prisma/client.ts'
import { bucketKeys, bucketSql, type Period, type ReportUnit } from '../../core/reportPeriod.ts'
import { siteCalendar, type SiteCalendar } from '../../core/siteCalendar.ts'
import { settledSalesSql } from '../settlement/index.ts'

/** A SUM of DECIMAL(12,2) as the driver answers it (text, NULL over no rows) → a money string. */
export const money = (sum: string | null) => fromCents(decimalToCents(sum ?? '0'))
const NET = Prisma.sql`o.total_price - o.refund_money`

/** The statuses a paid order can be in: PAID and every status the order flow leads to from it. */
function statusesFrom(start: number): number[] {
  const seen = new Set([start])
  for (const status of seen) for (const next of ORDER_FLOW.next[status] ?? []) seen.add(next)
  return [...seen].sort((a, b) => a - b)
}
const PAID_STATUSES = statusesFrom(ORDER_STATUS.PAID)

/** Paid orders (the status list lets the (order_status, created_at) index answer; pay_time is the fact). */
const PAID = Prisma.sql`o.order_status IN (${Prisma.join(PAID_STATUSES)}) AND o.pay_time IS NOT NULL`

/** The store's orders, or every order. */
const storeWhere = (storeId: number | null) => (storeId === null ? Prisma.empty : Prisma.sql`AND o.store_id = ${storeId}`)
/** Paid orders placed in the period. */
export const paidIn = (p: Period) => Prisma.sql`${PAID} AND o.created_at >= ${p.from} AND o.created_at < ${p.end}`

/** Today's sales and the periods' before it (the site's days; weeks start on Monday), all-time sales, and the paid orders placed today and yesterday. */
export async function salesFigures(app: Infra, storeId: number | null, now = new Date()): Promise<{ sales: SalesFigures; paid_orders: { today: number; yesterday: number } }> {
  const cal = await siteCalendar(app)
  const today = cal.dayStart(now)
  const tomorrow = cal.dayStart(now, 1)
  const yesterday = cal.dayStart(now, -1)
  const monday = cal.weekStart(now)
  const lastMonday = cal.weekStart(now, -1)
  const monthStart = cal.monthStart(now)
  const lastMonthStart = cal.monthStart(now, -1)
  const earliest = lastMonday < lastMonthStart ? lastMonday : lastMonthStart
  const netIn = (from: Date, end: Date) => Prisma.sql`CAST(SUM(IF(o.created_at >= ${from} AND o.created_at < ${end}, ${NET}, 0)) AS CHAR)`
  const countIn = (from: Date, end: Date) => Prisma.sql`SUM(IF(o.created_at >= ${from} AND o.created_at < ${end}, 1, 0))`
  type Row = Record<'today' | 'yesterday' | 'this_week' | 'last_week' | 'this_month' | 'last_month', string | null> & { orders_today: unknown; orders_yesterday: unknown }
  const [[recent], [all]] = await Promise.all([
    app.db.$queryRaw<Row[]>`SELECT ${netIn(today, tomorrow)} AS today, ${netIn(yesterday, today)} AS yesterday,
        ${netIn(monday, tomorrow)} AS this_week, ${netIn(lastMonday, monday)} AS last_week,
        ${netIn(monthStart, tomorrow)} AS this_month, ${netIn(lastMonthStart, monthStart)} AS last_month,
        ${countIn(today, tomorrow)} AS orders_today, ${countIn(yesterday, today)} AS orders_yesterday
      FROM orders o WHERE ${PAID} AND o.created_at >= ${earliest} ${storeWhere(storeId)}`,
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
export async function salesSeries(app: Infra, cal: SiteCalendar, storeId: number | null, period: Period, unit: ReportUnit): Promise<SalesPoint[]> {
  const rows = await app.db.$queryRaw<{ bucket: string; orders: unknown; sales: string | null }[]>`
    SELECT ${bucketSql(cal, 'o.created_at', unit, period)} AS bucket, COUNT(*) AS orders, CAST(SUM(${NET}) AS CHAR) AS sales
    FROM orders o WHERE ${paidIn(period)} ${storeWhere(storeId)} GROUP BY bucket`
  const byKey = new Map(rows.map((r) => [r.bucket, r]))
  return bucketKeys(cal, period, unit).map((key) => {
    const row = byKey.get(key)
    return { key, orders: Number(row?.orders ?? 0), sales: money(row?.sales ?? null) }
  })
}

/** Paid orders placed in the period, their sales and refunds, and how many shoppers bought. */
export async function salesTotals(app: Infra, storeId: number | null, period: Period) {
  const [row] = await app.db.$queryRaw<{ orders: unknown; sales: string | null; refunds: string | null; buyers: unknown }[]>`
    SELECT COUNT(*) AS orders, CAST(SUM(${NET}) AS CHAR) AS sales, CAST(SUM(o.refund_money) AS CHAR) AS refunds, COUNT(DISTINCT o.user_id) AS buyers
    FROM orders o WHERE ${paidIn(period)} ${storeWhere(storeId)}`
  return { orders: Number(row.orders), sales: money(row.sales), refunds: money(row.refunds), buyers: Number(row.buyers) }
}

/**
 * The goods that sold most in the period, by their lines' money less refunds, with the name and picture of their
 * latest line (the goods itself may since have been renamed or deleted).
 */
export async function topGoods(app: Infra, storeId: number | null, period: Period, limit: number): Promise<GoodsRank[]> {
  const rows = await app.db.$queryRaw<{ goods_id: number; goods_name: string; goods_image: string; sold: unknown; sales: string | null }[]>`
    SELECT ranked.goods_id, line.goods_name, line.goods_image, ranked.sold, CAST(ranked.sales AS CHAR) AS sales
    FROM (
      SELECT og.goods_id, MAX(og.id) AS last_line, SUM(og.buy_num - og.refunded_num) AS sold, SUM(og.total_price - og.refunded_money) AS sales
      FROM orders o JOIN order_goods og ON og.order_id = o.id
      WHERE ${paidIn(period)} ${storeWhere(storeId)}
      GROUP BY og.goods_id ORDER BY sales DESC, og.goods_id LIMIT ${limit}
    ) ranked JOIN order_goods line ON line.id = ranked.last_line
    ORDER BY ranked.sales DESC, ranked.goods_id`
  return rows.map((r) => ({ goods_id: Number(r.goods_id), goods_name: r.goods_name, goods_image: r.goods_image, sold: Number(r.sold), sales: money(r.sales) }))
}
