// Earning points (docs/points.md), inside the caller's unit of work and through the ledger:
// - an order earns per_yuan points per yuan paid and not refunded, once, in the unit that confirms its receipt (the
//   shopper's or the confirm job's): its order_integrals row (order_id unique) records what was granted and on what
//   money, and the ledger key order_points:{order} grants it once;
// - a refund done after that takes back what the money refunded would not have earned (rules.ts, pointsOwedBack),
//   counted over all the order's refunds so the roundings never add up. The shopper may have spent the points since:
//   the balance never goes below zero, so the refund takes what is there and records the rest as unrecovered;
// - a registration bonus in the registering unit.
import { decimalToCents, fromCents } from '@qshop/shared'
import { isDuplicateKey } from '../../core/db/index.ts'
import { post } from '../../core/ledger.ts'
import type { Tx } from '../../core/unitOfWork.ts'
import { orderPoints, pointsOwedBack } from './rules.ts'

/** Grants the order's points (the caller holds the order row, having just moved it to received). Answers the points. */
export async function grantOrderPoints(tx: Tx, orderId: number, perYuan: number): Promise<number> {
  const [order] = await tx.$queryRaw<{ user_id: number; order_no: string; total_price: string; refund_money: string }[]>`SELECT user_id, order_no,
    CAST(total_price AS CHAR) AS total_price, CAST(refund_money AS CHAR) AS refund_money FROM orders WHERE id = ${orderId} FOR UPDATE`
  if (!order) throw new Error(`order ${orderId} vanished under its lock`)
  const base = Math.max(0, decimalToCents(order.total_price) - decimalToCents(order.refund_money))
  const points = orderPoints(base, perYuan)
  try {
    await tx.$executeRaw`INSERT INTO order_integrals (order_id, user_id, points, base) VALUES (${orderId}, ${order.user_id}, ${points}, ${fromCents(base)})`
  } catch (err) {
    if (isDuplicateKey(err)) return 0
    throw err
  }
  if (points > 0)
    await post(tx, {
      owner: { kind: 'user', id: order.user_id }, account: 'points', amount: points, reason: 'order_points',
      source: { type: 'order', id: orderId }, idemKey: `order_points:${orderId}`, info: order.order_no,
    })
  return points
}

export type PointsTakenBack = { taken: number; unrecovered: number }

/** A refund of `refundCents` on the order is done (in its unit): takes back the points it owes, as far as there are. */
export async function takeBackOrderPoints(tx: Tx, orderId: number, refundId: number, refundCents: number, info = ''): Promise<PointsTakenBack> {
  const [row] = await tx.$queryRaw<{ user_id: number; points: number; base: string; refunded: string; taken: number; unrecovered: number }[]>`SELECT user_id, points,
    CAST(base AS CHAR) AS base, CAST(refunded AS CHAR) AS refunded, taken, unrecovered FROM order_integrals WHERE order_id = ${orderId} FOR UPDATE`
  // No row: the order was not received yet when this refund was done, and its points will be counted on what is left.
  if (!row) return { taken: 0, unrecovered: 0 }
  const base = decimalToCents(row.base)
  const refunded = Math.min(base, decimalToCents(row.refunded) + refundCents)
  const due = pointsOwedBack(Number(row.points), base, refunded) - Number(row.taken) - Number(row.unrecovered)
  let taken = 0
  if (due > 0) {
    const [user] = await tx.$queryRaw<{ integral: number }[]>`SELECT integral FROM users FORCE INDEX (PRIMARY) WHERE id = ${row.user_id} FOR UPDATE`
    taken = Math.min(due, Number(user?.integral ?? 0))
    if (taken > 0)
      await post(tx, {
        owner: { kind: 'user', id: row.user_id }, account: 'points', amount: -taken, reason: 'refund_points',
        source: { type: 'refund', id: refundId }, idemKey: `refund_points:${refundId}`, info,
      })
  }
  const unrecovered = Math.max(0, due - taken)
  await tx.$executeRaw`UPDATE order_integrals SET refunded = ${fromCents(refunded)}, taken = taken + ${taken}, unrecovered = unrecovered + ${unrecovered},
    updated_at = CURRENT_TIMESTAMP(3) WHERE order_id = ${orderId}`
  return { taken, unrecovered }
}

/** The registration bonus of a new shopper (in the registering unit). */
export async function grantRegisterPoints(tx: Tx, userId: number, points: number): Promise<void> {
  if (points > 0)
    await post(tx, { owner: { kind: 'user', id: userId }, account: 'points', amount: points, reason: 'register', source: { type: 'user', id: userId }, idemKey: 'register' })
}
