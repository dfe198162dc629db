// The storefront's flash sales (GET /api/seckills): an hour slot's sales, or a goods' running and coming ones, with
// the pool left read live from the database and the server's clock for the countdowns.
import { fromCents, decimalToCents } from '@qshop/shared'
import type { SeckillAnswer, SeckillList, SeckillsQuery } from '@qshop/shared/schemas/seckills'
import { Prisma, type Db } from '../../core/db/index.ts'
import { visibleGoodsSql } from '../catalog/index.ts'

const HOUR = 3_600_000

type Row = {
  id: number; goods_id: number; sku_id: number; goods_name: string; goods_image: string; sku_name: string | null; goods_price: Prisma.Decimal
  price: Prisma.Decimal; stock: number; limit_num: number; start_time: Date; end_time: Date
}

export async function listSeckills(db: Db, q: SeckillsQuery, now = new Date()): Promise<SeckillList> {
  let when: Prisma.Sql
  if (q.goods_id) when = Prisma.sql`k.goods_id = ${q.goods_id} AND k.end_time > ${now}`
  else if (q.start_time === 0) when = Prisma.sql`k.start_time <= ${now} AND k.end_time > ${now}`
  else {
    const from = new Date(Math.floor(now.getTime() / HOUR) * HOUR + q.start_time * HOUR)
    when = Prisma.sql`k.start_time >= ${from} AND k.start_time < ${new Date(from.getTime() + HOUR)}`
  }
  const where = Prisma.sql`${when} AND k.returned = 0 AND ${visibleGoodsSql('g', 's')}`
  const from = Prisma.sql`FROM seckills k JOIN goods g ON g.id = k.goods_id JOIN stores s ON s.id = g.store_id LEFT JOIN goods_skus u ON u.id = k.sku_id AND k.sku_id > 0`
  const [[{ n }], rows] = await Promise.all([
    db.$queryRaw<{ n: bigint }[]>`SELECT COUNT(*) AS n ${from} WHERE ${where}`,
    db.$queryRaw<Row[]>`SELECT k.id, k.goods_id, k.sku_id, g.goods_name, COALESCE(NULLIF(u.goods_image, ''), g.goods_master_image) AS goods_image, u.sku_name,
        COALESCE(u.goods_price, g.goods_price) AS goods_price, k.price, k.stock, k.limit_num, k.start_time, k.end_time
      ${from} WHERE ${where} ORDER BY k.start_time, k.id LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`,
  ])
  const total = Number(n)
  const data: SeckillAnswer[] = rows.map((r) => ({
    id: r.id,
    goods_id: r.goods_id,
    sku_id: r.sku_id,
    goods_name: r.goods_name,
    goods_image: r.goods_image,
    sku_name: r.sku_name ?? '',
    goods_price: fromCents(decimalToCents(r.goods_price)),
    price: fromCents(decimalToCents(r.price)),
    stock: r.stock,
    limit_num: r.limit_num,
    start_time: r.start_time.toISOString(),
    end_time: r.end_time.toISOString(),
  }))
  return { data, total, per_page: q.per_page, current_page: q.page, last_page: Math.max(1, Math.ceil(total / q.per_page)), now: now.toISOString() }
}
