import { describe, expect, test } from 'vitest'
import { hashPassword } from './hash.ts'
import { hashPayPassword, verifyPayPassword } from './payPassword.ts'

const KEY = 'k'.repeat(40)

describe('pay password hashing', () => {
  test('the HMAC form verifies the right password only, under its key only, and is salted', async () => {
    const stored = hashPayPassword(KEY, '123456')
    expect(stored).toMatch(/^hmac-sha256\$[\w-]{22}\$[\w-]{43}$/)
    expect(stored).not.toContain('123456')
    expect(hashPayPassword(KEY, '123456')).not.toBe(stored)
    expect(await verifyPayPassword(KEY, stored, '123456')).toEqual({ ok: true, upgrade: null })
    expect(await verifyPayPassword(KEY, stored, '123457')).toEqual({ ok: false, upgrade: null })
    expect(await verifyPayPassword('x'.repeat(40), stored, '123456')).toEqual({ ok: false, upgrade: null })
  })

  test('a damaged or missing hash never verifies', async () => {
    const stored = hashPayPassword(KEY, '123456')
    for (const bad of [null, undefined, '', 'hmac-sha256$', 'hmac-sha256$salt', stored.slice(0, -4), `${stored}AAAA`, 'plain123456'])
      expect(await verifyPayPassword(KEY, bad, '123456'), String(bad)).toEqual({ ok: false, upgrade: null })
  })

  test('an argon2 hash of before still verifies, and a match answers its HMAC form to store', async () => {
    const legacy = await hashPassword('123456')
    expect(await verifyPayPassword(KEY, legacy, '654321')).toEqual({ ok: false, upgrade: null })
    const { ok, upgrade } = await verifyPayPassword(KEY, legacy, '123456')
    expect(ok).toBe(true)
    expect(upgrade).toMatch(/^hmac-sha256\$/)
    expect(await verifyPayPassword(KEY, upgrade, '123456')).toEqual({ ok: true, upgrade: null })
  })
})
