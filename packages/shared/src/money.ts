// Money travels as a string with two decimals ("12.30") and is computed in integer cents: never float math.
const MONEY_RE = /^-?\d+(\.\d{1,2})?$/

export function isMoney(value: string): boolean {
  return MONEY_RE.test(value)
}

/** "12.3" → 1230. Throws on anything that is not a money string or number with at most 2 decimals. */
export function toCents(value: string | number): number {
  const s = typeof value === 'number' ? value.toFixed(2) : value.trim()
  if (!MONEY_RE.test(s)) throw new Error(`not a money value: ${value}`)
  const negative = s.startsWith('-')
  const [whole, frac = ''] = s.replace('-', '').split('.')
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'))
  return negative ? -cents : cents
}

/** 1230 → "12.30" */
export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not a whole number of cents: ${cents}`)
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** Rate in percent (e.g. "5.5") applied to cents, rounded half up to a whole cent. */
export function percentOf(cents: number, percent: string | number): number {
  const basisPoints = toCents(percent) // "5.50" % → 550 hundredths of a percent
  return Math.round((cents * basisPoints) / 10000)
}
