import 'fastify'
import type { Locale, MessageKey } from '@qshop/shared'
import type { Actor, AreaName } from './core/context.ts'
import type { RouteClass } from './core/rateLimits.ts'

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale
    actor: Actor | null
    t(key: MessageKey, params?: Record<string, string | number>): string
  }
  interface FastifyContextConfig {
    /** Permission key the actor must hold; '*' = any logged-in actor of the area. */
    permission?: string
    /** Only an actor holding everything may call it (a super admin; in the seller area the store owner), whatever
     *  keys it holds: for rows that define what the keys mean (permission rows). */
    superOnly?: boolean
    /** No login needed. */
    public?: boolean
    /** Login optional: the actor is loaded when a valid token is sent. */
    optionalAuth?: boolean
    /** Rate-limit class (core/rateLimits.ts); default read for GET, write otherwise; false = not limited. */
    rateLimit?: RouteClass | false
    /** A second class counted, per address and per account, for the requests `when` picks (its body is parsed and
     *  validated by then): a checkout holding a flash-sale line also counts as `seckill`. */
    rateLimitAlso?: { class: RouteClass; when(req: FastifyRequest): boolean }
  }
  interface FastifyInstance {
    area?: AreaName
  }
}
