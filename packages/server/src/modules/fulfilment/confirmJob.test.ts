// The auto-confirm staged by every shipment: task.confirm_days after the delivery time a shipped order is received,
// once, by its job or by the sweeper — also when the worker was stopped while it came due; an order not yet due, or
// already received by its shopper, is left alone.
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Job } from 'bullmq'
import { createTestApp, eventually, resetDb, startQueueWorker } from '../../../test/helpers.ts'
import { createUser } from '../../../test/factories.ts'
import { systemContext } from '../../core/context.ts'
import { createGoods, leafClasses, sellerWithStore } from '../catalog/testkit.ts'
import { paidOrders } from '../orders/testkit.ts'
import { QUEUE_ORDERS } from '../../core/jobs/queues.ts'
import { orderConfirmJob, sweepDueConfirms } from './confirmJob.ts'
import { confirmReceipt } from './receipt.ts'
import { shipOrder } from './ship.ts'
import { DAY_MS } from './taskConfig.ts'

let app: FastifyInstance
let storeId: number
let goodsId: number
let userId: number

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  const leaves = await leafClasses(app)
  const seller = await sellerWithStore(app, leaves)
  storeId = seller.storeId
  goodsId = (await createGoods(app, storeId, leaves[0].id, { goods_stock: 50 })).id
  userId = (await createUser(app, { pay_password: '123456' })).id
})
afterAll(async () => app?.close())

const sellerCtx = () => ({ ...systemContext('test'), actor: { area: 'seller' as const, id: 1, sid: 's', username: 's', storeId, all: true, permissions: new Set<string>(), belong_id: 0 } })
async function shipped(n: number): Promise<number[]> {
  const ids: number[] = []
  for (let i = 0; i < n; i++) {
    const [id] = await paidOrders(app, userId, [{ goods_id: goodsId, buy_num: 1 }])
    await shipOrder(app, sellerCtx(), id, { delivery_code: 'zt', delivery_no: `ZT${700000 + id}` })
    ids.push(id)
  }
  return ids
}
/** As if shipped `days` ago. */
const shippedDaysAgo = (ids: number[], days: number) =>
  app.db.orders.updateMany({ where: { id: { in: ids } }, data: { delivery_time: new Date(Date.now() - days * DAY_MS) } })
const statuses = async (ids: number[]) => (await app.db.orders.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' } })).map((o) => o.order_status)
const runJob = (id: number) => orderConfirmJob.process(app, { order_id: id }, {} as Job)

test('the job receives a due order once; before it is due, or once the shopper confirmed, it does nothing', async () => {
  const [id, byShopper] = await shipped(2)
  expect(await runJob(id)).toEqual({ outcome: 'not_due' })
  await shippedDaysAgo([id, byShopper], 7)
  expect(await confirmReceipt(app, byShopper, { userId })).toBe('received')
  expect(await runJob(id)).toEqual({ outcome: 'received' })
  expect(await runJob(id)).toEqual({ outcome: 'not_shipped' })
  expect(await runJob(byShopper)).toEqual({ outcome: 'not_shipped' })
  expect(await sweepDueConfirms(app)).toEqual({ received: 0 })
  const row = await app.db.orders.findUniqueOrThrow({ where: { id } })
  expect(row.order_status).toBe(4)
  expect(row.settle_after!.getTime() - row.receipt_time!.getTime()).toBe(7 * DAY_MS)
})

test('the sweeper alone (Redis lost the jobs) receives what is due, and only that', async () => {
  const [due, notDue, byShopper] = await shipped(3)
  await shippedDaysAgo([due, byShopper], 8)
  await shippedDaysAgo([notDue], 6)
  await confirmReceipt(app, byShopper, { userId })
  expect(await sweepDueConfirms(app)).toEqual({ received: 1 })
  expect(await statuses([due, notDue, byShopper])).toEqual([4, 3, 4])
})

test('confirm_days is read from the task config', async () => {
  const [id] = await shipped(1)
  await app.db.configs.upsert({ where: { name: 'task' }, create: { name: 'task', is_type: 1, content: JSON.stringify({ confirm_days: 2 }) }, update: { content: JSON.stringify({ confirm_days: 2 }) } })
  await app.redis.del(app.key('config', 'task'))
  await shippedDaysAgo([id], 2.5)
  expect(await sweepDueConfirms(app)).toEqual({ received: 1 })
})

test('due while the worker was stopped: once started, with the sweeper racing it, each order is received once', async () => {
  const ids = await shipped(4)
  const queue = app.queues.get(QUEUE_ORDERS)
  const jobs = await Promise.all(ids.map((id) => queue.getJob(`order-confirm-${id}`)))
  expect(jobs.map((j) => j?.name)).toEqual(ids.map(() => 'order-confirm'))
  // The days pass with no worker running: the orders come due and their jobs wait.
  await shippedDaysAgo(ids, 7.5)
  for (const job of jobs) await job!.promote()

  const worker = startQueueWorker(app, QUEUE_ORDERS)
  let swept: { received: number }
  try {
    swept = await sweepDueConfirms(app)
    await eventually(async () => (await Promise.all(ids.map((id) => queue.getJobState(`order-confirm-${id}`)))).every((s) => s === 'completed'))
  } finally {
    await worker.close()
  }
  const outcomes = await Promise.all(ids.map(async (id) => ((await queue.getJob(`order-confirm-${id}`))!.returnvalue as { outcome: string }).outcome))
  expect(outcomes.filter((o) => o === 'received').length + swept.received).toBe(ids.length)
  expect(outcomes.every((o) => o === 'received' || o === 'not_shipped')).toBe(true)
  expect(await statuses(ids)).toEqual(ids.map(() => 4))
  expect(await sweepDueConfirms(app)).toEqual({ received: 0 })
})
