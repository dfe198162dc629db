// A gateway payment that arrived for orders no longer payable (settle.ts marked it refunding, under its late_refund_no)
// goes back in full through its gateway: the job asks outside any unit, the gateway refunds one number once (so a retry
// asks again safely), and the payment is marked refunded in a unit of its own once the gateway says so — in its answer,
// its refund notification (modules/payments) or the sweeper's refund query. Admins see it on the payments list.
import { z } from 'zod'
import { LATE_REFUND, LATE_REFUND_FLOW, decimalToCents, type DecimalLike } from '@qshop/shared'
import { defineJob } from '../../core/jobs/define.ts'
import { QUEUE_ORDERS } from '../../core/jobs/queues.ts'
import type { Infra } from '../../core/infra.ts'
import { transition } from '../../core/transition.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { isGatewayName } from '../../adapters/payment/gateway.ts'
import { REFUND_NOTIFY_PATH, gatewayFor, publicUrl } from '../../adapters/payment/config.ts'
import { storeNotification, type RefundDelivery } from '../notifications/index.ts'

export const LATE_REFUND_SWEEP_EVERY_MS = 5 * 60_000
/** A refund still refunding this long after its last change is asked about again. */
export const LATE_REFUND_ASK_AFTER_MS = 2 * 60_000

type Row = { id: number; pay_no: string; trade_no: string | null; payment_name: string; total: DecimalLike; late_refund_status: number; late_refund_no: string | null }

const rowOf = async (infra: Infra, id: number) =>
  (await infra.db.$queryRaw<Row[]>`SELECT id, pay_no, trade_no, payment_name, total, late_refund_status, late_refund_no FROM order_pays WHERE id = ${id}`)[0]

/** The gateway has given the money back: refunding → refunded, once; `notified`: its refund notification, stored once
 *  in the same unit (a repeat changes nothing). */
export function finishLateRefund(infra: Infra, orderPayId: number, notified: RefundDelivery | null = null): Promise<boolean> {
  return runUnit(infra, { label: `late-refund ${orderPayId}` }, async (tx) => {
    if (notified) {
      await tx.$queryRaw`SELECT id FROM order_pays WHERE id = ${orderPayId} FOR UPDATE`
      if (!(await storeNotification(tx, notified.provider, notified.delivery, orderPayId))) return false
    }
    return (await transition(tx, LATE_REFUND_FLOW, orderPayId, { from: LATE_REFUND.REFUNDING, to: LATE_REFUND.REFUNDED }, { data: { late_refunded_at: new Date() } })) > 0
  })
}

/** Finishes the late refund whose number is `refundNo` (a gateway's refund notification); null when it is not one. */
export async function finishLateRefundByNumber(infra: Infra, refundNo: string, notified: RefundDelivery): Promise<boolean | null> {
  const row = await infra.db.order_pays.findUnique({ where: { late_refund_no: refundNo }, select: { id: true } })
  if (!row) return null
  return finishLateRefund(infra, row.id, notified)
}

export type LateRefundOutcome = 'refunded' | 'pending' | 'not_refunding'

/** Asks the gateway to refund the whole payment (`ask`: refund, or first query what it knows of the number). */
export async function refundLatePayment(infra: Infra, orderPayId: number, ask: 'refund' | 'query' = 'refund'): Promise<LateRefundOutcome> {
  const row = await rowOf(infra, orderPayId)
  if (!row || row.late_refund_status !== LATE_REFUND.REFUNDING || !row.late_refund_no) return 'not_refunding'
  if (!isGatewayName(row.payment_name)) throw new Error(`payment ${orderPayId} is not a gateway payment`)
  const gateway = await gatewayFor(infra, row.payment_name)
  if (!gateway) throw new Error(`${row.payment_name} is not configured: late refund of payment ${orderPayId} waits`)
  if (ask === 'query') {
    const known = await gateway.refundQuery({ pay_no: row.pay_no, refund_no: row.late_refund_no })
    if (known.state === 'done') return (await finishLateRefund(infra, orderPayId)) ? 'refunded' : 'not_refunding'
    if (known.state === 'pending') return 'pending'
  }
  const total = decimalToCents(row.total)
  const answer = await gateway.refund({
    payment_name: row.payment_name, pay_no: row.pay_no, trade_no: row.trade_no, refund_no: row.late_refund_no, amount_cents: total, total_cents: total,
    notify_url: publicUrl(infra.config, REFUND_NOTIFY_PATH[row.payment_name]),
  })
  if (answer.state === 'done') return (await finishLateRefund(infra, orderPayId)) ? 'refunded' : 'not_refunding'
  return 'pending'
}

/** Asks again about every late refund still refunding a while after its last change (its job lost, or PROCESSING). */
export async function sweepLateRefunds(infra: Infra, now = new Date()): Promise<{ refunded: number; pending: number }> {
  const due = await infra.db.order_pays.findMany({
    where: { late_refund_status: LATE_REFUND.REFUNDING, updated_at: { lt: new Date(now.getTime() - LATE_REFUND_ASK_AFTER_MS) } },
    select: { id: true },
    orderBy: { updated_at: 'asc' },
    take: 100,
  })
  let refunded = 0
  let pending = 0
  for (const { id } of due) {
    try {
      const outcome = await refundLatePayment(infra, id, 'query')
      if (outcome === 'refunded') refunded++
      if (outcome === 'pending') pending++
    } catch (err) {
      infra.log.warn({ err, order_pay: id }, 'late refund failed; the next sweep asks again')
    }
  }
  return { refunded, pending }
}

export const lateRefundJob = defineJob({
  queue: QUEUE_ORDERS,
  name: 'late-refund',
  payload: z.object({ order_pay_id: z.number().int().positive() }),
  key: (p) => p.order_pay_id,
  process: async (infra, p) => ({ outcome: await refundLatePayment(infra, p.order_pay_id) }),
  sweep: { every: LATE_REFUND_SWEEP_EVERY_MS, run: (infra) => sweepLateRefunds(infra) },
})
