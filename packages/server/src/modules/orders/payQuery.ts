// Asking a gateway about an open payment, when its notification did not come (or not yet): a `pay-query` job per
// payment, first a minute after it was opened and then backing off, and a sweeper for the ones whose job was lost; the
// cancel of an order asks once more before giving the stock back (cancel.ts). What the gateway answers is recorded as
// a notification would be (settle.ts): paid → the orders paid; closed → the payment closed.
import { z } from 'zod'
import { PAYMENT_FLOW, PAY_STATUS } from '@qshop/shared'
import { defineJob } from '../../core/jobs/define.ts'
import { QUEUE_ORDERS } from '../../core/jobs/queues.ts'
import type { Infra } from '../../core/infra.ts'
import { transition } from '../../core/transition.ts'
import { runUnit, type Unit } from '../../core/unitOfWork.ts'
import { GATEWAY_NAMES, isGatewayName } from '../../adapters/payment/gateway.ts'
import { gatewayFor } from '../../adapters/payment/config.ts'
import { settleGatewayPayment, type SettleOutcome } from './settle.ts'

/** Delays of the successive queries after a payment opened: the first within a minute, then further apart. */
export const QUERY_BACKOFF_MS = [60_000, 2 * 60_000, 5 * 60_000, 10 * 60_000, 30 * 60_000]
export const QUERY_SWEEP_EVERY_MS = 5 * 60_000
/** The sweeper leaves younger payments to their jobs. */
const SWEEP_OLDER_THAN_MS = 3 * 60_000

type OpenPay = { id: number; pay_no: string; payment_name: string; pay_status: number; expires_at: Date | null }

export type ResolveOutcome = SettleOutcome | 'unpaid' | 'closed' | 'not_open'

/** Closes an open payment in the database (the gateway's order is closed or was never opened). */
async function markClosed(infra: Infra, id: number): Promise<boolean> {
  return runUnit(infra, { label: `payment ${id} closed` }, async (tx) => (await transition(tx, PAYMENT_FLOW, id, { from: PAY_STATUS.UNPAID, to: PAY_STATUS.CLOSED })) > 0)
}

const openPay = async (infra: Infra, id: number) =>
  (await infra.db.order_pays.findUnique({ where: { id }, select: { id: true, pay_no: true, payment_name: true, pay_status: true, expires_at: true } })) as OpenPay | null

/** What the gateway says of payment `id`, recorded. `close`: also close it at the gateway when it is not paid. */
export async function resolvePayment(infra: Infra, id: number, opts: { close?: boolean } = {}): Promise<ResolveOutcome> {
  const pay = await openPay(infra, id)
  if (!pay || pay.pay_status !== PAY_STATUS.UNPAID || !isGatewayName(pay.payment_name)) return 'not_open'
  const gateway = await gatewayFor(infra, pay.payment_name)
  if (!gateway) {
    // Switched off since: nothing can be asked or closed there, and nothing it sends could be verified.
    if (opts.close) return (await markClosed(infra, id)) ? 'closed' : 'not_open'
    throw new Error(`${pay.payment_name} is not configured: payment ${id} cannot be asked about`)
  }
  const state = await gateway.query(pay.pay_no)
  if (state.state === 'paid') return settleGatewayPayment(infra, pay.payment_name, { pay_no: pay.pay_no, trade_no: state.trade_no, total_cents: state.total_cents }, null)
  if (state.state === 'closed') return (await markClosed(infra, id)) ? 'closed' : 'not_open'
  if (!opts.close) return 'unpaid'
  // Closed at the gateway first: once it answers, no money can arrive for it any more.
  if ((await gateway.close(pay.pay_no)) === 'paid') return resolvePayment(infra, id)
  return (await markClosed(infra, id)) ? 'closed' : 'not_open'
}

/** Stages the first query of a payment just opened (in the unit that opened it). */
export function scheduleFirstQuery(unit: Unit, orderPayId: number, now = new Date()): Promise<void> {
  return unit.stage(payQueryJob, { order_pay_id: orderPayId, attempt: 0 }, { runAt: new Date(now.getTime() + QUERY_BACKOFF_MS[0]) })
}

async function queryAndBackOff(infra: Infra, p: { order_pay_id: number; attempt: number }) {
  const pay = await openPay(infra, p.order_pay_id)
  const expired = pay?.expires_at != null && pay.expires_at <= new Date()
  const outcome = await resolvePayment(infra, p.order_pay_id, { close: expired })
  const next = QUERY_BACKOFF_MS[p.attempt + 1]
  if (outcome === 'unpaid' && next)
    await runUnit(infra, { label: `pay-query ${p.order_pay_id}` }, (_tx, unit) =>
      unit.stage(payQueryJob, { order_pay_id: p.order_pay_id, attempt: p.attempt + 1 }, { runAt: new Date(Date.now() + next) }),
    )
  return outcome
}

/** Asks about every open gateway payment older than a few minutes, closing those past their expiry. */
export async function sweepOpenPayments(infra: Infra, now = new Date()): Promise<Record<string, number>> {
  const open = await infra.db.order_pays.findMany({
    where: { pay_status: PAY_STATUS.UNPAID, payment_name: { in: [...GATEWAY_NAMES] }, created_at: { lt: new Date(now.getTime() - SWEEP_OLDER_THAN_MS) } },
    select: { id: true, expires_at: true },
    orderBy: { created_at: 'asc' },
    take: 100,
  })
  const counts: Record<string, number> = {}
  for (const p of open) {
    try {
      const outcome = await resolvePayment(infra, p.id, { close: p.expires_at !== null && p.expires_at <= now })
      counts[outcome] = (counts[outcome] ?? 0) + 1
    } catch (err) {
      infra.log.warn({ err, order_pay: p.id }, 'payment query failed; the next sweep asks again')
    }
  }
  return counts
}

export const payQueryJob = defineJob({
  queue: QUEUE_ORDERS,
  name: 'pay-query',
  payload: z.object({ order_pay_id: z.number().int().positive(), attempt: z.number().int().min(0) }),
  key: (p) => `${p.order_pay_id}.${p.attempt}`,
  process: async (infra, p) => ({ outcome: await queryAndBackOff(infra, p) }),
  sweep: { every: QUERY_SWEEP_EVERY_MS, run: (infra) => sweepOpenPayments(infra) },
})
