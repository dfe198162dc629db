// Cancelling an unpaid order, by its shopper (PUT /api/user/order/{id}) or once its payment deadline passed (the
// order-cancel job and its sweeper, cancelJob.ts). One unit: the guarded change 1 → 0 decides, so of two cancels, or a
// cancel and a payment, only one gets the order; only the unit that made the change gives the stock and the coupons back.
import { ORDER_FLOW, ORDER_STATUS } from '@qshop/shared'
import { giveBackStock } from '../inventory/index.ts'
import { giveBackCoupons } from '../promotions/index.ts'
import { transition } from '../../core/transition.ts'
import { runUnit, type UnitInfra } from '../../core/unitOfWork.ts'

export type CancelOutcome = 'cancelled' | 'not_unpaid' | 'not_found' | 'not_due'

export type CancelInfra = UnitInfra

/**
 * Cancels the order when it is unpaid. `userId`: only that shopper's order (another's is 'not_found'). `dueAt`: only
 * when its payment deadline is past by then (the job and the sweeper).
 */
export async function cancelOrder(infra: CancelInfra, orderId: number, opts: { userId?: number; dueAt?: Date } = {}): Promise<CancelOutcome> {
  const owner: Record<string, number> = opts.userId === undefined ? {} : { user_id: opts.userId }
  return runUnit(infra, { label: `order-cancel ${orderId}` }, async (tx) => {
    if (opts.dueAt) {
      // The deadline is written once, at checkout: read without a lock, the guarded change below still decides.
      const order = await tx.orders.findFirst({ where: { id: orderId, ...owner }, select: { pay_deadline: true } })
      if (!order) return 'not_found'
      if (!order.pay_deadline || order.pay_deadline > opts.dueAt) return 'not_due'
    }
    const changed = await transition(tx, ORDER_FLOW, orderId, { from: ORDER_STATUS.UNPAID, to: ORDER_STATUS.CANCELLED }, { where: owner, data: { cancel_time: new Date() } })
    if (!changed) return (await tx.orders.findFirst({ where: { id: orderId, ...owner }, select: { id: true } })) ? 'not_unpaid' : 'not_found'
    const lines = await tx.order_goods.findMany({ where: { order_id: orderId }, select: { goods_id: true, sku_id: true, buy_num: true } })
    await giveBackStock(tx, lines.map((l) => ({ goods_id: l.goods_id, sku_id: l.sku_id, qty: l.buy_num })))
    await giveBackCoupons(tx, orderId, { onlyValid: false })
    return 'cancelled'
  })
}
