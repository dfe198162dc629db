// Reading requests: the shopper's own (list and detail), and the presentation every area shares (order number, store,
// lines). Another's request is 404 like a missing one.
import type { RefundListQuery } from '@qshop/shared/schemas/aftersales'
import type { Infra } from '../../core/infra.ts'
import type { Prisma } from '../../generated/prisma/client.ts'
import type { Db } from '../../core/db/index.ts'
import { notFound } from '../../core/errors.ts'

export const REFUND_SELECT = {
  id: true, refund_no: true, order_id: true, store_id: true, user_id: true, refund_type: true, refund_verify: true, refund_step: true,
  refund_money: true, refund_remark: true, images: true, refuse_remark: true, arbitration_remark: true, admin_remark: true,
  delivery_code: true, delivery_no: true, agree_deadline: true, ship_deadline: true, refunded_at: true, closed_at: true, created_at: true, updated_at: true,
} as const satisfies Prisma.refundsSelect

type Row = { id: number; order_id?: unknown; store_id?: unknown; images?: unknown } & Record<string, unknown>

/** Adds order_no, store_name, the images as a list and the lines to request rows. */
export async function presentRefunds<R extends Row>(db: Db, rows: R[]) {
  if (!rows.length) return []
  const ids = rows.map((r) => r.id)
  const [lines, orders] = await Promise.all([
    db.refund_goods.findMany({
      where: { refund_id: { in: ids } },
      select: { refund_id: true, order_goods_id: true, num: true, money: true, order_goods: { select: { goods_id: true, goods_name: true, goods_image: true, sku_name: true } } },
      orderBy: { order_goods_id: 'asc' },
    }),
    db.refunds.findMany({ where: { id: { in: ids } }, select: { id: true, order: { select: { order_no: true } }, store: { select: { store_name: true } } } }),
  ])
  const byId = new Map(orders.map((o) => [o.id, o]))
  return rows.map((r) => ({
    ...r,
    images: typeof r.images === 'string' && r.images ? r.images.split(',') : [],
    order_no: byId.get(r.id)?.order.order_no ?? '',
    store_name: byId.get(r.id)?.store.store_name ?? '',
    lines: lines.filter((l) => l.refund_id === r.id).map(({ order_goods, refund_id: _, ...l }) => ({ ...l, ...order_goods })),
  }))
}

export async function listOwnRefunds(app: Infra, userId: number, q: RefundListQuery) {
  const where = { user_id: userId }
  const [total, rows] = await Promise.all([
    app.db.refunds.count({ where }),
    app.db.refunds.findMany({ where, select: REFUND_SELECT, orderBy: [{ created_at: 'desc' }, { id: 'desc' }], skip: (q.page - 1) * q.per_page, take: q.per_page }),
  ])
  return {
    data: await presentRefunds(app.db, rows),
    count: rows.length,
    total,
    per_page: q.per_page,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    current_page: q.page,
  }
}

export async function ownRefund(app: Infra, userId: number, id: number) {
  const row = await app.db.refunds.findFirst({ where: { id, user_id: userId }, select: REFUND_SELECT })
  if (!row) throw notFound()
  return (await presentRefunds(app.db, [row]))[0]
}
