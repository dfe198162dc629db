// What shoppers read of group buys: a goods' group buy with its group prices (the goods page), the open groups with
// their members and time left (the goods page's list, /collectives), and the groups of their orders (/user/orders).
// Live reads: seats change with every order.
import { COLLECTIVE_SEAT, COLLECTIVE_STATUS, decimalToCents, fromCents, type ListAnswer } from '@qshop/shared'
import type { GoodsCollective, OpenCollective, OrderCollective } from '@qshop/shared/schemas/collectives'
import { Prisma, type Db } from '../../core/db/index.ts'
import { visibleGoodsSql } from '../catalog/index.ts'
import { unitSaving } from './checkout.ts'

const groupPrice = (price: Prisma.Decimal, discount: Prisma.Decimal) => {
  const cents = decimalToCents(price)
  return fromCents(cents - unitSaving(cents, discount))
}

/** GET /api/collectives/goods/{id}: the goods' group buy, null when it has none or is not on sale (an answer, not an
 *  error: most goods pages ask and most goods have none). */
export async function goodsCollective(db: Db, goodsId: number): Promise<GoodsCollective | null> {
  const [[row], skus] = await Promise.all([
    db.$queryRaw<{ id: number; goods_id: number; discount: Prisma.Decimal; need: number; expire_minutes: number; goods_price: Prisma.Decimal }[]>`SELECT
        c.id, c.goods_id, c.discount, c.need, c.expire_minutes, g.goods_price
      FROM collectives c JOIN goods g ON g.id = c.goods_id JOIN stores s ON s.id = g.store_id WHERE c.goods_id = ${goodsId} AND ${visibleGoodsSql('g', 's')}`,
    db.goods_skus.findMany({ where: { goods_id: goodsId }, select: { id: true, goods_price: true } }),
  ])
  if (!row) return null
  return {
    id: row.id, goods_id: row.goods_id, discount: row.discount.toFixed(2), need: row.need, expire_minutes: row.expire_minutes,
    price: groupPrice(row.goods_price, row.discount),
    sku_prices: Object.fromEntries(skus.map((s) => [String(s.id), groupPrice(s.goods_price, row.discount)])),
  }
}

type OpenRow = {
  id: number; goods_id: number; goods_name: string; goods_master_image: string; store_id: number; goods_price: Prisma.Decimal; discount: Prisma.Decimal
  need: number; join_num: number; paid_num: number; expire_at: Date
}

/** GET /api/collectives?goods_id=: groups one may join now (open, not full, not expired), soonest to expire first. */
export async function openCollectives(db: Db, q: { page: number; per_page: number; goods_id?: number }): Promise<ListAnswer<OpenCollective>> {
  const now = new Date()
  const where = Prisma.sql`l.status = ${COLLECTIVE_STATUS.OPEN} AND l.expire_at > ${now} AND l.join_num < l.need AND ${visibleGoodsSql('g', 's')}
    ${q.goods_id ? Prisma.sql`AND l.goods_id = ${q.goods_id}` : Prisma.empty}`
  const [rows, [{ total }]] = await Promise.all([
    db.$queryRaw<OpenRow[]>`SELECT l.id, l.goods_id, g.goods_name, g.goods_master_image, l.store_id, g.goods_price, l.discount, l.need, l.join_num, l.paid_num, l.expire_at
      FROM collective_logs l JOIN goods g ON g.id = l.goods_id JOIN stores s ON s.id = g.store_id WHERE ${where}
      ORDER BY l.expire_at ASC, l.id ASC LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`,
    db.$queryRaw<{ total: bigint }[]>`SELECT COUNT(*) AS total FROM collective_logs l JOIN goods g ON g.id = l.goods_id JOIN stores s ON s.id = g.store_id WHERE ${where}`,
  ])
  const members = rows.length
    ? await db.$queryRaw<{ collective_log_id: number; nickname: string; avatar: string; username: string }[]>`SELECT m.collective_log_id, u.nickname, u.avatar, u.username
        FROM collective_members m JOIN users u ON u.id = m.user_id
        WHERE m.collective_log_id IN (${Prisma.join(rows.map((r) => r.id))}) AND m.status IN (${COLLECTIVE_SEAT.HELD}, ${COLLECTIVE_SEAT.PAID}) ORDER BY m.id`
    : []
  const data = rows.map((r) => ({
    id: r.id, goods_id: r.goods_id, goods_name: r.goods_name, goods_image: r.goods_master_image, store_id: r.store_id,
    price: groupPrice(r.goods_price, r.discount), discount: r.discount.toFixed(2), need: r.need, join_num: r.join_num, paid_num: r.paid_num,
    expire_at: r.expire_at.toISOString(),
    // A shopper's account name is not shown to others: a nickname, or a masked account name.
    members: members.filter((m) => m.collective_log_id === r.id).map((m) => ({ nickname: m.nickname || `${m.username.slice(0, 1)}***`, avatar: m.avatar })),
  }))
  return { data, count: data.length, total: Number(total), per_page: q.per_page, last_page: Math.max(1, Math.ceil(Number(total) / q.per_page)), current_page: q.page }
}

/** The groups of a shopper's orders, by order id (a group order shows its group's state and, once the group failed,
 *  whether its money is back); no read when none is a group order. */
export async function orderCollectives(db: Db, orders: readonly { id: number; collective_id: number }[]): Promise<Map<number, OrderCollective>> {
  const ids = orders.filter((o) => o.collective_id > 0).map((o) => o.id)
  if (!ids.length) return new Map()
  const rows = await db.$queryRaw<{ order_id: number; id: number; status: number; need: number; paid_num: number; expire_at: Date; seat: number; refunded_at: Date | null }[]>`SELECT
      m.order_id, l.id, l.status, l.need, l.paid_num, l.expire_at, m.status AS seat, r.refunded_at
    FROM collective_members m JOIN collective_logs l ON l.id = m.collective_log_id LEFT JOIN refunds r ON r.id = m.refund_id AND m.refund_id > 0
    WHERE m.order_id IN (${Prisma.join(ids)})`
  return new Map(rows.map((r) => [r.order_id, {
    id: r.id, status: r.status, need: r.need, paid_num: r.paid_num, expire_at: r.expire_at.toISOString(), seat: r.seat,
    refunded: r.seat === COLLECTIVE_SEAT.REFUNDED && r.refunded_at !== null,
  }]))
}
