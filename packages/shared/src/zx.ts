// zod builders that accept both JSON bodies and form-encoded bodies (where every value is a string).
import { z } from 'zod'
import { isMoney, toCents, fromCents } from './money.ts'
import { parseWallTime } from './timeZone.ts'

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

const numeric = (v: unknown) => {
  v = blankToUndefined(v)
  return typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v
}

/** The largest values of INT and TINYINT (signed) columns. */
export const INT_MAX = 2147483647
export const TINYINT_MAX = 127

/** Whole number; '' counts as absent. */
export const int = () => z.preprocess(numeric, z.number().int().max(INT_MAX).min(-2147483648))

/** A whole number in a URL (path or query string): decimal digits only (no sign, space, hex, exponent or fraction). */
export const urlInt = (min: number, max: number) =>
  z.string().regex(/^\d{1,10}$/).transform(Number).pipe(z.number().int().min(min).max(max))

/** Id of a row in a URL ('0x1f', '1e3', ' 1', '+1' are not ids). */
export const urlId = () => urlInt(1, INT_MAX)

/** Id of a row (positive whole number). */
export const id = () => z.preprocess(numeric, z.number().int().positive().max(INT_MAX))

/** 0/1 flag from 0, 1, '0', '1', true, false, 'true', 'false'. */
export const flag = () =>
  z.preprocess((v) => {
    if (v === true || v === 'true' || v === '1' || v === 1) return 1
    if (v === false || v === 'false' || v === '0' || v === 0 || v === '') return 0
    return v
  }, z.union([z.literal(0), z.literal(1)]))

/** Money as a string with at most two decimals, answered normalised ("12.3" → "12.30"), within a DECIMAL(12,2)
 *  column unless `max` is lower (DECIMAL(10,2) weights: 99999999.99). */
export const money = (opts: { min?: number; max?: number } = {}) => {
  const min = opts.min ?? 0
  const max = opts.max ?? 99999999.99
  return z
    .preprocess((v) => (typeof v === 'number' ? String(v) : blankToUndefined(v)), z.string().trim())
    // More digits than any money column holds are refused as too big, before they are counted in cents.
    .refine((s) => s.replace(/^-/, '').split('.')[0].length <= 10, { message: 'max', params: { max } })
    .refine(isMoney, { message: 'money' })
    .transform((s) => fromCents(toCents(s)))
    .refine((s) => toCents(s) >= toCents(min), { message: 'min', params: { min } })
    .refine((s) => toCents(s) <= toCents(max), { message: 'max', params: { max } })
}

/** Trimmed text with a length limit. */
export const text = (max: number, min = 0) => z.string().trim().min(min).max(max)

/** Array of ids from an array, a comma list or a JSON array string. */
export const ids = () =>
  z.preprocess((v) => {
    if (typeof v === 'string') {
      const s = v.trim()
      if (s === '') return []
      if (s.startsWith('[')) {
        try {
          return JSON.parse(s)
        } catch {
          return v
        }
      }
      return s.split(',')
    }
    return v
  }, z.array(id()).max(1000))

/** A JSON value posted as a string in a form field, or directly in a JSON body. */
export const json = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v
    try {
      return JSON.parse(v)
    } catch {
      return v
    }
  }, schema)

/** 'YYYY-MM-DD HH:mm:ss' or 'YYYY-MM-DD' on the site's clock (or ISO with its offset) → Date (timeZone.ts). */
export const datetime = () =>
  z.preprocess((v) => {
    v = blankToUndefined(v)
    if (typeof v !== 'string') return v
    return parseWallTime(v.trim()) ?? v
  }, z.date())

/** Rich text (html + separator + editor JSON) within a TEXT column: 65535 bytes of UTF-8. */
export const RICH_TEXT_MAX_BYTES = 65535
export const richText = () =>
  z.string().refine((s) => new TextEncoder().encode(s).length <= RICH_TEXT_MAX_BYTES, { message: 'richTextTooLong' })

export const phone = () => z.string().trim().regex(/^1[3-9]\d{9}$/, { message: 'phone' })
export const password = () => z.string().min(6).max(64)
