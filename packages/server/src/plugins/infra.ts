// Shared infrastructure as decorators: config, Prisma, Redis.
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import mysql, { type Pool } from 'mysql2/promise'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.ts'
import { createDb, type Db } from '../core/db/index.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    db: Db
    /** Bare-driver pool for hot read paths (resource lists); writes go through Prisma. */
    sql: Pool
    redis: Redis
    /** Redis key with the instance prefix */
    key(...parts: (string | number)[]): string
  }
}

/** What code outside a request needs (the worker's jobs as much as the api's routes); `queues` comes from
 *  plugins/queues.ts in the api and from the worker's own queues in the worker. */
export type Infra = Pick<FastifyInstance, 'config' | 'db' | 'redis' | 'key' | 'log' | 'queues'>

export const redisKey =
  (config: Config) =>
  (...parts: (string | number)[]) =>
    [config.REDIS_PREFIX, ...parts].join(':')

export function createRedis(config: Config): Redis {
  return new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false, enableAutoPipelining: true })
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
  app.addHook('onClose', async () => {
    if (!opts.db) await db.$disconnect()
    await sql.end()
    if (!opts.redis) redis.disconnect()
  })
})
