// Money math, by property (fast-check, fixed seed so that a failure reproduces) and by the cases that were wrong.
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { MAX_CENTS, allocate, decimalToCents, fromCents, isMoney, percentOf, sumCents, timesCents, toCents } from './money.ts'
import { money } from './zx.ts'

beforeAll(() => fc.configureGlobal({ seed: 20261124, numRuns: 2000 }))

const cents = fc.integer({ min: -MAX_CENTS, max: MAX_CENTS })
/** Amounts whose decimal form has at most 15 significant digits: JavaScript prints such a number back exactly. */
const printable = fc.integer({ min: -(10 ** 15 - 1), max: 10 ** 15 - 1 })
const abs = (n: bigint) => (n < 0n ? -n : n)
const notNegativeZero = (n: number) => expect(Object.is(n, -0)).toBe(false)

describe('toCents / fromCents', () => {
  test('a money string and its cents convert both ways without loss', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const s = fromCents(c)
        expect(isMoney(s)).toBe(true)
        expect(toCents(s)).toBe(c)
        notNegativeZero(toCents(s))
      }),
    )
  })

  test('a number with at most two decimals gives its cents', () => {
    fc.assert(fc.property(printable, (c) => void expect(toCents(c / 100)).toBe(c)))
  })

  test('a number with three decimals rounds half away from zero, the same for negatives', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 14), max: 10 ** 14 }), (thousandths) => {
        const got = toCents(thousandths / 1000)
        // |got·10 − thousandths| ≤ 5, and an exact half goes away from zero
        const diff = got * 10 - thousandths
        expect(Math.abs(diff)).toBeLessThanOrEqual(5)
        if (Math.abs(diff) === 5) expect(Math.abs(got * 10)).toBeGreaterThan(Math.abs(thousandths))
        expect(toCents(-thousandths / 1000)).toBe(got === 0 ? 0 : -got)
        notNegativeZero(got)
      }),
    )
  })

  test('the cases that were wrong', () => {
    expect(toCents(1.005)).toBe(101)
    expect(toCents(-1.005)).toBe(-101)
    expect(toCents(0.1 + 0.2)).toBe(30)
    expect(toCents(8.345)).toBe(835)
    notNegativeZero(toCents('-0.00'))
    notNegativeZero(toCents(-0.001))
    expect(fromCents(toCents('-0'))).toBe('0.00')
  })

  test('amounts past the safe range and malformed input are refused', () => {
    expect(() => toCents('90071992547409.92')).toThrow(RangeError)
    expect(toCents('90071992547409.91')).toBe(MAX_CENTS)
    expect(isMoney('90071992547409.92')).toBe(false)
    expect(() => toCents(1e21)).toThrow(RangeError)
    expect(() => toCents(Number.NaN)).toThrow(RangeError)
    expect(() => toCents(Infinity)).toThrow(RangeError)
    expect(() => fromCents(MAX_CENTS + 1)).toThrow(RangeError)
    expect(() => fromCents(1.5)).toThrow(RangeError)
    for (const bad of ['1.005', '1e3', '', '.5', '1,00', '--1', ' ']) expect(() => toCents(bad), bad).toThrow()
  })
})

describe('decimalToCents (database decimals)', () => {
  const decimal = (text: string) => ({ toFixed: () => text })

  test('a DECIMAL(12,2) value, as Prisma or the bare driver answers it, gives its cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99999999999, max: 99999999999 }), (c) => {
        expect(decimalToCents(fromCents(c))).toBe(c)
        expect(decimalToCents(decimal(fromCents(c)))).toBe(c)
      }),
    )
    expect(decimalToCents(decimal('12.300'))).toBe(1230)
    expect(decimalToCents('7')).toBe(700)
  })

  test('digits below the cent, numbers and junk are refused, never rounded', () => {
    expect(() => decimalToCents('12.345')).toThrow()
    expect(() => decimalToCents(decimal('0.001'))).toThrow()
    expect(() => decimalToCents(12.3 as unknown as string)).toThrow(TypeError)
    expect(() => decimalToCents('abc')).toThrow()
  })
})

describe('percentOf', () => {
  const basisPoints = fc.integer({ min: 0, max: 10000 })
  const amount = fc.integer({ min: -(10 ** 12), max: 10 ** 12 })

  test('rounds the exact share half away from zero, symmetric for negatives, never -0', () => {
    fc.assert(
      fc.property(amount, basisPoints, (c, bp) => {
        const percent = fromCents(bp) // 550 → "5.50" %
        const got = percentOf(c, percent)
        const diff = BigInt(got) * 10000n - BigInt(c) * BigInt(bp)
        expect(abs(diff) <= 5000n).toBe(true)
        if (abs(diff) === 5000n) expect(abs(BigInt(got) * 10000n) > abs(BigInt(c) * BigInt(bp))).toBe(true)
        expect(percentOf(-c, percent)).toBe(got === 0 ? 0 : -got)
        notNegativeZero(got)
        expect(percentOf(c, bp / 100)).toBe(got)
      }),
    )
  })

  test('the cases that were wrong, and the bounds', () => {
    expect(percentOf(1250, '1')).toBe(13)
    expect(percentOf(-1250, '1')).toBe(-13)
    notNegativeZero(percentOf(-1, '10'))
    expect(percentOf(12345, '100')).toBe(12345)
    expect(percentOf(12345, 0)).toBe(0)
    expect(() => percentOf(MAX_CENTS, '200')).toThrow(RangeError)
    expect(() => percentOf(1.5, '1')).toThrow(RangeError)
  })
})

describe('sumCents / timesCents', () => {
  test('exact sums and products, refused past the safe range', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -(10 ** 12), max: 10 ** 12 }), { maxLength: 50 }), (list) => {
        expect(sumCents(list)).toBe(list.reduce((s, c) => s + c, 0))
      }),
    )
    expect(timesCents(1999, 3)).toBe(5997)
    expect(() => sumCents([MAX_CENTS, 1])).toThrow(RangeError)
    expect(() => timesCents(MAX_CENTS, 2)).toThrow(RangeError)
    expect(() => timesCents(100, 0.5)).toThrow(RangeError)
  })
})

describe('allocate', () => {
  const weights = fc.array(fc.integer({ min: 0, max: 10 ** 9 }), { minLength: 1, maxLength: 20 }).filter((w) => w.some((x) => x > 0))
  const total = fc.integer({ min: -(10 ** 12), max: 10 ** 12 })

  test('the parts add up to the whole, each within a cent of its exact share, leftovers to the largest fractions', () => {
    fc.assert(
      fc.property(total, weights, (t, w) => {
        const parts = allocate(t, w)
        expect(parts).toHaveLength(w.length)
        expect(parts.reduce((s, p) => s + p, 0)).toBe(t)
        const sum = w.reduce((s, x) => s + BigInt(x), 0n)
        const a = BigInt(Math.abs(t))
        const floors = w.map((x) => (a * BigInt(x)) / sum)
        const fractions = w.map((x) => (a * BigInt(x)) % sum)
        const extra = parts.map((p, i) => abs(BigInt(p)) - floors[i])
        parts.forEach((p, i) => {
          notNegativeZero(p)
          expect(extra[i] === 0n || extra[i] === 1n).toBe(true)
          if (w[i] === 0) expect(p).toBe(0)
          if (t !== 0 && p !== 0) expect(Math.sign(p)).toBe(Math.sign(t))
        })
        // a line with a larger fraction (or an equal one earlier) never goes without while another gets a cent
        for (let i = 0; i < w.length; i++)
          for (let j = 0; j < w.length; j++)
            if (extra[i] === 0n && extra[j] === 1n) expect(fractions[j] > fractions[i] || (fractions[j] === fractions[i] && j < i)).toBe(true)
      }),
    )
  })

  test('a discount no larger than the lines never takes more from a line than the line is worth', () => {
    fc.assert(
      fc.property(weights, fc.double({ min: 0, max: 1, noNaN: true }), (w, share) => {
        const sum = w.reduce((s, x) => s + x, 0)
        const parts = allocate(Math.floor(sum * share), w)
        parts.forEach((p, i) => expect(p >= 0 && p <= w[i]).toBe(true))
      }),
    )
  })

  test('a negative amount is split like the positive one, negated', () => {
    fc.assert(fc.property(total, weights, (t, w) => void expect(allocate(-t, w)).toEqual(allocate(t, w).map((p) => (p === 0 ? 0 : -p)))))
  })

  test('worked example and refusals', () => {
    // 10.00 off lines of 30.00, 30.00 and 40.00 → 3.00, 3.00, 4.00; 1.00 off three equal lines → 0.34, 0.33, 0.33
    expect(allocate(1000, [3000, 3000, 4000])).toEqual([300, 300, 400])
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(allocate(0, [0, 0])).toEqual([0, 0])
    expect(() => allocate(1, [0, 0])).toThrow(RangeError)
    expect(() => allocate(1, [])).toThrow(RangeError)
    expect(() => allocate(1, [-1, 2])).toThrow(RangeError)
    expect(() => allocate(1, [1.5])).toThrow(RangeError)
    expect(() => allocate(MAX_CENTS + 1, [1])).toThrow(RangeError)
  })
})

describe('zx.money', () => {
  test('bounds compare in cents: a minimum of 0.07 accepts "0.07"', () => {
    expect(money({ min: 0.07 }).safeParse('0.07').success).toBe(true)
    expect(money({ min: 0.07 }).safeParse('0.06').success).toBe(false)
    expect(money().safeParse('99999999.99').data).toBe('99999999.99')
    expect(money().safeParse('100000000.00').success).toBe(false)
  })
})
