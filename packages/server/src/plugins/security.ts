// Rate limiting (counters shared by every api instance through Redis, see core/rateLimitStore.ts) and CORS.
import fp from 'fastify-plugin'
import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { tooMany } from '../core/errors.ts'
import { syncedWindowStore } from '../core/rateLimitStore.ts'

export default fp(async function security(app: FastifyInstance) {
  // Only the configured sites, never the caller's Origin echoed back; `*` only when an operator sets it.
  const origins = app.config.CORS_ORIGIN
  if (origins.length)
    await app.register(cors, {
      origin: origins[0] === '*' ? '*' : origins,
      exposedHeaders: ['Authorization'],
      allowedHeaders: ['Authorization', 'Content-Type', 'lang', 'Accept-Language'],
    })
  await app.register(rateLimit, {
    global: true,
    max: app.config.RATE_LIMIT_MAX,
    timeWindow: app.config.RATE_LIMIT_WINDOW,
    store: syncedWindowStore({ redis: app.redis, prefix: app.key('rl') + ':', log: app.log }),
    keyGenerator: (req) => req.ip,
    errorResponseBuilder: () => tooMany(),
  })
})
