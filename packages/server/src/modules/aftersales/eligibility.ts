// May this order take an after-sales request now (docs/after-checkout.md, "After-sales requests"): paid, shipped,
// received or completed (REFUNDABLE_ORDER_STATUSES: reviews completing the order do not end after-sales), not settled,
// its after-sale window not over (settle_after unset or later than now). Written once, as the SQL condition of the
// opening's guarded update and as the check that words a refusal, from the same constants (eligibility.test.ts runs
// both over every status, settlement and window and finds them equal).
import { ORDER_STATUS, REFUNDABLE_ORDER_STATUSES, SETTLEMENT_STATUS, type MessageKey } from '@qshop/shared'
import { Prisma } from '../../generated/prisma/client.ts'

const UNSETTLED = SETTLEMENT_STATUS.UNSETTLED
const NEVER_PAID: readonly number[] = [ORDER_STATUS.UNPAID, ORDER_STATUS.CANCELLED]

/** The condition on a row of `orders` (its columns unqualified) that it may take a request at `now`. */
export function refundOpenableSql(now: Date): Prisma.Sql {
  return Prisma.sql`order_status IN (${Prisma.join(REFUNDABLE_ORDER_STATUSES)}) AND is_settlement = ${UNSETTLED}
    AND (settle_after IS NULL OR settle_after > ${now})`
}

export type EligibilityOrder = { order_status: number; is_settlement: number; settle_after: Date | null }

/** Why the order takes no request at `now` (a message key), or null when it may take one. */
export function refundRefusal(order: EligibilityOrder, now: Date): MessageKey | null {
  if (NEVER_PAID.includes(order.order_status)) return 'msg.refundUnpaid'
  if (order.is_settlement !== UNSETTLED) return 'msg.refundSettled'
  if (!REFUNDABLE_ORDER_STATUSES.includes(order.order_status)) return 'msg.refundWindowClosed'
  if (order.settle_after !== null && order.settle_after <= now) return 'msg.refundWindowClosed'
  return null
}
