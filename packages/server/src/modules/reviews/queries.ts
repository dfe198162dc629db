// What the shopper reads about reviews: an own order's lines with their reviews (the order's review page), one line
// (the review form of a line) and the own reviews, newest first. Another shopper's order or line is 404.
import type { LineReview, OrderReviews, OwnReview, ReviewLine, ReviewOfLine } from '@qshop/shared/schemas/reviews'
import type { ListAnswer } from '@qshop/shared'
import type { Infra } from '../../core/infra.ts'
import type { Prisma } from '../../generated/prisma/client.ts'
import { notFound } from '../../core/errors.ts'
import { formatDateTime } from '../../core/wire.ts'
import { splitList } from '../catalog/index.ts'
import { REVIEWABLE_ORDER } from './service.ts'

const COMMENT_SELECT = {
  id: true, score: true, agree: true, service: true, speed: true, content: true, image: true, reply: true, reply_time: true, created_at: true,
} as const satisfies Prisma.order_commentsSelect
type CommentRow = Prisma.order_commentsGetPayload<{ select: typeof COMMENT_SELECT }>

const LINE_SELECT = {
  id: true, order_id: true, goods_id: true, goods_name: true, goods_image: true, sku_name: true, buy_num: true, refunded_num: true,
  order_comment: { select: COMMENT_SELECT },
} as const satisfies Prisma.order_goodsSelect
type LineRow = Prisma.order_goodsGetPayload<{ select: typeof LINE_SELECT }>

const ORDER_SELECT = { id: true, order_no: true, order_status: true, created_at: true, store: { select: { store_name: true } } } as const satisfies Prisma.ordersSelect
type OrderRow = Prisma.ordersGetPayload<{ select: typeof ORDER_SELECT }>

function presentComment(c: CommentRow): ReviewOfLine {
  return {
    id: c.id, score: Number(c.score), agree: Number(c.agree), service: Number(c.service), speed: Number(c.speed),
    content: c.content ?? '', image: splitList(c.image), reply: c.reply, reply_time: c.reply_time && formatDateTime(c.reply_time), created_at: formatDateTime(c.created_at),
  }
}

function presentLine(l: LineRow, open: boolean): ReviewLine {
  const refunded = l.refunded_num >= l.buy_num
  const comment = l.order_comment && presentComment(l.order_comment)
  return {
    id: l.id, order_id: l.order_id, goods_id: l.goods_id, goods_name: l.goods_name, goods_image: l.goods_image, sku_name: l.sku_name, buy_num: l.buy_num,
    refunded, comment, reviewable: open && !refunded && !comment,
  }
}

function presentOrder(o: OrderRow): OrderReviews['order'] {
  return { id: o.id, order_no: o.order_no, order_status: o.order_status, store_name: o.store.store_name, created_at: formatDateTime(o.created_at) }
}

export async function orderReviews(app: Infra, userId: number, orderId: number): Promise<OrderReviews> {
  const order = await app.db.orders.findFirst({
    where: { id: orderId, user_id: userId },
    select: { ...ORDER_SELECT, order_goods: { select: LINE_SELECT, orderBy: { id: 'asc' } } },
  })
  if (!order) throw notFound()
  const open = REVIEWABLE_ORDER.includes(order.order_status)
  return { order: presentOrder(order), open, lines: order.order_goods.map((l) => presentLine(l, open)) }
}

export async function lineReview(app: Infra, userId: number, lineId: number): Promise<LineReview> {
  const line = await app.db.order_goods.findFirst({ where: { id: lineId, user_id: userId }, select: { ...LINE_SELECT, order: { select: ORDER_SELECT } } })
  if (!line) throw notFound()
  const open = REVIEWABLE_ORDER.includes(line.order.order_status)
  return { order: presentOrder(line.order), open, line: presentLine(line, open) }
}

export async function ownReviews(app: Infra, userId: number, page: number, perPage: number): Promise<ListAnswer<OwnReview>> {
  const where = { user_id: userId }
  const [total, rows] = await Promise.all([
    app.db.order_comments.count({ where }),
    app.db.order_comments.findMany({
      where,
      select: { ...COMMENT_SELECT, order_id: true, order_goods_id: true, goods_id: true, order_goods: { select: { goods_name: true, goods_image: true, sku_name: true } } },
      orderBy: { id: 'desc' },
      skip: (page - 1) * perPage,
      take: perPage,
    }),
  ])
  return {
    data: rows.map(({ order_goods, order_id, order_goods_id, goods_id, ...c }) => ({ ...presentComment(c), ...order_goods, order_id, order_goods_id, goods_id })),
    count: rows.length,
    total,
    per_page: perPage,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    current_page: page,
  }
}
