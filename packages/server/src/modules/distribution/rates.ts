// Referral rates frozen at checkout: each new order line of a goods with rates (distributions) records who is paid at
// each level — the buyer's inviter, that inviter's inviter, and one more — and the rate (percent) of each, as they are
// now. Settlement pays them (settle.ts); a later change of rates or of the tree does not touch placed orders.
import { Prisma } from '../../core/db/index.ts'
import type { Tx } from '../../core/unitOfWork.ts'

/** Called in the checkout's unit once the orders' lines are written. */
export async function freezeReferralRates(tx: Tx, buyerId: number, orderIds: readonly number[]): Promise<void> {
  if (!orderIds.length) return
  const [chain] = await tx.$queryRaw<{ u1: number; u2: number | null; u3: number | null }[]>`SELECT b.inviter_id u1, a.inviter_id u2, c.inviter_id u3
    FROM users b LEFT JOIN users a ON a.id = b.inviter_id LEFT JOIN users c ON c.id = a.inviter_id WHERE b.id = ${buyerId}`
  const u1 = Number(chain?.u1 ?? 0)
  if (!u1) return
  const u2 = Number(chain.u2 ?? 0)
  const u3 = u2 ? Number(chain.u3 ?? 0) : 0
  await tx.$executeRaw`UPDATE order_goods og JOIN distributions d ON d.goods_id = og.goods_id AND d.store_id = og.store_id
    SET og.dist_user_1 = ${u1}, og.dist_lev_1 = d.lev_1,
        og.dist_user_2 = ${u2}, og.dist_lev_2 = IF(${u2} > 0, d.lev_2, 0),
        og.dist_user_3 = ${u3}, og.dist_lev_3 = IF(${u3} > 0, d.lev_3, 0)
    WHERE og.order_id IN (${Prisma.join(orderIds)})`
}
