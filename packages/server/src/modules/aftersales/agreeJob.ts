// A request the seller leaves unanswered is agreed automatically task.refund_agree_hours after it was opened: the
// opening stages one `refund-agree` job (id refund-agree-{id}) due at its agree_deadline, and a sweeper agrees every
// pending request whose deadline passed, so a job Redis lost, or that a stopped worker did not run, is done all the same.
// Agreeing is a guarded change: the job, the sweeper and the seller agree a request once.
import { z } from 'zod'
import { REFUND_VERIFY } from '@qshop/shared'
import { defineJob } from '../../core/jobs/define.ts'
import type { Unit } from '../../core/unitOfWork.ts'
import { AppError } from '../../core/errors.ts'
import type { Infra } from '../../core/infra.ts'
import { agreeRequest } from './decide.ts'
import { QUEUE_AFTERSALES } from '../../core/jobs/queues.ts'

export const AGREE_SWEEP_EVERY_MS = 60_000
const SWEEP_BATCH = 200

/** Agrees a due request; a business refusal (no gateway for the payment) leaves it pending for the seller. */
async function agreeDue(infra: Infra, id: number, now: Date): Promise<string> {
  try {
    return await agreeRequest(infra, id, {}, { dueAt: now })
  } catch (err) {
    if (!(err instanceof AppError)) throw err
    infra.log.warn({ refund: id, msg: err.msgKey }, 'auto-agree refused')
    return 'refused'
  }
}

export async function sweepDueAgrees(infra: Infra, now = new Date()): Promise<{ agreed: number }> {
  const due = await infra.db.refunds.findMany({
    where: { refund_verify: REFUND_VERIFY.PENDING, agree_deadline: { lt: now } },
    select: { id: true },
    orderBy: { agree_deadline: 'asc' },
    take: SWEEP_BATCH,
  })
  let agreed = 0
  for (const { id } of due) if (!['not_due', 'refused'].includes(await agreeDue(infra, id, now))) agreed++
  return { agreed }
}

export const refundAgreeJob = defineJob({
  queue: QUEUE_AFTERSALES,
  name: 'refund-agree',
  payload: z.object({ refund_id: z.number().int().positive() }),
  key: (p) => p.refund_id,
  process: async (infra, p) => ({ outcome: await agreeDue(infra, p.refund_id, new Date()) }),
  sweep: { every: AGREE_SWEEP_EVERY_MS, run: (infra) => sweepDueAgrees(infra) },
})

/** Stages the request's auto-agree at its deadline, in the unit that opened it. */
export function scheduleRefundAgree(unit: Unit, refundId: number, deadline: Date): Promise<void> {
  return unit.stage(refundAgreeJob, { refund_id: refundId }, { runAt: deadline })
}
