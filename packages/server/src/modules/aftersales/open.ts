// The shopper's side of opening a request: what may be asked of an order (the caps preview), and the request itself
// (POST /api/user/order/refund, under an Idempotency-Key). Opening is ONE guarded update on the order — one that may
// take a request (eligibility.ts: paid to completed, not settled, within its after-sale window) — that counts the
// request as open; the lines are then read under lock, capped, and written with open_line set, whose unique key
// refuses a second open request on a line.
import { Code, ORDER_STATUS, decimalToCents, fromCents, toCents, translate } from '@qshop/shared'
import type { RefundCaps, RefundOpenBody } from '@qshop/shared/schemas/aftersales'
import type { Infra } from '../../core/infra.ts'
import { Prisma, isDuplicateKey } from '../../core/db/index.ts'
import { businessNumber } from '../../core/businessNumbers.ts'
import type { RequestContext } from '../../core/context.ts'
import { readGroupConfig } from '../../core/configs.ts'
import { AppError, businessError, invalid, notFound } from '../../core/errors.ts'
import { idempotent } from '../../core/idempotency.ts'
import type { Tx } from '../../core/unitOfWork.ts'
import { capLine, isRefusal, lineCap, refundCaps, splitRefund, type CapLineRow, type CapOrder } from './caps.ts'
import { scheduleRefundAgree } from './agreeJob.ts'
import { refundOpenableSql, refundRefusal } from './eligibility.ts'

/** GET /api/user/order/{id}/refund_caps: per line what is left to ask for, and whether a request may be opened. */
export async function refundCapsOf(app: Infra, ctx: RequestContext, orderId: number): Promise<RefundCaps> {
  const userId = ctx.actor!.id
  const order = await app.db.orders.findFirst({
    where: { id: orderId, user_id: userId },
    select: {
      id: true, order_no: true, order_status: true, is_settlement: true, settle_after: true, freight_money: true, payment_name: true,
      order_goods: {
        select: {
          id: true, goods_id: true, goods_name: true, goods_image: true, sku_name: true, buy_num: true, total_price: true, discount_money: true, refunded_num: true, refunded_money: true,
          refund_goods: { where: { open_line: { not: null } }, select: { id: true } },
        },
        orderBy: { id: 'asc' },
      },
    },
  })
  if (!order) throw notFound()
  const refused = refundRefusal(order, new Date())
  const lines = order.order_goods.map((l) => {
    const cap = capLine(l)
    const open = l.refund_goods.length > 0
    const left = open ? 0 : l.buy_num - l.refunded_num
    return {
      order_goods_id: l.id, goods_id: l.goods_id, goods_name: l.goods_name, goods_image: l.goods_image, sku_name: l.sku_name, buy_num: l.buy_num,
      paid: fromCents(cap.paid), refunded_num: l.refunded_num, refunded_money: l.refunded_money.toFixed(2),
      refundable_num: left, refundable_money: fromCents(left ? lineCap(cap, left) : 0), in_open_request: open,
    }
  })
  return {
    order_id: order.id, order_no: order.order_no, order_status: order.order_status, refused: refused && translate(ctx.locale, refused),
    freight_money: order.freight_money.toFixed(2), freight_refundable: order.order_status === ORDER_STATUS.PAID,
    payment_name: order.payment_name, lines,
  }
}
/** Evidence images must be the caller's own uploads. */
async function checkImages(app: Infra, ctx: RequestContext, images: string[]): Promise<void> {
  const wanted = [...new Set(images)]
  if (!wanted.length) return
  const own = await app.db.uploads.count({ where: { area: 'user', owner_id: ctx.actor!.id, is_private: 0, url: { in: wanted } } })
  if (own !== wanted.length) throw invalid({ images: translate(ctx.locale, 'valid.refundImages') })
}

/** The order counted as having one more open request, when it may take one; 0 rows = refused. */
async function countOpen(tx: Tx, userId: number, orderId: number, type: number, now: Date): Promise<boolean> {
  const changed = await tx.$executeRaw`UPDATE orders FORCE INDEX (PRIMARY) SET open_refunds = open_refunds + 1, refund_status = ${type},
    updated_at = CURRENT_TIMESTAMP(3)
    WHERE id = ${orderId} AND user_id = ${userId} AND ${refundOpenableSql(now)}`
  return changed === 1
}

export type Opened = { id: number; refund_no: string; refund_money: string }

export async function openRefund(app: Infra, ctx: RequestContext, key: string, body: RefundOpenBody): Promise<Opened> {
  const userId = ctx.actor!.id
  await checkImages(app, ctx, body.images)
  const task = await readGroupConfig(app, 'task')
  const agreeHours = Number(task.refund_agree_hours)
  const { answer } = await idempotent(app, ctx, { area: 'refund', ownerId: userId, key, request: body }, async (tx, unit) => {
    const now = new Date()
    if (!(await countOpen(tx, userId, body.order_id, body.refund_type, now))) {
      const order = await tx.orders.findFirst({ where: { id: body.order_id, user_id: userId }, select: { order_status: true, is_settlement: true, settle_after: true } })
      if (!order) throw notFound()
      throw businessError(refundRefusal(order, now) ?? 'msg.refundWindowClosed')
    }
    // Locking reads: what the last refund of these lines committed, whatever this transaction's snapshot.
    const [order] = await tx.$queryRaw<{ store_id: number; order_status: number; freight_money: Prisma.Decimal }[]>`SELECT store_id, order_status, freight_money
      FROM orders WHERE id = ${body.order_id} FOR UPDATE`
    const lineRows = await tx.$queryRaw<CapLineRow[]>`SELECT id, buy_num, total_price, discount_money, refunded_num, refunded_money
      FROM order_goods WHERE order_id = ${body.order_id} ORDER BY id FOR UPDATE`
    const capOrder: CapOrder = { order_status: order.order_status, freight_money: decimalToCents(order.freight_money), lines: lineRows.map(capLine) }
    const caps = refundCaps(capOrder, body.lines)
    if (isRefusal(caps)) throw businessError(caps.refused === 'unknownLine' ? 'msg.refundLineUnknown' : 'msg.refundTooMany', { order_goods_id: caps.order_goods_id })
    const money = toCents(body.refund_money)
    if (money > caps.total) throw new AppError(Code.BUSINESS, 'msg.refundOverCap', { cap: fromCents(caps.total) }, { cap: fromCents(caps.total) })
    const { parts } = splitRefund(caps, money)

    const refund = await tx.refunds.create({
      data: {
        refund_no: businessNumber('refund', now), user_id: userId, store_id: order.store_id, order_id: body.order_id, refund_type: body.refund_type,
        refund_money: fromCents(money), refund_remark: body.refund_remark, images: body.images.join(','),
        agree_deadline: new Date(now.getTime() + agreeHours * 3600_000),
      },
      select: { id: true, refund_no: true, agree_deadline: true },
    })
    try {
      await tx.refund_goods.createMany({
        data: caps.lines.map((l, i) => ({ refund_id: refund.id, order_id: body.order_id, order_goods_id: l.order_goods_id, num: l.num, money: fromCents(parts[i]), open_line: l.order_goods_id })),
      })
    } catch (err) {
      if (isDuplicateKey(err)) throw businessError('msg.refundLineOpen')
      throw err
    }
    await scheduleRefundAgree(unit, refund.id, refund.agree_deadline!)
    return { id: refund.id, refund_no: refund.refund_no, refund_money: fromCents(money) }
  })
  return answer
}
