// The site's time zone (the web config's time_zone): an IANA zone name, checked with the runtime's own zone data.

/** The zone a site runs in until the admin chooses another. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai'

const known = new Map<string, boolean>()

/** An IANA zone name the runtime knows ('Asia/Shanghai', 'UTC'); not an offset ('+08:00') nor an abbreviation ('CST'). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length > 64 || !/^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+)$/.test(zone)) return false
  let ok = known.get(zone)
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone })
      ok = true
    } catch {
      ok = false
    }
    known.set(zone, ok)
  }
  return ok
}

const partFormats = new Map<string, Intl.DateTimeFormat>()

/** The offset of `zone` from UTC at the instant `ms` (ms to add to UTC to read the zone's wall clock). */
export function zoneOffset(ms: number, zone: string): number {
  let format = partFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
    partFormats.set(zone, format)
  }
  const p: Record<string, number> = {}
  for (const part of format.formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value)
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000
}

/** The instant the wall clock of `zone` reads y-m-d h:mi:s (month 1–12; days past a month's end roll over). */
export function zonedInstant(zone: string, y: number, m: number, d: number, h = 0, mi = 0, s = 0): Date {
  const wall = Date.UTC(y, m - 1, d, h, mi, s)
  return new Date(wall - zoneOffset(wall - zoneOffset(wall, zone), zone))
}

/** Where texts without an offset are read: the site's zone (the server's calendar and the web set the source). */
let wallZoneSource: () => string = () => DEFAULT_TIME_ZONE
export function setWallZoneSource(source: () => string): void {
  wallZoneSource = source
}

/**
 * The instant a posted time names: 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss' (or with a T) on the site's clock; a text
 * with its own offset ('…Z', '…+08:00') names its instant itself. null when it names no real day and time.
 */
export function parseWallTime(text: string): Date | null {
  if (/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const d = new Date(text)
    return Number.isNaN(d.getTime()) ? null : d
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text)
  if (!m) return null
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0))
  const real = new Date(Date.UTC(y, mo - 1, d))
  if (real.getUTCMonth() !== mo - 1 || real.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null
  return zonedInstant(wallZoneSource(), y, mo, d, h, mi, s)
}
