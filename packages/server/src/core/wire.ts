// Database values → wire values: money as "12.30", times as 'YYYY-MM-DD HH:mm:ss', BigInt as number.
const pad = (n: number) => String(n).padStart(2, '0')

export function formatDateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

type DecimalLike = { toFixed(n: number): string; constructor: { name: string } }
const isDecimal = (v: object): v is DecimalLike =>
  typeof (v as DecimalLike).toFixed === 'function' && 'd' in v && 'e' in v && 's' in v

export function toWire(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null
  if (value instanceof Date) return formatDateTime(value)
  if (typeof value === 'bigint') return Number(value)
  if (typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map(toWire)
  if (isDecimal(value)) return value.toFixed(2)
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) out[k] = toWire(v)
  return out
}
