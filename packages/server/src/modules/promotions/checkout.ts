// What a checkout applies of the promotions (docs/checkout.md, Promotions): the store's full reductions (the best
// saving among the tiers whose threshold the goods reach), the shopper's received coupons of the store and of the
// platform (scope, threshold against the goods amount after the full reduction, never the freight; the best saving
// by default), and, once the orders exist, the received coupons claimed by a guarded change each; a cancel or a full
// refund gives them back.
import { COUPON_LOG_FLOW, COUPON_LOG_STATUS, toCents } from '@qshop/shared'
import { scopeGoodsIds } from '@qshop/shared/resources/seller/promotions'
import { Prisma, type Tx } from '../../core/db/index.ts'
import { businessError } from '../../core/errors.ts'
import { transition } from '../../core/transition.ts'

/** A full reduction rule in cents. */
export type FullReduction = { id: number; store_id: number; name: string; money: number; use_money: number }
/** A received coupon the shopper holds unused and valid, in cents; store_id null: the platform's. */
export type HeldCoupon = { id: number; store_id: number | null; name: string; money: number; use_money: number; goods_ids: number[]; end_time: Date }

/** DATETIME columns hold UTC (core/db/pools.ts). */
const ISO_UTC = '%Y-%m-%dT%H:%i:%s.%fZ'

/** The promotions a checkout may use, read as two columns of the checkout's goods statement (one row per goods, its
 *  store's id in `storeId`) rather than by statements of their own: the store's full reductions in their window and the
 *  shopper's valid unused coupons of the store and of the platform, each a JSON array or NULL (none, the usual case).
 *  Nothing is cached, so a rule or coupon made a moment before the checkout applies. */
export function promotionColumns(userId: number, storeId: Prisma.Sql, now: Date): Prisma.Sql {
  return Prisma.sql`(SELECT JSON_ARRAYAGG(JSON_OBJECT('id', r.id, 'name', r.name, 'money', CAST(r.money AS CHAR), 'use_money', CAST(r.use_money AS CHAR)))
      FROM full_reductions r WHERE r.store_id = ${storeId} AND r.start_time <= ${now} AND r.end_time > ${now}) AS promotion_reductions,
    (SELECT JSON_ARRAYAGG(JSON_OBJECT('id', l.id, 'store_id', l.store_id, 'name', l.name, 'money', CAST(l.money AS CHAR), 'use_money', CAST(l.use_money AS CHAR),
        'goods_ids', l.goods_ids, 'end_time', DATE_FORMAT(l.end_time, ${ISO_UTC})))
      FROM coupon_logs l WHERE l.user_id = ${userId} AND l.status = ${COUPON_LOG_STATUS.UNUSED} AND l.start_time <= ${now} AND l.end_time > ${now}
        AND (l.store_id IS NULL OR l.store_id = ${storeId})) AS promotion_coupons`
}

export type PromotionColumns = { store_id: number; promotion_reductions: unknown; promotion_coupons: unknown }

const jsonOf = <T>(value: unknown): T[] => (value === null ? [] : typeof value === 'string' ? (JSON.parse(value) as T[]) : (value as T[]))

/** The promotions read by promotionColumns, each once (a platform coupon comes with every goods row). */
export function promotionsOf(rows: readonly PromotionColumns[]) {
  const reductions = new Map<number, FullReduction>()
  const coupons = new Map<number, HeldCoupon>()
  for (const row of rows) {
    for (const r of jsonOf<{ id: number; name: string; money: string; use_money: string }>(row.promotion_reductions))
      reductions.set(r.id, { ...r, store_id: row.store_id, money: toCents(r.money), use_money: toCents(r.use_money) })
    for (const c of jsonOf<{ id: number; store_id: number | null; name: string; money: string; use_money: string; goods_ids: string; end_time: string }>(row.promotion_coupons))
      coupons.set(c.id, { ...c, money: toCents(c.money), use_money: toCents(c.use_money), goods_ids: scopeGoodsIds(c.goods_ids), end_time: new Date(c.end_time) })
  }
  return { reductions: [...reductions.values()], coupons: [...coupons.values()] }
}
export type LoadedPromotions = ReturnType<typeof promotionsOf>

/** The full reduction that saves the most on `goods` cents (the highest tier reached, not the lowest); ties: the
 *  higher threshold, then the lower id. Null when no tier is reached. */
export function bestFullReduction(rules: readonly FullReduction[], goods: number): FullReduction | null {
  let best: FullReduction | null = null
  for (const r of rules) {
    if (r.use_money > goods || r.money <= 0) continue
    if (!best || r.money > best.money || (r.money === best.money && (r.use_money > best.use_money || (r.use_money === best.use_money && r.id < best.id)))) best = r
  }
  return best
}

/** A line as the coupon steps see it: its goods, what is left of its price, and the goods amount after the full
 *  reduction (the threshold's measure). */
export type CouponLine = { goods_id: number; left: number; afterReduction: number }

/** The lines (indexes) a coupon covers and what it saves on them, or null when it does not apply: no line in scope,
 *  or the covered goods (after the full reduction) below its threshold. */
export function couponOn(coupon: HeldCoupon, lines: readonly CouponLine[]): { covered: number[]; saving: number } | null {
  const scope = coupon.goods_ids.length ? new Set(coupon.goods_ids) : null
  const covered = lines.flatMap((l, i) => (!scope || scope.has(l.goods_id) ? [i] : []))
  if (!covered.length) return null
  const threshold = covered.reduce((n, i) => n + lines[i].afterReduction, 0)
  if (threshold < coupon.use_money || threshold <= 0) return null
  const saving = Math.min(coupon.money, covered.reduce((n, i) => n + lines[i].left, 0))
  return saving > 0 ? { covered, saving } : null
}

/** The usable coupons among `coupons` with what each saves, best first (most saved, then the earliest end, then the
 *  lowest id). */
export function usableCoupons(coupons: readonly HeldCoupon[], lines: readonly CouponLine[]) {
  return coupons
    .flatMap((coupon) => {
      const on = couponOn(coupon, lines)
      return on ? [{ coupon, ...on }] : []
    })
    .sort((a, b) => b.saving - a.saving || a.coupon.end_time.getTime() - b.coupon.end_time.getTime() || a.coupon.id - b.coupon.id)
}

/** The coupon the shopper chose among the usable ones: undefined = the best, 0 = none, an id that is not usable here is
 *  refused. */
export function chosenCoupon<T extends { coupon: HeldCoupon }>(usable: readonly T[], choice: number | undefined): T | null {
  if (choice === undefined) return usable[0] ?? null
  if (choice === 0) return null
  const found = usable.find((u) => u.coupon.id === choice)
  if (!found) throw businessError('msg.couponUnusable')
  return found
}

/** Marks each received coupon used by its order (0 → 1, the shopper's, still unused): a coupon another checkout took
 *  meanwhile refuses the whole unit. */
export async function claimCoupons(tx: Tx, userId: number, claims: readonly { couponId: number; orderId: number }[]): Promise<void> {
  const changed = await Promise.all(
    claims.map((c) => transition(tx, COUPON_LOG_FLOW, c.couponId, { from: COUPON_LOG_STATUS.UNUSED, to: COUPON_LOG_STATUS.USED }, { where: { user_id: userId }, data: { order_id: c.orderId } })),
  )
  if (changed.some((n) => n !== 1)) throw businessError('msg.couponUsed')
}

/**
 * Gives back the coupons `orderId` used, in its caller's unit: after a cancel before payment (always), or after a full
 * refund (`onlyValid`: a coupon past its end stays used). A platform coupon shared by several orders of one checkout
 * goes back once none of the others is still live (neither cancelled nor wholly refunded); the other orders are read
 * with shared locks, so two of them ending at once cannot both miss each other.
 */
export async function giveBackCoupons(tx: Tx, orderId: number, opts: { onlyValid: boolean }): Promise<void> {
  const [order] = await tx.$queryRaw<{ coupon_id: number; platform_coupon_id: number }[]>`SELECT coupon_id, platform_coupon_id FROM orders WHERE id = ${orderId}`
  if (!order || (!order.coupon_id && !order.platform_coupon_id)) return
  const now = new Date()
  const ids = [order.coupon_id, order.platform_coupon_id].filter((id) => id > 0)
  const logs = await tx.$queryRaw<{ id: number; end_time: Date }[]>`SELECT id, end_time FROM coupon_logs WHERE id IN (${Prisma.join(ids)})`
  const valid = new Set(logs.filter((l) => !opts.onlyValid || l.end_time > now).map((l) => l.id))
  if (order.coupon_id && valid.has(order.coupon_id))
    await transition(tx, COUPON_LOG_FLOW, order.coupon_id, { from: COUPON_LOG_STATUS.USED, to: COUPON_LOG_STATUS.UNUSED }, { where: { order_id: orderId }, data: { order_id: 0 } })
  if (order.platform_coupon_id && valid.has(order.platform_coupon_id)) {
    const live = await tx.$queryRaw<{ id: number }[]>`SELECT o.id FROM orders o WHERE o.platform_coupon_id = ${order.platform_coupon_id} AND o.id <> ${orderId}
      AND o.order_status <> 0 AND EXISTS (SELECT 1 FROM order_goods g WHERE g.order_id = o.id AND g.refunded_num < g.buy_num) LOCK IN SHARE MODE`
    if (!live.length)
      await transition(tx, COUPON_LOG_FLOW, order.platform_coupon_id, { from: COUPON_LOG_STATUS.USED, to: COUPON_LOG_STATUS.UNUSED }, { data: { order_id: 0 } })
  }
}
