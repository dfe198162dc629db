// Referral commissions paid by an order's settlement, in the settlement's unit (modules/settlement/settle.ts), which
// runs once per order: for each line and level with a beneficiary, the commission is the rate frozen at checkout of
// what is left of the line's paid share after its refunds — (total − discount − refunded) × rate / 100, in cents,
// rounded half away from zero, each level on its own (no remainder is moved between levels or lines: the cents
// rounding leaves are the store's). A commission that comes to 0 (the line refunded in full) is recorded cancelled.
// The commissions never take more than `budget` (what the store is left after the platform's commission): past it,
// the later levels and lines get what is left. Each paid commission is credited to its beneficiary's balance
// (reason distribution, key distribution:{line}:{level}); the caller debits their sum from the store.
import { DISTRIBUTION_STATUS, decimalToCents, fromCents, percentOf } from '@qshop/shared'
import { post } from '../../core/ledger.ts'
import type { Tx } from '../../core/unitOfWork.ts'

const LEVEL_NAMES = ['', '一级分销', '二级分销', '三级分销'] as const

type Line = {
  id: number; goods_id: number; total_price: string; discount_money: string; refunded_money: string
  dist_user_1: number; dist_user_2: number; dist_user_3: number; dist_lev_1: string; dist_lev_2: string; dist_lev_3: string
}

export type ReferralPayout = { total: number; logs: number }

/** The commission of one level of a line, before the budget: cents, half away from zero. */
export function referralCommission(line: { total_price: string; discount_money: string; refunded_money: string }, rate: string): { base: number; commission: number } {
  const base = Math.max(0, decimalToCents(line.total_price) - decimalToCents(line.discount_money) - decimalToCents(line.refunded_money))
  return { base, commission: percentOf(base, rate) }
}

export async function payReferrals(tx: Tx, order: { id: number; store_id: number; order_no: string }, budget: number): Promise<ReferralPayout> {
  const lines = await tx.$queryRaw<Line[]>`SELECT id, goods_id, CAST(total_price AS CHAR) total_price, CAST(discount_money AS CHAR) discount_money,
      CAST(refunded_money AS CHAR) refunded_money, dist_user_1, dist_user_2, dist_user_3,
      CAST(dist_lev_1 AS CHAR) dist_lev_1, CAST(dist_lev_2 AS CHAR) dist_lev_2, CAST(dist_lev_3 AS CHAR) dist_lev_3
    FROM order_goods WHERE order_id = ${order.id} AND dist_user_1 > 0 ORDER BY id`
  let left = Math.max(0, budget)
  let total = 0
  let logs = 0
  for (const line of lines)
    for (const level of [1, 2, 3] as const) {
      const userId = Number(line[`dist_user_${level}`])
      const rate = line[`dist_lev_${level}`]
      if (!userId || decimalToCents(rate) === 0) continue
      const { base, commission: full } = referralCommission(line, rate)
      const commission = Math.min(full, left)
      left -= commission
      const log = await tx.distribution_logs.create({
        data: {
          name: LEVEL_NAMES[level], level, user_id: userId, store_id: order.store_id, order_id: order.id, distribution_id: 0, order_goods_id: line.id,
          money: fromCents(base), lev: rate, commission: fromCents(commission),
          status: commission > 0 ? DISTRIBUTION_STATUS.PAID : DISTRIBUTION_STATUS.CANCELLED,
        },
        select: { id: true },
      })
      logs++
      if (commission > 0) {
        total += commission
        await post(tx, {
          owner: { kind: 'user', id: userId }, account: 'money', amount: commission, reason: 'distribution',
          source: { type: 'distribution', id: log.id }, idemKey: `distribution:${line.id}:${level}`, info: order.order_no,
        })
      }
    }
  return { total, logs }
}
