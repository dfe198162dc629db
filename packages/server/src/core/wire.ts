// Database values → wire values: money as "12.30", times as 'YYYY-MM-DD HH:mm:ss', BigInt as number.
const pad = (n: number) => String(n).padStart(2, '0')

export function formatDateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

let zoneReader: { tz: string | undefined; read: (stored: string) => string } | null = null

/** Reads DATETIME text as stored (UTC, with fractions) into its wire form in the process's zone. */
export function storedDateTimeReader(): (stored: string) => string {
  // Resolving the zone is slow; it only changes with TZ.
  if (zoneReader && zoneReader.tz === process.env.TZ) return zoneReader.read
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const read =
    zone === 'UTC' || zone === 'Etc/UTC'
      ? (stored: string) => stored.slice(0, 19)
      : (stored: string) => formatDateTime(new Date(`${stored.replace(' ', 'T')}Z`))
  zoneReader = { tz: process.env.TZ, read }
  return read
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
