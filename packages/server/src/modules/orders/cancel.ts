// Cancelling an unpaid order, by its shopper (PUT /api/user/order/{id}) or once its payment deadline passed (the
// order-cancel job and its sweeper, cancelJob.ts). The gateway orders opened to pay it are closed first, outside any
// unit (payQuery.ts): once a gateway has answered, no money can arrive for them any more; one the gateway says was paid
// is recorded paid instead, and the order is not cancelled. A gateway that cannot be reached leaves the order as it is
// (the job tries again). Then one unit: the guarded change 1 → 0 decides, so of two cancels, or a cancel and a
// payment, only one gets the order; only the unit that made the change gives the stock and the coupons back. A
// gateway payment opened between the closing and the unit is found under the order's lock, and the cancel starts over.
import { GATEWAY_NAMES } from '../../adapters/payment/gateway.ts'
import { ORDER_FLOW, ORDER_STATUS, PAY_STATUS } from '@qshop/shared'
import { Prisma } from '../../core/db/index.ts'
import { businessError } from '../../core/errors.ts'
import type { Infra } from '../../core/infra.ts'
import { giveBackStock } from '../inventory/index.ts'
import { giveBackCoupons } from '../promotions/index.ts'
import { giveBackSeckill } from '../seckill/index.ts'
import { releaseSeat } from '../collectives/index.ts'
import { transition } from '../../core/transition.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { resolvePayment } from './payQuery.ts'

export type CancelOutcome = 'cancelled' | 'not_unpaid' | 'not_found' | 'not_due'

export type CancelInfra = Infra

/** A gateway payment of the order opened after its gateway orders were closed: the unit rolls back to close it too. */
class PaymentOpened extends Error {}

const openPaymentsSql = (orderId: number) => Prisma.sql`SELECT p.id FROM order_pay_orders x JOIN order_pays p ON p.id = x.order_pay_id
  WHERE x.order_id = ${orderId} AND p.pay_status = ${PAY_STATUS.UNPAID} AND p.payment_name IN (${Prisma.join([...GATEWAY_NAMES])})`

/**
 * Cancels the order when it is unpaid. `userId`: only that shopper's order (another's is 'not_found'). `dueAt`: only
 * when its payment deadline is past by then (the job and the sweeper).
 */
export async function cancelOrder(infra: CancelInfra, orderId: number, opts: { userId?: number; dueAt?: Date } = {}): Promise<CancelOutcome> {
  for (let attempt = 0; ; attempt++) {
    for (const { id } of await infra.db.$queryRaw<{ id: number }[]>(openPaymentsSql(orderId)))
      await resolvePayment(infra, id, { close: true }).catch((err: unknown) => {
        // The shopper is told to try again; the job fails and is retried.
        if (opts.userId === undefined) throw err
        infra.log.warn({ err, order_pay: id }, 'closing the gateway order failed')
        throw businessError('msg.gatewayFailed')
      })
    try {
      return await cancelUnit(infra, orderId, opts)
    } catch (err) {
      if (!(err instanceof PaymentOpened) || attempt >= 2) throw err
    }
  }
}

function cancelUnit(infra: CancelInfra, orderId: number, opts: { userId?: number; dueAt?: Date }): Promise<CancelOutcome> {
  const owner: Record<string, number> = opts.userId === undefined ? {} : { user_id: opts.userId }
  return runUnit(infra, { label: `order-cancel ${orderId}` }, async (tx, unit) => {
    if (opts.dueAt) {
      // The deadline is written once, at checkout: read without a lock, the guarded change below still decides.
      const order = await tx.orders.findFirst({ where: { id: orderId, ...owner }, select: { pay_deadline: true } })
      if (!order) return 'not_found'
      if (!order.pay_deadline || order.pay_deadline > opts.dueAt) return 'not_due'
    }
    const changed = await transition(tx, ORDER_FLOW, orderId, { from: ORDER_STATUS.UNPAID, to: ORDER_STATUS.CANCELLED }, { where: owner, data: { cancel_time: new Date() } })
    if (!changed) return (await tx.orders.findFirst({ where: { id: orderId, ...owner }, select: { id: true } })) ? 'not_unpaid' : 'not_found'
    // Under the order's lock a payment being opened has either committed (seen here: a locking read sees the latest
    // rows) or waits and then finds the order cancelled.
    if ((await tx.$queryRaw<{ id: number }[]>`${openPaymentsSql(orderId)} FOR UPDATE`).length) throw new PaymentOpened()
    const lines = await tx.order_goods.findMany({ where: { order_id: orderId }, select: { goods_id: true, sku_id: true, buy_num: true } })
    // A flash-sale order's units go back to the sale's pool while it runs, to the goods after (modules/seckill).
    const toGoods = await giveBackSeckill(infra, tx, unit, orderId, lines.map((l) => ({ goods_id: l.goods_id, sku_id: l.sku_id, qty: l.buy_num })))
    await giveBackStock(tx, toGoods)
    await giveBackCoupons(tx, orderId, { onlyValid: false })
    await releaseSeat(tx, orderId)
    return 'cancelled'
  })
}
