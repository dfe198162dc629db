// Reading requests: the shopper's own (list and detail), and the presentation every area shares (order number, store,
// lines). Another's request is 404 like a missing one.
import type { RefundListQuery } from '@qshop/shared/schemas/aftersales'
import type { Infra } from '../../core/infra.ts'
import { Prisma, type Db } from '../../core/db/index.ts'
import { notFound } from '../../core/errors.ts'

export const REFUND_SELECT = {
  id: true, refund_no: true, order_id: true, store_id: true, user_id: true, refund_type: true, refund_verify: true, refund_step: true,
  refund_money: true, refund_remark: true, images: true, refuse_remark: true, arbitration_remark: true, admin_remark: true,
  delivery_code: true, delivery_no: true, agree_deadline: true, ship_deadline: true, refunded_at: true, closed_at: true, created_at: true, updated_at: true,
} as const satisfies Prisma.refundsSelect

type Row = { id: number; order_id?: unknown; store_id?: unknown; images?: unknown } & Record<string, unknown>

type LineRow = { refund_id: number; order_goods_id: number; num: number; money: Prisma.Decimal; goods_id: number; goods_name: string; goods_image: string; sku_name: string }

/** Adds order_no, store_name, the images as a list and the lines to request rows (raw statements: lists of twenty
 *  requests read them on every page). */
export async function presentRefunds<R extends Row>(db: Db, rows: R[]) {
  if (!rows.length) return []
  const ids = Prisma.join(rows.map((r) => r.id))
  const [lines, heads] = await Promise.all([
    db.$queryRaw<LineRow[]>`SELECT rg.refund_id, rg.order_goods_id, rg.num, rg.money, og.goods_id, og.goods_name, og.goods_image, og.sku_name
      FROM refund_goods rg JOIN order_goods og ON og.id = rg.order_goods_id WHERE rg.refund_id IN (${ids}) ORDER BY rg.order_goods_id`,
    db.$queryRaw<{ id: number; order_no: string; store_name: string }[]>`SELECT r.id, o.order_no, s.store_name
      FROM refunds r JOIN orders o ON o.id = r.order_id JOIN stores s ON s.id = r.store_id WHERE r.id IN (${ids})`,
  ])
  const byId = new Map(heads.map((h) => [h.id, h]))
  const linesOf = new Map<number, Omit<LineRow, 'refund_id'>[]>(rows.map((r) => [r.id, []]))
  for (const { refund_id, ...line } of lines) linesOf.get(refund_id)!.push(line)
  return rows.map((r) => ({
    ...r,
    images: typeof r.images === 'string' && r.images ? r.images.split(',') : [],
    order_no: byId.get(r.id)?.order_no ?? '',
    store_name: byId.get(r.id)?.store_name ?? '',
    lines: linesOf.get(r.id)!,
  }))
}

/** The request columns every area is answered (REFUND_SELECT), for raw statements. */
const REFUND_COLUMNS = Prisma.raw(Object.keys(REFUND_SELECT).join(', '))
type RefundRow = Prisma.refundsGetPayload<{ select: typeof REFUND_SELECT }>

export async function listOwnRefunds(app: Infra, userId: number, q: RefundListQuery) {
  const [[{ n }], rows] = await Promise.all([
    app.db.$queryRaw<{ n: bigint }[]>`SELECT COUNT(*) AS n FROM refunds WHERE user_id = ${userId}`,
    app.db.$queryRaw<RefundRow[]>`SELECT ${REFUND_COLUMNS} FROM refunds WHERE user_id = ${userId}
      ORDER BY created_at DESC, id DESC LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`,
  ])
  const total = Number(n)
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
