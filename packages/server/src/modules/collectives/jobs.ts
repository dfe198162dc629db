// A group's end (docs/collectives.md). Opening a group stages its `collective-expire` job at expire_at; a sweeper
// every minute closes whatever open group is past its time, so a job Redis lost is still done. Closing is one guarded
// change open → failed under the group's lock, so the job, the sweeper and a last-moment payment (seats.ts paidSeats,
// which takes the same lock) decide once: the payment either filled the group first, or finds it failed and stages
// its own refund. The close stages one `collective-refund` job per paid seat: each refund is its own unit (seat
// paid → refunded by a guarded change, then the whole order refunded by the after-sales flow: modules/aftersales
// wholeRefund.ts), so one member's gateway failure is retried without holding up the others; a second sweeper finds
// paid seats of failed groups whose refund never ran.
import { z } from 'zod'
import { COLLECTIVE_FLOW, COLLECTIVE_SEAT, COLLECTIVE_SEAT_FLOW, COLLECTIVE_STATUS, translate } from '@qshop/shared'
import { defineJob } from '../../core/jobs/define.ts'
import { QUEUE_AFTERSALES, QUEUE_ORDERS } from '../../core/jobs/queues.ts'
import type { Infra } from '../../core/infra.ts'
import { transition } from '../../core/transition.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { refundWholeOrder } from '../aftersales/index.ts'

export const COLLECTIVE_SWEEP_EVERY_MS = 60_000
const SWEEP_BATCH = 200

export type CloseOutcome = 'failed' | 'not_open' | 'not_due'

/** Closes group `id` unfilled when it is open and its time is past at `now`; stages each paid seat's refund. */
export function closeGroup(infra: Infra, id: number, now = new Date()): Promise<CloseOutcome> {
  return runUnit(infra, { label: `collective-expire ${id}` }, async (tx, unit) => {
    const [group] = await tx.$queryRaw<{ status: number; expire_at: Date }[]>`SELECT status, expire_at FROM collective_logs FORCE INDEX (PRIMARY) WHERE id = ${id} FOR UPDATE`
    if (!group || group.status !== COLLECTIVE_STATUS.OPEN) return 'not_open'
    if (group.expire_at > now) return 'not_due'
    if (!(await transition(tx, COLLECTIVE_FLOW, id, { from: COLLECTIVE_STATUS.OPEN, to: COLLECTIVE_STATUS.FAILED }))) throw new Error(`group ${id} changed under its lock`)
    const paid = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM collective_members WHERE collective_log_id = ${id} AND status = ${COLLECTIVE_SEAT.PAID} ORDER BY id`
    for (const seat of paid) await unit.stage(collectiveRefundJob, { member_id: seat.id })
    return 'failed'
  })
}

/** Closes the open groups past their time, soonest first. */
export async function sweepExpiredGroups(infra: Infra, now = new Date()): Promise<{ failed: number }> {
  const due = await infra.db.collective_logs.findMany({
    where: { status: COLLECTIVE_STATUS.OPEN, expire_at: { lte: now } },
    select: { id: true },
    orderBy: { expire_at: 'asc' },
    take: SWEEP_BATCH,
  })
  let failed = 0
  for (const { id } of due) if ((await closeGroup(infra, id, now)) === 'failed') failed++
  return { failed }
}

export type RefundOutcome = 'refunded' | 'not_due' | 'waiting'

/** A refund the order cannot take yet: another request of it is open; the job fails and is retried. */
class OrderBusy extends Error {}

/** Refunds paid seat `memberId` of a failed group, once: the guarded change paid → refunded decides. */
export async function refundSeat(infra: Infra, memberId: number): Promise<RefundOutcome> {
  const remark = translate('zh-cn', 'msg.collectiveRefund')
  return runUnit(infra, { label: `collective-refund ${memberId}` }, async (tx, unit) => {
    const [seat] = await tx.$queryRaw<{ order_id: number; group_status: number }[]>`SELECT m.order_id, l.status AS group_status
      FROM collective_members m JOIN collective_logs l ON l.id = m.collective_log_id WHERE m.id = ${memberId}`
    if (!seat || seat.group_status !== COLLECTIVE_STATUS.FAILED) return 'not_due'
    if (!(await transition(tx, COLLECTIVE_SEAT_FLOW, memberId, { from: COLLECTIVE_SEAT.PAID, to: COLLECTIVE_SEAT.REFUNDED }))) return 'not_due'
    const refundId = await refundWholeOrder(tx, unit, seat.order_id, remark)
    if (refundId === null) throw new OrderBusy(`order ${seat.order_id} has an open request: seat ${memberId} is refunded once it closes`)
    await tx.collective_members.updateMany({ where: { id: memberId }, data: { refund_id: refundId } })
    return 'refunded'
  })
}

/** Refunds the paid seats of failed groups whose refund job was lost or failed. */
export async function sweepUnrefundedSeats(infra: Infra): Promise<{ refunded: number }> {
  const due = await infra.db.$queryRaw<{ id: number }[]>`SELECT m.id FROM collective_members m JOIN collective_logs l ON l.id = m.collective_log_id
    WHERE m.status = ${COLLECTIVE_SEAT.PAID} AND l.status = ${COLLECTIVE_STATUS.FAILED} ORDER BY m.id LIMIT ${SWEEP_BATCH}`
  let refunded = 0
  for (const { id } of due) {
    try {
      if ((await refundSeat(infra, id)) === 'refunded') refunded++
    } catch (err) {
      infra.log.warn({ err, collective_member: id }, 'group refund failed; the next sweep tries again')
    }
  }
  return { refunded }
}

export const collectiveExpireJob = defineJob({
  queue: QUEUE_ORDERS,
  name: 'collective-expire',
  payload: z.object({ collective_log_id: z.number().int().positive() }),
  key: (p) => p.collective_log_id,
  process: async (infra, p) => ({ outcome: await closeGroup(infra, p.collective_log_id) }),
  sweep: { every: COLLECTIVE_SWEEP_EVERY_MS, run: (infra) => sweepExpiredGroups(infra) },
})

export const collectiveRefundJob = defineJob({
  queue: QUEUE_AFTERSALES,
  name: 'collective-refund',
  payload: z.object({ member_id: z.number().int().positive() }),
  key: (p) => p.member_id,
  // A failure (the order busy with a request, a database error) fails the job: BullMQ retries it, the sweeper after that.
  process: async (infra, p) => ({ outcome: await refundSeat(infra, p.member_id) }),
  sweep: { every: COLLECTIVE_SWEEP_EVERY_MS, run: (infra) => sweepUnrefundedSeats(infra) },
})
