// Typed jobs with a real BullMQ worker: the registry schedules every repeatable job and sweeper, a delayed job's
// sweeper does what is due even when Redis lost the job, the job and its sweeper never do it twice, and a payload
// that does not fit its schema fails without retries.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Queue, Worker } from 'bullmq'
import { z } from 'zod'
import { ORDER_FLOW, ORDER_STATUS } from '@qshop/shared'
import { createTestApp, eventually, resetDb } from '../../test/helpers.ts'
import { createSeller, createUser } from '../../test/factories.ts'
import { runUnit } from '../core/unitOfWork.ts'
import { transition } from '../core/transition.ts'
import { defineJob, sweepName } from '../core/jobs/define.ts'
import { QUEUE_MAINTENANCE, queueConnection } from '../core/jobs/queues.ts'
import { allJobs, schedulesOf, startWorkers } from './registry.ts'
import type { Infra } from '../core/infra.ts'

let app: FastifyInstance
let queue: Queue
let workers: Worker[] = []

beforeAll(async () => {
  app = await createTestApp()
  queue = app.queues.get(QUEUE_MAINTENANCE)
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  await queue.obliterate({ force: true })
})
afterEach(async () => {
  for (const w of workers) await w.close()
  workers = []
})
afterAll(async () => app?.close())

/** An unpaid order past its deadline is cancelled, once, by its delayed job or by the sweep, whichever runs first. */
const cancelled: number[] = []
async function cancelIfDue(infra: Infra, orderId: number): Promise<number> {
  const count = await runUnit(infra, (tx) =>
    transition(tx, ORDER_FLOW, orderId, { from: ORDER_STATUS.UNPAID, to: ORDER_STATUS.CANCELLED }, { data: { cancel_time: new Date() } }),
  )
  if (count) cancelled.push(orderId)
  return count
}
const expireOrder = defineJob({
  queue: QUEUE_MAINTENANCE,
  name: 'test-expire-order',
  payload: z.object({ order_id: z.number().int().positive() }),
  key: (p) => p.order_id,
  process: async (infra, { order_id }) => {
    const row = await infra.db.orders.findUnique({ where: { id: order_id }, select: { pay_deadline: true } })
    return { cancelled: row?.pay_deadline && row.pay_deadline <= new Date() ? await cancelIfDue(infra, order_id) : 0 }
  },
  sweep: {
    every: 60_000,
    run: async (infra) => {
      const due = await infra.db.orders.findMany({ where: { order_status: ORDER_STATUS.UNPAID, pay_deadline: { lte: new Date() } }, select: { id: true } })
      let n = 0
      for (const o of due) n += await cancelIfDue(infra, o.id)
      return { cancelled: n }
    },
  },
})

const start = async (defs = [expireOrder]) => {
  workers = await startWorkers(app, queueConnection(app.config), defs)
}

describe('registry', () => {
  test('the declared jobs: unique names per queue, the housekeeping schedules, remove-files', () => {
    const jobs = allJobs()
    expect(new Set(jobs.map((j) => `${j.queue}/${j.name}`)).size).toBe(jobs.length)
    expect(jobs.map((j) => j.name)).toContain('remove-files')
    expect(schedulesOf(jobs).map((s) => s.id)).toEqual(expect.arrayContaining(['purge-sessions', 'send-outbox', 'purge-outbox', 'purge-idempotency']))
    for (const j of jobs.filter((j) => j.sweep)) expect(schedulesOf(jobs).map((s) => s.id)).toContain(sweepName(j))
  })

  test('starting the workers schedules the sweeper of every delayed job', async () => {
    await start()
    expect((await queue.getJobSchedulers()).map((s) => ({ key: s.key, name: s.name, every: s.every }))).toEqual([
      { key: 'test-expire-order-sweep', name: 'test-expire-order-sweep', every: 60_000 },
    ])
  })
})

describe('a delayed job and its sweeper', () => {
  const unpaidOrder = async (deadline: Date) => {
    const [user, seller] = [await createUser(app), await createSeller(app)]
    return runUnit(app, async (tx, unit) => {
      const order = await tx.orders.create({ data: { user_id: user.id, store_id: seller.storeId, order_no: `T${Date.now()}${Math.random()}`.slice(0, 32), pay_deadline: deadline } })
      await unit.stage(expireOrder, { order_id: order.id }, { runAt: deadline })
      return order.id
    })
  }
  const statusOf = async (id: number) => (await app.db.orders.findUniqueOrThrow({ where: { id }, select: { order_status: true } })).order_status
  beforeEach(() => void (cancelled.length = 0))

  test('Redis lost the delayed job: the sweeper cancels what is due, once', async () => {
    const due = await unpaidOrder(new Date(Date.now() - 1000))
    const later = await unpaidOrder(new Date(Date.now() + 3_600_000))
    await queue.obliterate({ force: true }) // Redis lost every job
    await start() // the scheduler may run a sweep at once; this one is sure to run
    const sweep = await queue.add(sweepName(expireOrder), {})
    await eventually(async () => (await sweep.getState()) === 'completed')
    expect([await statusOf(due), await statusOf(later)]).toEqual([ORDER_STATUS.CANCELLED, ORDER_STATUS.UNPAID])
    const again = await queue.add(sweepName(expireOrder), {})
    await eventually(async () => (await again.getState()) === 'completed')
    expect((await queue.getJob(again.id!))?.returnvalue).toEqual({ cancelled: 0 })
    expect(cancelled).toEqual([due])
  })

  test('the delayed job and the sweeper both run: the order is cancelled once', async () => {
    const id = await unpaidOrder(new Date(Date.now() - 1000))
    const [delayed] = await queue.getJobs(['delayed', 'waiting'])
    expect(delayed.id).toBe(`test-expire-order-${id}`)
    await start()
    const sweep = await queue.add(sweepName(expireOrder), {})
    await eventually(async () => (await sweep.getState()) === 'completed' && (await queue.getJob(delayed.id!))?.finishedOn !== undefined)
    expect(await statusOf(id)).toBe(ORDER_STATUS.CANCELLED)
    expect(cancelled).toEqual([id])
  })

  test('a payload that does not fit the schema fails at once, without retries', async () => {
    await start()
    const bad = await queue.add(expireOrder.name, { order_id: 'x' }, { attempts: 5 })
    await eventually(async () => (await bad.getState()) === 'failed')
    const failed = (await queue.getJob(bad.id!))!
    expect(failed.attemptsMade).toBe(1)
    expect(failed.failedReason).toMatch(/invalid payload/)
  })
})
