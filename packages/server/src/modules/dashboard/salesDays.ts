// The dashboards' sums per site day (sales_days, sales_goods_days): each store's paid orders, their sales and refunds,
// and each goods' units and sales, on the day the order was placed. The units that pay (modules/orders/pay.ts,
// modules/orders/settle.ts) and refund (modules/aftersales/payback.ts) insert what they add as rows of
// sales_day_deltas — inserts only, so a busy store's payments never queue on its day's row — and the `sales-days` timed
// task folds them into the sums every minute (foldSalesDays). The dashboards and the sales reports read the sums and
// the deltas not folded yet together (storeDaysTable, goodsDaysTable): a row per store (or goods) and day instead of
// every paid order of the period (sales.ts).
//
// The days are those of the zone sales_days_state names. Every unit that adds, and the fold, reads that row with a
// shared lock, before it changes an order, and counts its days in that zone; the rebuild takes the row's exclusive
// lock first and then reads the orders without locks (READ COMMITTED: each statement reads what was committed when it
// began), so such units either committed before it (the rebuild reads what they wrote) or wait for it (and then add
// in the zone it wrote); the rebuild never waits for a lock they hold, so they never deadlock. Payments and refunds
// wait while a rebuild runs (about 25 s on a million orders: docs/scaling.md).
// Until the sums are built for the site's zone — after the migration, or once the admin changed the zone — the state
// names another zone (or none), the units add nothing and the dashboards read the orders; the `sales-days` timed task
// builds them within a minute. `pnpm db:rebuild-sales` rebuilds them by hand.
import { decimalToCents, fromCents, type DecimalLike } from '@qshop/shared'
import { insertRows, Prisma } from '../../core/db/index.ts'
import { calendarOf, type SiteCalendar } from '../../core/siteCalendar.ts'
import { runUnit, type Tx, type UnitInfra } from '../../core/unitOfWork.ts'
import { PAID } from './paid.ts'

/** The zone the sums count days in, under a shared lock (see the file's head); '' when they are not built. */
export async function salesDaysZone(tx: Tx): Promise<string> {
  const [row] = await tx.$queryRaw<{ zone: string }[]>`SELECT zone FROM sales_days_state WHERE id = 1 LOCK IN SHARE MODE`
  return row?.zone ?? ''
}

/** The sums' build, read without a lock (the dashboards' choice of source): its zone ('' when not built), and a stamp
 *  of it and of the changes of days before today since (what cached figures of those days are kept under). */
export async function salesDaysBuild(db: { $queryRaw: Tx['$queryRaw'] }): Promise<{ zone: string; stamp: string }> {
  const [row] = await db.$queryRaw<{ zone: string; built: string | null; changes: bigint | null }[]>`SELECT s.zone, CAST(UNIX_TIMESTAMP(s.built_at) AS CHAR) AS built,
      (SELECT c.changes FROM sales_days_closed c WHERE c.id = 1) AS changes
    FROM sales_days_state s WHERE s.id = 1`
  return row ? { zone: row.zone, stamp: `${row.built ?? 0}.${row.changes ?? 0}` } : { zone: '', stamp: '' }
}

export type PaidOrder = { id: number; store_id: number; created_at: Date; total_price: DecimalLike }
export type PaidLine = { id: number; order_id: number; goods_id: number; store_id: number; buy_num: number; total_price: DecimalLike }
export type RefundedLine = { goods_id: number; store_id: number; num: number; money: DecimalLike }

type StoreDay = { day: string; store_id: number; orders: number; sales: number; refunds: number }
type GoodsDay = { day: string; goods_id: number; store_id: number; sold: number; sales: number; last_line: number }

/** A unit that changes a day this close to its end counts it as a day before today: a reader whose clock has passed
 *  midnight, or a unit still in flight from before it (a unit lasts at most 10 s, core/unitOfWork.ts), must not keep a
 *  cached figure of it (closedDays.ts). Every payment of the day's last minute therefore locks sales_days_closed's
 *  row: short, where a longer window would serialize more of the evening's payments. */
const CLOSING_MARGIN_MS = 60_000

const deltaOf = (r: StoreDay | GoodsDay) => ({
  day: r.day, store_id: r.store_id, goods_id: 'goods_id' in r ? r.goods_id : 0, orders: 'orders' in r ? r.orders : 0, sold: 'sold' in r ? r.sold : 0,
  sales: fromCents(r.sales), refunds: fromCents('refunds' in r ? r.refunds : 0), last_line: 'last_line' in r ? r.last_line : 0,
})

/** What a unit adds, inserted as deltas; a change of a day before today is counted in sales_days_closed, in the same
 *  unit (a row only such rare units lock). */
async function addRows(tx: Tx, cal: SiteCalendar, storeDays: StoreDay[], goodsDays: GoodsDay[]): Promise<void> {
  const today = cal.dayText(Date.now() + CLOSING_MARGIN_MS)
  const closed = storeDays.some((r) => r.day < today) || goodsDays.some((r) => r.day < today)
  await Promise.all([
    tx.$executeRaw`INSERT INTO sales_day_deltas ${insertRows([...storeDays, ...goodsDays].map(deltaOf))}`,
    closed ? tx.$executeRaw`INSERT INTO sales_days_closed (id, changes) VALUES (1, 1) ON DUPLICATE KEY UPDATE changes = changes + 1` : null,
  ])
}

/** `select` (aggregates of unqualified columns, grouped by `groupBy`) over the sums' store rows and over the deltas not
 *  folded yet that meet `where`, as table `alias` of both parts' results, for the caller to add up: each part is
 *  aggregated where its rows lie, not copied into a derived table first. */
export const storeDaysParts = (select: Prisma.Sql, where: Prisma.Sql, alias: string, groupBy: Prisma.Sql = Prisma.empty) => Prisma.sql`(SELECT ${select} FROM sales_days WHERE ${where} ${groupBy}
  UNION ALL SELECT ${select} FROM sales_day_deltas WHERE goods_id = 0 AND ${where} ${groupBy}) ${Prisma.raw(alias)}`

/** storeDaysParts over the goods rows. */
export const goodsDaysParts = (select: Prisma.Sql, where: Prisma.Sql, alias: string, groupBy: Prisma.Sql = Prisma.empty) => Prisma.sql`(SELECT ${select} FROM sales_goods_days WHERE ${where} ${groupBy}
  UNION ALL SELECT ${select} FROM sales_day_deltas WHERE goods_id > 0 AND ${where} ${groupBy}) ${Prisma.raw(alias)}`

/** Each goods' sums over rows: the parts' select for goodsDaysParts, and the outer one that adds them. */
export const GOODS_PART = Prisma.sql`goods_id, MAX(last_line) AS last_line, SUM(sold) AS sold, SUM(sales) AS sales`
export const GOODS_TOTAL = Prisma.sql`g.goods_id, MAX(g.last_line) AS last_line, SUM(g.sold) AS sold, SUM(g.sales) AS sales`
export const BY_GOODS = Prisma.sql`GROUP BY goods_id`

/** Deltas folded per unit. */
const FOLD_BATCH = 5_000

type DeltaRow = { id: bigint; day: string; store_id: number; goods_id: number; orders: number; sold: number; sales: string; refunds: string; last_line: number }

/**
 * Folds the deltas into the sums, FOLD_BATCH per unit, oldest first: each unit locks the deltas it reads (READ
 * COMMITTED: no gaps locked, so units that add go on inserting; a delta still uncommitted is waited for), adds them to
 * the sums in their keys' order and deletes them. Answers how many it folded.
 */
export async function foldSalesDays(infra: UnitInfra): Promise<number> {
  let folded = 0
  for (;;) {
    const n = await runUnit(infra, { label: 'fold sales_day_deltas', isolation: 'ReadCommitted' }, async (tx) => {
      if (!(await salesDaysZone(tx))) return 0
      const rows = await tx.$queryRaw<DeltaRow[]>`SELECT id, DATE_FORMAT(day, '%Y-%m-%d') AS day, store_id, goods_id, orders, sold,
          CAST(sales AS CHAR) AS sales, CAST(refunds AS CHAR) AS refunds, last_line
        FROM sales_day_deltas ORDER BY id LIMIT ${FOLD_BATCH} FOR UPDATE`
      if (!rows.length) return 0
      const stores = new Map<string, StoreDay>()
      const goods = new Map<string, GoodsDay>()
      for (const r of rows) {
        if (r.goods_id === 0) {
          const key = `${r.day}|${r.store_id}`
          const row = stores.get(key) ?? { day: r.day, store_id: r.store_id, orders: 0, sales: 0, refunds: 0 }
          row.orders += r.orders
          row.sales += decimalToCents(r.sales)
          row.refunds += decimalToCents(r.refunds)
          stores.set(key, row)
        } else {
          const key = `${r.day}|${r.goods_id}`
          const row = goods.get(key) ?? { day: r.day, goods_id: r.goods_id, store_id: r.store_id, sold: 0, sales: 0, last_line: 0 }
          row.sold += r.sold
          row.sales += decimalToCents(r.sales)
          row.last_line = Math.max(row.last_line, r.last_line)
          goods.set(key, row)
        }
      }
      const storeRows = [...stores.values()].sort((a, b) => a.day.localeCompare(b.day) || a.store_id - b.store_id)
      const goodsRows = [...goods.values()].sort((a, b) => a.day.localeCompare(b.day) || a.goods_id - b.goods_id)
      const money = <T extends { sales: number; refunds?: number }>(r: T) => ({ ...r, sales: fromCents(r.sales), ...(r.refunds === undefined ? {} : { refunds: fromCents(r.refunds) }) })
      await Promise.all([
        storeRows.length
          ? tx.$executeRaw`INSERT INTO sales_days ${insertRows(storeRows.map(money))}
              ON DUPLICATE KEY UPDATE orders = orders + VALUES(orders), sales = sales + VALUES(sales), refunds = refunds + VALUES(refunds)`
          : null,
        goodsRows.length
          ? tx.$executeRaw`INSERT INTO sales_goods_days ${insertRows(goodsRows.map(money))}
              ON DUPLICATE KEY UPDATE sold = sold + VALUES(sold), sales = sales + VALUES(sales), last_line = GREATEST(last_line, VALUES(last_line))`
          : null,
        // The rows read, by id: one inserted meanwhile below the last id read (ids are taken before rows land) stays.
        tx.$executeRaw`DELETE FROM sales_day_deltas WHERE id IN (${Prisma.join(rows.map((r) => r.id))})`,
      ])
      return rows.length
    })
    folded += n
    if (n < FOLD_BATCH) return folded
  }
}

/** Orders just paid, with their lines (inside the paying unit; `zone` read by salesDaysZone in the same unit). */
export async function addPaidSales(tx: Tx, zone: string, orders: readonly PaidOrder[], lines: readonly PaidLine[]): Promise<void> {
  if (!zone || !orders.length) return
  const cal = calendarOf(zone)
  const dayOf = new Map(orders.map((o) => [o.id, cal.dayText(o.created_at)]))
  const storeDays = new Map<string, StoreDay>()
  for (const o of orders) {
    const day = dayOf.get(o.id)!
    const row = storeDays.get(`${day}|${o.store_id}`) ?? { day, store_id: o.store_id, orders: 0, sales: 0, refunds: 0 }
    row.orders++
    row.sales += decimalToCents(o.total_price)
    storeDays.set(`${day}|${o.store_id}`, row)
  }
  const goodsDays = new Map<string, GoodsDay>()
  for (const l of lines) {
    const day = dayOf.get(l.order_id)
    if (!day) continue
    const row = goodsDays.get(`${day}|${l.goods_id}`) ?? { day, goods_id: l.goods_id, store_id: l.store_id, sold: 0, sales: 0, last_line: 0 }
    row.sold += l.buy_num
    row.sales += decimalToCents(l.total_price)
    row.last_line = Math.max(row.last_line, l.id)
    goodsDays.set(`${day}|${l.goods_id}`, row)
  }
  await addRows(tx, cal, [...storeDays.values()], [...goodsDays.values()])
}

/** A refund's money and units taken off the day its order was placed (inside the refunding unit). */
export async function addRefundedSales(tx: Tx, zone: string, order: { store_id: number; created_at: Date }, money: DecimalLike, lines: readonly RefundedLine[]): Promise<void> {
  if (!zone) return
  const cal = calendarOf(zone)
  const day = cal.dayText(order.created_at)
  const cents = decimalToCents(money)
  const goodsDays = new Map<number, GoodsDay>()
  for (const l of lines) {
    const row = goodsDays.get(l.goods_id) ?? { day, goods_id: l.goods_id, store_id: l.store_id, sold: 0, sales: 0, last_line: 0 }
    row.sold -= l.num
    row.sales -= decimalToCents(l.money)
    goodsDays.set(l.goods_id, row)
  }
  await addRows(tx, cal, [{ day, store_id: order.store_id, orders: 0, sales: -cents, refunds: cents }], [...goodsDays.values()])
}

const DAY_MS = 86_400_000
/** Offsets change at whole quarter hours. */
const QUARTER_MS = 900_000

/** The zone's offset (minutes) from `from` on, and each later change within [from, to): [instant, minutes][]. */
export function offsetSegments(cal: SiteCalendar, from: Date, to: Date): [Date, number][] {
  const minutes = (ms: number) => Math.round(cal.offsetAt(ms) / 60_000)
  const segments: [Date, number][] = [[from, minutes(from.getTime())]]
  const start = Math.floor(from.getTime() / QUARTER_MS) * QUARTER_MS
  const end = Math.ceil(to.getTime() / QUARTER_MS) * QUARTER_MS
  for (let day = start; day < end; day += DAY_MS) {
    let lo = day
    let hi = Math.min(day + DAY_MS, end)
    if (minutes(lo) === minutes(hi)) continue
    // One change within the day (zones change at most twice a year): the first quarter hour on its far side.
    while (hi - lo > QUARTER_MS) {
      const mid = lo + Math.floor((hi - lo) / 2 / QUARTER_MS) * QUARTER_MS || lo + QUARTER_MS
      if (minutes(mid) === minutes(lo)) lo = mid
      else hi = mid
    }
    segments.push([new Date(hi), minutes(hi)])
  }
  return segments
}

/** SQL: the site day ('YYYY-MM-DD' as a DATE) of the stored UTC time in `column`, by the zone's offsets over the orders' span. */
function daySql(cal: SiteCalendar, column: string, from: Date, to: Date): Prisma.Sql {
  const segments = offsetSegments(cal, from, to)
  const shifted = (m: number) => Prisma.sql`DATE(${Prisma.raw(column)} + INTERVAL ${m} MINUTE)`
  if (segments.length === 1) return shifted(segments[0][1])
  const cases = segments.slice(1).map(([at], i) => Prisma.sql`WHEN ${Prisma.raw(column)} < ${at} THEN ${shifted(segments[i][1])}`)
  return Prisma.sql`CASE ${Prisma.join(cases, ' ')} ELSE ${shifted(segments.at(-1)![1])} END`
}

/**
 * Rebuilds both tables from the paid orders, counting days in `zone`, in one unit: the state row's exclusive lock
 * first, then INSERT … SELECT reading the orders as committed (see the file's head). Answers the rows written.
 */
export async function rebuildSalesDays(infra: UnitInfra, zone: string): Promise<{ days: number; goods_days: number; orders: number }> {
  const cal = calendarOf(zone)
  // A million orders take longer than a request's unit may.
  return runUnit(infra, { label: 'rebuild sales_days', timeoutMs: 600_000, isolation: 'ReadCommitted' }, async (tx) => {
    await tx.$executeRaw`INSERT INTO sales_days_state (id, zone) VALUES (1, '') ON DUPLICATE KEY UPDATE id = id`
    await tx.$queryRaw`SELECT zone FROM sales_days_state WHERE id = 1 FOR UPDATE`
    const [span] = await tx.$queryRaw<{ first: Date | null; last: Date | null }[]>`SELECT MIN(created_at) AS first, MAX(created_at) AS last FROM orders`
    const from = span.first ?? new Date()
    const to = new Date(Math.max((span.last ?? from).getTime(), Date.now()) + DAY_MS)
    const day = (column: string) => daySql(cal, column, from, to)
    await tx.$executeRaw`DELETE FROM sales_days`
    await tx.$executeRaw`DELETE FROM sales_goods_days`
    await tx.$executeRaw`DELETE FROM sales_day_deltas`
    await tx.$executeRaw`INSERT INTO sales_days (day, store_id, orders, sales, refunds)
      SELECT ${day('o.created_at')} AS d, o.store_id, COUNT(*), SUM(o.total_price - o.refund_money), SUM(o.refund_money)
      FROM orders o WHERE ${PAID} GROUP BY d, o.store_id`
    await tx.$executeRaw`INSERT INTO sales_goods_days (day, goods_id, store_id, sold, sales, last_line)
      SELECT ${day('o.created_at')} AS d, og.goods_id, MAX(og.store_id), SUM(og.buy_num - og.refunded_num), SUM(og.total_price - og.refunded_money), MAX(og.id)
      FROM orders o JOIN order_goods og ON og.order_id = o.id WHERE ${PAID} GROUP BY d, og.goods_id`
    await tx.$executeRaw`UPDATE sales_days_state SET zone = ${zone}, built_at = CURRENT_TIMESTAMP(3) WHERE id = 1`
    await tx.$executeRaw`INSERT INTO sales_days_closed (id, changes) VALUES (1, 1) ON DUPLICATE KEY UPDATE changes = changes + 1`
    const [counts] = await tx.$queryRaw<{ days: unknown; orders: unknown; goods_days: unknown }[]>`SELECT COUNT(*) AS days, COALESCE(SUM(orders), 0) AS orders,
      (SELECT COUNT(*) FROM sales_goods_days) AS goods_days FROM sales_days`
    return { days: Number(counts.days), goods_days: Number(counts.goods_days), orders: Number(counts.orders) }
  })
}
