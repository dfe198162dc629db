// After-sales refunds a gateway answered "processing" wait for its refund notification (notify.ts); when that is lost,
// this repeatable job asks the gateway about each of them (a refund query under the request's refund number) and
// finishes those it says are done, through the after-sales module.
import { z } from 'zod'
import { REFUND_STEP, REFUND_VERIFY } from '@qshop/shared'
import { defineJob } from '../../core/jobs/define.ts'
import { QUEUE_AFTERSALES } from '../../core/jobs/queues.ts'
import type { Infra } from '../../core/infra.ts'
import { isGatewayName } from '../../adapters/payment/gateway.ts'
import { gatewayFor } from '../../adapters/payment/config.ts'
import { confirmGatewayRefundByNumber } from '../aftersales/index.ts'

export const REFUND_QUERY_EVERY_MS = 10 * 60_000
/** A notification usually comes within minutes: only requests waiting longer are asked about. */
const ASK_AFTER_MS = 10 * 60_000

export async function queryPendingRefunds(infra: Infra, now = new Date()): Promise<{ finished: number; pending: number }> {
  const waiting = await infra.db.$queryRaw<{ refund_no: string; pay_no: string; payment_name: string }[]>`SELECT r.refund_no, p.pay_no, p.payment_name
    FROM refunds r JOIN orders o ON o.id = r.order_id JOIN order_pays p ON p.id = o.order_pay_id
    WHERE r.refund_verify = ${REFUND_VERIFY.AGREED} AND r.refund_step = ${REFUND_STEP.REFUNDING} AND r.pay_refund_no IS NOT NULL
      AND r.updated_at < ${new Date(now.getTime() - ASK_AFTER_MS)}
    ORDER BY r.updated_at LIMIT 100`
  let finished = 0
  let pending = 0
  for (const w of waiting) {
    if (!isGatewayName(w.payment_name)) continue
    try {
      const gateway = await gatewayFor(infra, w.payment_name)
      if (!gateway) continue
      const known = await gateway.refundQuery({ pay_no: w.pay_no, refund_no: w.refund_no })
      if (known.state === 'done' && (await confirmGatewayRefundByNumber(infra, w.refund_no, known.pay_refund_no))) finished++
      else pending++
    } catch (err) {
      infra.log.warn({ err, refund_no: w.refund_no }, 'refund query failed; asked again at the next run')
    }
  }
  return { finished, pending }
}

export const refundQueryJob = defineJob({
  queue: QUEUE_AFTERSALES,
  name: 'gateway-refund-query',
  payload: z.object({}),
  process: (infra) => queryPendingRefunds(infra),
  every: REFUND_QUERY_EVERY_MS,
})
