// Reports over days in the server's time zone (the dashboards, the payments summary): the period asked for, cut to
// its longest; its buckets (days, or months for a long period); and the SQL that puts a stored time in its bucket.
import { Prisma } from '../generated/prisma/client.ts'

export type ReportUnit = 'day' | 'month'
/** From the start of its first day to the start of the day after its last (exclusive). */
export type Period = { from: Date; end: Date }

const pad = (n: number) => String(n).padStart(2, '0')
export const dayText = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
const monthText = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}`

/** Midnight of `date`'s day, `days` days later (earlier when negative). */
export const dayStart = (date: Date, days = 0) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days)
const parseDay = (text: string) => {
  const [y, m, d] = text.split('-').map(Number)
  return new Date(y, m - 1, d)
}

/**
 * The period from `query.from` to `query.to` (days, both included): up to today and `defaultDays` long when not
 * given, never past today (a browser a time zone ahead asks for the server's tomorrow), never ending before it
 * starts, and at most `maxDays` long (cut at its start).
 */
export function reportPeriod(query: { from?: string; to?: string }, limits: { defaultDays: number; maxDays: number }, now = new Date()): Period {
  const today = dayStart(now)
  const asked = query.to ? parseDay(query.to) : today
  const to = asked > today ? today : asked
  let from = query.from ? parseDay(query.from) : dayStart(to, -(limits.defaultDays - 1))
  if (from > to) from = to
  const earliest = dayStart(to, -(limits.maxDays - 1))
  if (from < earliest) from = earliest
  return { from, end: dayStart(to, 1) }
}

/** The period's first and last day as the answer names them. */
export const periodDays = (p: Period) => ({ from: dayText(p.from), to: dayText(dayStart(p.end, -1)) })

/** Every bucket of the period, oldest first: its days, or its months. */
export function bucketKeys(p: Period, unit: ReportUnit): string[] {
  const keys: string[] = []
  if (unit === 'day') for (let d = p.from; d < p.end; d = dayStart(d, 1)) keys.push(dayText(d))
  else for (let d = new Date(p.from.getFullYear(), p.from.getMonth(), 1); d < p.end; d = new Date(d.getFullYear(), d.getMonth() + 1, 1)) keys.push(monthText(d))
  return keys
}

/**
 * The bucket key (as bucketKeys names it) of the stored time in `column`: times are stored in UTC, buckets are the
 * server's days, so the time is shifted by the zone's offset at the start of the period.
 */
export function bucketSql(column: string, unit: ReportUnit, p: Period): Prisma.Sql {
  const offsetMinutes = -p.from.getTimezoneOffset()
  return Prisma.sql`DATE_FORMAT(${Prisma.raw(column)} + INTERVAL ${offsetMinutes} MINUTE, ${unit === 'day' ? '%Y-%m-%d' : '%Y-%m'})`
}
