// BullMQ queues and workers. The api enqueues; the worker process (worker.ts) consumes every queue a job is declared
// on (jobs/registry.ts).
import { Queue, Worker, type Processor } from 'bullmq'
import { Redis } from 'ioredis'
import type { Config } from '../config.ts'

export const QUEUE_MAINTENANCE = 'maintenance'

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
