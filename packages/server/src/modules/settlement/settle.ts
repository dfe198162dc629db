// Settling an order to its store (docs/after-checkout.md): once the order is received or completed (status 4 or 6), its
// after-sale window is over (settle_after ≤ now) and no after-sales request is open, the store is credited what the
// shopper paid less what was refunded, and debited the platform's commission at the rate frozen on the order. One
// unit: the order row is locked, the guarded change is_settlement 0 → 1 decides, and only the unit that made it writes
// the order_settlements row (order_id is unique) and the two ledger postings (keyed by the order). However many
// settlers race — the order-settle job, the sweeper, any number of "settle now" — the order is settled once. The
// platform coupon's share of the goods the shopper kept is added back to the store (its own posting, no commission).
import { ORDER_STATUS, SETTLEMENT_FLOW, SETTLEMENT_STATUS, decimalToCents, fromCents, percentOf, type DecimalLike } from '@qshop/shared'
import { businessNumber } from '../../core/businessNumbers.ts'
import { post } from '../../core/ledger.ts'
import { transition } from '../../core/transition.ts'
import { runUnit, type Tx, type UnitInfra } from '../../core/unitOfWork.ts'
import { addSettledSale } from './settledSales.ts'
import { payReferrals } from '../distribution/index.ts'

/** Received or completed: the statuses an order is settled from. */
export const SETTLEABLE_STATUSES: readonly number[] = [ORDER_STATUS.RECEIVED, ORDER_STATUS.COMPLETED]

export type SettleOutcome =
  | { outcome: 'settled'; settlement_price: number; commission_money: number; distribution_money: number }
  | { outcome: 'already_settled' | 'not_found' | 'not_completed' | 'not_due' | 'refunds_open' }

/** The money of a settlement in cents: paid − refunded = commission (rounded half away from zero) + the store's part. */
export function settlementAmounts(order: { total_price: DecimalLike | string; refund_money: DecimalLike | string; settlement_rate: DecimalLike | string }) {
  const total = decimalToCents(order.total_price)
  const refunded = decimalToCents(order.refund_money)
  const amount = total - refunded
  if (amount < 0) throw new Error(`refunded ${refunded} exceeds the paid ${total}`)
  const rate = typeof order.settlement_rate === 'string' ? order.settlement_rate : order.settlement_rate.toFixed()
  const commission = percentOf(amount, rate)
  if (commission > amount) throw new Error(`commission ${commission} exceeds the amount ${amount} (rate ${rate})`)
  return { total, refunded, amount, commission, settlement: amount - commission }
}

type KeptLine = { platform_coupon_money: string; buy_num: number; refunded_num: number }

/** What the platform pays the store for its coupon (cents): each line's platform share for the units the shopper kept
 *  (a refunded unit's share went back to nobody: the shopper got the unit's paid part back, the store keeps nothing of
 *  it). No commission is taken on it. */
export function platformCouponKept(lines: readonly KeptLine[]): number {
  return lines.reduce((n, l) => {
    const share = decimalToCents(l.platform_coupon_money)
    return n + share - Math.round((share * Number(l.refunded_num)) / Number(l.buy_num))
  }, 0)
}

type LockedOrder = {
  id: number
  user_id: number
  store_id: number
  order_no: string
  order_status: number
  is_settlement: number
  open_refunds: number
  settle_after: Date | null
  total_price: string
  refund_money: string
  settlement_rate: string
}

async function lockOrder(tx: Tx, orderId: number): Promise<LockedOrder | undefined> {
  const [row] = await tx.$queryRaw<LockedOrder[]>`SELECT id, user_id, store_id, order_no, order_status, is_settlement, open_refunds, settle_after,
    CAST(total_price AS CHAR) AS total_price, CAST(refund_money AS CHAR) AS refund_money, CAST(settlement_rate AS CHAR) AS settlement_rate
    FROM orders WHERE id = ${orderId} FOR UPDATE`
  return row
}

/** Why an order cannot be settled at `now`, or null when it can. */
function refusal(order: LockedOrder, now: Date): Exclude<SettleOutcome['outcome'], 'settled' | 'not_found'> | null {
  if (Number(order.is_settlement) !== SETTLEMENT_STATUS.UNSETTLED) return 'already_settled'
  if (!SETTLEABLE_STATUSES.includes(Number(order.order_status))) return 'not_completed'
  if (!order.settle_after || new Date(order.settle_after) > now) return 'not_due'
  if (Number(order.open_refunds) > 0) return 'refunds_open'
  return null
}

/**
 * Settles the order when it is due at `now`; `settlementNo` names the run (a fresh batch number by default). Answers
 * what happened: only 'settled' moved money.
 */
export async function settleOrder(infra: UnitInfra, orderId: number, now: Date, settlementNo = businessNumber('settlement', now)): Promise<SettleOutcome> {
  // Most racers find the order settled already: that needs no transaction.
  const seen = await infra.db.orders.findUnique({ where: { id: orderId }, select: { is_settlement: true } })
  if (!seen) return { outcome: 'not_found' }
  if (seen.is_settlement !== SETTLEMENT_STATUS.UNSETTLED) return { outcome: 'already_settled' }

  return runUnit(infra, { label: `order-settle ${orderId}` }, async (tx): Promise<SettleOutcome> => {
    // The lock orders racers; the guarded change below decides even without it.
    const order = await lockOrder(tx, orderId)
    if (!order) return { outcome: 'not_found' }
    const refused = refusal(order, now)
    if (refused) return { outcome: refused }
    const money = settlementAmounts(order)
    const platformCoupon = platformCouponKept(await tx.$queryRaw<KeptLine[]>`SELECT CAST(platform_coupon_money AS CHAR) AS platform_coupon_money, buy_num, refunded_num
      FROM order_goods WHERE order_id = ${orderId}`)
    const changed = await transition(tx, SETTLEMENT_FLOW, orderId, { from: SETTLEMENT_STATUS.UNSETTLED, to: SETTLEMENT_STATUS.SETTLED }, { where: { open_refunds: 0 } })
    if (!changed) return { outcome: 'already_settled' }
    // Referral commissions come out of the store's part (never more than it): paid − refunded = commission +
    // referral commissions + what the store is credited.
    const referrals = await payReferrals(tx, order, money.settlement)
    const settlement = money.settlement - referrals.total
    const row = await tx.order_settlements.create({
      data: {
        order_id: orderId, user_id: order.user_id, store_id: order.store_id, settlement_no: settlementNo,
        total_price: fromCents(money.total), refund_money: fromCents(money.refunded),
        commission_money: fromCents(money.commission), distribution_money: fromCents(referrals.total), settlement_price: fromCents(settlement + platformCoupon),
        platform_coupon_money: fromCents(platformCoupon),
      },
      select: { id: true },
    })
    await addSettledSale(tx, order.store_id, money.amount)
    const store = { kind: 'store' as const, id: order.store_id }
    const source = { type: 'settlement' as const, id: row.id }
    // A fully refunded order is settled with 0 and moves no money: the ledger holds no zero rows.
    if (money.amount > 0)
      await post(tx, { owner: store, account: 'money', amount: money.amount, reason: 'settlement', source, idemKey: `settlement:${orderId}`, info: order.order_no })
    if (money.commission > 0)
      await post(tx, { owner: store, account: 'money', amount: -money.commission, reason: 'commission', source, idemKey: `settlement:${orderId}:commission`, info: order.order_no })
    if (referrals.total > 0)
      await post(tx, { owner: store, account: 'money', amount: -referrals.total, reason: 'distribution', source, idemKey: `settlement:${orderId}:distribution`, info: order.order_no })
    if (platformCoupon > 0)
      await post(tx, { owner: store, account: 'money', amount: platformCoupon, reason: 'platform_coupon', source, idemKey: `settlement:${orderId}:platform_coupon`, info: order.order_no })
    return { outcome: 'settled', settlement_price: settlement + platformCoupon, commission_money: money.commission, distribution_money: referrals.total }
  })
}
