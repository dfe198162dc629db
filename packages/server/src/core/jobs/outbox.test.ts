// Staged jobs on a real database and a real BullMQ queue: nothing from a rolled-back write, exactly one job from a
// committed one however often it is sent, and the sweeper picks up what a stopped process left behind.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Queue } from 'bullmq'
import { createTestApp, resetDb } from '../../../test/helpers.ts'
import { runUnit } from '../unitOfWork.ts'
import { removeFilesJob } from '../../modules/catalog/jobs.ts'
import { KEEP_SENT_DAYS, SWEEP_AFTER_MS, purgeSent, sendAfterCommit, sendStaged, stageJob } from './outbox.ts'
import { jobIdOf } from './define.ts'
import { QUEUE_MAINTENANCE } from './queues.ts'

let app: FastifyInstance
let queue: Queue
const payload = { storeId: 1, files: [] }
/** A job row as a unit would stage it, each with its own id (the remove-files job has no business key). */
const job = () => ({ queue: QUEUE_MAINTENANCE, name: removeFilesJob.name, jobId: jobIdOf(removeFilesJob, payload), payload })

beforeAll(async () => {
  app = await createTestApp()
  queue = app.queues.get(QUEUE_MAINTENANCE)
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  await queue.obliterate({ force: true })
})
afterAll(async () => app?.close())

const jobsIn = async () => (await queue.getJobs(['waiting', 'delayed'])).map((j) => ({ id: j.id, name: j.name, data: j.data }))
/** Stages a row without sending it (stageJob is what unit.stage writes; the unit would send it after the commit). */
const stage = async () => (await runUnit(app, (tx) => stageJob(tx, job())))!
const age = (id: number) => app.db.outbox.update({ where: { id }, data: { created_at: new Date(Date.now() - SWEEP_AFTER_MS - 1000) } })

describe('outbox', () => {
  test('a rolled-back write stages nothing', async () => {
    await expect(
      runUnit(app, async (tx) => {
        await stageJob(tx, job())
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    expect(await app.db.outbox.count()).toBe(0)
    expect(await sendStaged(app.db, app.queues)).toBe(0)
  })

  test('a committed job is one job, however often it is sent, and its row is marked sent', async () => {
    const id = await stage()
    const { job_id } = await app.db.outbox.findUniqueOrThrow({ where: { id } })
    expect(await sendStaged(app.db, app.queues, [id])).toBe(1)
    // a second sender (the sweeper racing the api) finds the row sent; a repeated add of the same id is ignored
    expect(await sendStaged(app.db, app.queues, [id])).toBe(0)
    await queue.add(removeFilesJob.name, payload, { jobId: job_id })
    expect(await jobsIn()).toEqual([{ id: job_id, name: 'remove-files', data: payload }])
    expect((await app.db.outbox.findUniqueOrThrow({ where: { id } })).sent_at).not.toBeNull()
  })

  test('the sweeper sends what a stopped process left unsent, once it is old enough', async () => {
    const id = await stage()
    expect(await sendStaged(app.db, app.queues)).toBe(0) // the api may still be sending it
    await age(id)
    expect(await sendStaged(app.db, app.queues)).toBe(1)
    expect(await jobsIn()).toHaveLength(1)
  })

  test('a job to run later waits in the queue until then', async () => {
    const id = await runUnit(app, (tx) => stageJob(tx, { ...job(), runAt: new Date(Date.now() + 3_600_000) }))
    await sendStaged(app.db, app.queues, [id!])
    const [delayed] = await queue.getJobs(['delayed'])
    expect(delayed.opts.delay).toBeGreaterThan(3_500_000)
  })

  test('a failed send after the commit is logged, not thrown, and left for the sweeper', async () => {
    const id = await stage()
    const warnings: unknown[] = []
    const log = { warn: (...args: unknown[]) => void warnings.push(args) } as unknown as FastifyInstance['log']
    const broken = { get: () => ({ add: async () => Promise.reject(new Error('redis down')) }) as unknown as Queue }
    await sendAfterCommit({ db: app.db, log }, broken, [id])
    expect(warnings).toHaveLength(1)
    expect((await app.db.outbox.findUniqueOrThrow({ where: { id } })).sent_at).toBeNull()
    await age(id)
    expect(await sendStaged(app.db, app.queues)).toBe(1)
  })

  test('a request waits a bounded time for a Redis that does not answer', async () => {
    const id = await stage()
    const warnings: unknown[] = []
    const log = { warn: (...args: unknown[]) => void warnings.push(args) } as unknown as FastifyInstance['log']
    const hanging = { get: () => ({ add: () => new Promise(() => {}) }) as unknown as Queue }
    const started = Date.now()
    await sendAfterCommit({ db: app.db, log }, hanging, [id], 100)
    expect(Date.now() - started).toBeLessThan(2000)
    expect(warnings).toHaveLength(1)
    expect((await app.db.outbox.findUniqueOrThrow({ where: { id } })).sent_at).toBeNull()
  })

  test('a job id staged again, in the same transaction or a later one, adds no row', async () => {
    const keyed = { ...job(), jobId: 'remove-files-event-7' }
    const [first, again] = await runUnit(app, async (tx) => [await stageJob(tx, keyed), await stageJob(tx, keyed)])
    expect(first).toEqual(expect.any(Number))
    expect(again).toBeNull()
    expect(await runUnit(app, (tx) => stageJob(tx, keyed))).toBeNull()
    expect(await app.db.outbox.count()).toBe(1)
  })

  test('sent rows are purged after the days BullMQ keeps their jobs; unsent rows stay', async () => {
    // one after the other: rows staged at once may get their ids in any order
    const [old, recent, unsent] = [await stage(), await stage(), await stage()]
    const day = 86400_000
    await app.db.outbox.update({ where: { id: old }, data: { sent_at: new Date(Date.now() - (KEEP_SENT_DAYS + 1) * day) } })
    await app.db.outbox.update({ where: { id: recent }, data: { sent_at: new Date(Date.now() - (KEEP_SENT_DAYS - 1) * day) } })
    expect(await purgeSent(app.db)).toBe(1)
    expect((await app.db.outbox.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((r) => r.id)).toEqual([recent, unsent])
  })
})
