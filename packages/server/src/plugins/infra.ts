// Shared infrastructure as decorators: config, Prisma, Redis (the Infra of core/infra.ts, and the list queries' pool).
import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'
import mysql, { type Pool } from 'mysql2/promise'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.ts'
import { createDb, type Db } from '../core/db/index.ts'
import { createRedis, redisKey, type Infra } from '../core/infra.ts'
import { currentCalendar, siteCalendar } from '../core/siteCalendar.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    db: Db
    /** Bare-driver pool for hot read paths (resource lists); writes go through Prisma. */
    sql: Pool
    redis: Redis
    /** Redis key with the instance prefix */
    key: Infra['key']
  }
}

export default fp(async function infra(app: FastifyInstance, opts: { config: Config; db?: Db; redis?: Redis }) {
  const { config } = opts
  const db = opts.db ?? createDb(config.DATABASE_URL, config.DATABASE_POOL)
  const redis = opts.redis ?? createRedis(config)
  app.decorate('config', config)
  app.decorate('db', db)
  // DECIMAL arrives as its exact string ("12.30"), DATETIME as its stored UTC text (core/listSql.ts reads it).
  const sql = mysql.createPool({ uri: config.DATABASE_URL, connectionLimit: config.DATABASE_POOL, supportBigNumbers: true, timezone: 'Z', dateStrings: true })
  app.decorate('sql', sql)
  app.decorate('redis', redis)
  app.decorate('key', redisKey(config))
  // The site's zone as the config has it (re-read at most every few seconds): every answer's times are on its clock.
  app.addHook('onRequest', async () => {
    await siteCalendar(app)
  })
  // ...and every answer names it, for the times the web formats itself (web utils/siteTime.ts).
  app.addHook('onSend', async (_req, reply) => {
    reply.header('x-time-zone', currentCalendar().zone)
  })
  app.addHook('onClose', async () => {
    if (!opts.db) await db.$disconnect()
    await sql.end()
    if (!opts.redis) redis.disconnect()
  })
})
