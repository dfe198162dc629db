// The platform gives back all that is left of a paid order (a group buy that failed to fill: modules/collectives), in
// the caller's unit: one money-only request written agreed, whose money goes back as any agreed request's does
// (payback.ts: a balance payment through the ledger in this unit, a gateway one by the refund-payback job with its
// retries and sweeper). The order counts it as an open request by the same guarded update as a shopper's request; one
// already open on the order makes the caller wait (null) rather than refund the same units twice.
import { REFUND_STEP, REFUND_TYPE, REFUND_VERIFY, decimalToCents, fromCents } from '@qshop/shared'
import { Prisma } from '../../generated/prisma/client.ts'
import { businessNumber } from '../../core/businessNumbers.ts'
import type { Tx, Unit } from '../../core/unitOfWork.ts'
import { capLine, isRefusal, refundCaps, splitRefund, type CapLineRow } from './caps.ts'
import { refundOpenableSql } from './eligibility.ts'
import { payBack } from './payback.ts'

/** Answers the request's id; 0 when nothing is left to refund; null while another request of the order is open. */
export async function refundWholeOrder(tx: Tx, unit: Unit, orderId: number, remark: string): Promise<number | null> {
  const now = new Date()
  const [order] = await tx.$queryRaw<{ user_id: number; store_id: number; order_status: number; freight_money: Prisma.Decimal; open_refunds: number }[]>`SELECT
      user_id, store_id, order_status, freight_money, open_refunds FROM orders FORCE INDEX (PRIMARY) WHERE id = ${orderId} FOR UPDATE`
  if (!order) throw new Error(`order ${orderId} vanished`)
  if (order.open_refunds > 0) return null
  const lines = await tx.$queryRaw<CapLineRow[]>`SELECT id, buy_num, total_price, discount_money, refunded_num, refunded_money
    FROM order_goods WHERE order_id = ${orderId} ORDER BY id FOR UPDATE`
  const asked = lines.filter((l) => l.refunded_num < l.buy_num).map((l) => ({ order_goods_id: l.id, num: l.buy_num - l.refunded_num }))
  if (!asked.length) return 0
  const counted = await tx.$executeRaw`UPDATE orders FORCE INDEX (PRIMARY) SET open_refunds = open_refunds + 1, refund_status = ${REFUND_TYPE.MONEY},
    updated_at = CURRENT_TIMESTAMP(3) WHERE id = ${orderId} AND open_refunds = 0 AND ${refundOpenableSql(now)}`
  if (!counted) throw new Error(`order ${orderId} (status ${order.order_status}) takes no refund`)
  const caps = refundCaps({ order_status: order.order_status, freight_money: decimalToCents(order.freight_money), lines: lines.map(capLine) }, asked)
  if (isRefusal(caps)) throw new Error(`order ${orderId}: ${caps.refused} on line ${caps.order_goods_id}`)
  const { parts } = splitRefund(caps, caps.total)
  const refund = await tx.refunds.create({
    data: {
      refund_no: businessNumber('refund', now), user_id: order.user_id, store_id: order.store_id, order_id: orderId, refund_type: REFUND_TYPE.MONEY,
      refund_verify: REFUND_VERIFY.AGREED, refund_money: fromCents(caps.total), refund_remark: remark, images: '',
    },
    select: { id: true },
  })
  await tx.refund_goods.createMany({
    data: caps.lines.map((l, i) => ({ refund_id: refund.id, order_id: orderId, order_goods_id: l.order_goods_id, num: l.num, money: fromCents(parts[i]), open_line: l.order_goods_id })),
  })
  await payBack(tx, unit, refund.id, REFUND_STEP.AWAIT_BUYER_SHIPMENT)
  return refund.id
}

