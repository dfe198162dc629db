// BullMQ queues and their timed jobs. The api enqueues; the worker process (worker.ts) consumes.
import { Queue, Worker, type Processor } from 'bullmq'
import { Redis } from 'ioredis'
import type { Config } from '../config.ts'

export const QUEUE_MAINTENANCE = 'maintenance'

/** Repeated jobs: id → schedule and job name (idempotent upsert at every worker start). */
export const SCHEDULES: { queue: string; id: string; every: number; name: string }[] = [
  { queue: QUEUE_MAINTENANCE, id: 'purge-sessions', every: 60 * 60 * 1000, name: 'purge-sessions' },
  { queue: QUEUE_MAINTENANCE, id: 'send-outbox', every: 60 * 1000, name: 'send-outbox' },
  { queue: QUEUE_MAINTENANCE, id: 'purge-outbox', every: 60 * 60 * 1000, name: 'purge-outbox' },
]

export function queueConnection(config: Config): Redis {
  // BullMQ workers need blocking commands without a retry cap.
  return new Redis(config.REDIS_URL, { maxRetriesPerRequest: null })
}

export function createQueue(config: Config, name: string, connection: Redis): Queue {
  return new Queue(name, { connection, prefix: `${config.REDIS_PREFIX}:bull` })
}

export function createWorker(config: Config, name: string, processor: Processor, connection: Redis): Worker {
  return new Worker(name, processor, { connection, prefix: `${config.REDIS_PREFIX}:bull`, concurrency: 4 })
}
