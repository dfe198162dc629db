// The worker process: consumes every declared job's queue and keeps the repeatable jobs and sweepers scheduled.
import pino from 'pino'
import type { Queue } from 'bullmq'
import { loadConfig } from './config.ts'
import { createDb } from './core/db/index.ts'
import { createRedis, redisKey, type Infra } from './core/infra.ts'
import { createQueue, queueConnection } from './core/jobs/queues.ts'
import { allJobs, schedulesOf, startWorkers } from './jobs/registry.ts'
import { registerGatewayRefunders } from './adapters/payment/config.ts'

const config = loadConfig()
const log = pino({ level: config.LOG_LEVEL })
const connection = queueConnection(config)
const queues = new Map<string, Queue>()
const queueOf = (name: string) => {
  if (!queues.has(name)) queues.set(name, createQueue(config, name, connection))
  return queues.get(name)!
}
const infra: Infra = { config, db: createDb(config.DATABASE_URL, 4), redis: createRedis(config), key: redisKey(config), log, queues: { get: queueOf } }

registerGatewayRefunders(infra)
const jobs = allJobs()
const schedules = schedulesOf(jobs)
const workers = await startWorkers(infra, connection, jobs)
// Repeatable jobs run every minute or hour: only the runs that did something are worth a line.
const idle = (result: unknown) => Boolean(result) && typeof result === 'object' && Object.values(result as object).every((v) => v === 0)
for (const worker of workers) {
  worker.on('completed', (job, result) => log[idle(result) ? 'debug' : 'info']({ job: job.name, result }, 'job completed'))
  worker.on('failed', (job, err) => log.error({ job: job?.name, attempts: job?.attemptsMade, err }, 'job failed'))
}
log.debug({ queues: workers.map((w) => w.name), schedules: schedules.map((s) => s.id) }, 'worker started')

// Stopping: every worker stops taking jobs at once, and each closes once the jobs it is running have finished
// (BullMQ's Worker.close()); only then the queues, the database and Redis. A job cut off harder than that (SIGKILL,
// a crash) rolls back with its unit of work and is run again by a worker after JOB_STALL_SECONDS (core/jobs/queues.ts).
async function shutdown() {
  await Promise.all(workers.map((worker) => worker.close()))
  for (const q of queues.values()) await q.close()
  await infra.db.$disconnect()
  infra.redis.disconnect()
  connection.disconnect()
}
// The first signal closes everything (see main.ts); later ones wait for that.
let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (closing) return
    closing = true
    log.debug({ signal }, 'shutting down')
    shutdown().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed')
        process.exit(1)
      },
    )
  })
