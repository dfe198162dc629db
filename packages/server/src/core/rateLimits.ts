// Request limits per route class (docs/security.md). A route names its class in `config.rateLimit`; one that
// names none is `read` for GET and `write` otherwise. Only /api routes are limited: static files never are.
import type { Config } from '../config.ts'

export const ROUTE_CLASSES = ['read', 'write', 'auth', 'sms', 'secret', 'money', 'seckill'] as const
export type RouteClass = (typeof ROUTE_CLASSES)[number]

/** Requests per window from one client address, and from one logged-in account where the class counts accounts. */
export type ClassLimits = { ip: number; account?: number }

export function classLimits(config: Config): Record<RouteClass, ClassLimits> {
  return {
    read: { ip: config.RATE_LIMIT_READ_IP },
    write: { ip: config.RATE_LIMIT_WRITE_IP, account: config.RATE_LIMIT_WRITE_ACCOUNT },
    // Per address only: a cap per login name would let a stranger lock its owner out (the login throttle
    // counts per resolved account without that weakness).
    auth: { ip: config.RATE_LIMIT_AUTH_IP },
    sms: { ip: config.RATE_LIMIT_SMS_IP },
    secret: { ip: config.RATE_LIMIT_SECRET_IP, account: config.RATE_LIMIT_SECRET_ACCOUNT },
    money: { ip: config.RATE_LIMIT_MONEY_IP, account: config.RATE_LIMIT_MONEY_ACCOUNT },
    // A flash-sale purchase (a checkout with a seckill line), counted on top of its route's class.
    seckill: { ip: config.RATE_LIMIT_SECKILL_IP, account: config.RATE_LIMIT_SECKILL_ACCOUNT },
  }
}

/** The class of a route, or null when it is not limited. */
export function routeClassOf(url: string, method: string | string[], declared: RouteClass | false | undefined): RouteClass | null {
  if (!url.startsWith('/api/') || declared === false) return null
  if (declared) return declared
  return [method].flat().every((m) => m === 'GET' || m === 'HEAD') ? 'read' : 'write'
}

/**
 * The address a client is counted under. An IPv6 host usually holds a whole /64 and can pick any address
 * in it, so IPv6 clients are counted per /64; IPv4 (also when mapped into IPv6) per address.
 */
export function addressKey(ip: string): string {
  if (ip.includes('.')) return ip.slice(ip.lastIndexOf(':') + 1)
  const [head, tail] = ip.toLowerCase().split('::') as [string, string | undefined]
  const front = head ? head.split(':') : []
  const back = tail ? tail.split(':') : []
  const groups = tail === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back]
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`
}

/** Who an account-keyed count belongs to: admins and users are different tables with their own ids. */
export function accountKey(actor: { area: string; id: number }): string {
  return `${actor.area === 'admin' ? 'admins' : 'users'}:${actor.id}`
}
