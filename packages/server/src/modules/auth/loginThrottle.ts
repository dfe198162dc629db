// Failed logins counted in Redis per (area, login name) and per IP; past the limit the login is locked for
// the rest of the LOGIN_LOCK_SECONDS window (shared by every api instance).
import type { FastifyInstance } from 'fastify'
import type { AreaName } from '../../core/context.ts'
import { tooMany } from '../../core/errors.ts'

/** Many shoppers can share one address (carrier NAT, offices), so an IP may fail more often than one account. */
export const IP_FAILURE_FACTOR = 10

export function loginThrottle(app: FastifyInstance, area: AreaName, username: string, ip: string) {
  const { redis, config } = app
  const accountKey = app.key('login_fail', area, username.toLowerCase())
  const ipKey = app.key('login_fail_ip', ip)
  return {
    async assertOpen(): Promise<void> {
      const [account, byIp] = await redis.mget(accountKey, ipKey)
      if (Number(account) >= config.LOGIN_MAX_FAILURES || Number(byIp) >= config.LOGIN_MAX_FAILURES * IP_FAILURE_FACTOR)
        throw tooMany('msg.loginLocked')
    },
    async fail(): Promise<void> {
      // The window starts at the first failure (SET NX EX) and INCR keeps its expiry.
      const secs = config.LOGIN_LOCK_SECONDS
      await redis.multi().set(accountKey, '0', 'EX', secs, 'NX').incr(accountKey).set(ipKey, '0', 'EX', secs, 'NX').incr(ipKey).exec()
    },
    async succeed(): Promise<void> {
      await redis.del(accountKey)
    },
  }
}
