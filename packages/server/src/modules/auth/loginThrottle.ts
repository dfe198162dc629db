// Failed logins, counted in Redis (shared by every api instance) per resolved account, per (account, address)
// and per address. See docs/security.md for why the lock-out has this shape.
// - An account is the row the login name resolved to (the column's collation makes `ädmin`, `ａｄｍｉｎ` and
//   `ad\u200bmin` the account `admin`), one count per account for every area it logs in to; a name that
//   resolves to nothing is counted under its normalized spelling, so probing names costs the same.
// - Only the (account, address) pair that failed LOGIN_MAX_FAILURES times waits, LOGIN_BACKOFF_SECONDS
//   doubling with each further failure up to LOGIN_LOCK_SECONDS: a stranger cannot lock the owner out from
//   another address. Past LOGIN_ACCOUNT_MAX_FAILURES failures of the account from all addresses (an attack
//   from many addresses), every pair waits after its first failure.
// - An address that fails LOGIN_MAX_FAILURES × IP_FAILURE_FACTOR times, whatever the accounts, waits the same way
//   for every account (its failures are forgotten an hour after the last one).
import type { FastifyInstance } from 'fastify'
import { tooMany } from '../../core/errors.ts'
import { addressKey } from '../../core/rateLimits.ts'

/** Many shoppers can share one address (carrier NAT, offices), so an address may fail more often than one pair. */
export const IP_FAILURE_FACTOR = 10
const FAILURE_MEMORY_SECONDS = 86_400
const IP_FAILURE_MEMORY_SECONDS = 3_600

type AccountTable = 'admins' | 'users'

/** A login name as the column's collation roughly compares it: width, case, accents and invisible characters folded. */
function normalizeLoginName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\p{M}\p{Default_Ignorable_Code_Point}\p{Cf}]/gu, '')
    .normalize('NFKC')
    .toLowerCase()
    .trim()
}

/** The throttle of one login attempt: `accountId` is the account the name resolved to, null when none. */
export function loginThrottle(app: FastifyInstance, table: AccountTable, accountId: number | null, typedName: string, ip: string) {
  const { redis, config } = app
  const account = accountId === null ? `${table}:name:${normalizeLoginName(typedName)}` : `${table}:${accountId}`
  const address = addressKey(ip)
  const keys = {
    account: app.key('login_fail', 'account', account),
    pair: app.key('login_fail', 'pair', account, address),
    pairLock: app.key('login_lock', 'pair', account, address),
    ip: app.key('login_fail', 'ip', address),
    ipLock: app.key('login_lock', 'ip', address),
  }
  /** Seconds to wait after the `failures`-th failure when waiting starts at `threshold` failures; 0 = none. */
  const backoff = (failures: number, threshold: number) =>
    failures < threshold ? 0 : Math.min(config.LOGIN_BACKOFF_SECONDS * 2 ** Math.min(failures - threshold, 30), config.LOGIN_LOCK_SECONDS)

  return {
    /** Refuses while this pair or this address waits, telling when the longer of the two waits ends. */
    async assertOpen(): Promise<void> {
      const replies = await redis.multi().pttl(keys.pairLock).pttl(keys.ipLock).exec()
      // PTTL answers -2 for a key that does not exist: no wait.
      const waitMs = Math.max(...replies!.map(([, ms]) => Number(ms)))
      if (waitMs > 0) throw tooMany('msg.loginLocked', waitMs)
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
    /** The owner got in from this address: its pair starts afresh (the account's count stays, an attack may go on). */
    async succeed(): Promise<void> {
      await redis.del(keys.pair, keys.pairLock)
    },
  }
}

export type LoginThrottle = ReturnType<typeof loginThrottle>
