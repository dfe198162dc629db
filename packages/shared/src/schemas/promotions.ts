// Coupons on the storefront: receiving one (POST /api/user/coupon/receive), the shopper's received coupons
// (GET /api/user/coupons?status=), the coupons a store or goods offers (GET /api/coupons?store_id=&goods_id=) and
// the coupon centre's list.
import { z } from 'zod'
import * as zx from '../zx.ts'
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../list.ts'

const pageFields = {
  page: zx.urlInt(1, 1000).default(1),
  per_page: zx
    .urlInt(1, Math.max(...PAGE_SIZES))
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .default(DEFAULT_PAGE_SIZE),
}

/** POST /api/user/coupon/receive: a coupon (template) id; answers the received coupon's id. */
export const couponReceiveBody = z.strictObject({ id: zx.id() })
export type CouponReceived = { id: number }

export const USER_COUPON_TABS = ['unused', 'used', 'expired'] as const
export type UserCouponTab = (typeof USER_COUPON_TABS)[number]

/** GET /api/user/coupons */
export const userCouponsQuery = z.strictObject({ ...pageFields, status: z.enum(USER_COUPON_TABS).default('unused') })

/** GET /api/coupons: the coupons one may receive now, of a store (and those for one of its goods), or of every store
 *  and the platform (the coupon centre). */
export const offeredCouponsQuery = z.strictObject({
  ...pageFields,
  store_id: zx.urlId().optional(),
  goods_id: zx.urlId().optional(),
})

/** A coupon as a shopper sees it (a template on offer, or a received one). */
export type CouponAnswer = {
  id: number
  name: string
  /** null: a platform coupon */
  store_id: number | null
  store_name: string
  money: string
  use_money: string
  /** goods ids it applies to; empty: every goods of the store (or of every store) */
  goods_ids: number[]
  start_time: string
  end_time: string
}
export type OfferedCoupon = CouponAnswer & { stock: number; limit_num: number; valid_days: number }
export type ReceivedCoupon = CouponAnswer & { coupon_id: number; status: number; order_id: number }
