// Shoppers' pay passwords (6 digits) are stored as an HMAC-SHA256 under a server key (config PAY_PASSWORD_KEY) with a
// random salt, not as argon2: a 6-digit secret has 10^6 values, so a slow hash cannot protect a stolen database
// anyway (argon2 only slows the offline search by a few hours), while the key does — without it nothing can be tried
// offline — and online guessing is what the failure throttle (core/failureThrottle.ts) limits. An argon2 hash is
// ~11 ms of CPU on every payment; the HMAC is a few microseconds.
// Hashes written before (argon2, `$argon2…`) still verify; the caller stores the HMAC form answered by a successful
// verification of one (`upgrade`), so they disappear as shoppers pay.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { verifyPassword } from './hash.ts'

const PREFIX = 'hmac-sha256$'
const SALT_BYTES = 16

const mac = (key: string, salt: string, plain: string) => createHmac('sha256', key).update(`${salt}$${plain}`).digest()

/** `hmac-sha256$<salt>$<mac>` (base64url) of the pay password under `key`. */
export function hashPayPassword(key: string, plain: string): string {
  const salt = randomBytes(SALT_BYTES).toString('base64url')
  return `${PREFIX}${salt}$${mac(key, salt, plain).toString('base64url')}`
}

export type PayPasswordCheck = { ok: boolean; /** the HMAC form to store in place of a matching argon2 hash */ upgrade: string | null }

/** Whether `plain` is the pay password `stored` (either form); compares the MACs in constant time. */
export async function verifyPayPassword(key: string, stored: string | null | undefined, plain: string): Promise<PayPasswordCheck> {
  if (!stored) return { ok: false, upgrade: null }
  if (!stored.startsWith(PREFIX)) {
    const ok = await verifyPassword(stored, plain)
    return { ok, upgrade: ok ? hashPayPassword(key, plain) : null }
  }
  const [salt, expected] = stored.slice(PREFIX.length).split('$')
  if (!salt || !expected) return { ok: false, upgrade: null }
  const want = Buffer.from(expected, 'base64url')
  const got = mac(key, salt, plain)
  return { ok: want.length === got.length && timingSafeEqual(want, got), upgrade: null }
}
