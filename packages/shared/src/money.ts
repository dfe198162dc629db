// Money travels as a string with two decimals ("12.30") and is computed in integer cents: never float math.
// Every result is a safe integer (|n| ≤ Number.MAX_SAFE_INTEGER) or the function throws; rounding is half away
// from zero, the same for negative amounts, and no function answers -0.
const MONEY_RE = /^-?\d+(\.\d{1,2})?$/
/** A decimal number as JavaScript prints it: optional sign, digits, optional fraction, optional exponent. */
const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i

/** The largest number of cents computed exactly. */
export const MAX_CENTS = Number.MAX_SAFE_INTEGER

const MAX = BigInt(MAX_CENTS)

function safe(n: bigint, what: unknown): number {
  if (n > MAX || n < -MAX) throw new RangeError(`amount out of the safe range: ${String(what)}`)
  return Number(n) // Number(0n) is 0, never -0
}

function assertCents(n: number, name = 'cents'): void {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${name} is not a safe whole number: ${n}`)
}

/** n / d rounded half away from zero (d > 0). */
function divRound(n: bigint, d: bigint): bigint {
  const negative = n < 0n
  const abs = negative ? -n : n
  const q = (abs + d / 2n) / d // d is even wherever this is used (10^k, k ≥ 1), so d/2 is the exact half
  return negative ? -q : q
}

/** A decimal text as units of 10^-scale; `exact` refuses digits beyond `scale` instead of rounding them. */
function scaled(text: string, scale: number, exact: boolean): bigint {
  const m = DECIMAL_RE.exec(text)
  if (!m || (m[2] === '' && !m[3])) throw new Error(`not a decimal number: ${text}`)
  const [, sign, whole, frac = '', exp = '0'] = m
  const digits = BigInt((whole || '0') + frac)
  const shift = scale - frac.length + Number(exp) // value = digits × 10^(shift - scale)
  let units: bigint
  if (shift >= 0) units = digits * 10n ** BigInt(shift)
  else {
    const d = 10n ** BigInt(-shift)
    if (exact && digits % d !== 0n) throw new Error(`more than ${scale} decimals: ${text}`)
    units = divRound(digits, d)
  }
  return sign === '-' ? -units : units
}

/** A money string: optional minus, digits, at most two decimals, within the safe range. */
export function isMoney(value: string): boolean {
  if (!MONEY_RE.test(value)) return false
  const cents = scaled(value, 2, true)
  return cents <= MAX && cents >= -MAX
}

/**
 * "12.3" → 1230. Strings must be money strings (at most 2 decimals). Numbers are read as the decimal they print as
 * (1.005 → "1.005") and rounded half away from zero to a cent (→ 101), so float noise such as 0.1 + 0.2 gives 30.
 */
export function toCents(value: string | number): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite amount: ${value}`)
    return safe(scaled(String(value), 2, false), value)
  }
  const s = value.trim()
  if (!MONEY_RE.test(s)) throw new Error(`not a money value: ${value}`)
  return safe(scaled(s, 2, true), value)
}

/** 1230 → "12.30" */
export function fromCents(cents: number): string {
  assertCents(cents)
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** What Prisma answers for DECIMAL columns (a decimal.js value): `toFixed()` without argument prints it unrounded. */
export type DecimalLike = { toFixed(): string }

/**
 * A database DECIMAL (Prisma's Decimal, or the bare driver's exact string "12.30") → cents. Refuses a value with
 * non-zero digits below the cent (money columns have two decimals) and plain JavaScript numbers (use toCents).
 */
export function decimalToCents(value: string | DecimalLike): number {
  if (typeof value === 'number') throw new TypeError('a number is not a database decimal; use toCents')
  const text = typeof value === 'string' ? value.trim() : value.toFixed()
  return safe(scaled(text, 2, true), text)
}

/** Rate in percent (e.g. "5.5" or 5.5) applied to cents, rounded half away from zero to a whole cent. */
export function percentOf(cents: number, percent: string | number): number {
  assertCents(cents)
  const basisPoints = toCents(percent) // "5.50" % → 550 hundredths of a percent
  return safe(divRound(BigInt(cents) * BigInt(basisPoints), 10000n), `${cents} × ${percent}%`)
}

/** The sum of amounts in cents, refused past the safe range. */
export function sumCents(amounts: readonly number[]): number {
  let total = 0n
  for (const a of amounts) {
    assertCents(a)
    total += BigInt(a)
  }
  return safe(total, 'sum')
}

/** A unit price in cents times a whole quantity (a line total), refused past the safe range. */
export function timesCents(cents: number, quantity: number): number {
  assertCents(cents)
  assertCents(quantity, 'quantity')
  return safe(BigInt(cents) * BigInt(quantity), `${cents} × ${quantity}`)
}

/**
 * Splits `total` cents across lines in proportion to their weights (e.g. line totals) so that the parts add up to
 * exactly `total` (largest remainder method): each line gets the whole cents of its exact share, and the cents
 * left over go one each to the lines with the largest fractions, the earlier line first on a tie. A line of weight
 * 0 gets 0; when 0 ≤ total ≤ the sum of weights no part exceeds its weight. A negative total is split like its
 * absolute value and negated.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  assertCents(total, 'total')
  if (!weights.length) throw new RangeError('nothing to allocate to')
  for (const w of weights) if (!Number.isSafeInteger(w) || w < 0) throw new RangeError(`weight is not a whole number ≥ 0: ${w}`)
  const sum = weights.reduce((s, w) => s + BigInt(w), 0n)
  if (sum === 0n) {
    if (total === 0) return weights.map(() => 0)
    throw new RangeError('weights sum to 0')
  }
  const abs = BigInt(Math.abs(total))
  const parts = weights.map((w) => (abs * BigInt(w)) / sum)
  const remainders = weights.map((w, i) => ({ i, r: (abs * BigInt(w)) % sum }))
  let rest = abs - parts.reduce((s, p) => s + p, 0n)
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1))
  for (const { i } of remainders) {
    if (rest === 0n) break
    parts[i] += 1n
    rest -= 1n
  }
  return parts.map((p) => Number(total < 0 ? -p : p))
}
