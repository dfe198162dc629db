// The auto-confirm of shipped orders: shipping stages one `order-confirm` job per order (job id order-confirm-{id}) to
// run task.confirm_days after the delivery time, in the outbox of the shipping unit; a sweeper receives every shipped
// order whose time has come, so an order whose job Redis lost, or that a stopped worker did not run, is received all
// the same — once, since confirmReceipt's guarded change decides.
import { z } from 'zod'
import { ORDER_STATUS } from '@qshop/shared'
import { defineJob } from '../../core/jobs/define.ts'
import { QUEUE_ORDERS } from '../../core/jobs/queues.ts'
import type { Infra } from '../../core/infra.ts'
import { confirmReceipt } from './receipt.ts'
import { DAY_MS, taskDays } from './taskConfig.ts'

/** How often the sweeper looks for due orders, and how many it receives per run. */
export const CONFIRM_SWEEP_EVERY_MS = 5 * 60_000
const SWEEP_BATCH = 200

/** Receives the shipped orders shipped task.confirm_days or more before `now`, oldest first; answers how many. */
export async function sweepDueConfirms(infra: Infra, now = new Date()): Promise<{ received: number }> {
  const { confirmDays } = await taskDays(infra)
  const due = await infra.db.orders.findMany({
    where: { order_status: ORDER_STATUS.SHIPPED, delivery_time: { lte: new Date(now.getTime() - confirmDays * DAY_MS) } },
    select: { id: true },
    orderBy: { delivery_time: 'asc' },
    take: SWEEP_BATCH,
  })
  let received = 0
  for (const { id } of due) if ((await confirmReceipt(infra, id, { dueAt: now })) === 'received') received++
  return { received }
}

export const orderConfirmJob = defineJob({
  queue: QUEUE_ORDERS,
  name: 'order-confirm',
  payload: z.object({ order_id: z.number().int().positive() }),
  key: (p) => p.order_id,
  // Received by the shopper meanwhile, the job does nothing; run early (confirm_days raised since), the sweeper
  // receives the order when it is due.
  process: async (infra, p) => ({ outcome: await confirmReceipt(infra, p.order_id, { dueAt: new Date() }) }),
  sweep: { every: CONFIRM_SWEEP_EVERY_MS, run: (infra) => sweepDueConfirms(infra) },
})
