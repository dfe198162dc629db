import { afterEach, expect, test } from 'vitest'
import { DEFAULT_TIME_ZONE } from '@qshop/shared'
import { businessNumber } from './businessNumbers.ts'
import { useSiteZone } from './siteCalendar.ts'

afterEach(() => void useSiteZone(DEFAULT_TIME_ZONE, 0))

test("every kind: its letter, the site's time to the second, 12 random digits; repeats are rare", () => {
  // 2026-11-27 23:59:58 UTC is 2026-11-28 07:59:58 in China: the site's (Asia/Shanghai) date is the one written.
  const now = new Date('2026-11-27T23:59:58.500Z')
  expect(businessNumber('order', now)).toMatch(/^20261128075958\d{12}$/)
  expect(businessNumber('payment', now)).toMatch(/^P20261128075958\d{12}$/)
  expect(businessNumber('refund', now)).toMatch(/^R20261128075958\d{12}$/)
  expect(businessNumber('settlement', now)).toMatch(/^S20261128075958\d{12}$/)
  const many = new Set(Array.from({ length: 10_000 }, () => businessNumber('payment', now)))
  expect(many.size).toBe(10_000)
})

test('a site in UTC writes the UTC time', () => {
  useSiteZone('UTC', 0)
  expect(businessNumber('order', new Date('2026-11-27T23:59:58.500Z'))).toMatch(/^20261127235958\d{12}$/)
})
