// Referral rates frozen at checkout: each new order line of a goods with rates (distributions) records who is paid at
// each level — the buyer's inviter, that inviter's inviter, and one more — and the rate (percent) of each, as they are
// now. Settlement pays them (settle.ts); a later change of rates or of the tree does not touch placed orders.
// The chain is read as a column of a statement the checkout sends anyway (its goods read, checkout/pricing.ts), not by
// one of its own; a buyer nobody invited then costs the checkout nothing more.
import { Prisma } from '../../core/db/index.ts'
import type { Tx } from '../../core/unitOfWork.ts'

/** The buyer's inviters, nearest first (0 none). */
export type ReferralChain = [number, number, number]

/** A column answering the buyer's chain as a JSON array [inviter, its inviter, one more] (nulls where it ends). */
export function referralChainColumn(buyerId: number): Prisma.Sql {
  return Prisma.sql`(SELECT JSON_ARRAY(b.inviter_id, a.inviter_id, c.inviter_id) FROM users b LEFT JOIN users a ON a.id = b.inviter_id
    LEFT JOIN users c ON c.id = a.inviter_id WHERE b.id = ${buyerId}) AS referral_chain`
}

/** The chain read by referralChainColumn. */
export function referralChainOf(value: unknown): ReferralChain {
  const [u1, u2, u3] = (value === null ? [] : typeof value === 'string' ? JSON.parse(value) : value) as (number | null)[]
  const first = Number(u1 ?? 0)
  const second = first ? Number(u2 ?? 0) : 0
  return [first, second, second ? Number(u3 ?? 0) : 0]
}

/** Called in the checkout's unit once the orders' lines are written, with the chain read at its start. */
export async function freezeReferralRates(tx: Tx, [u1, u2, u3]: ReferralChain, orderIds: readonly number[]): Promise<void> {
  if (!orderIds.length || !u1) return
  await tx.$executeRaw`UPDATE order_goods og JOIN distributions d ON d.goods_id = og.goods_id AND d.store_id = og.store_id
    SET og.dist_user_1 = ${u1}, og.dist_lev_1 = d.lev_1,
        og.dist_user_2 = ${u2}, og.dist_lev_2 = IF(${u2} > 0, d.lev_2, 0),
        og.dist_user_3 = ${u3}, og.dist_lev_3 = IF(${u3} > 0, d.lev_3, 0)
    WHERE og.order_id IN (${Prisma.join(orderIds)})`
}
