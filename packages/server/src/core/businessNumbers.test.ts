import { expect, test } from 'vitest'
import { businessNumber } from './businessNumbers.ts'

test('every kind: its letter, the UTC time to the second, 12 random digits; repeats are rare', () => {
  // 2026-11-27 23:59:58 UTC is 2026-11-28 07:59:58 in China: the UTC date is the one written.
  const now = new Date('2026-11-27T23:59:58.500Z')
  expect(businessNumber('order', now)).toMatch(/^20261127235958\d{12}$/)
  expect(businessNumber('payment', now)).toMatch(/^P20261127235958\d{12}$/)
  expect(businessNumber('refund', now)).toMatch(/^R20261127235958\d{12}$/)
  expect(businessNumber('settlement', now)).toMatch(/^S20261127235958\d{12}$/)
  const many = new Set(Array.from({ length: 10_000 }, () => businessNumber('payment', now)))
  expect(many.size).toBe(10_000)
})
