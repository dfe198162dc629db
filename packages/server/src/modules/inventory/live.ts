// Stock (and the prices beside it) as shoppers see it: read from the database when asked, never from a cache, so a
// sale, a cancel or a seller's edit shows on the next read whichever path wrote it (index.ts says why reads rather
// than invalidation).
import { Prisma } from '../../generated/prisma/client.ts'
import type { Db } from '../../core/db/index.ts'

type Reader = Pick<Db, '$queryRaw'>

/** A goods' or SKU's stock and prices now, the prices in their wire form ("12.30"). */
export type LivePrice = { goods_stock: number; goods_price: string; goods_market_price: string }

/** The goods' own row and its SKUs' rows by id; null when the goods does not exist. */
export type LiveGoods = { goods: LivePrice; skus: Map<number, LivePrice> }

/** sku_id 0: the goods' own row (the union's column is a BIGINT). */
type Row = LivePrice & { sku_id: bigint | number }

/** One statement by primary key (the goods) and by goods_skus' goods_id index (its SKUs). The prices come as text
 *  (a DECIMAL(12,2) as CHAR is "12.30"): read on every goods page view, they skip a Decimal each way. */
export async function liveGoods(db: Reader, goodsId: number): Promise<LiveGoods | null> {
  const rows = await db.$queryRaw<Row[]>`SELECT 0 AS sku_id, goods_stock, CAST(goods_price AS CHAR) AS goods_price,
      CAST(goods_market_price AS CHAR) AS goods_market_price FROM goods WHERE id = ${goodsId}
    UNION ALL SELECT id, goods_stock, CAST(goods_price AS CHAR), CAST(goods_market_price AS CHAR) FROM goods_skus WHERE goods_id = ${goodsId}`
  let goods: LivePrice | null = null
  const skus = new Map<number, LivePrice>()
  for (const { sku_id, goods_stock, goods_price, goods_market_price } of rows) {
    const price = { goods_stock, goods_price, goods_market_price }
    if (Number(sku_id)) skus.set(Number(sku_id), price)
    else goods = price
  }
  return goods && { goods, skus }
}

/** The rows (goods by id) each with its goods_stock now, 0 for a goods that no longer exists; one statement by
 *  primary key. */
export async function withLiveStock<T extends { id: number }>(db: Reader, rows: T[]): Promise<(T & { goods_stock: number })[]> {
  if (!rows.length) return []
  const found = await db.$queryRaw<{ id: number; goods_stock: number }[]>`SELECT id, goods_stock FROM goods WHERE id IN (${Prisma.join(rows.map((r) => r.id))})`
  const stock = new Map(found.map((r) => [r.id, r.goods_stock]))
  return rows.map((r) => ({ ...r, goods_stock: stock.get(r.id) ?? 0 }))
}
