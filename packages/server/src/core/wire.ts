// Database values → wire values: money as "12.30", times as 'YYYY-MM-DD HH:mm:ss' on the site's clock
// (core/siteCalendar.ts), BigInt as number. The one place answers' times are formatted.
import { currentCalendar } from './siteCalendar.ts'

/** A stored instant as the API answers it: the site's wall clock, to the second. */
export function formatDateTime(d: Date): string {
  return currentCalendar().dateTime(d)
}

const readAsStored = (stored: string) => stored.slice(0, 19)

/** Reads DATETIME text as stored (UTC, with fractions) into its wire form on the site's clock. */
export function storedDateTimeReader(): (stored: string) => string {
  const cal = currentCalendar()
  return cal.isUtc ? readAsStored : (stored: string) => cal.dateTime(Date.parse(`${stored.replace(' ', 'T')}Z`))
}

type DecimalLike = { toFixed(n: number): string; constructor: { name: string } }
const isDecimal = (v: object): v is DecimalLike =>
  typeof (v as DecimalLike).toFixed === 'function' && 'd' in v && 'e' in v && 's' in v

export function toWire(value: unknown): unknown {
  if (value === null || value === undefined) return null
  if (typeof value === 'bigint') return Number(value)
  if (typeof value !== 'object') return value
  if (Array.isArray(value)) {
    const out = new Array(value.length)
    for (let i = 0; i < value.length; i++) out[i] = toWire(value[i])
    return out
  }
  if (value instanceof Date) return formatDateTime(value)
  if (isDecimal(value)) return value.toFixed(2)
  // Hot path of every answer: a keyed loop allocates no [key, value] pairs.
  const out: Record<string, unknown> = {}
  for (const k of Object.keys(value)) out[k] = toWire((value as Record<string, unknown>)[k])
  return out
}
