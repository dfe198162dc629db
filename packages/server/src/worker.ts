// The worker process: consumes BullMQ queues and keeps the timed jobs scheduled.
import pino from 'pino'
import { loadConfig } from './config.ts'
import { createPrisma } from './core/db.ts'
import { createRedis, redisKey, type Infra } from './plugins/infra.ts'
import { QUEUE_MAINTENANCE, SCHEDULES, createQueue, createWorker, queueConnection } from './jobs/queues.ts'
import { maintenanceProcessor } from './jobs/processors.ts'

const config = loadConfig()
const log = pino({ level: config.LOG_LEVEL })
const infra: Infra = { config, db: createPrisma(config.DATABASE_URL, 4), redis: createRedis(config), key: redisKey(config), log }
const connection = queueConnection(config)

const queues = new Map<string, ReturnType<typeof createQueue>>()
const queueOf = (name: string) => {
  if (!queues.has(name)) queues.set(name, createQueue(config, name, connection))
  return queues.get(name)!
}
for (const s of SCHEDULES) await queueOf(s.queue).upsertJobScheduler(s.id, { every: s.every }, { name: s.name })

const maintenance = createWorker(config, QUEUE_MAINTENANCE, maintenanceProcessor(infra, { get: queueOf }), connection)
// The outbox sweep runs every minute: only the sweeps that sent something are worth a line.
maintenance.on('completed', (job, result) => {
  const idle = job.name === 'send-outbox' && (result as { sent: number }).sent === 0
  log[idle ? 'debug' : 'info']({ job: job.name, result }, 'job completed')
})
maintenance.on('failed', (job, err) => log.error({ job: job?.name, attempts: job?.attemptsMade, err }, 'job failed'))
log.info({ schedules: SCHEDULES.map((s) => s.id) }, 'worker started')

async function shutdown() {
  await maintenance.close()
  for (const q of queues.values()) await q.close()
  await infra.db.$disconnect()
  infra.redis.disconnect()
  connection.disconnect()
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    log.info({ signal }, 'shutting down')
    shutdown().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed')
        process.exit(1)
      },
    )
  })
