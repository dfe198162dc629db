// Test set-up for settlement: paid orders shipped and received by the fulfilment services; after-sales outcomes written
// as the columns the after-sales services leave them — requests opened and closed (open_refunds), money given back
// (refund_money, with the shopper's ledger credit), fully refunded (completed, settle_after = now) — so each test sets
// exactly the refunded amount it checks. The whole path through the real services is the randomized run's
// (test/order-lifecycle.randomized.test.ts).
import type { FastifyInstance } from 'fastify'
import { ORDER_FLOW, ORDER_STATUS, decimalToCents, fromCents } from '@qshop/shared'
import { post } from '../../core/ledger.ts'
import { transition } from '../../core/transition.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { shipOrders } from '../fulfilment/testkit.ts'
import { paidOrders, type FixtureLine } from '../orders/testkit.ts'

/**
 * Paid orders of `userId` (pay password 123456), shipped and received, their commission rate `rate` (percent, as
 * checkout freezes it) and their after-sale window ending at `settleAfter` (default: a minute ago, so they are due).
 */
export async function receivedOrders(app: FastifyInstance, userId: number, lines: FixtureLine[], opts: { rate?: string; settleAfter?: Date } = {}): Promise<number[]> {
  const ids = await paidOrders(app, userId, lines)
  await app.db.orders.updateMany({ where: { id: { in: ids } }, data: { settlement_rate: opts.rate ?? '0' } })
  await shipOrders(app, ids, { receive: true })
  // The after-sale window has run its course (or ends at the time asked).
  await app.db.orders.updateMany({ where: { id: { in: ids } }, data: { settle_after: opts.settleAfter ?? new Date(Date.now() - 60_000) } })
  return ids
}

/** Completes a received order (every line reviewed). */
export async function completeOrder(app: FastifyInstance, orderId: number): Promise<void> {
  await runUnit(app, (tx) => transition(tx, ORDER_FLOW, orderId, { from: ORDER_STATUS.RECEIVED, to: ORDER_STATUS.COMPLETED }, { data: { comment_time: new Date() } }))
}

/** An after-sales request opened on the order (settlement waits for it). */
export async function openRequest(app: FastifyInstance, orderId: number): Promise<void> {
  await app.db.orders.update({ where: { id: orderId }, data: { open_refunds: { increment: 1 } } })
}

/**
 * The order's open request closed; `refund` yuan given back to the shopper's balance (its ledger credit, key
 * refund:{orderId}:{n}) when it was refunded rather than withdrawn or refused.
 */
export async function closeRequest(app: FastifyInstance, orderId: number, refund?: string): Promise<void> {
  await runUnit(app, async (tx) => {
    const order = await tx.orders.findUniqueOrThrow({ where: { id: orderId }, select: { user_id: true, refund_money: true, open_refunds: true } })
    if (refund) {
      const cents = decimalToCents(refund)
      await tx.orders.update({ where: { id: orderId }, data: { refund_money: fromCents(decimalToCents(order.refund_money) + cents) } })
      await post(tx, { owner: { kind: 'user', id: order.user_id }, account: 'money', amount: cents, reason: 'refund', source: { type: 'refund', id: orderId }, idemKey: `refund:${orderId}:${order.open_refunds}:${cents}` })
    }
    await tx.orders.update({ where: { id: orderId }, data: { open_refunds: { decrement: 1 }, refund_status: 2 } })
  })
}

/** Every unit of a received order refunded: all its money back, the order completed, its window closed now. */
export async function refundFully(app: FastifyInstance, orderId: number): Promise<void> {
  const order = await app.db.orders.findUniqueOrThrow({ where: { id: orderId }, select: { total_price: true, refund_money: true } })
  await openRequest(app, orderId)
  await closeRequest(app, orderId, fromCents(decimalToCents(order.total_price) - decimalToCents(order.refund_money)))
  await runUnit(app, (tx) => transition(tx, ORDER_FLOW, orderId, { from: [ORDER_STATUS.PAID, ORDER_STATUS.SHIPPED, ORDER_STATUS.RECEIVED], to: ORDER_STATUS.COMPLETED }, { data: { settle_after: new Date() } }))
}
