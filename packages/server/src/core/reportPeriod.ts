// Reports over the site's days (the dashboards, the payments summary): the period asked for, cut to its longest; its
// buckets (days, or months for a long period); and the SQL that puts a stored time in its bucket. The days are the
// site calendar's (core/siteCalendar.ts); bounds are UTC instants, compared with the stored columns as they are.
import { Prisma } from '../generated/prisma/client.ts'
import type { SiteCalendar } from './siteCalendar.ts'

export type ReportUnit = 'day' | 'month'
/** From the start of its first day to the start of the day after its last (exclusive). */
export type Period = { from: Date; end: Date }

/**
 * The period from `query.from` to `query.to` (days, both included): up to today and `defaultDays` long when not
 * given, never past today (a browser a time zone ahead asks for the site's tomorrow), never ending before it
 * starts, and at most `maxDays` long (cut at its start).
 */
export function reportPeriod(
  cal: SiteCalendar,
  query: { from?: string; to?: string },
  limits: { defaultDays: number; maxDays: number },
  now = new Date(),
): Period {
  const today = cal.dayStart(now)
  const asked = (query.to && cal.parseDay(query.to)) || today
  const to = asked > today ? today : asked
  let from = (query.from && cal.parseDay(query.from)) || cal.dayStart(to, -(limits.defaultDays - 1))
  if (from > to) from = to
  const earliest = cal.dayStart(to, -(limits.maxDays - 1))
  if (from < earliest) from = earliest
  return { from, end: cal.dayStart(to, 1) }
}

/** The last `days` days up to and including today. */
export const lastDays = (cal: SiteCalendar, days: number, now = new Date()): Period => ({ from: cal.dayStart(now, -(days - 1)), end: cal.dayStart(now, 1) })

/** The period's first and last day as the answer names them. */
export const periodDays = (cal: SiteCalendar, p: Period) => ({ from: cal.dayText(p.from), to: cal.dayText(cal.dayStart(p.end, -1)) })

/** Every bucket of the period, oldest first: its days, or its months. */
export function bucketKeys(cal: SiteCalendar, p: Period, unit: ReportUnit): string[] {
  const keys: string[] = []
  if (unit === 'day') for (let d = p.from; d < p.end; d = cal.dayStart(d, 1)) keys.push(cal.dayText(d))
  else for (let d = cal.monthStart(p.from); d < p.end; d = cal.monthStart(d, 1)) keys.push(cal.monthText(d))
  return keys
}

/**
 * The bucket key (as bucketKeys names it) of the stored time in `column`: times are stored in UTC, buckets are the
 * site's days, so the time is shifted by the zone's offset at the start of the period (in SQL arithmetic, not the
 * database's zone functions, which need its zone tables). A zone that moves its clocks within the period puts the
 * hour next to midnight on the other side.
 */
export function bucketSql(cal: SiteCalendar, column: string, unit: ReportUnit, p: Period): Prisma.Sql {
  const offsetMinutes = Math.round(cal.offsetAt(p.from.getTime()) / 60_000)
  return Prisma.sql`DATE_FORMAT(${Prisma.raw(column)} + INTERVAL ${offsetMinutes} MINUTE, ${unit === 'day' ? '%Y-%m-%d' : '%Y-%m'})`
}
