// Rate limiting (Redis-backed, shared by every api instance) and CORS.
import fp from 'fastify-plugin'
import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { tooMany } from '../core/errors.ts'

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
    redis: app.redis,
    nameSpace: app.key('rl') + ':',
    keyGenerator: (req) => req.ip,
    errorResponseBuilder: () => tooMany(),
  })
})
