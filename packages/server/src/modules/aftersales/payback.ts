// The money of an agreed request goes back (issue 10 contract, "Money rules"), in the unit that decided it: through
// the ledger for balance payments (key refund:{id}: the same request never credits twice), through the payment's
// gateway otherwise. Once the money is back the request is done (step 3), closed, its lines count the refunded units
// and money, the order the refunded money; the stock comes back when the goods never left (order unshipped) or came
// back (return confirmed); an order whose every unit is refunded completes at once, its after-sale window ending now.
import { ORDER_FLOW, ORDER_STATUS, REFUND_STEP, REFUND_STEP_FLOW, decimalToCents } from '@qshop/shared'
import { Prisma } from '../../generated/prisma/client.ts'
import { businessError } from '../../core/errors.ts'
import { post } from '../../core/ledger.ts'
import { giveBackStock } from '../inventory/index.ts'
import { transition } from '../../core/transition.ts'
import type { Tx, Unit, UnitInfra } from '../../core/unitOfWork.ts'
import { paymentRefunderFor } from '../../adapters/payment/index.ts'
import { completeIfReviewed } from '../reviews/service.ts'
import { scheduleOrderSettle } from '../settlement/settleJob.ts'

export type PaybackInfra = UnitInfra

/** Closes an open request: its lines may be asked again, the order counts one open request less (refund_status 2
 *  once none is left). */
export async function closeRequest(tx: Tx, refundId: number, orderId: number): Promise<void> {
  await tx.refund_goods.updateMany({ where: { refund_id: refundId }, data: { open_line: null } })
  // Assignments run left to right: refund_status reads the decremented count.
  const changed = await tx.$executeRaw`UPDATE orders FORCE INDEX (PRIMARY) SET open_refunds = open_refunds - 1,
    refund_status = IF(open_refunds = 0, 2, refund_status), updated_at = CURRENT_TIMESTAMP(3) WHERE id = ${orderId} AND open_refunds > 0`
  if (!changed) throw new Error(`order ${orderId} had no open request to close (refund ${refundId})`)
}

type Locked = {
  id: number
  refund_no: string
  order_id: number
  user_id: number
  refund_money: Prisma.Decimal
  order_status: number
  payment_name: string
  pay_no: string | null
  trade_no: string | null
  pay_total: Prisma.Decimal | null
}

async function lockedRequest(tx: Tx, refundId: number): Promise<Locked> {
  const [row] = await tx.$queryRaw<Locked[]>`SELECT r.id, r.refund_no, r.order_id, r.user_id, r.refund_money, o.order_status, o.payment_name,
      p.pay_no, p.trade_no, p.total AS pay_total
    FROM refunds r JOIN orders o ON o.id = r.order_id LEFT JOIN order_pays p ON p.id = o.order_pay_id
    WHERE r.id = ${refundId} FOR UPDATE`
  if (!row) throw new Error(`refund ${refundId} vanished under its lock`)
  return row
}

/**
 * Gives the money of request `refundId` back, in the unit of the decision that made it due (the caller has won the
 * guarded change that agreed it, or confirmed the returned goods). `fromStep`: the step it is at now; `returned`: the
 * seller confirmed the goods came back. A gateway answering 'pending' keeps the request at its step with the
 * gateway's refund number: its confirmation finishes it later with markRefunded. Answers 'done' or 'pending'.
 */
export async function payBack(tx: Tx, unit: Unit, refundId: number, opts: { fromStep: number; returned: boolean }): Promise<'done' | 'pending'> {
  const r = await lockedRequest(tx, refundId)
  const amount = decimalToCents(r.refund_money)
  if (r.payment_name === 'balance') {
    if (amount > 0)
      await post(tx, {
        owner: { kind: 'user', id: r.user_id }, account: 'money', amount, reason: 'refund',
        source: { type: 'refund', id: r.id }, idemKey: `refund:${r.id}`, info: r.refund_no,
      })
    await markRefunded(tx, unit, refundId, { ...opts, payRefundNo: null })
    return 'done'
  }
  const refunder = paymentRefunderFor(r.payment_name)
  if (!refunder || !r.pay_no) throw businessError('msg.refundGatewayMissing')
  const answer = await refunder.refund({
    payment_name: r.payment_name, pay_no: r.pay_no, trade_no: r.trade_no, refund_no: r.refund_no,
    amount_cents: amount, total_cents: decimalToCents(r.pay_total ?? '0'),
  })
  if (answer.state === 'pending') {
    await tx.refunds.update({ where: { id: refundId }, data: { pay_refund_no: answer.pay_refund_no }, select: { id: true } })
    return 'pending'
  }
  await markRefunded(tx, unit, refundId, { ...opts, payRefundNo: answer.pay_refund_no })
  return 'done'
}

/** The money of `refundId` is back: records it on the request, its lines and its order (see the file's head). */
export async function markRefunded(
  tx: Tx,
  unit: Unit,
  refundId: number,
  opts: { fromStep: number; returned: boolean; payRefundNo: string | null },
): Promise<void> {
  const now = new Date()
  const done = await transition(tx, REFUND_STEP_FLOW, refundId, { from: opts.fromStep, to: REFUND_STEP.DONE }, { data: { refunded_at: now, pay_refund_no: opts.payRefundNo } })
  if (!done) throw new Error(`refund ${refundId} left step ${opts.fromStep} under its lock`)
  const r = await lockedRequest(tx, refundId)
  await closeRequest(tx, refundId, r.order_id)
  const lines = await tx.refund_goods.findMany({
    where: { refund_id: refundId },
    select: { order_goods_id: true, num: true, money: true, order_goods: { select: { goods_id: true, sku_id: true } } },
    orderBy: { order_goods_id: 'asc' },
  })
  for (const l of lines) {
    const counted = await tx.$executeRaw`UPDATE order_goods FORCE INDEX (PRIMARY) SET refunded_num = refunded_num + ${l.num},
      refunded_money = refunded_money + ${l.money}, updated_at = CURRENT_TIMESTAMP(3) WHERE id = ${l.order_goods_id} AND refunded_num + ${l.num} <= buy_num`
    if (!counted) throw new Error(`order line ${l.order_goods_id} cannot take ${l.num} more refunded units`)
  }
  await tx.$executeRaw`UPDATE orders FORCE INDEX (PRIMARY) SET refund_money = refund_money + ${r.refund_money}, updated_at = CURRENT_TIMESTAMP(3) WHERE id = ${r.order_id}`

  if (r.order_status === ORDER_STATUS.PAID || opts.returned) {
    const given = await giveBackStock(tx, lines.map((l) => ({ goods_id: l.order_goods.goods_id, sku_id: l.order_goods.sku_id, qty: l.num })))
    if (given.length) await tx.refunds.updateMany({ where: { id: refundId }, data: { stock_returned: 1 } })
  }

  const [{ left }] = await tx.$queryRaw<{ left: bigint }[]>`SELECT COUNT(*) AS \`left\` FROM order_goods WHERE order_id = ${r.order_id} AND refunded_num < buy_num`
  if (!Number(left)) {
    await transition(tx, ORDER_FLOW, r.order_id, { from: [ORDER_STATUS.PAID, ORDER_STATUS.SHIPPED, ORDER_STATUS.RECEIVED], to: ORDER_STATUS.COMPLETED }, { data: { settle_after: now } })
    await scheduleOrderSettle(unit, r.order_id, now)
  } else if (r.order_status === ORDER_STATUS.RECEIVED) {
    // The units refunded may have been the last ones still owing a review (the order's row is locked above).
    await completeIfReviewed(tx, r.order_id)
  }
}
