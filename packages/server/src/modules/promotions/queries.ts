// What shoppers read of coupons: their received coupons by tab (unused and still valid, used, expired unused), and the
// coupons on offer now (in their window, with stock left), of a store, for a goods, or all of them (the coupon centre).
import { fromCents, decimalToCents, type ListAnswer } from '@qshop/shared'
import { scopeGoodsIds } from '@qshop/shared/resources/seller/promotions'
import type { OfferedCoupon, ReceivedCoupon, UserCouponTab } from '@qshop/shared/schemas/promotions'
import { Prisma, type Db } from '../../core/db/index.ts'

type Page = { page: number; per_page: number }
type Base = {
  id: number; name: string; store_id: number | null; store_name: string | null; money: Prisma.Decimal; use_money: Prisma.Decimal
  goods_ids: string; start_time: Date; end_time: Date
}

const money = (d: Prisma.Decimal) => fromCents(decimalToCents(d))
const base = (r: Base) => ({
  id: r.id, name: r.name, store_id: r.store_id, store_name: r.store_name ?? '', money: money(r.money), use_money: money(r.use_money),
  goods_ids: scopeGoodsIds(r.goods_ids), start_time: r.start_time.toISOString(), end_time: r.end_time.toISOString(),
})

function answer<T>(data: T[], total: number, q: Page): ListAnswer<T> {
  return { data, count: data.length, total, per_page: q.per_page, last_page: Math.max(1, Math.ceil(total / q.per_page)), current_page: q.page }
}

/** GET /api/user/coupons?status= */
export async function userCoupons(db: Db, userId: number, q: Page & { status: UserCouponTab }): Promise<ListAnswer<ReceivedCoupon>> {
  const now = new Date()
  const where =
    q.status === 'used' ? Prisma.sql`l.status = 1` : q.status === 'expired' ? Prisma.sql`l.status = 0 AND l.end_time <= ${now}` : Prisma.sql`l.status = 0 AND l.end_time > ${now}`
  const [rows, [{ total }]] = await Promise.all([
    db.$queryRaw<(Base & { coupon_id: number; status: number; order_id: number })[]>`SELECT l.id, l.name, l.store_id, s.store_name, l.money, l.use_money, l.goods_ids,
        l.start_time, l.end_time, l.coupon_id, l.status, l.order_id
      FROM coupon_logs l LEFT JOIN stores s ON s.id = l.store_id WHERE l.user_id = ${userId} AND ${where}
      ORDER BY l.end_time ASC, l.id DESC LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`,
    db.$queryRaw<{ total: bigint }[]>`SELECT COUNT(*) AS total FROM coupon_logs l WHERE l.user_id = ${userId} AND ${where}`,
  ])
  return answer(rows.map((r) => ({ ...base(r), coupon_id: r.coupon_id, status: r.status, order_id: r.order_id })), Number(total), q)
}

/** GET /api/coupons?store_id=&goods_id=: with a goods, the coupons of its store that cover it and the platform's that do. */
export async function offeredCoupons(db: Db, q: Page & { store_id?: number; goods_id?: number }): Promise<ListAnswer<OfferedCoupon>> {
  const now = new Date()
  const conditions = [Prisma.sql`c.stock > 0 AND c.start_time <= ${now} AND c.end_time > ${now}`, Prisma.sql`(c.store_id IS NULL OR (s.store_status = 1 AND s.store_verify = 4))`]
  if (q.store_id) conditions.push(Prisma.sql`c.store_id = ${q.store_id}`)
  if (q.goods_id)
    conditions.push(Prisma.sql`(c.store_id IS NULL OR c.store_id = (SELECT store_id FROM goods WHERE id = ${q.goods_id}))
      AND (c.goods_ids = '' OR FIND_IN_SET(${q.goods_id}, c.goods_ids) > 0)`)
  const where = Prisma.join(conditions, ' AND ')
  const [rows, [{ total }]] = await Promise.all([
    db.$queryRaw<(Base & { stock: number; limit_num: number; valid_days: number })[]>`SELECT c.id, c.name, c.store_id, s.store_name, c.money, c.use_money, c.goods_ids,
        c.start_time, c.end_time, c.stock, c.limit_num, c.valid_days
      FROM coupons c LEFT JOIN stores s ON s.id = c.store_id WHERE ${where}
      ORDER BY c.end_time ASC, c.id DESC LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`,
    db.$queryRaw<{ total: bigint }[]>`SELECT COUNT(*) AS total FROM coupons c LEFT JOIN stores s ON s.id = c.store_id WHERE ${where}`,
  ])
  return answer(rows.map((r) => ({ ...base(r), stock: r.stock, limit_num: r.limit_num, valid_days: r.valid_days })), Number(total), q)
}
