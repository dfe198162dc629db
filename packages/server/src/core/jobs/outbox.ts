// Side effects that must happen once a transaction has committed, even when the process stops right after the
// commit (docs/architecture.md): the transaction writes an outbox row (core/unitOfWork.ts: unit.stage); once committed the
// row is sent to its BullMQ queue under the job id it was written with, so sending twice makes one job; the worker's
// sweeper sends whatever was left unsent. A job id that names a business event (`order-cancel-42`) is staged once:
// a second staging, in this transaction or another, finds the row and adds nothing.
import { Prisma, isDuplicateKey, type Db, type Tx } from '../db/index.ts'
import type { Infra } from '../infra.ts'
import type { Queues } from './queues.ts'
export type StagedJob = { queue: string; name: string; jobId: string; payload: Prisma.InputJsonObject; runAt?: Date }

/** Rows the api failed to send are swept after this long (the api sends its own rows right after the commit). */
export const SWEEP_AFTER_MS = 30_000
/** How long a request waits for its staged jobs to reach Redis before answering anyway. */
export const SEND_WAIT_MS = 2000
/** Sent rows are kept as long as BullMQ keeps completed jobs, then purged. */
export const KEEP_SENT_DAYS = 7

/**
 * Writes the job in the transaction; answers the outbox row id to send after the commit, or null when a row with this
 * job id exists already (the transaction that wrote it sends it). A concurrent transaction staging the same id waits
 * on the unique key until the first one ends.
 */
export async function stageJob(tx: Tx, job: StagedJob): Promise<number | null> {
  try {
    const row = await tx.$insertRaw`INSERT INTO outbox (queue, name, job_id, payload, run_at) VALUES ${outboxRow(job)}`
    return row.insertId
  } catch (err) {
    if (isDuplicateKey(err)) return null
    throw err
  }
}

/**
 * Writes delayed jobs that only the sweeper sends (nothing is sent after the commit, so no row id is read back), in
 * one statement. For job ids no other transaction can stage — a new order's — as one id staged before fails it all.
 */
export async function stageSweptJobs(tx: Tx, jobs: (StagedJob & { runAt: Date })[]): Promise<void> {
  if (!jobs.length) return
  await tx.$executeRaw`INSERT INTO outbox (queue, name, job_id, payload, run_at) VALUES ${Prisma.join(jobs.map(outboxRow))}`
}

const outboxRow = (job: StagedJob) => Prisma.sql`(${job.queue}, ${job.name}, ${job.jobId}, ${JSON.stringify(job.payload)}, ${job.runAt ?? null})`

/**
 * Right after the commit: sends the rows the transaction staged. The write has happened whatever this does, so a
 * failure (Redis unreachable) is logged, not answered: the sweeper sends the rows later.
 */
export async function sendAfterCommit(app: Pick<Infra, 'db' | 'log'>, queues: Queues, ids: number[], waitMs = SEND_WAIT_MS) {
  // The queue's connection waits for Redis rather than failing: a request stops waiting after waitMs.
  const sending = sendStaged(app.db, queues, ids)
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(resolve, waitMs, 'late')
  })
  try {
    if ((await Promise.race([sending, late])) === 'late') {
      app.log.warn({ outbox: ids }, 'staged jobs still being sent; the sweeper covers them')
      sending.catch((err) => app.log.warn({ err, outbox: ids }, 'staged jobs not sent; the sweeper will send them'))
    }
  } catch (err) {
    app.log.warn({ err, outbox: ids }, 'staged jobs not sent; the sweeper will send them')
  } finally {
    clearTimeout(timer)
  }
}

/** Sends the given rows, or every unsent row older than SWEEP_AFTER_MS; answers how many were sent. */
export async function sendStaged(db: Db, queues: Queues, ids?: number[]): Promise<number> {
  const rows = await db.outbox.findMany({
    where: { sent_at: null, ...(ids ? { id: { in: ids } } : { created_at: { lt: new Date(Date.now() - SWEEP_AFTER_MS) } }) },
    orderBy: { id: 'asc' },
    take: 500,
  })
  for (const row of rows) {
    const delay = row.run_at ? Math.max(0, row.run_at.getTime() - Date.now()) : 0
    await queues.get(row.queue).add(row.name, row.payload, {
      jobId: row.job_id,
      delay,
      attempts: 8,
      backoff: { type: 'exponential', delay: 5000 },
      removeOnComplete: { age: 7 * 86400 },
      removeOnFail: { age: 30 * 86400 },
    })
    await db.outbox.updateMany({ where: { id: row.id, sent_at: null }, data: { sent_at: new Date() } })
  }
  return rows.length
}

/** Deletes rows sent more than KEEP_SENT_DAYS ago; answers how many. */
export async function purgeSent(db: Db, now = new Date()): Promise<number> {
  const { count } = await db.outbox.deleteMany({ where: { sent_at: { lt: new Date(now.getTime() - KEEP_SENT_DAYS * 86400_000) } } })
  return count
}
