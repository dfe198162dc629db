// Rate limiting (counters shared by every api instance through Redis, see core/rateLimitStore.ts) and CORS.
import fp from 'fastify-plugin'
import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { tooMany } from '../core/errors.ts'
import { syncedWindowStore } from '../core/rateLimitStore.ts'

export default fp(async function security(app: FastifyInstance) {
  await app.register(cors, {
    origin: app.config.CORS_ORIGIN === '*' ? true : app.config.CORS_ORIGIN.split(','),
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
