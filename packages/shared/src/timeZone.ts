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
