// Stock taken by a sale and given back by a cancel or a refund: every row is changed by ONE guarded statement whose
// affected-row count is checked (`SET stock = stock - n WHERE id = ? AND stock >= n`), inside the caller's unit of work.
//
// A line names a goods and its SKU (0 = a goods without SKUs). The goods row holds the sum of its SKUs' stock (adjust.ts
// keeps goods_stock = Σ SKU stock on every seller save), so a SKU line changes the SKU row AND the goods row.
// Rows are locked in one global order — by goods id, each goods row before its SKU rows, the SKUs by id — the order
// every stock write of this module takes (adjust.ts locks the goods row before its SKUs too), so two checkouts, or a
// checkout and a seller's save, wait for each other but never deadlock. Each statement names the primary key as its
// index: in a small table MariaDB would range-scan the goods_stock index instead and lock gaps next to other goods.
import { Code } from '@qshop/shared'
import { AppError } from '../../core/errors.ts'
import type { Tx } from '../../core/unitOfWork.ts'

export type StockLine = { goods_id: number; sku_id: number; qty: number }

/** "库存不足": naming the line (goods_id, sku_id) whose row had too little. */
export class InsufficientStock extends AppError {
  constructor(readonly line: { goods_id: number; sku_id: number }) {
    super(Code.BUSINESS, 'msg.stockShort', { goods_id: line.goods_id, sku_id: line.sku_id })
  }
}

type GoodsLines = { goods_id: number; total: number; plain: number; skus: { sku_id: number; qty: number }[] }

/** Lines merged by (goods, SKU) and grouped by goods, in lock order. */
function inLockOrder(lines: readonly StockLine[]): GoodsLines[] {
  const byGoods = new Map<number, Map<number, number>>()
  for (const l of lines) {
    if (!Number.isSafeInteger(l.goods_id) || l.goods_id <= 0 || !Number.isSafeInteger(l.sku_id) || l.sku_id < 0)
      throw new Error(`stock line with a bad id: ${JSON.stringify(l)}`)
    if (!Number.isSafeInteger(l.qty) || l.qty <= 0) throw new Error(`stock line with a bad quantity: ${JSON.stringify(l)}`)
    const skus = byGoods.get(l.goods_id) ?? new Map<number, number>()
    byGoods.set(l.goods_id, skus)
    skus.set(l.sku_id, (skus.get(l.sku_id) ?? 0) + l.qty)
  }
  return [...byGoods.entries()]
    .sort(([a], [b]) => a - b)
    .map(([goods_id, skus]) => {
      const entries = [...skus.entries()].sort(([a], [b]) => a - b)
      return {
        goods_id,
        total: entries.reduce((n, [, q]) => n + q, 0),
        plain: skus.get(0) ?? 0,
        skus: entries.filter(([sku]) => sku !== 0).map(([sku_id, qty]) => ({ sku_id, qty })),
      }
    })
}

/** How many SKUs the goods has, read while this transaction holds the goods row (a goods save, which changes the SKUs,
 *  holds it too), by a locking read: the current rows whatever this transaction's snapshot. */
async function skuCount(tx: Tx, goodsId: number): Promise<number> {
  const [{ n }] = await tx.$queryRaw<{ n: bigint }[]>`SELECT COUNT(*) AS n FROM goods_skus WHERE goods_id = ${goodsId} LOCK IN SHARE MODE`
  return Number(n)
}

/**
 * Takes the lines' quantities from their SKU and goods rows, or refuses with InsufficientStock (naming the first
 * short line, in lock order) — the whole unit then rolls back. A goods without SKU (sku_id 0) can only be taken
 * from while it has no SKUs.
 */
export async function takeStock(tx: Tx, lines: readonly StockLine[]): Promise<void> {
  // Every guarded update is sent at once (the driver runs them in the order sent, so the lock order holds) and the
  // answers are checked in that order: the first short line is the one named, and any refusal rolls the unit back.
  const checks = inLockOrder(lines).flatMap((g) => [
    {
      refused: Promise.all([
        tx.$executeRaw`UPDATE goods FORCE INDEX (PRIMARY) SET goods_stock = goods_stock - ${g.total} WHERE id = ${g.goods_id} AND goods_stock >= ${g.total}`,
        g.plain ? skuCount(tx, g.goods_id) : 0,
      ]).then(([taken, skus]) => !taken || skus > 0),
      short: { goods_id: g.goods_id, sku_id: g.plain ? 0 : g.skus[0].sku_id },
    },
    ...g.skus.map((s) => ({
      refused: tx.$executeRaw`UPDATE goods_skus FORCE INDEX (PRIMARY) SET goods_stock = goods_stock - ${s.qty}
        WHERE id = ${s.sku_id} AND goods_id = ${g.goods_id} AND goods_stock >= ${s.qty}`.then((ok) => !ok),
      short: { goods_id: g.goods_id, sku_id: s.sku_id },
    })),
  ])
  const refused = await Promise.all(checks.map((c) => c.refused))
  const first = refused.indexOf(true)
  if (first >= 0) throw new InsufficientStock(checks[first].short)
}

/**
 * Gives the lines' quantities back to their rows (an order cancelled). A line whose goods or SKU was deleted since,
 * or a goods-only line of a goods that has SKUs now, has no row to go back to and is skipped, so the goods row keeps
 * the sum of its SKUs. Answers the lines given back (merged by goods and SKU).
 */
export async function giveBackStock(tx: Tx, lines: readonly StockLine[]): Promise<StockLine[]> {
  const given: StockLine[] = []
  for (const g of inLockOrder(lines)) {
    // The goods row first (lock order); what turns out to have no row is taken off again under the same lock.
    if (!(await tx.$executeRaw`UPDATE goods FORCE INDEX (PRIMARY) SET goods_stock = goods_stock + ${g.total} WHERE id = ${g.goods_id}`)) continue
    let missing = 0
    if (g.plain) {
      if (await skuCount(tx, g.goods_id)) missing += g.plain
      else given.push({ goods_id: g.goods_id, sku_id: 0, qty: g.plain })
    }
    for (const s of g.skus) {
      const back = await tx.$executeRaw`UPDATE goods_skus FORCE INDEX (PRIMARY) SET goods_stock = goods_stock + ${s.qty} WHERE id = ${s.sku_id} AND goods_id = ${g.goods_id}`
      if (back) given.push({ goods_id: g.goods_id, sku_id: s.sku_id, qty: s.qty })
      else missing += s.qty
    }
    if (missing) await tx.$executeRaw`UPDATE goods FORCE INDEX (PRIMARY) SET goods_stock = goods_stock - ${missing} WHERE id = ${g.goods_id}`
  }
  return given
}
