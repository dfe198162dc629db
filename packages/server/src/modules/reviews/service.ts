// A shopper reviews the lines of an own received (4) or completed (6) order, one review per line; the review of the
// last line still owed one (every line not wholly refunded) completes the order, 4 → 6 with comment_time.
//
// The unit locks the order's row first: reviews of one order run one after the other, so a repeated or concurrent
// post of a line finds the first one's row (402), and of two lines reviewed at once the later one sees the earlier
// and completes the order. order_comments.order_goods_id is UNIQUE as the database's own guard.
import { ORDER_FLOW, ORDER_STATUS, translate } from '@qshop/shared'
import type { ReviewBody, ReviewPosted } from '@qshop/shared/schemas/reviews'
import type { RequestContext } from '../../core/context.ts'
import { isDuplicateKey } from '../../core/db/index.ts'
import { businessError, invalid, notFound } from '../../core/errors.ts'
import { transition } from '../../core/transition.ts'
import { inUnit, type Tx, type UnitInfra } from '../../core/unitOfWork.ts'
import type { Infra } from '../../core/infra.ts'
import { invalidateGoodsCounters } from '../catalog/index.ts'

/** Orders whose lines may be reviewed. */
export const REVIEWABLE_ORDER: readonly number[] = [ORDER_STATUS.RECEIVED, ORDER_STATUS.COMPLETED]

export type ReviewInfra = UnitInfra & Pick<Infra, 'redis' | 'key'>

/** Locks an order's row for the unit; null when it is not there (or, with `userId`, not that shopper's). */
async function lockOrder(tx: Tx, orderId: number, userId?: number) {
  const rows = await tx.$queryRaw<{ id: number; order_status: number; user_id: number }[]>`
    SELECT id, order_status, user_id FROM orders FORCE INDEX (PRIMARY) WHERE id = ${orderId} FOR UPDATE`
  const row = rows[0]
  return row && (userId === undefined || row.user_id === userId) ? row : null
}

/**
 * Completes a received order (4 → 6, comment_time now) once every line not wholly refunded has its review. Call it in
 * the unit that changed the order's reviews or refunds, with the order's row locked. Answers whether it completed.
 */
export async function completeIfReviewed(tx: Tx, orderId: number): Promise<boolean> {
  const owed = await tx.$queryRaw<{ n: bigint }[]>`
    SELECT COUNT(*) AS n FROM order_goods og LEFT JOIN order_comments c ON c.order_goods_id = og.id
    WHERE og.order_id = ${orderId} AND og.refunded_num < og.buy_num AND c.id IS NULL`
  if (Number(owed[0].n) > 0) return false
  const changed = await transition(tx, ORDER_FLOW, orderId, { from: ORDER_STATUS.RECEIVED, to: ORDER_STATUS.COMPLETED }, { data: { comment_time: new Date() } })
  return changed === 1
}

/** The review's pictures must be public images the shopper uploaded: a URL of anything else is refused on `image`. */
async function checkOwnImages(tx: Tx, ctx: RequestContext, userId: number, urls: string[]): Promise<string[]> {
  const unique = [...new Set(urls)]
  if (!unique.length) return []
  const own = await tx.uploads.findMany({ where: { area: 'user', owner_id: userId, is_private: 0, url: { in: unique } }, select: { url: true } })
  if (own.length !== unique.length) throw invalid({ image: translate(ctx.locale, 'valid.ownUpload') })
  return unique
}

/** Posts the shopper's review of one order line (ctx.actor is the shopper). */
export async function postReview(infra: ReviewInfra, ctx: RequestContext, input: ReviewBody): Promise<ReviewPosted> {
  const userId = ctx.actor!.id
  return inUnit(
    infra,
    ctx,
    async (tx, unit) => {
      const line = await tx.order_goods.findFirst({
        where: { id: input.order_goods_id, user_id: userId },
        select: { id: true, order_id: true, goods_id: true, store_id: true, buy_num: true, refunded_num: true },
      })
      if (!line) throw notFound()
      const order = await lockOrder(tx, line.order_id, userId)
      if (!order) throw notFound()
      if (!REVIEWABLE_ORDER.includes(order.order_status)) throw businessError('msg.reviewNotOpen')
      // Read after the lock: refunds and reviews of this order committed before it are seen.
      const [fresh, existing] = await Promise.all([
        tx.order_goods.findUniqueOrThrow({ where: { id: line.id }, select: { refunded_num: true } }),
        tx.order_comments.findUnique({ where: { order_goods_id: line.id }, select: { id: true } }),
      ])
      if (existing) throw businessError('msg.reviewed')
      if (fresh.refunded_num >= line.buy_num) throw businessError('msg.reviewRefunded')
      const image = await checkOwnImages(tx, ctx, userId, input.image)
      const row = await tx.order_comments.create({
        data: {
          user_id: userId, order_id: line.order_id, order_goods_id: line.id, goods_id: line.goods_id, store_id: line.store_id,
          score: input.score, agree: input.agree, service: input.service, speed: input.speed, content: input.content, image: image.join(','),
        },
        select: { id: true },
      })
      const completed = order.order_status === ORDER_STATUS.RECEIVED && (await completeIfReviewed(tx, line.order_id))
      unit.afterCommit(() => invalidateGoodsCounters(infra, [line.goods_id], [line.store_id]))
      return { id: row.id, order_completed: completed }
    },
    // Read committed: what the order's other units committed before our lock is what we count.
    { isolation: 'ReadCommitted' },
  ).catch((err: unknown) => {
    // The unique line key, should a writer ever get past the lock: still one review per line.
    if (isDuplicateKey(err)) throw businessError('msg.reviewed')
    throw err
  })
}
