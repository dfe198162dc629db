// When settlement happens: the order-settle job of an order (job id order-settle-{id}), staged to run when its
// after-sale window ends (scheduleOrderSettle, called where settle_after is set); the sweeper, which settles every due
// order whether or not its job ran (Redis lost it, the worker was stopped, a request was still open at the time); and
// the admin's "settle now" (settleDue with every batch). Each run settles under one batch number.
import { z } from 'zod'
import { SETTLEMENT_STATUS, sumCents } from '@qshop/shared'
import { defineJob } from '../../core/jobs/define.ts'
import { QUEUE_SETTLEMENT } from '../../core/jobs/queues.ts'
import type { Unit, UnitInfra } from '../../core/unitOfWork.ts'
import { businessNumber } from '../../core/businessNumbers.ts'
import { SETTLEABLE_STATUSES, settleOrder } from './settle.ts'

/** How often the sweeper looks for due orders, and how many orders one query finds. */
export const SETTLE_SWEEP_EVERY_MS = 5 * 60_000
const BATCH = 200

export type SettleRun = { settlement_no: string; settled: number; settlement_money: number; commission_money: number }

/**
 * Settles the orders due at `now`, earliest window end first, `batches` queries of BATCH orders at most (the sweeper
 * takes one per run; "settle now" takes them all). Answers the run's batch number, how many orders it settled and
 * what it credited the stores (cents; racers that settled an order first count it in their own run).
 */
export async function settleDue(infra: UnitInfra, now = new Date(), batches = 1): Promise<SettleRun> {
  const settlementNo = businessNumber('settlement', now)
  const credited: number[] = []
  const commissions: number[] = []
  // An order that failed (logged) is not asked for again in this run, so a bad row cannot make the loop spin.
  const failed: number[] = []
  for (let i = 0; i < batches; i++) {
    const due = await infra.db.orders.findMany({
      where: {
        is_settlement: SETTLEMENT_STATUS.UNSETTLED, settle_after: { lte: now }, order_status: { in: [...SETTLEABLE_STATUSES] }, open_refunds: 0,
        ...(failed.length ? { id: { notIn: failed } } : {}),
      },
      select: { id: true },
      orderBy: [{ settle_after: 'asc' }, { id: 'asc' }],
      take: BATCH,
    })
    for (const { id } of due) {
      try {
        const done = await settleOrder(infra, id, now, settlementNo)
        if (done.outcome === 'settled') {
          credited.push(done.settlement_price)
          commissions.push(done.commission_money)
        }
      } catch (err) {
        infra.log.error({ err, order: id }, 'order not settled')
        failed.push(id)
      }
    }
    if (due.length < BATCH) break
  }
  return { settlement_no: settlementNo, settled: credited.length, settlement_money: sumCents(credited), commission_money: sumCents(commissions) }
}

export const orderSettleJob = defineJob({
  queue: QUEUE_SETTLEMENT,
  name: 'order-settle',
  payload: z.object({ order_id: z.number().int().positive() }),
  key: (p) => p.order_id,
  // Not due yet (a request still open, the window moved): the sweeper settles it once it is.
  process: async (infra, p) => ({ outcome: (await settleOrder(infra, p.order_id, new Date())).outcome }),
  sweep: { every: SETTLE_SWEEP_EVERY_MS, run: async (infra) => ({ settled: (await settleDue(infra)).settled }) },
})

/** Stages the order's settlement at the end of its after-sale window, in the unit that set settle_after. */
export async function scheduleOrderSettle(unit: Unit, orderId: number, settleAfter: Date): Promise<void> {
  await unit.stage(orderSettleJob, { order_id: orderId }, { runAt: settleAfter })
}
