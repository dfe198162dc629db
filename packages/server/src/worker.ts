// The worker process: consumes BullMQ queues and keeps the timed jobs scheduled.
import pino from 'pino'
import { loadConfig } from './config.ts'
import { createPrisma } from './core/db.ts'
import { QUEUE_MAINTENANCE, SCHEDULES, createQueue, createWorker, queueConnection } from './jobs/queues.ts'
import { purgeSessions } from './jobs/maintenance.ts'

const config = loadConfig()
const log = pino({ level: config.LOG_LEVEL })
const db = createPrisma(config.DATABASE_URL, 4)
const connection = queueConnection(config)

const queues = new Map<string, ReturnType<typeof createQueue>>()
for (const s of SCHEDULES) {
  if (!queues.has(s.queue)) queues.set(s.queue, createQueue(config, s.queue, connection))
  await queues.get(s.queue)!.upsertJobScheduler(s.id, { every: s.every }, { name: s.name })
}

const maintenance = createWorker(
  config,
  QUEUE_MAINTENANCE,
  async (job) => {
    if (job.name === 'purge-sessions') return { purged: await purgeSessions(db) }
    throw new Error(`unknown job ${job.name}`)
  },
  connection,
)
maintenance.on('completed', (job, result) => log.info({ job: job.name, result }, 'job completed'))
maintenance.on('failed', (job, err) => log.error({ job: job?.name, err }, 'job failed'))
log.info({ schedules: SCHEDULES.map((s) => s.id) }, 'worker started')

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, async () => {
    await maintenance.close()
    for (const q of queues.values()) await q.close()
    await db.$disconnect()
    connection.disconnect()
    process.exit(0)
  })
