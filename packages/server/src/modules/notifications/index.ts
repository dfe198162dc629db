// The gateways' notifications, each stored once in payment_notifications under its unique (provider, notify_id), by
// the unit that acts on it: orders/settle.ts for a payment, orders/lateRefund.ts and aftersales/payback.ts for a
// refund. A module of its own so that both use it without depending on each other.
import type { GatewayName } from '../../adapters/payment/gateway.ts'
import type { Tx } from '../../core/unitOfWork.ts'

export type Delivery = { notify_id: string; raw: string }
/** A refund notification, handed to the unit that finishes the refund. */
export type RefundDelivery = { provider: GatewayName; delivery: Delivery }

/** Stores a notification once: false when it was there already (a repeat, which then changes nothing). The caller has
 *  locked the row the news is about first, so that repeats arriving together queue there. */
export async function storeNotification(tx: Tx, provider: GatewayName, delivery: Delivery, orderPayId: number | null): Promise<boolean> {
  const stored = await tx.$executeRaw`INSERT IGNORE INTO payment_notifications (provider, notify_id, order_pay_id, raw)
    VALUES (${provider}, ${delivery.notify_id}, ${orderPayId}, ${delivery.raw})`
  return stored > 0
}
