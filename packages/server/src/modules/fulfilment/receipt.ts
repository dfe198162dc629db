// Confirming the receipt of a shipped order (3 → 4): by its shopper (PUT /api/user/order/{id} {order_status: 4}), or
// by the order-confirm job and its sweeper once task.confirm_days have passed since shipping (confirmJob.ts). One
// guarded change decides, so the shopper and the job, or two jobs, receive the order once. Receipt opens the after-sale
// window: settle_after = receipt + task.after_sale_days, when the settlement may start (its job is staged then).
import { ORDER_FLOW, ORDER_STATUS } from '@qshop/shared'
import { transition } from '../../core/transition.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import type { Infra } from '../../core/infra.ts'
import { scheduleOrderSettle } from '../settlement/index.ts'
import { grantOrderPoints, pointsRules } from '../points/index.ts'
import { DAY_MS, taskDays } from './taskConfig.ts'

export type ReceiptOutcome = 'received' | 'not_shipped' | 'not_found' | 'not_due'

/**
 * `userId`: only that shopper's order (another's is 'not_found'). `dueAt`: only when task.confirm_days have passed
 * since shipping by then (the job and the sweeper).
 */
export async function confirmReceipt(infra: Infra, orderId: number, opts: { userId?: number; dueAt?: Date } = {}): Promise<ReceiptOutcome> {
  const owner: Record<string, number> = opts.userId === undefined ? {} : { user_id: opts.userId }
  const [days, points] = await Promise.all([taskDays(infra), pointsRules(infra)])
  return runUnit(infra, { label: `order-receipt ${orderId}` }, async (tx, unit) => {
    if (opts.dueAt) {
      // delivery_time is written once, by the shipping unit: read without a lock, the guarded change still decides.
      const order = await tx.orders.findFirst({ where: { id: orderId, ...owner }, select: { delivery_time: true, order_status: true } })
      if (!order) return 'not_found'
      if (order.order_status !== ORDER_STATUS.SHIPPED) return 'not_shipped'
      if (!order.delivery_time || order.delivery_time.getTime() + days.confirmDays * DAY_MS > opts.dueAt.getTime()) return 'not_due'
    }
    const now = new Date()
    const settleAfter = new Date(now.getTime() + days.afterSaleDays * DAY_MS)
    const changed = await transition(tx, ORDER_FLOW, orderId, { from: ORDER_STATUS.SHIPPED, to: ORDER_STATUS.RECEIVED }, {
      where: owner,
      data: { receipt_time: now, settle_after: settleAfter },
    })
    if (changed) {
      // Receipt completes the order for its shopper: it earns its points now (modules/points/earn.ts).
      await Promise.all([scheduleOrderSettle(unit, orderId, settleAfter), grantOrderPoints(tx, orderId, points.perYuan)])
      return 'received'
    }
    return (await tx.orders.findFirst({ where: { id: orderId, ...owner }, select: { id: true } })) ? 'not_shipped' : 'not_found'
  })
}
