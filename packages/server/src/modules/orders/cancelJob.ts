// The auto-cancel of unpaid orders: checkout stages one `order-cancel` job per order (job id order-cancel-{id}) to run
// at its payment deadline, in the outbox of its own transaction; a sweeper cancels every unpaid order whose deadline
// passed, so an order whose job Redis lost, or that a stopped worker did not run, is cancelled all the same.
import { z } from 'zod'
import { ORDER_STATUS } from '@qshop/shared'
import { defineJob, jobIdOf } from '../../core/jobs/define.ts'
import { QUEUE_ORDERS } from '../../core/jobs/queues.ts'
import { stageSweptJobs } from '../../core/jobs/outbox.ts'
import type { Tx } from '../../core/unitOfWork.ts'
import { cancelOrder, type CancelInfra } from './cancel.ts'

/** How often the sweeper looks for due orders, and how many it cancels per run. */
export const CANCEL_SWEEP_EVERY_MS = 60_000
const SWEEP_BATCH = 200

/** Cancels the unpaid orders whose deadline is past `now`, oldest deadline first; answers how many it cancelled. */
export async function sweepDueCancels(infra: CancelInfra, now = new Date()): Promise<{ cancelled: number }> {
  const due = await infra.db.orders.findMany({
    where: { order_status: ORDER_STATUS.UNPAID, pay_deadline: { lt: now } },
    select: { id: true },
    orderBy: { pay_deadline: 'asc' },
    take: SWEEP_BATCH,
  })
  let cancelled = 0
  for (const { id } of due) if ((await cancelOrder(infra, id, { dueAt: now })) === 'cancelled') cancelled++
  return { cancelled }
}

export const orderCancelJob = defineJob({
  queue: QUEUE_ORDERS,
  name: 'order-cancel',
  payload: z.object({ order_id: z.number().int().positive() }),
  key: (p) => p.order_id,
  // Paid or cancelled meanwhile, the job does nothing; run early, the sweeper cancels the order when it is due.
  process: async (infra, p) => ({ outcome: await cancelOrder(infra, p.order_id, { dueAt: new Date() }) }),
  sweep: { every: CANCEL_SWEEP_EVERY_MS, run: (infra) => sweepDueCancels(infra) },
})

/** Stages the new orders' cancels at their payment deadline, in the checkout's transaction (the outbox's sweeper
 *  sends them). */
export async function scheduleOrderCancel(tx: Tx, orderIds: number | number[], payDeadline: Date): Promise<void> {
  await stageSweptJobs(
    tx,
    [orderIds].flat().map((id) => {
      const payload = orderCancelJob.payload.parse({ order_id: id })
      return { queue: orderCancelJob.queue, name: orderCancelJob.name, jobId: jobIdOf(orderCancelJob, payload), payload, runAt: payDeadline }
    }),
  )
}
