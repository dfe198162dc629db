// The site's calendar: the one place that knows the site's time zone (the web config's time_zone, default
// Asia/Shanghai) and turns instants into its days, weeks (from Monday), months and wall-clock texts, and its days back
// into instants. The database keeps UTC (core/db/pools.ts) and is never asked to convert zones (that needs its zone
// tables): bounds are computed here and passed to SQL as UTC instants, so range conditions stay on the stored columns.
//
// Every "today", daily quota, dated number and answered time goes through a SiteCalendar: `siteCalendar(app)` where
// the code is async and has the infra, `currentCalendar()` where it is not (the answer serializer, core/wire.ts).
// The zone is read from the config (cached in Redis, core/configs.ts) at most every ZONE_REFRESH_MS per process;
// each api request (plugins/infra.ts) and each job (jobs/registry.ts) refreshes it first when it is older, and
// the admin's own save (modules/content/service.ts) takes effect at once on the instance that saved it.
import { DEFAULT_TIME_ZONE, isTimeZone, setWallZoneSource, zoneOffset } from '@qshop/shared'
import type { Infra } from './infra.ts'
import { readConfig } from './configs.ts'

/** How long a process trusts the zone it read. */
export const ZONE_REFRESH_MS = 5_000
/** Offsets change only at a zone's transitions, which fall on whole quarter hours. */
const OFFSET_SLOT_MS = 900_000
const OFFSET_CACHE_MAX = 50_000

const pad = (n: number) => String(n).padStart(2, '0')

/** A civil date (no zone): year, month 1–12, day 1–31. */
export type CivilDay = { y: number; m: number; d: number }

export class SiteCalendar {
  private readonly offsets = new Map<number, number>()

  constructor(readonly zone: string) {}

  /** The zone's offset from UTC at `ms` (ms to add to UTC to read the wall clock), kept per quarter hour. */
  offsetAt(ms: number): number {
    if (!Number.isFinite(ms)) return 0
    const slot = Math.floor(ms / OFFSET_SLOT_MS)
    let offset = this.offsets.get(slot)
    if (offset === undefined) {
      offset = zoneOffset(slot * OFFSET_SLOT_MS, this.zone)
      if (this.offsets.size >= OFFSET_CACHE_MAX) this.offsets.clear()
      this.offsets.set(slot, offset)
    }
    return offset
  }

  /** `instant` as the site's wall clock, read through the UTC getters of the returned Date. */
  private wall(instant: Date | number): Date {
    const ms = typeof instant === 'number' ? instant : instant.getTime()
    return new Date(ms + this.offsetAt(ms))
  }

  /** The instant the site's wall clock shows y-m-d h:mi:s (month 1–12; days and months past their end roll over). */
  instantOf(y: number, m: number, d: number, h = 0, mi = 0, s = 0): Date {
    const wall = Date.UTC(y, m - 1, d, h, mi, s)
    return new Date(wall - this.offsetAt(wall - this.offsetAt(wall)))
  }

  /** The site's civil day of `instant`. */
  civilDay(instant: Date | number): CivilDay {
    const w = this.wall(instant)
    return { y: w.getUTCFullYear(), m: w.getUTCMonth() + 1, d: w.getUTCDate() }
  }

  /** 'YYYY-MM-DD HH:mm:ss' on the site's clock: every time the API answers. */
  dateTime(instant: Date | number): string {
    const w = this.wall(instant)
    return `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())} ${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}:${pad(w.getUTCSeconds())}`
  }

  /** 'YYYY-MM-DD': the site's day of `instant`. */
  dayText(instant: Date | number): string {
    return this.dateTime(instant).slice(0, 10)
  }

  /** 'YYYYMMDD': the key of a daily quota, and the day folder of an upload. */
  dayKey(instant: Date | number): string {
    return this.dayText(instant).replace(/-/g, '')
  }

  /** 'YYYY-MM': the site's month of `instant`. */
  monthText(instant: Date | number): string {
    return this.dateTime(instant).slice(0, 7)
  }

  /** 'YYYYMMDDHHmmss' on the site's clock (the stamp in business numbers). */
  stamp(instant: Date | number): string {
    return this.dateTime(instant).replace(/\D/g, '')
  }

  /** The start of the site's day of `instant`, `days` days later (earlier when negative). */
  dayStart(instant: Date | number, days = 0): Date {
    const { y, m, d } = this.civilDay(instant)
    return this.instantOf(y, m, d + days)
  }

  /** The start of the site's week (from Monday) of `instant`, `weeks` weeks later. */
  weekStart(instant: Date | number, weeks = 0): Date {
    const { y, m, d } = this.civilDay(instant)
    const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay()
    return this.instantOf(y, m, d - ((weekday + 6) % 7) + 7 * weeks)
  }

  /** The start of the site's month of `instant`, `months` months later. */
  monthStart(instant: Date | number, months = 0): Date {
    const { y, m } = this.civilDay(instant)
    return this.instantOf(y, m + months, 1)
  }

  /** The start of the day a 'YYYY-MM-DD' text names; null when it names none. */
  parseDay(text: string): Date | null {
    return text.length === 10 ? this.parseDateTime(text) : null
  }

  /** The instant 'YYYY-MM-DD' (its start) or 'YYYY-MM-DD HH:mm:ss' names on the site's clock; null when it names
   *  no real day or time. */
  parseDateTime(text: string): Date | null {
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/.exec(text)
    if (!m) return null
    const [y, mo, d, h, mi, s] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v)))
    const real = new Date(Date.UTC(y, mo - 1, d))
    if (y < 1000 || real.getUTCMonth() !== mo - 1 || real.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null
    return this.instantOf(y, mo, d, h, mi, s)
  }

  /** Milliseconds from `now` to the end of its site day (when a daily quota frees up). */
  msToNextDay(now: Date | number = Date.now()): number {
    const ms = typeof now === 'number' ? now : now.getTime()
    return this.dayStart(ms, 1).getTime() - ms
  }

  /** Whether the site's clock is UTC's (answers can then take stored UTC text as it is). */
  get isUtc(): boolean {
    return this.zone === 'UTC' || this.zone === 'Etc/UTC'
  }
}

const calendars = new Map<string, SiteCalendar>()

/** The calendar of `zone` (kept: each holds its formatter and offsets). */
export function calendarOf(zone: string): SiteCalendar {
  let cal = calendars.get(zone)
  if (!cal) {
    cal = new SiteCalendar(zone)
    calendars.set(zone, cal)
  }
  return cal
}

let current = { calendar: calendarOf(DEFAULT_TIME_ZONE), readAt: 0 }

// Posted times without an offset ('YYYY-MM-DD HH:mm:ss', shared zx.datetime) are read on the site's clock.
setWallZoneSource(() => current.calendar.zone)

/** The site's calendar as this process last read it (the default zone before the first read). */
export function currentCalendar(): SiteCalendar {
  return current.calendar
}

/** Takes `zone` as the site's zone now (after the admin saved it, or a fresh read). */
export function useSiteZone(zone: string, readAt = Date.now()): SiteCalendar {
  current = { calendar: calendarOf(isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE), readAt }
  return current.calendar
}

/** How long a caller waits for a re-read of the zone before going on with the zone last read. */
const ZONE_READ_WAIT_MS = 500
/** The re-read in flight per app: callers meanwhile join it instead of reading again. */
const readsInFlight = new WeakMap<object, Promise<SiteCalendar>>()

async function readZone(app: Pick<Infra, 'db' | 'redis' | 'key' | 'log'>, now: number): Promise<SiteCalendar> {
  try {
    const zone = await readConfig<string>(app as Infra, 'time_zone')
    return useSiteZone(zone ?? DEFAULT_TIME_ZONE, now)
  } catch (err) {
    // Unreadable for now (Redis or the database away): the zone last read holds until the next try.
    app.log.warn({ err }, 'site time zone unreadable')
    current = { calendar: current.calendar, readAt: now }
    return current.calendar
  }
}

/**
 * The site's calendar, its zone read again from the config when this process's is older than ZONE_REFRESH_MS. A read
 * that takes longer than ZONE_READ_WAIT_MS (a database out of reach waits for its pool's timeout) is not waited for:
 * the caller goes on with the zone last read, and the read finishes for the callers after it.
 */
export async function siteCalendar(app: Pick<Infra, 'db' | 'redis' | 'key' | 'log'>): Promise<SiteCalendar> {
  const now = Date.now()
  if (now - current.readAt < ZONE_REFRESH_MS && now >= current.readAt) return current.calendar
  let read = readsInFlight.get(app)
  if (!read) {
    read = readZone(app, now).finally(() => readsInFlight.delete(app))
    readsInFlight.set(app, read)
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const lastRead = new Promise<SiteCalendar>((resolve) => {
    timer = setTimeout(() => resolve(current.calendar), ZONE_READ_WAIT_MS)
  })
  try {
    return await Promise.race([read, lastRead])
  } finally {
    clearTimeout(timer)
  }
}

/** Forgets the zone read, so the next siteCalendar reads it again (tests that write the config directly). */
export function forgetSiteZone(): void {
  current = { calendar: current.calendar, readAt: 0 }
}
