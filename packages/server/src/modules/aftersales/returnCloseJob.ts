// An agreed return the shopper does not ship back closes by itself at its ship_deadline, task.return_ship_days after it
// was agreed: agreeing stages one `refund-return-close` job (id refund-return-close-{id}) due then, and a sweeper closes
// every agreed return still waiting for its shipment past its deadline, so a job Redis lost, or that a stopped worker
// did not run, is done all the same. Closing is a guarded change (agreed and waiting for the shipment → closed): the
// job, the sweeper, the shopper's shipment and the admin's close change the request once. Its lines are then free and
// the order may settle.
import { z } from 'zod'
import { REFUND_STEP, REFUND_TYPE, REFUND_VERIFY, REFUND_VERIFY_FLOW } from '@qshop/shared'
import { transition } from '../../core/transition.ts'
import { runUnit, type Unit, type UnitInfra } from '../../core/unitOfWork.ts'
import { defineJob } from '../../core/jobs/define.ts'
import { closeRequest } from './payback.ts'
import { QUEUE_AFTERSALES } from '../../core/jobs/queues.ts'

export const RETURN_CLOSE_SWEEP_EVERY_MS = 5 * 60_000
const SWEEP_BATCH = 200

/** Closes the agreed return `id` when it still waits for the shopper's shipment and its deadline is past at `now`. */
export function closeUnshippedReturn(infra: UnitInfra, id: number, now: Date): Promise<'closed' | 'not_due'> {
  return runUnit(infra, { label: `refund-return-close ${id}` }, async (tx) => {
    const row = await tx.refunds.findUnique({ where: { id }, select: { order_id: true, ship_deadline: true } })
    // The deadline is written once, when the return is agreed; the guarded change below decides the rest.
    if (!row?.ship_deadline || row.ship_deadline > now) return 'not_due'
    const closed = await transition(tx, REFUND_VERIFY_FLOW, id, { from: REFUND_VERIFY.AGREED, to: REFUND_VERIFY.CLOSED }, {
      where: { refund_type: REFUND_TYPE.GOODS, refund_step: REFUND_STEP.AWAIT_BUYER_SHIPMENT },
      data: { closed_at: now },
    })
    if (!closed) return 'not_due'
    await closeRequest(tx, id, row.order_id)
    return 'closed'
  })
}

/** Closes the agreed returns still waiting for their shipment past their deadline at `now`, earliest first. */
export async function sweepUnshippedReturns(infra: UnitInfra, now = new Date()): Promise<{ closed: number }> {
  const due = await infra.db.refunds.findMany({
    where: { refund_verify: REFUND_VERIFY.AGREED, refund_step: REFUND_STEP.AWAIT_BUYER_SHIPMENT, ship_deadline: { lte: now } },
    select: { id: true },
    orderBy: { ship_deadline: 'asc' },
    take: SWEEP_BATCH,
  })
  let closed = 0
  for (const { id } of due) if ((await closeUnshippedReturn(infra, id, now)) === 'closed') closed++
  return { closed }
}

export const refundReturnCloseJob = defineJob({
  queue: QUEUE_AFTERSALES,
  name: 'refund-return-close',
  payload: z.object({ refund_id: z.number().int().positive() }),
  key: (p) => p.refund_id,
  // Shipped, closed by the admin or not due yet: nothing to do (the sweeper closes it once it is due).
  process: async (infra, p) => ({ outcome: await closeUnshippedReturn(infra, p.refund_id, new Date()) }),
  sweep: { every: RETURN_CLOSE_SWEEP_EVERY_MS, run: (infra) => sweepUnshippedReturns(infra) },
})

/** Stages the closing of the agreed return `refundId` at its ship deadline, in the unit that agreed it. */
export function scheduleReturnClose(unit: Unit, refundId: number, deadline: Date): Promise<void> {
  return unit.stage(refundReturnCloseJob, { refund_id: refundId }, { runAt: deadline })
}
