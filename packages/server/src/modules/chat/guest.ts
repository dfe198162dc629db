// Visitors chat under a guest id the server issues and signs: `<guest id>.<expiry in seconds>.<HMAC>`, keyed by a
// key derived from JWT_SECRET for this purpose only, so a guest token is never an access token nor the other way
// round. A client cannot pick a guest id: an id without the server's signature is refused.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { GUEST_ID_PATTERN, type ChatGuest } from '@qshop/shared/schemas/chat'
import type { Config } from '../../config.ts'
import { randomToken } from '../../core/hash.ts'

/** How long a guest token holds: a visitor coming back within it keeps its conversations. */
export const GUEST_TTL_SECONDS = 30 * 86_400

const signature = (config: Pick<Config, 'JWT_SECRET'>, body: string) => {
  const key = createHmac('sha256', config.JWT_SECRET).update('chat-guest').digest()
  return createHmac('sha256', key).update(body).digest('base64url')
}

export function issueGuest(config: Pick<Config, 'JWT_SECRET'>, now = Date.now()): ChatGuest {
  const guestId = `g${randomToken(15)}`
  const body = `${guestId}.${Math.floor(now / 1000) + GUEST_TTL_SECONDS}`
  return { guest_id: guestId, guest_token: `${body}.${signature(config, body)}`, expires_in: GUEST_TTL_SECONDS }
}

/** The guest id of a token the server signed and that has not expired, or null. */
export function verifyGuest(config: Pick<Config, 'JWT_SECRET'>, token: string | undefined, now = Date.now()): string | null {
  const [guestId, expiry, mac, extra] = (token ?? '').split('.')
  if (extra !== undefined || !guestId || !mac || !GUEST_ID_PATTERN.test(guestId) || !/^\d{1,12}$/.test(expiry)) return null
  const expected = Buffer.from(signature(config, `${guestId}.${expiry}`))
  const given = Buffer.from(mac)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return Number(expiry) * 1000 > now ? guestId : null
}
