// A seller's stock edit (the goods form: packages/shared/src/schemas/catalog.ts). The form sends each row's new stock
// with the stock it loaded; the row takes the new value only while it still holds the loaded one, in one guarded
// statement (`SET goods_stock = new WHERE id = ? AND goods_stock = loaded`). A row that moved since — a sale, a cancel,
// another save — refuses the whole edit (StockChanged), and the caller's unit rolls back with everything it wrote:
// a stale form never overwrites a sale.
//
// Locks follow lines.ts's order: the goods row first, then its SKUs. The goods row then takes the sum of its SKUs. That
// sum is read by the UPDATE's subquery, which InnoDB runs as a locking read (current rows, not this transaction's
// snapshot) at REPEATABLE READ; and while this unit holds the goods row no other unit can change its SKUs' stock,
// since every stock write of this module locks the goods row first.
// The affected-row counts are rows matched, not rows changed (the driver's default, foundRows): a row that still holds
// its loaded value counts even when the new value is the same.
import { Code } from '@qshop/shared'
import { AppError } from '../../core/errors.ts'
import type { Tx } from '../../core/unitOfWork.ts'

/** A row's new stock and the stock the form loaded; no `loaded` for a row created in this unit (it starts at 0, the
 *  column's default). */
export type StockEdit = { stock: number; loaded?: number }

/** The goods' own stock (a goods without SKUs), or the stock of its SKUs (then the goods row takes their sum). */
export type GoodsStockEdit = { goods: StockEdit } | { skus: (StockEdit & { sku_id: number })[] }

type Row = { goods_id: number; sku_id: number }

/** 409 "库存已变化": the rows (sku_id 0 = the goods' own stock) whose stock is no longer what the form loaded. */
export class StockChanged extends AppError {
  constructor(readonly rows: Row[]) {
    super(Code.CONFLICT, 'msg.stockChanged')
  }
}

function checkStock(edit: StockEdit) {
  for (const n of [edit.stock, edit.loaded ?? 0])
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`stock edit with a bad value: ${JSON.stringify(edit)}`)
}

/** Sets the goods' stock as the seller's form edits it, inside the caller's unit; throws StockChanged (see above). */
export async function adjustStock(tx: Tx, goodsId: number, edit: GoodsStockEdit): Promise<void> {
  if ('goods' in edit) {
    checkStock(edit.goods)
    const set = await tx.$executeRaw`UPDATE goods FORCE INDEX (PRIMARY) SET goods_stock = ${edit.goods.stock}
      WHERE id = ${goodsId} AND goods_stock = ${edit.goods.loaded ?? 0}`
    if (!set) throw new StockChanged([{ goods_id: goodsId, sku_id: 0 }])
    return
  }
  const skus = [...edit.skus].sort((a, b) => a.sku_id - b.sku_id)
  skus.forEach(checkStock)
  // Sent together: the driver runs them in the order sent, so the goods row is locked before its SKUs.
  const [, ...set] = await Promise.all([
    tx.$queryRaw`SELECT id FROM goods FORCE INDEX (PRIMARY) WHERE id = ${goodsId} FOR UPDATE`,
    ...skus.map((s) => tx.$executeRaw`UPDATE goods_skus FORCE INDEX (PRIMARY) SET goods_stock = ${s.stock}
      WHERE id = ${s.sku_id} AND goods_id = ${goodsId} AND goods_stock = ${s.loaded ?? 0}`),
    tx.$executeRaw`UPDATE goods FORCE INDEX (PRIMARY)
      SET goods_stock = (SELECT COALESCE(SUM(goods_stock), 0) FROM goods_skus WHERE goods_id = ${goodsId}) WHERE id = ${goodsId}`,
  ])
  const changed = skus.filter((_, i) => !set[i]).map((s) => ({ goods_id: goodsId, sku_id: s.sku_id }))
  if (changed.length) throw new StockChanged(changed)
}
