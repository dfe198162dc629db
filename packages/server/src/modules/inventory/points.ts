// Points goods' stock (integral_goods), by the same rules as lines.ts: one guarded statement per change whose row count
// decides, inside the caller's unit of work, on the primary key.
// - a redemption takes units from an on-shelf goods and counts them sold: `SET goods_stock = goods_stock - n
//   WHERE id = ? AND goods_stock >= n AND goods_status = 1`, refused (InsufficientStock) with nothing changed;
// - the admin's form adds or takes units (a change, not a value: a change made while redemptions go on keeps them),
//   never below 0.
import type { Tx } from '../../core/unitOfWork.ts'
import { InsufficientStock } from './lines.ts'

function checkQty(n: number, allowNegative: boolean) {
  if (!Number.isSafeInteger(n) || (allowNegative ? n === 0 : n <= 0)) throw new Error(`points stock change with a bad quantity: ${n}`)
}

/** Takes `qty` units of the on-shelf points goods `goodsId`, or refuses with InsufficientStock. */
export async function takePointsStock(tx: Tx, goodsId: number, qty: number): Promise<void> {
  checkQty(qty, false)
  const taken = await tx.$executeRaw`UPDATE integral_goods FORCE INDEX (PRIMARY) SET goods_stock = goods_stock - ${qty}, goods_sale = goods_sale + ${qty},
    updated_at = CURRENT_TIMESTAMP(3) WHERE id = ${goodsId} AND goods_stock >= ${qty} AND goods_status = 1`
  if (!taken) throw new InsufficientStock({ goods_id: goodsId, sku_id: 0 })
}

/** Adds `delta` units to the points goods (takes them when negative), or refuses with InsufficientStock when fewer
 *  than −delta are left. */
export async function changePointsStock(tx: Tx, goodsId: number, delta: number): Promise<void> {
  checkQty(delta, true)
  const changed = await tx.$executeRaw`UPDATE integral_goods FORCE INDEX (PRIMARY) SET goods_stock = goods_stock + ${delta},
    updated_at = CURRENT_TIMESTAMP(3) WHERE id = ${goodsId} AND goods_stock + ${delta} >= 0`
  if (!changed) throw new InsufficientStock({ goods_id: goodsId, sku_id: 0 })
}
