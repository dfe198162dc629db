// The money of an agreed request goes back (docs/after-checkout.md, "After-sales requests"). It starts in the unit of
// the decision that made it due (the seller's or the auto-agree job's agreement, the admin's arbitration, the seller
// confirming the returned goods), which checks first that the request still fits what is left to refund of its lines:
// - a balance payment goes back there, through the ledger (key refund:{id}: the same request never credits twice),
//   and the request is done in that unit;
// - a gateway payment never calls out from a unit: the unit moves the request to step 2, refunding, and stages the
//   refund-payback job (job id refund-payback-{id}). The job reads the request after the commit, asks the gateway
//   outside any unit under the request's own refund_no as out_refund_no (the gateway refunds one number once, so a
//   retry asks again safely), and finishes the request in a unit of its own. A 'pending' answer records the gateway's
//   refund number and leaves the request refunding until the gateway's confirmation (confirmGatewayRefund). The
//   sweeper asks again for every request refunding without an answer for REFUND_SWEEP_AFTER_MS (its job lost, or out
//   of retries).
// Once the money is back the request is done (step 3), closed, its lines count the refunded units and money, the order
// the refunded money, and the dashboards' day sums lose it (modules/dashboard/salesDays.ts); the stock comes back when
// the goods never left (order unshipped) or came back (a return); an order whose every unit is refunded completes at
// once, its after-sale window ending now.
import { z } from 'zod'
import { ORDER_FLOW, ORDER_STATUS, REFUND_STEP, REFUND_STEP_FLOW, REFUND_TYPE, REFUND_VERIFY, decimalToCents } from '@qshop/shared'
import { Prisma } from '../../generated/prisma/client.ts'
import { businessError } from '../../core/errors.ts'
import { post } from '../../core/ledger.ts'
import { giveBackStock } from '../inventory/index.ts'
import { transition } from '../../core/transition.ts'
import { runUnit, type Tx, type Unit } from '../../core/unitOfWork.ts'
import { defineJob } from '../../core/jobs/define.ts'
import { paymentRefunderFor } from '../../adapters/payment/index.ts'
import { completeIfReviewed } from '../reviews/index.ts'
import { scheduleOrderSettle } from '../settlement/index.ts'
import { takeBackOrderPoints } from '../points/index.ts'
import type { Infra } from '../../core/infra.ts'
import { capLine, stillFits, type CapLineRow } from './caps.ts'
import { QUEUE_AFTERSALES } from '../../core/jobs/queues.ts'
import { giveBackCoupons } from '../promotions/index.ts'
import { addRefundedSales, salesDaysZone } from '../dashboard/index.ts'
import { storeNotification, type RefundDelivery } from '../notifications/index.ts'

const S = REFUND_STEP

/** A request refunding this long without the gateway's answer has lost its job: the sweeper asks the gateway again. */
export const REFUND_SWEEP_AFTER_MS = 5 * 60_000
export const REFUND_SWEEP_EVERY_MS = 5 * 60_000
const SWEEP_BATCH = 100

/** Closes an open request: its lines may be asked again, the order counts one open request less (refund_status 2
 *  once none is left). */
export async function closeRequest(tx: Tx, refundId: number, orderId: number): Promise<void> {
  await tx.refund_goods.updateMany({ where: { refund_id: refundId }, data: { open_line: null } })
  // Assignments run left to right: refund_status reads the decremented count.
  const changed = await tx.$executeRaw`UPDATE orders FORCE INDEX (PRIMARY) SET open_refunds = open_refunds - 1,
    refund_status = IF(open_refunds = 0, 2, refund_status), updated_at = CURRENT_TIMESTAMP(3) WHERE id = ${orderId} AND open_refunds > 0`
  if (!changed) throw new Error(`order ${orderId} had no open request to close (refund ${refundId})`)
}

type RequestRow = {
  id: number
  refund_no: string
  refund_type: number
  refund_step: number
  order_id: number
  user_id: number
  refund_money: Prisma.Decimal
  order_status: number
  store_id: number
  order_created_at: Date
  payment_name: string
  pay_no: string | null
  trade_no: string | null
  pay_total: Prisma.Decimal | null
}

const requestSql = (refundId: number) => Prisma.sql`SELECT r.id, r.refund_no, r.refund_type, r.refund_step, r.order_id, r.user_id, r.refund_money,
    o.order_status, o.store_id, o.created_at AS order_created_at, o.payment_name, p.pay_no, p.trade_no, p.total AS pay_total
  FROM refunds r JOIN orders o ON o.id = r.order_id LEFT JOIN order_pays p ON p.id = o.order_pay_id
  WHERE r.id = ${refundId}`

async function lockedRequest(tx: Tx, refundId: number): Promise<RequestRow> {
  const [row] = await tx.$queryRaw<RequestRow[]>`${requestSql(refundId)} FOR UPDATE`
  if (!row) throw new Error(`refund ${refundId} vanished under its lock`)
  return row
}

/**
 * Refuses (402) a request that no longer fits what is left to refund of its lines: another request refunded some of
 * the same units or money since it was opened (while it stood refused). Reads the lines under lock.
 */
export async function checkStillFits(tx: Tx, refundId: number, orderId: number): Promise<void> {
  const [lines, parts] = await Promise.all([
    tx.$queryRaw<CapLineRow[]>`SELECT id, buy_num, total_price, discount_money, refunded_num, refunded_money
      FROM order_goods WHERE order_id = ${orderId} ORDER BY id FOR UPDATE`,
    tx.refund_goods.findMany({ where: { refund_id: refundId }, select: { order_goods_id: true, num: true, money: true } }),
  ])
  if (!stillFits(lines.map(capLine), parts.map((p) => ({ ...p, money: decimalToCents(p.money) })))) throw businessError('msg.refundNoLongerFits')
}

/**
 * Starts giving back the money of request `refundId`, in the unit of the decision that made it due (the caller has
 * won the guarded change that agreed it, or found the returned goods confirmable); `fromStep`: the step it is at now.
 * Answers 'done' (a balance payment, refunded in this unit) or 'refunding' (a gateway payment: its job is staged).
 */
export async function payBack(tx: Tx, unit: Unit, refundId: number, fromStep: number): Promise<'done' | 'refunding'> {
  const r = await lockedRequest(tx, refundId)
  await checkStillFits(tx, refundId, r.order_id)
  if (r.payment_name === 'balance') {
    const amount = decimalToCents(r.refund_money)
    if (amount > 0)
      await post(tx, {
        owner: { kind: 'user', id: r.user_id }, account: 'money', amount, reason: 'refund',
        source: { type: 'refund', id: r.id }, idemKey: `refund:${r.id}`, info: r.refund_no,
      })
    if (!(await markRefunded(tx, unit, refundId, { fromStep, payRefundNo: null }))) throw new Error(`refund ${refundId} left step ${fromStep} under its lock`)
    return 'done'
  }
  // Only whether a gateway is configured is known here (no network): it is asked by the job.
  if (!paymentRefunderFor(r.payment_name) || !r.pay_no) throw businessError('msg.refundGatewayMissing')
  if (!(await transition(tx, REFUND_STEP_FLOW, refundId, { from: fromStep, to: S.REFUNDING }))) throw new Error(`refund ${refundId} left step ${fromStep} under its lock`)
  await unit.stage(refundPaybackJob, { refund_id: refundId })
  return 'refunding'
}

/**
 * The money of `refundId` is back: records it on the request (step `fromStep` → done), its lines and its order (see the
 * file's head). Answers false, changing nothing, when the request is no longer at `fromStep` (finished by a racer).
 */
export async function markRefunded(tx: Tx, unit: Unit, refundId: number, opts: { fromStep: number; payRefundNo: string | null }): Promise<boolean> {
  const now = new Date()
  const done = await transition(tx, REFUND_STEP_FLOW, refundId, { from: opts.fromStep, to: S.DONE }, { data: { refunded_at: now, pay_refund_no: opts.payRefundNo } })
  if (!done) return false
  const r = await lockedRequest(tx, refundId)
  await closeRequest(tx, refundId, r.order_id)
  const [lines, salesZone] = await Promise.all([
    tx.refund_goods.findMany({
      where: { refund_id: refundId },
      select: { order_goods_id: true, num: true, money: true, order_goods: { select: { goods_id: true, sku_id: true, store_id: true } } },
      orderBy: { order_goods_id: 'asc' },
    }),
    salesDaysZone(tx),
  ])
  for (const l of lines) {
    const counted = await tx.$executeRaw`UPDATE order_goods FORCE INDEX (PRIMARY) SET refunded_num = refunded_num + ${l.num},
      refunded_money = refunded_money + ${l.money}, updated_at = CURRENT_TIMESTAMP(3) WHERE id = ${l.order_goods_id} AND refunded_num + ${l.num} <= buy_num`
    if (!counted) throw new Error(`order line ${l.order_goods_id} cannot take ${l.num} more refunded units`)
  }
  await tx.$executeRaw`UPDATE orders FORCE INDEX (PRIMARY) SET refund_money = refund_money + ${r.refund_money}, updated_at = CURRENT_TIMESTAMP(3) WHERE id = ${r.order_id}`
  // The dashboards' day sums of the day the order was placed (modules/dashboard/salesDays.ts).
  await addRefundedSales(tx, salesZone, { store_id: r.store_id, created_at: r.order_created_at }, r.refund_money,
    lines.map((l) => ({ goods_id: l.order_goods.goods_id, store_id: l.order_goods.store_id, num: l.num, money: l.money })))
  // Points the order earned on receipt go back in proportion (modules/points/earn.ts).
  await takeBackOrderPoints(tx, r.order_id, refundId, decimalToCents(r.refund_money), r.refund_no)

  // A return's goods came back (the seller confirmed them before the money went back); an unshipped order's never left.
  if (r.order_status === ORDER_STATUS.PAID || r.refund_type === REFUND_TYPE.GOODS) {
    const given = await giveBackStock(tx, lines.map((l) => ({ goods_id: l.order_goods.goods_id, sku_id: l.order_goods.sku_id, qty: l.num })))
    if (given.length) await tx.refunds.updateMany({ where: { id: refundId }, data: { stock_returned: 1 } })
  }

  const [{ left }] = await tx.$queryRaw<{ left: bigint }[]>`SELECT COUNT(*) AS \`left\` FROM order_goods WHERE order_id = ${r.order_id} AND refunded_num < buy_num`
  if (!Number(left)) {
    // Wholly refunded: its coupons go back while still valid (a partial refund keeps them used).
    await giveBackCoupons(tx, r.order_id, { onlyValid: true })
    await transition(tx, ORDER_FLOW, r.order_id, { from: [ORDER_STATUS.PAID, ORDER_STATUS.SHIPPED, ORDER_STATUS.RECEIVED], to: ORDER_STATUS.COMPLETED }, { data: { settle_after: now } })
    await scheduleOrderSettle(unit, r.order_id, now)
  } else if (r.order_status === ORDER_STATUS.RECEIVED) {
    // The units refunded may have been the last ones still owing a review (the order's row is locked above).
    await completeIfReviewed(tx, r.order_id)
  }
  return true
}

/** The gateway confirmed the refund of `refundId` (its answer to the job, or its later confirmation of a 'pending'
 *  one): finishes the request in a unit of its own. Answers false when it was not refunding (finished already).
 *  `notified`: the gateway's refund notification, stored once in the same unit (a repeat changes nothing). */
export function confirmGatewayRefund(infra: Infra, refundId: number, payRefundNo: string, notified: RefundDelivery | null = null): Promise<boolean> {
  return runUnit(infra, { label: `refund-payback ${refundId}` }, async (tx, unit) => {
    if (notified) {
      const [r] = await tx.$queryRaw<{ order_id: number }[]>`SELECT order_id FROM refunds WHERE id = ${refundId} FOR UPDATE`
      const [o] = await tx.$queryRaw<{ order_pay_id: number | null }[]>`SELECT order_pay_id FROM orders WHERE id = ${r.order_id}`
      if (!(await storeNotification(tx, notified.provider, notified.delivery, o.order_pay_id))) return false
    }
    return markRefunded(tx, unit, refundId, { fromStep: S.REFUNDING, payRefundNo })
  })
}

export type GatewayOutcome = 'done' | 'pending' | 'not_refunding'

/** Asks the gateway to refund a refunding request, outside any unit, and records its answer. A gateway failure
 *  throws, leaving the request refunding for the job's retry or the sweeper. */
async function refundThroughGateway(infra: Infra, refundId: number): Promise<GatewayOutcome> {
  const [r] = await infra.db.$queryRaw<RequestRow[]>(requestSql(refundId))
  if (!r || r.refund_step !== S.REFUNDING) return 'not_refunding'
  const refunder = paymentRefunderFor(r.payment_name)
  if (!refunder || !r.pay_no) throw new Error(`no gateway refunder for payment ${r.payment_name} (refund ${refundId})`)
  const answer = await refunder.refund({
    payment_name: r.payment_name, pay_no: r.pay_no, trade_no: r.trade_no, refund_no: r.refund_no,
    amount_cents: decimalToCents(r.refund_money), total_cents: decimalToCents(r.pay_total ?? '0'),
  })
  if (answer.state === 'done') return (await confirmGatewayRefund(infra, refundId, answer.pay_refund_no)) ? 'done' : 'not_refunding'
  await runUnit(infra, { label: `refund-payback ${refundId}` }, (tx) =>
    tx.refunds.updateMany({ where: { id: refundId, refund_step: S.REFUNDING }, data: { pay_refund_no: answer.pay_refund_no } }),
  )
  return 'pending'
}

/** Asks the gateway again for the requests refunding without its answer since before `now` − REFUND_SWEEP_AFTER_MS,
 *  oldest first; a failure is logged and asked again at the next sweep. */
export async function sweepRefunding(infra: Infra, now = new Date()): Promise<{ finished: number; pending: number }> {
  const lost = await infra.db.refunds.findMany({
    where: { refund_verify: REFUND_VERIFY.AGREED, refund_step: S.REFUNDING, pay_refund_no: null, updated_at: { lt: new Date(now.getTime() - REFUND_SWEEP_AFTER_MS) } },
    select: { id: true },
    orderBy: { updated_at: 'asc' },
    take: SWEEP_BATCH,
  })
  let finished = 0
  let pending = 0
  for (const { id } of lost) {
    try {
      const outcome = await refundThroughGateway(infra, id)
      if (outcome === 'done') finished++
      if (outcome === 'pending') pending++
    } catch (err) {
      infra.log.warn({ err, refund: id }, 'gateway refund failed; the next sweep asks again')
    }
  }
  return { finished, pending }
}

export const refundPaybackJob = defineJob({
  queue: QUEUE_AFTERSALES,
  name: 'refund-payback',
  payload: z.object({ refund_id: z.number().int().positive() }),
  key: (p) => p.refund_id,
  // A gateway failure fails the job: BullMQ retries it (core/jobs/outbox.ts: attempts and backoff), the sweeper after that.
  process: async (infra, p) => ({ outcome: await refundThroughGateway(infra, p.refund_id) }),
  sweep: { every: REFUND_SWEEP_EVERY_MS, run: (infra) => sweepRefunding(infra) },
})

/** The gateway says request number `refundNo` is refunded (its refund notification `notified`, or the refund query):
 *  finishes it (false when it was not refunding, or the notification is a repeat); null when no request has that number. */
export async function confirmGatewayRefundByNumber(infra: Infra, refundNo: string, payRefundNo: string, notified: RefundDelivery | null = null): Promise<boolean | null> {
  const request = await infra.db.refunds.findFirst({ where: { refund_no: refundNo }, select: { id: true } })
  if (!request) return null
  return confirmGatewayRefund(infra, request.id, payRefundNo, notified)
}
