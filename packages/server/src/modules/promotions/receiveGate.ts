// The receive's gate in Redis (docs/checkout.md, Promotions: receiving): before a receive opens its unit, one script
// takes one of the coupon's stock and one of the shopper's allowance from counters kept in a hash per coupon, or
// refuses. Only receives the gate lets through queue on the coupon row's lock, so a stampede of 1,000 receives of 100
// runs about 100 units, not 1,000. The database's guarded updates stay the guarantee (receive.ts): the gate may let
// too many through, never decide a receive the database would have allowed — every way it drifts lets more through:
// - a missing hash (the first receive, expired, flushed, evicted) starts from the stock the receive's plain read saw,
//   which is at least what is left once the receives in flight commit; a shopper missing from it starts from the
//   received count the plain read saw, at most what the shopper will hold;
// - a unit that did not commit gives its stock and allowance back (only to a hash that still exists);
// - a seller's or admin's change of a coupon drops its hash after the commit (resources.ts).
// What could still make it refuse wrongly (a process dying between its gate and its give-back, a plain read from before
// a seller's change setting up the hash after the drop) lasts until the hash expires: GATE_TTL_MS after it was made.
import type { Infra } from '../../core/infra.ts'
import { redisScript, runScript } from '../../core/redisScript.ts'

const GATE_TTL_MS = 60_000

/** KEYS: the coupon's hash. ARGV: the stock the database showed, the limit per shopper (0 none), the shopper, how many
 *  the database counted the shopper as having received, the hash's lifetime (ms), the coupon's window (start, end in
 *  ms: what gateRefusal trusts the hash for). Answers 0 taken, 1 all taken, 2 the shopper's limit reached. */
const TAKE = redisScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('HSET', KEYS[1], 'stock', ARGV[1], 'limit', ARGV[2], 'start', ARGV[6], 'end', ARGV[7])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
end
local shopper = 'u' .. ARGV[3]
redis.call('HSETNX', KEYS[1], shopper, ARGV[4])
if tonumber(redis.call('HGET', KEYS[1], 'stock')) <= 0 then return 1 end
local limit = tonumber(ARGV[2])
if limit > 0 and tonumber(redis.call('HGET', KEYS[1], shopper)) >= limit then return 2 end
redis.call('HINCRBY', KEYS[1], 'stock', -1)
redis.call('HINCRBY', KEYS[1], shopper, 1)
return 0`)

/** KEYS: the coupon's hash. ARGV: the shopper. Gives back what TAKE took, to the hash and the shopper still in it. */
const GIVE_BACK = redisScript(`
if redis.call('HEXISTS', KEYS[1], 'stock') == 1 then redis.call('HINCRBY', KEYS[1], 'stock', 1) end
local shopper = 'u' .. ARGV[1]
if redis.call('HEXISTS', KEYS[1], shopper) == 1 then redis.call('HINCRBY', KEYS[1], shopper, -1) end
return 0`)

type GateInfra = Pick<Infra, 'redis' | 'key'>

const gateKey = (infra: GateInfra, couponId: number) => infra.key('coupon_gate', couponId)

export type GateSeen = { stock: number; limit_num: number; received: number; start_time: Date; end_time: Date }

/**
 * The refusal the gate alone gives, before the receive's plain read: all taken, or the shopper's limit reached (the
 * shopper already counted in the hash), inside the window the hash was made for. These are the refusals TAKE would
 * give after the read, in its order; a stampede's receives are mostly these, and they then read nothing from the
 * database. Null when the receive must read the coupon (no hash, one made before it kept the window, outside the window,
 * or nothing to refuse).
 */
export async function gateRefusal(infra: GateInfra, couponId: number, userId: number, now = Date.now()) {
  const [start, end, limit, stock, received] = await infra.redis.hmget(gateKey(infra, couponId), 'start', 'end', 'limit', 'stock', `u${userId}`)
  if (start === null || end === null || limit === null || stock === null || now < Number(start) || now >= Number(end)) return null
  if (Number(stock) <= 0) return 'msg.couponGone' as const
  if (received !== null && Number(limit) > 0 && Number(received) >= Number(limit)) return 'msg.couponLimit' as const
  return null
}

/** Takes one of the coupon's stock and one of the shopper's allowance: null when taken, else the refusal. */
export async function takeFromGate(infra: GateInfra, couponId: number, userId: number, seen: GateSeen) {
  const args = [seen.stock, seen.limit_num, userId, seen.received, GATE_TTL_MS, seen.start_time.getTime(), seen.end_time.getTime()]
  const outcome = await runScript(infra.redis, TAKE, [gateKey(infra, couponId)], args)
  if (outcome === 1) return 'msg.couponGone' as const
  if (outcome === 2) return 'msg.couponLimit' as const
  return null
}

/** Gives back what takeFromGate took, when the receive's unit did not commit. */
export async function giveBackToGate(infra: GateInfra, couponId: number, userId: number): Promise<void> {
  await runScript(infra.redis, GIVE_BACK, [gateKey(infra, couponId)], [userId])
}

/** Drops the coupon's counters after a committed change of the coupon: the next receive starts them afresh. */
export async function dropGate(infra: GateInfra, couponIds: readonly number[]): Promise<void> {
  if (couponIds.length) await infra.redis.del(...couponIds.map((id) => gateKey(infra, id)))
}
