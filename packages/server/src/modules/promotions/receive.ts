// Receiving a coupon (POST /api/user/coupon/receive). The Redis gate's hash (receiveGate.ts) first answers the
// refusals it alone can (all taken, the shopper's limit reached) with no database read; otherwise a plain read names a
// refusal clearly (not started, expired, all taken, the shopper's limit reached); then the gate takes one of the stock
// and of the shopper's allowance, refusing most of a stampede before it queues on the coupon row; then one unit sends, in one
// round trip: the coupon's stock taken by a guarded update (inside its window), the shopper's counter row made if
// missing and raised by a guarded update (below the coupon's limit), and the received row copied from the coupon.
// Either guard missing refuses the unit: nothing is written, and the gate is given back what it took. The coupon row's
// lock serialises receivers of one coupon; the counter row keeps one shopper's receipts at its limit whatever runs in
// parallel (docs/checkout.md, Promotions).
import type { Db } from '../../core/db/index.ts'
import type { Infra } from '../../core/infra.ts'
import type { RequestContext } from '../../core/context.ts'
import { businessError, notFound } from '../../core/errors.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { gateRefusal, giveBackToGate, takeFromGate } from './receiveGate.ts'

type CouponRow = {
  id: number; store_id: number | null; name: string; money: string; use_money: string; goods_ids: string; stock: number; limit_num: number; valid_days: number
  start_time: Date; end_time: Date
  /** what the shopper has received of it so far */
  received: number
}

const DAY_MS = 86_400_000

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

  // Read committed: a receive whose guarded stock update finds nothing left does not wait for, nor hold, the coupon
  // row's lock. The stock update goes first, so this unit holds the coupon row before the foreign-key checks of the
  // rows below ask for it (they then never wait behind another receiver's lock while holding one). The received row
  // copies the coupon as read above: what the shopper was shown.
  try {
    return await runUnit(app, { label: `coupon-receive ${couponId}`, isolation: 'ReadCommitted' }, async (tx) => {
      const at = new Date()
      const end = coupon.valid_days > 0 ? new Date(at.getTime() + coupon.valid_days * DAY_MS) : coupon.end_time
      const [taken, , counted, inserted] = await Promise.all([
        tx.$executeRaw`UPDATE coupons FORCE INDEX (PRIMARY) SET stock = stock - 1, updated_at = CURRENT_TIMESTAMP(3)
          WHERE id = ${couponId} AND stock > 0 AND start_time <= ${at} AND end_time > ${at}`,
        tx.$executeRaw`INSERT IGNORE INTO coupon_receivers (coupon_id, user_id, received) VALUES (${couponId}, ${userId}, 0)`,
        tx.$executeRaw`UPDATE coupon_receivers SET received = received + 1, updated_at = CURRENT_TIMESTAMP(3)
          WHERE coupon_id = ${couponId} AND user_id = ${userId} AND (${coupon.limit_num} = 0 OR received < ${coupon.limit_num})`,
        tx.$insertRaw`INSERT INTO coupon_logs (name, coupon_id, user_id, store_id, money, use_money, goods_ids, status, start_time, end_time)
          VALUES (${coupon.name}, ${couponId}, ${userId}, ${coupon.store_id}, ${coupon.money}, ${coupon.use_money}, ${coupon.goods_ids}, 0, ${at}, ${end})`,
      ])
      if (!taken) throw businessError(refusal({ ...coupon, stock: 0, received: 0 }, at) ?? 'msg.couponGone')
      if (!counted) throw businessError('msg.couponLimit')
      return { id: inserted.insertId }
    })
  } catch (err) {
    await giveBackToGate(app, couponId, userId)
    throw err
  }
}
