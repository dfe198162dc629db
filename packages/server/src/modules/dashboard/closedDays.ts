// The platform's best sellers and buyers of a period read every store's rows of it — tens of thousands of goods days
// and paid orders in a big shop's month — where a store's read a few hundred. Their part of the days before today is
// kept in Redis under the day sums' stamp (salesDays.ts: the build, and the count of units that changed a day before
// today since), and today's part is read each time and merged, so the figures are exact and current:
// - best sellers: per period, each goods' sums over its days before today, and the first CLOSED_TOP of them by sales.
//   The period's best sellers are among those and the goods sold today: any other goods has only its earlier sales,
//   which none of those first CLOSED_TOP falls below (ranked by sales, then goods id).
// - buyers: the shoppers who paid for an order placed on the period's days before today; the period's buyers are
//   those and today's buyers who are not among them.
// A change of an earlier day moves the stamp on (in its own unit), so a copy filled before it is never read again; a
// fill racing it is stored under the old stamp. Copies expire after TTL_SECONDS.
import { decimalToCents, fromCents } from '@qshop/shared'
import type { GoodsRank } from '@qshop/shared/schemas/dashboard'
import type { Infra } from '../../core/infra.ts'
import { Prisma } from '../../generated/prisma/client.ts'
import type { Period } from '../../core/reportPeriod.ts'
import type { SiteCalendar } from '../../core/siteCalendar.ts'
import { PAID } from './paid.ts'
import { BY_GOODS, GOODS_PART, goodsDaysParts } from './salesDays.ts'

const TTL_SECONDS = 600
/** Best sellers kept per period: the most any dashboard shows. */
export const CLOSED_TOP = 20

type GoodsSums = { goods_id: number; sold: number; sales: number; last_line: number }

/** The period's days before today, and its days from today on; either may be null. */
function split(cal: SiteCalendar, period: Period, now: Date): { closed: Period | null; live: Period | null } {
  const today = cal.dayStart(now)
  return {
    closed: period.from < today ? { from: period.from, end: period.end < today ? period.end : today } : null,
    live: period.end > today ? { from: period.from > today ? period.from : today, end: period.end } : null,
  }
}

const copyKey = (app: Infra, kind: string, stamp: string, cal: SiteCalendar, p: Period) => app.key('dashboard', kind, stamp, cal.zone, p.from.getTime(), p.end.getTime())
const daysOf = (cal: SiteCalendar, p: Period) => Prisma.sql`day >= ${cal.dayText(p.from)} AND day < ${cal.dayText(p.end)}`
const byRank = (a: GoodsSums, b: GoodsSums) => b.sales - a.sales || a.goods_id - b.goods_id

async function goodsSums(app: Infra, cal: SiteCalendar, p: Period): Promise<GoodsSums[]> {
  const rows = await app.db.$queryRaw<{ goods_id: number; sold: unknown; sales: string; last_line: unknown }[]>`SELECT g.goods_id, SUM(g.sold) AS sold,
      CAST(SUM(g.sales) AS CHAR) AS sales, MAX(g.last_line) AS last_line FROM ${goodsDaysParts(GOODS_PART, daysOf(cal, p), 'g', BY_GOODS)} GROUP BY g.goods_id`
  return rows.map((r) => ({ goods_id: Number(r.goods_id), sold: Number(r.sold), sales: decimalToCents(r.sales), last_line: Number(r.last_line) }))
}

const encode = (g: GoodsSums) => `${g.sold},${g.sales},${g.last_line}`
const decode = (goods_id: number, text: string): GoodsSums => {
  const [sold, sales, last_line] = text.split(',').map(Number)
  return { goods_id, sold, sales, last_line }
}

/** The platform's best sellers of the period (the day sums are built: `stamp` is theirs). */
export async function platformTopGoods(app: Infra, cal: SiteCalendar, stamp: string, period: Period, limit: number, now = new Date()): Promise<GoodsRank[]> {
  if (limit > CLOSED_TOP) throw new Error(`at most ${CLOSED_TOP} best sellers are kept`)
  const { closed, live } = split(cal, period, now)
  const today = live ? await goodsSums(app, cal, live) : []
  const totals = new Map<number, GoodsSums>()
  if (closed) {
    const key = copyKey(app, 'top_goods', stamp, cal, closed)
    const [top, ...earlier] = await app.redis.hmget(key, 'top', ...today.map((g) => `g${g.goods_id}`))
    let first: GoodsSums[]
    if (top === null) {
      const all = await goodsSums(app, cal, closed)
      first = [...all].sort(byRank).slice(0, CLOSED_TOP)
      const byId = new Map(all.map((g) => [g.goods_id, g]))
      today.forEach((g, i) => (earlier[i] = byId.has(g.goods_id) ? encode(byId.get(g.goods_id)!) : null))
      const fields = Object.fromEntries([['top', JSON.stringify(first)], ...all.map((g) => [`g${g.goods_id}`, encode(g)])])
      await app.redis.multi().hset(key, fields).expire(key, TTL_SECONDS).exec()
    } else first = JSON.parse(top) as GoodsSums[]
    for (const g of first) totals.set(g.goods_id, { ...g })
    today.forEach((g, i) => {
      const text = earlier[i]
      if (text != null) totals.set(g.goods_id, decode(g.goods_id, text))
    })
  }
  for (const g of today) {
    const before = totals.get(g.goods_id)
    totals.set(g.goods_id, before
      ? { goods_id: g.goods_id, sold: before.sold + g.sold, sales: before.sales + g.sales, last_line: Math.max(before.last_line, g.last_line) }
      : g)
  }
  const ranked = [...totals.values()].sort(byRank).slice(0, limit)
  if (!ranked.length) return []
  const lines = await app.db.$queryRaw<{ id: number; goods_name: string; goods_image: string }[]>`SELECT id, goods_name, goods_image FROM order_goods
    WHERE id IN (${Prisma.join(ranked.map((g) => g.last_line))})`
  const lineOf = new Map(lines.map((l) => [Number(l.id), l]))
  return ranked.map((g) => ({ goods_id: g.goods_id, goods_name: lineOf.get(g.last_line)?.goods_name ?? '', goods_image: lineOf.get(g.last_line)?.goods_image ?? '', sold: g.sold, sales: fromCents(g.sales) }))
}

/** Marks a filled set of buyers (a set cannot be empty in Redis). */
const FILLED = '-'

async function buyersIn(app: Infra, p: Period): Promise<number[]> {
  const rows = await app.db.$queryRaw<{ user_id: number }[]>`SELECT DISTINCT o.user_id FROM orders o
    WHERE ${PAID} AND o.created_at >= ${p.from} AND o.created_at < ${p.end}`
  return rows.map((r) => Number(r.user_id))
}

/** How many shoppers paid for an order placed in the period, on the whole platform (the day sums are built). */
export async function platformBuyers(app: Infra, cal: SiteCalendar, stamp: string, period: Period, now = new Date()): Promise<number> {
  const { closed, live } = split(cal, period, now)
  const today = live ? await buyersIn(app, live) : []
  if (!closed) return today.length
  const key = copyKey(app, 'buyers', stamp, cal, closed)
  const answers = await app.redis.multi().scard(key).smismember(key, FILLED, ...today.map(String)).exec()
  const size = Number(answers![0][1])
  const known = answers![1][1] as number[]
  if (!known[0]) {
    const earlier = await buyersIn(app, closed)
    await app.redis.multi().sadd(key, FILLED, ...earlier.map(String)).expire(key, TTL_SECONDS).exec()
    const seen = new Set(earlier)
    return earlier.length + today.filter((id) => !seen.has(id)).length
  }
  return size - 1 + known.slice(1).filter((member) => !member).length
}
