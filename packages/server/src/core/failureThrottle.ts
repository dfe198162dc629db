// Failed attempts at a secret (a login password, a pay password), counted in Redis (shared by every api instance) per
// account, per (account, address) and per address, and optionally per account and calendar day. See docs/security.md
// for why the lock-out has this shape.
// - Only the (account, address) pair that failed LOGIN_MAX_FAILURES times waits, LOGIN_BACKOFF_SECONDS doubling with
//   each further failure up to LOGIN_LOCK_SECONDS: a stranger cannot lock the owner out from another address. Past
//   LOGIN_ACCOUNT_MAX_FAILURES failures of the account from all addresses (an attack from many addresses), every pair
//   waits after its first failure.
// - An address that fails LOGIN_MAX_FAILURES × IP_FAILURE_FACTOR times, whatever the accounts, waits the same way for
//   every account (its failures are forgotten an hour after the last one).
// - With a daily cap, the account's failures of one calendar day (all addresses) stop at the cap until the site's midnight (core/siteCalendar.ts).
// Each secret counts on its own (`secret`): failed pay passwords do not lock the login, nor the other way round.
//
// Every attempt is counted as a failure BEFORE the secret is checked, by one script that first refuses when a wait or
// the cap applies: so however many attempts are sent at once, no more are checked than the counts allow. A right
// secret then takes its own count back (succeeded).
import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { MessageKey } from '@qshop/shared'
import type { Config } from '../config.ts'
import { tooMany } from './errors.ts'
import { redisScript, runScript } from './redisScript.ts'
import { addressKey } from './rateLimits.ts'
import { currentCalendar } from './siteCalendar.ts'

/** Many shoppers can share one address (carrier NAT, offices), so an address may fail more often than one pair. */
export const IP_FAILURE_FACTOR = 10
const FAILURE_MEMORY_SECONDS = 86_400
const IP_FAILURE_MEMORY_SECONDS = 3_600
/** A day's count outlives its day: a request that started just before midnight still finds it. */
const DAY_MEMORY_SECONDS = 2 * 86_400

/**
 * KEYS: account, pair, pair's wait, address, address's wait[, account's day]. ARGV: this attempt's token, the pair's
 * threshold, the account's threshold, the address's threshold, the first wait and the longest (seconds), how long
 * failures and an address's failures are remembered (seconds)[, the day's cap, how long the day's count is kept].
 * Answers {0} when the attempt is counted, {1, ms} when a wait has ms left, {2} when the day's cap is used up.
 * A wait this attempt starts holds its token, so that its success ends only the wait it started.
 */
const RESERVE = `
if KEYS[6] and tonumber(redis.call('GET', KEYS[6]) or '0') >= tonumber(ARGV[9]) then return {2} end
local wait = math.max(redis.call('PTTL', KEYS[3]), redis.call('PTTL', KEYS[5]))
if wait > 0 then return {1, wait} end
local function count(key, seconds)
  local n = redis.call('INCR', key)
  redis.call('EXPIRE', key, seconds)
  return n
end
local account = count(KEYS[1], ARGV[7])
local pair = count(KEYS[2], ARGV[7])
local address = count(KEYS[4], ARGV[8])
if KEYS[6] and redis.call('INCR', KEYS[6]) == 1 then redis.call('EXPIRE', KEYS[6], ARGV[10]) end
local function backoff(failures, threshold)
  if failures < threshold then return 0 end
  return math.min(tonumber(ARGV[5]) * 2 ^ math.min(failures - threshold, 30), tonumber(ARGV[6]))
end
local pairThreshold = tonumber(ARGV[2])
if account >= tonumber(ARGV[3]) then pairThreshold = 1 end
local pairWait = backoff(pair, pairThreshold)
local addressWait = backoff(address, tonumber(ARGV[4]))
if pairWait > 0 then redis.call('SET', KEYS[3], ARGV[1], 'EX', math.floor(pairWait)) end
if addressWait > 0 then redis.call('SET', KEYS[5], ARGV[1], 'EX', math.floor(addressWait)) end
return {0}`

/**
 * The right secret: the attempt's count is taken back from the account, the address and the day; the pair starts
 * afresh (its failures and wait); the address's wait ends if this attempt started it. KEYS as RESERVE; ARGV: the
 * attempt's token.
 */
const SUCCEEDED = `
local function uncount(key)
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
uncount(KEYS[1])
uncount(KEYS[4])
if KEYS[6] then uncount(KEYS[6]) end
redis.call('DEL', KEYS[2], KEYS[3])
if redis.call('GET', KEYS[5]) == ARGV[1] then redis.call('DEL', KEYS[5]) end
return 0`

const scripts = { reserve: redisScript(RESERVE), succeeded: redisScript(SUCCEEDED) }

export type FailureThrottleSpec = {
  /** which secret: its counts and waits are its own */
  secret: 'login' | 'pay_password'
  /** who is counted, e.g. `users:12` */
  account: string
  ip: string
  /** the refusal while the pair or the address waits */
  locked: MessageKey
  /** the most failures the account may have in a calendar day, and the refusal once it has them */
  daily?: { cap: number; refusal: MessageKey }
}

export type ThrottleInfra = { redis: Redis; key(...parts: (string | number)[]): string; config: Config }

/** An attempt counted as a failure in advance: a wrong secret leaves it so, a right one calls succeeded. */
export type Attempt = { succeeded(): Promise<void> }

export function failureThrottle(infra: ThrottleInfra, spec: FailureThrottleSpec) {
  const { redis, config } = infra
  const address = addressKey(spec.ip)
  const fail = `${spec.secret}_fail`
  const lock = `${spec.secret}_lock`

  return {
    /** Counts the attempt as a failure before the secret is checked, or refuses (429, with when to come back) while
     *  the pair or the address waits or the day's cap is used up — then nothing is counted. */
    async reserve(): Promise<Attempt> {
      const now = new Date()
      const cal = currentCalendar()
      const keys = [
        infra.key(fail, 'account', spec.account),
        infra.key(fail, 'pair', spec.account, address),
        infra.key(lock, 'pair', spec.account, address),
        infra.key(fail, 'ip', address),
        infra.key(lock, 'ip', address),
        ...(spec.daily ? [infra.key(fail, 'day', spec.account, cal.dayText(now))] : []),
      ]
      const token = randomBytes(12).toString('base64url')
      const args = [
        token, config.LOGIN_MAX_FAILURES, config.LOGIN_ACCOUNT_MAX_FAILURES, config.LOGIN_MAX_FAILURES * IP_FAILURE_FACTOR,
        config.LOGIN_BACKOFF_SECONDS, config.LOGIN_LOCK_SECONDS, FAILURE_MEMORY_SECONDS, IP_FAILURE_MEMORY_SECONDS,
        ...(spec.daily ? [spec.daily.cap, DAY_MEMORY_SECONDS] : []),
      ]
      const [outcome, waitMs] = (await runScript(redis, scripts.reserve, keys, args)) as [number, number?]
      if (outcome === 1) throw tooMany(spec.locked, waitMs!)
      if (outcome === 2) throw tooMany(spec.daily!.refusal, cal.msToNextDay(now))
      return {
        async succeeded() {
          await runScript(redis, scripts.succeeded, keys, [token])
        },
      }
    },
  }
}

export type FailureThrottle = ReturnType<typeof failureThrottle>
