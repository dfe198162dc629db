// Receiving a coupon (POST /api/user/coupon/receive). The Redis gate's hash (receiveGate.ts) first answers the
// refusals it alone can (all taken, the shopper's limit reached) with no database read; otherwise a plain read names a
// refusal clearly (not started, expired, all taken, the shopper's limit reached); then the gate takes one of the stock
// and of the shopper's allowance, refusing most of a stampede before it reaches the database; then the guarded updates
// of receiveBatches.ts write it: the coupon's stock (inside its window), the shopper's counter row (below the coupon's
// limit) and the received row copied from the coupon. A guard missing writes nothing for the shopper, and the gate is
// given back what it took. The coupon row's lock orders the writers of one coupon; the counter row keeps one shopper's
// receipts at its limit whatever runs in parallel (docs/checkout.md, Promotions).
import type { Db } from '../../core/db/index.ts'
import type { Infra } from '../../core/infra.ts'
import type { RequestContext } from '../../core/context.ts'
import { businessError, notFound } from '../../core/errors.ts'
import { gateRefusal, giveBackToGate, takeFromGate } from './receiveGate.ts'
import { writeReceived, type ReceivedCoupon } from './receiveBatches.ts'

type CouponRow = ReceivedCoupon & {
  stock: number
  /** what the shopper has received of it so far */
  received: number
}

/** The shopper receiving: a sub-account (belong_id > 0) may not buy, so it receives nothing either. */
export function shopperOf(ctx: RequestContext): number {
  const actor = ctx.actor!
  if (actor.belong_id > 0) throw businessError('msg.subNotAllowBuy')
  return actor.id
}

/** Why a coupon cannot be received now by the shopper it was read for, or null. */
function refusal(coupon: Pick<CouponRow, 'stock' | 'start_time' | 'end_time' | 'limit_num' | 'received'>, now: Date) {
  if (coupon.end_time <= now) return 'msg.couponExpired' as const
  if (coupon.start_time > now) return 'msg.couponNotStarted' as const
  if (coupon.stock <= 0) return 'msg.couponGone' as const
  if (coupon.limit_num > 0 && coupon.received >= coupon.limit_num) return 'msg.couponLimit' as const
  return null
}

export async function receiveCoupon(app: Pick<Infra, 'db' | 'log' | 'queues' | 'redis' | 'key'>, ctx: RequestContext, couponId: number): Promise<{ id: number }> {
  const userId = shopperOf(ctx)
  const early = await gateRefusal(app, couponId, userId)
  if (early) throw businessError(early)
  const db: Db = app.db
  const [coupon] = await db.$queryRaw<CouponRow[]>`SELECT c.id, c.store_id, c.name, CAST(c.money AS CHAR) AS money, CAST(c.use_money AS CHAR) AS use_money, c.goods_ids,
      c.stock, c.limit_num, c.valid_days, c.start_time, c.end_time,
      COALESCE((SELECT r.received FROM coupon_receivers r WHERE r.coupon_id = c.id AND r.user_id = ${userId}), 0) AS received
    FROM coupons c WHERE c.id = ${couponId}`
  if (!coupon) throw notFound()
  const refused = refusal(coupon, new Date()) ?? (await takeFromGate(app, couponId, userId, coupon))
  if (refused) throw businessError(refused)

  // What the gate let through is written by the database's guarded updates, together with the other receives of the
  // coupon waiting in this process (receiveBatches.ts); a refusal there gives the gate back what it took.
  try {
    const outcome = await writeReceived(app, coupon, userId)
    if ('id' in outcome) return outcome
    throw businessError(outcome.refused === 'limit' ? 'msg.couponLimit' : (refusal({ ...coupon, stock: 0, received: 0 }, new Date()) ?? 'msg.couponGone'))
  } catch (err) {
    await giveBackToGate(app, couponId, userId)
    throw err
  }
}
