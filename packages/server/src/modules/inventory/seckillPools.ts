// Flash-sale pools (seckills.stock), by the same rules as lines.ts: one guarded statement per change whose row count
// decides, inside the caller's unit of work, on the primary key. A pool's units come from its goods (or SKU) and go
// back to it; the flash-sale module (modules/seckill) decides when, this file writes.
import { Prisma } from '../../core/db/index.ts'
import type { Tx } from '../../core/unitOfWork.ts'
import { giveBackStock, takeStock, type StockLine } from './lines.ts'

/** The goods (or SKU) a pool draws from. */
export type PoolSource = { goods_id: number; sku_id: number }
/** The terms a purchase was priced and held under: the take fails when the sale changed since. */
export type PoolTerms = PoolSource & { price: string; now: Date }

const sourceLine = (source: PoolSource, qty: number): StockLine => ({ goods_id: source.goods_id, sku_id: source.sku_id, qty })

/** A new sale's pool: `qty` units taken from its goods (InsufficientStock refuses), then set on the empty pool. */
export async function fillPool(tx: Tx, seckillId: number, source: PoolSource, qty: number): Promise<void> {
  if (qty <= 0) return
  await takeStock(tx, [sourceLine(source, qty)])
  await tx.$executeRaw`UPDATE seckills FORCE INDEX (PRIMARY) SET stock = ${qty} WHERE id = ${seckillId} AND stock = 0 AND returned = 0`
}

/** A seller's change of a pool by `delta` units (the goods give or take the same), against what it holds now, never
 *  below 0: false when the pool could not change (ended, or sold below the new size meanwhile). */
export async function resizePool(tx: Tx, seckillId: number, source: PoolSource, delta: number): Promise<boolean> {
  if (delta > 0) await takeStock(tx, [sourceLine(source, delta)])
  const changed = await tx.$executeRaw`UPDATE seckills FORCE INDEX (PRIMARY) SET stock = stock + ${delta}, updated_at = CURRENT_TIMESTAMP(3)
    WHERE id = ${seckillId} AND returned = 0 AND stock + ${delta} >= 0`
  if (!changed) return false
  if (delta < 0) await giveBackStock(tx, [sourceLine(source, -delta)])
  return true
}

/** A purchase of `qty` units from a running sale with unchanged terms: true when taken and counted sold. */
export async function takeFromPool(tx: Tx, seckillId: number, qty: number, terms: PoolTerms): Promise<boolean> {
  const taken = await tx.$executeRaw`UPDATE seckills FORCE INDEX (PRIMARY) SET stock = stock - ${qty}, sold = sold + ${qty}
    WHERE id = ${seckillId} AND stock >= ${qty} AND returned = 0 AND start_time <= ${terms.now} AND end_time > ${terms.now}
      AND goods_id = ${terms.goods_id} AND sku_id = ${terms.sku_id} AND price = ${Prisma.raw(terms.price)}`
  return taken > 0
}

/** A cancelled purchase's units back to a pool still selling: false when the pool has ended (its units go to the
 *  goods instead, by the caller). */
export async function returnToPool(tx: Tx, seckillId: number, qty: number): Promise<boolean> {
  const back = await tx.$executeRaw`UPDATE seckills FORCE INDEX (PRIMARY) SET stock = stock + ${qty}, sold = sold - ${qty}
    WHERE id = ${seckillId} AND returned = 0 AND sold >= ${qty}`
  return back > 0
}

/** An ended sale's unsold units back to its goods, once: the pool locked by the caller holds `unsold`. */
export async function closePool(tx: Tx, seckillId: number, source: PoolSource, unsold: number): Promise<void> {
  const closed = await tx.$executeRaw`UPDATE seckills FORCE INDEX (PRIMARY) SET returned = 1, returned_num = stock, stock = 0 WHERE id = ${seckillId} AND returned = 0`
  if (closed && unsold > 0) await giveBackStock(tx, [sourceLine(source, unsold)])
}
