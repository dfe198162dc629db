// A gateway says a payment was made (its notification, or our query of it): recorded once, in one unit. The payment
// row is locked first, so that the same news arriving twenty times at once is taken one at a time; the notification is
// stored under its unique (provider, notify_id), a repeat finding it there changes nothing; the payment moves
// unpaid (or closed) → paid by a guarded change; then:
// - a top-up credits the shopper's balance through the ledger (key recharge:{pay}), once;
// - orders all still unpaid move 1 → 2 by guarded changes (their sales counted), the payment named on them;
// - orders cancelled or paid another way meanwhile are left as they are, and the whole payment goes back through its
//   gateway: the payment turns "refunding" (late_refund_status 1, under a refund number kept for every retry) and the
//   late-refund job is staged (lateRefund.ts).
// A gateway payment never writes a balance row: the money did not pass through the balance.
import { LATE_REFUND, LATE_REFUND_FLOW, ORDER_FLOW, ORDER_STATUS, PAYMENT_FLOW, PAY_STATUS, decimalToCents, type DecimalLike } from '@qshop/shared'
import type { GatewayName } from '../../adapters/payment/gateway.ts'
import type { Infra } from '../../core/infra.ts'
import { businessNumber } from '../../core/businessNumbers.ts'
import { Prisma } from '../../core/db/index.ts'
import { post } from '../../core/ledger.ts'
import { transition } from '../../core/transition.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { invalidateGoodsCounters } from '../catalog/index.ts'
import { countSales, type SoldLine } from './pay.ts'
import { addPaidSales, salesDaysZone, type PaidOrder } from '../dashboard/index.ts'
import { lateRefundJob } from './lateRefund.ts'
import { storeNotification, type Delivery } from '../notifications/index.ts'
import { paidSeats } from '../collectives/index.ts'

export type PaidNews = { pay_no: string; trade_no: string; total_cents: number }
/** What the news did: paid the orders (or the top-up), found it done already, or was a late payment now refunding. */
export type SettleOutcome = 'paid' | 'duplicate' | 'already' | 'late'

/** The news does not match the payment we have (unknown number, other gateway, other amount): nothing is written. */
export class PaymentMismatch extends Error {
  constructor(readonly reason: string) {
    super(`payment news refused: ${reason}`)
  }
}

type PayRow = { id: number; belong_id: number; payment_name: string; total: DecimalLike; pay_status: number; is_recharge: number; pay_no: string }

export async function settleGatewayPayment(infra: Infra, provider: GatewayName, news: PaidNews, delivery: Delivery | null): Promise<SettleOutcome> {
  return runUnit(infra, { label: `payment ${news.pay_no}` }, async (tx, unit) => {
    const [pay] = await tx.$queryRaw<PayRow[]>`SELECT id, belong_id, payment_name, total, pay_status, is_recharge, pay_no FROM order_pays
      WHERE pay_no = ${news.pay_no} FOR UPDATE`
    if (!pay) throw new PaymentMismatch(`unknown out_trade_no ${news.pay_no}`)
    if (pay.payment_name !== provider) throw new PaymentMismatch(`payment ${pay.pay_no} is ${pay.payment_name}, not ${provider}`)
    if (decimalToCents(pay.total) !== news.total_cents) throw new PaymentMismatch(`amount ${news.total_cents} is not ${decimalToCents(pay.total)} cents`)
    if (delivery && !(await storeNotification(tx, provider, delivery, pay.id))) return 'duplicate'
    if (pay.pay_status === PAY_STATUS.PAID) return 'already'
    const now = new Date()
    const paid = await transition(tx, PAYMENT_FLOW, pay.id, { from: [PAY_STATUS.UNPAID, PAY_STATUS.CLOSED], to: PAY_STATUS.PAID }, { data: { trade_no: news.trade_no, pay_time: now } })
    if (!paid) throw new Error(`payment ${pay.id} changed under its lock`)
    if (pay.is_recharge) {
      await post(tx, {
        owner: { kind: 'user', id: pay.belong_id }, account: 'money', amount: news.total_cents, reason: 'recharge',
        source: { type: 'order_pay', id: pay.id }, idemKey: `recharge:${pay.id}`, info: pay.pay_no,
      })
      return 'paid'
    }
    // The day sums' zone first: its shared lock comes before the orders' (modules/dashboard/salesDays.ts).
    const [salesZone, orders] = await Promise.all([
      salesDaysZone(tx),
      tx.$queryRaw<(PaidOrder & { order_status: number; collective_id: number })[]>`SELECT o.id, o.order_status, o.total_price, o.store_id, o.created_at, o.collective_id
        FROM order_pay_orders p JOIN orders o FORCE INDEX (PRIMARY) ON o.id = p.order_id WHERE p.order_pay_id = ${pay.id} ORDER BY o.id FOR UPDATE`,
    ])
    if (!orders.length || orders.some((o) => o.order_status !== ORDER_STATUS.UNPAID)) {
      const refunding = await transition(tx, LATE_REFUND_FLOW, pay.id, { from: LATE_REFUND.NONE, to: LATE_REFUND.REFUNDING }, { data: { late_refund_no: businessNumber('refund', now) } })
      if (refunding) await unit.stage(lateRefundJob, { order_pay_id: pay.id })
      return 'late'
    }
    for (const o of orders) {
      const changed = await transition(tx, ORDER_FLOW, o.id, { from: ORDER_STATUS.UNPAID, to: ORDER_STATUS.PAID }, {
        data: { pay_time: now, payment_name: provider, order_pay_id: pay.id },
      })
      if (!changed) throw new Error(`order ${o.id} changed under its lock`)
    }
    const lines = await tx.$queryRaw<SoldLine[]>`SELECT id, order_id, goods_id, store_id, buy_num, total_price FROM order_goods WHERE order_id IN (${Prisma.join(orders.map((o) => o.id))})`
    const [touched] = await Promise.all([countSales(tx, lines), addPaidSales(tx, salesZone, orders, lines)])
    // Group orders' seats, after the orders' changes (modules/collectives).
    await paidSeats(tx, unit, orders.filter((o) => o.collective_id > 0).map((o) => o.id))
    unit.afterCommit(() => invalidateGoodsCounters(infra, touched.goodsIds, touched.storeIds))
    return 'paid'
  })
}
