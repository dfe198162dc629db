// What code outside a request needs, the worker's jobs as much as the api's routes: the config, Prisma, Redis with its
// key prefix, a logger and the BullMQ queues. The api's Fastify instance has all of it (plugins/infra.ts and
// plugins/queues.ts decorate it), so routes pass `app`; the worker builds its own (worker.ts). Services take this, or
// a Pick of what they use, never the Fastify instance.
import { Redis } from 'ioredis'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.ts'
import type { Db } from './db/index.ts'
import type { Queues } from './jobs/queues.ts'

export type Infra = {
  config: Config
  db: Db
  redis: Redis
  /** Redis key with the instance prefix */
  key(...parts: (string | number)[]): string
  log: FastifyBaseLogger
  /** plugins/queues.ts in the api, the worker's own queues in the worker */
  queues: Queues
}

export const redisKey =
  (config: Config) =>
  (...parts: (string | number)[]) =>
    [config.REDIS_PREFIX, ...parts].join(':')

export function createRedis(config: Config): Redis {
  return new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false, enableAutoPipelining: true })
}
