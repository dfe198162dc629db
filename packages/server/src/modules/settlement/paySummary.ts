// The payments dashboard's chart: paid payments (order payments and top-ups) per method and per day over a period of
// at most MAX_DAYS days, by the day the payment was made out (created_at, in the server's zone).
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { PAY_STATUS, decimalToCents, fromCents } from '@qshop/shared'
import { Prisma } from '../../generated/prisma/client.ts'

export const MAX_DAYS = 92
const DEFAULT_DAYS = 30
const DAY = /^\d{4}-\d{2}-\d{2}$/

export const paySummaryQuery = z.strictObject({
  from: z.string().regex(DAY).optional(),
  to: z.string().regex(DAY).optional(),
})

const dayStart = (text: string) => {
  const [y, m, d] = text.split('-').map(Number)
  return new Date(y, m - 1, d)
}
const dayText = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`

/** The period asked for (both days included), the last DEFAULT_DAYS days by default, at most MAX_DAYS long. */
export function period(query: { from?: string; to?: string }, today = new Date()) {
  const to = query.to ? dayStart(query.to) : new Date(today.getFullYear(), today.getMonth(), today.getDate())
  let from = query.from ? dayStart(query.from) : new Date(to.getFullYear(), to.getMonth(), to.getDate() - (DEFAULT_DAYS - 1))
  if (from > to) from = to
  const earliest = new Date(to.getFullYear(), to.getMonth(), to.getDate() - (MAX_DAYS - 1))
  if (from < earliest) from = earliest
  return { from, end: new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1) }
}

type Group = { key: string; count: bigint | number; total: Prisma.Decimal | string }

export async function paymentSummary(app: FastifyInstance, query: z.infer<typeof paySummaryQuery>) {
  const { from, end } = period(query)
  // Days in the server's zone: shift the stored UTC time by the zone's offset at the start of the period.
  const offsetMinutes = -from.getTimezoneOffset()
  const where = Prisma.sql`pay_status = ${PAY_STATUS.PAID} AND created_at >= ${from} AND created_at < ${end}`
  const [byMethod, byDay] = await Promise.all([
    app.db.$queryRaw<Group[]>`SELECT payment_name AS \`key\`, COUNT(*) AS count, CAST(SUM(total) AS CHAR) AS total FROM order_pays WHERE ${where} GROUP BY payment_name ORDER BY payment_name`,
    app.db.$queryRaw<Group[]>`SELECT DATE_FORMAT(created_at + INTERVAL ${offsetMinutes} MINUTE, '%Y-%m-%d') AS \`key\`, COUNT(*) AS count, CAST(SUM(total) AS CHAR) AS total
      FROM order_pays WHERE ${where} GROUP BY \`key\` ORDER BY \`key\``,
  ])
  const present = (g: Group) => ({ count: Number(g.count), total: fromCents(decimalToCents(String(g.total))) })
  const days = new Map(byDay.map((g) => [g.key, present(g)]))
  const series: { day: string; count: number; total: string }[] = []
  for (let d = new Date(from); d < end; d = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1)) {
    const key = dayText(d)
    series.push({ day: key, ...(days.get(key) ?? { count: 0, total: '0.00' }) })
  }
  return {
    from: dayText(from),
    to: dayText(new Date(end.getFullYear(), end.getMonth(), end.getDate() - 1)),
    by_method: byMethod.map((g) => ({ payment_name: g.key, ...present(g) })),
    by_day: series,
  }
}
