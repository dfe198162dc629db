// BullMQ queues and workers. The api enqueues; the worker process (worker.ts) consumes every queue a job is declared
// on (jobs/registry.ts). The queues' names are here, with the infrastructure, rather than in the modules whose jobs
// use them: several modules' jobs share a queue (an order's cancel and confirm jobs, the housekeeping jobs).
import { Queue, Worker, type Processor } from 'bullmq'
import { Redis } from 'ioredis'
import type { Config } from '../../config.ts'

/** Housekeeping: sessions, the outbox, idempotency records, unfinished uploads, removed files. */
export const QUEUE_MAINTENANCE = 'maintenance'
/** An order's own timers: cancel unpaid (modules/orders), confirm receipt (modules/fulfilment). */
export const QUEUE_ORDERS = 'orders'
/** Settling completed orders into their stores' balances (modules/settlement). */
export const QUEUE_SETTLEMENT = 'settlement'
/** Refund requests: agree by timeout, pay back through the gateway, close unshipped returns (modules/aftersales). */
export const QUEUE_AFTERSALES = 'aftersales'

/** The queues a process sends jobs to, opened on first use (plugins/queues.ts in the api, worker.ts in the worker). */
export type Queues = { get(name: string): Queue }

export function queueConnection(config: Config): Redis {
  // BullMQ workers need blocking commands without a retry cap.
  return new Redis(config.REDIS_URL, { maxRetriesPerRequest: null })
}

export function createQueue(config: Config, name: string, connection: Redis): Queue {
  return new Queue(name, { connection, prefix: `${config.REDIS_PREFIX}:bull` })
}

export function createWorker(config: Config, name: string, processor: Processor, connection: Redis): Worker {
  // A worker holds a lock on each job it runs, renewed while it runs. A worker that dies mid-job (its unit of work
  // rolled back, core/unitOfWork.ts) stops renewing it: once it has lapsed, the stalled-job check of any worker puts
  // the job back in its queue, and it runs again from the start. Closing a worker (worker.ts) waits for its jobs.
  const stall = config.JOB_STALL_SECONDS * 1000
  return new Worker(name, processor, { connection, prefix: `${config.REDIS_PREFIX}:bull`, concurrency: 4, lockDuration: stall, stalledInterval: stall })
}
