// Failed attempts at a secret (a login password, a pay password), counted in Redis (shared by every api instance) per
// account, per (account, address) and per address. See docs/security.md for why the lock-out has this shape.
// - Only the (account, address) pair that failed LOGIN_MAX_FAILURES times waits, LOGIN_BACKOFF_SECONDS doubling with
//   each further failure up to LOGIN_LOCK_SECONDS: a stranger cannot lock the owner out from another address. Past
//   LOGIN_ACCOUNT_MAX_FAILURES failures of the account from all addresses (an attack from many addresses), every pair
//   waits after its first failure.
// - An address that fails LOGIN_MAX_FAILURES × IP_FAILURE_FACTOR times, whatever the accounts, waits the same way for
//   every account (its failures are forgotten an hour after the last one).
// Each secret counts on its own (`secret`): failed pay passwords do not lock the login, nor the other way round.
import type { FastifyInstance } from 'fastify'
import type { MessageKey } from '@qshop/shared'
import { tooMany } from './errors.ts'
import { addressKey } from './rateLimits.ts'

/** Many shoppers can share one address (carrier NAT, offices), so an address may fail more often than one pair. */
export const IP_FAILURE_FACTOR = 10
const FAILURE_MEMORY_SECONDS = 86_400
const IP_FAILURE_MEMORY_SECONDS = 3_600

export type FailureThrottleSpec = {
  /** which secret: its counts and locks are its own */
  secret: 'login' | 'pay_password'
  /** who is counted, e.g. `users:12` */
  account: string
  ip: string
  /** the refusal while locked */
  locked: MessageKey
}

export function failureThrottle(app: FastifyInstance, spec: FailureThrottleSpec) {
  const { redis, config } = app
  const address = addressKey(spec.ip)
  const fail = `${spec.secret}_fail`
  const lock = `${spec.secret}_lock`
  const keys = {
    account: app.key(fail, 'account', spec.account),
    pair: app.key(fail, 'pair', spec.account, address),
    pairLock: app.key(lock, 'pair', spec.account, address),
    ip: app.key(fail, 'ip', address),
    ipLock: app.key(lock, 'ip', address),
  }
  /** Seconds to wait after the `failures`-th failure when waiting starts at `threshold` failures; 0 = none. */
  const backoff = (failures: number, threshold: number) =>
    failures < threshold ? 0 : Math.min(config.LOGIN_BACKOFF_SECONDS * 2 ** Math.min(failures - threshold, 30), config.LOGIN_LOCK_SECONDS)

  /** Whether the pair had failures when assertOpen looked (unknown before: assume so). */
  let pairFailed = true

  return {
    async assertOpen(): Promise<void> {
      // Three reads sent together (the client pipelines them): no MULTI needed, nothing is written.
      const [pairLockMs, ipLockMs, pairFailures] = await Promise.all([redis.pttl(keys.pairLock), redis.pttl(keys.ipLock), redis.exists(keys.pair)])
      // PTTL answers -2 for a key that does not exist: no wait. The refusal tells when the longer wait ends.
      const waitMs = Math.max(pairLockMs, ipLockMs)
      pairFailed = pairFailures > 0
      if (waitMs > 0) throw tooMany(spec.locked, waitMs)
    },
    async fail(): Promise<void> {
      const replies = await redis
        .multi()
        .incr(keys.account)
        .expire(keys.account, FAILURE_MEMORY_SECONDS)
        .incr(keys.pair)
        .expire(keys.pair, FAILURE_MEMORY_SECONDS)
        .incr(keys.ip)
        .expire(keys.ip, IP_FAILURE_MEMORY_SECONDS)
        .exec()
      const [accountFailures, pairFailures, ipFailures] = [0, 2, 4].map((i) => Number(replies![i][1]))
      const pairThreshold = accountFailures >= config.LOGIN_ACCOUNT_MAX_FAILURES ? 1 : config.LOGIN_MAX_FAILURES
      const pairWait = backoff(pairFailures, pairThreshold)
      const ipWait = backoff(ipFailures, config.LOGIN_MAX_FAILURES * IP_FAILURE_FACTOR)
      if (!pairWait && !ipWait) return
      const locks = redis.multi()
      if (pairWait) locks.set(keys.pairLock, '1', 'EX', pairWait)
      if (ipWait) locks.set(keys.ipLock, '1', 'EX', ipWait)
      await locks.exec()
    },
    /** The owner got it right from this address: its pair starts afresh (the account's count stays, an attack may go on).
     *  Nothing to do (no round trip) when assertOpen saw the pair without failures: every payment passes here. */
    async succeed(): Promise<void> {
      if (pairFailed) await redis.del(keys.pair, keys.pairLock)
    },
  }
}

export type FailureThrottle = ReturnType<typeof failureThrottle>
