// Rate limits per route class (core/rateLimits.ts; counters shared by every api instance through Redis, see
// core/rateLimitStore.ts) and CORS.
import fp from 'fastify-plugin'
import cors from '@fastify/cors'
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import { tooMany } from '../core/errors.ts'
import { SyncedWindowStore } from '../core/rateLimitStore.ts'
import { accountKey, addressKey, classLimits, routeClassOf } from '../core/rateLimits.ts'

type Hook = (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void

export default fp(async function security(app: FastifyInstance) {
  // Only the configured sites, never the caller's Origin echoed back; `*` only when an operator sets it.
  const origins = app.config.CORS_ORIGIN
  if (origins.length)
    await app.register(cors, {
      origin: origins[0] === '*' ? '*' : origins,
      exposedHeaders: ['Authorization'],
      allowedHeaders: ['Authorization', 'Content-Type', 'lang', 'Accept-Language'],
    })

  const store = new SyncedWindowStore({ redis: app.redis, prefix: app.key('rl') + ':', log: app.log })
  const windowMs = app.config.RATE_LIMIT_WINDOW_SECONDS * 1000
  const limits = classLimits(app.config)

  /** Counts the request under `prefix` + its key (none: not counted) and refuses it past `max`. */
  const limiter =
    (prefix: string, max: number, keyOf: (req: FastifyRequest) => string | null): Hook =>
    (req, _reply, done) => {
      const key = keyOf(req)
      if (key === null) return done()
      store.incr(prefix + key, windowMs, (current, ttl) => {
        if (current <= max) return done()
        done(tooMany('msg.tooMany', ttl))
      })
    }

  app.addHook('onRoute', (route) => {
    const routeClass = routeClassOf(route.url, route.method, route.config?.rateLimit)
    if (!routeClass) return
    const { ip, account } = limits[routeClass]
    // By address before anything else (also before a failed login is known); by account once the area's guard
    // (preValidation) has found the actor.
    route.onRequest = [...[route.onRequest ?? []].flat(), limiter(`${routeClass}:ip:`, ip, (req) => addressKey(req.ip))]
    if (account)
      route.preHandler = [...[route.preHandler ?? []].flat(), limiter(`${routeClass}:acct:`, account, (req) => (req.actor ? accountKey(req.actor) : null))]
    const also = route.config?.rateLimitAlso
    if (also) {
      const extra = limits[also.class]
      route.preHandler = [
        ...[route.preHandler ?? []].flat(),
        limiter(`${also.class}:ip:`, extra.ip, (req) => (also.when(req) ? addressKey(req.ip) : null)),
        ...(extra.account ? [limiter(`${also.class}:acct:`, extra.account, (req) => (req.actor && also.when(req) ? accountKey(req.actor) : null))] : []),
      ]
    }
  })
})
