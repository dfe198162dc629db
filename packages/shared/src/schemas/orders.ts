// Checkout (/api/user/order/before and /create): the request bodies and the answers, one group per store.
// Form bodies carry `order` and `remarks` as JSON strings; JSON bodies as arrays.
import { z } from 'zod'
import * as zx from '../zx.ts'
import type { Address } from './addresses.ts'
import { MAX_CART_LINES, type GoodsLine } from './cart.ts'

/** Lines one checkout may hold: what a cart may hold. */
export const MAX_CHECKOUT_LINES = MAX_CART_LINES
/** orders.remark */
export const MAX_REMARK = 255

export const checkoutLine = z.strictObject({
  goods_id: zx.id(),
  /** 0 for a goods without SKUs */
  sku_id: zx.int().pipe(z.number().min(0)).default(0),
  buy_num: zx.int().pipe(z.number().min(1)),
  /** the cart line it comes from (with ifcart = 1) */
  cart_id: zx.id().optional(),
  /** a flash sale of this goods and SKU (modules/seckill on the server): its price and pool, ordered on its own */
  seckill_id: zx.id().optional(),
  /** a group buy (server modules/collectives): −1 opens a group of the goods' group buy, N joins open group N */
  collective_id: zx.int().pipe(z.number().min(-1)).optional(),
}).refine((line) => !(line.seckill_id && line.collective_id), { message: 'valid.oneOffer', path: ['collective_id'] })
export type CheckoutLine = z.infer<typeof checkoutLine>

const lines = () => zx.json(z.array(checkoutLine).min(1).max(MAX_CHECKOUT_LINES))

/** The coupons the shopper picks: per store a received coupon's id (0 none), and one platform coupon (0 none); a
 *  store left out, or an absent platform_coupon_id, takes the best one (docs/checkout.md). */
const couponChoice = {
  store_coupons: zx.json(z.array(z.strictObject({ store_id: zx.id(), coupon_id: zx.int().pipe(z.number().min(0)) })).max(MAX_CHECKOUT_LINES)).optional(),
  platform_coupon_id: zx.int().pipe(z.number().min(0)).optional(),
}
export type CouponChoice = { store_coupons?: { store_id: number; coupon_id: number }[]; platform_coupon_id?: number }

/** POST /api/user/order/before: freight for `address_id`, or the default address when absent. */
export const orderBeforeBody = z.strictObject({
  order: lines(),
  /** 1: the lines come from the cart and their cart lines go once ordered */
  ifcart: zx.flag().default(0),
  address_id: zx.id().optional(),
  ...couponChoice,
})
export type OrderBefore = z.infer<typeof orderBeforeBody>

/** POST /api/user/order/create (header Idempotency-Key required). */
export const orderCreateBody = z.strictObject({
  order: lines(),
  ifcart: zx.flag().default(0),
  address_id: zx.id(),
  remarks: zx.json(z.array(z.strictObject({ store_id: zx.id(), remark: zx.text(MAX_REMARK) })).max(MAX_CHECKOUT_LINES)).optional(),
  ...couponChoice,
})
export type OrderCreate = z.infer<typeof orderCreateBody>

export type CheckoutLineAnswer = GoodsLine & {
  cart_id: number | null
  total_price: string
  /** kg */
  total_weight: string
  /** the line's share of the store's discounts */
  discount_money: string
}

/** A received coupon the shopper may use on a checkout. */
export type UsableCoupon = { id: number; name: string; money: string; use_money: string; end_time: string }

export type StoreGroup = {
  store_id: number
  store_name: string
  store_logo: string
  lines: CheckoutLineAnswer[]
  /** Σ line totals */
  order_price: string
  freight_money: string
  /** the best full reduction that applies, or null */
  full_reduction: { name: string; money: string } | null
  /** the shopper's received coupons of the store usable here (scope matched, threshold against the goods amount
   *  after the full reduction) */
  coupons: UsableCoupon[]
  /** the store coupon applied (the best by default), 0 none */
  coupon_id: number
  coupon_money: string
  /** this store's share of the platform coupon */
  platform_coupon_money: string
  /** the group-buy price's saving; a group order takes no full reduction, coupon or points */
  collective_money: string
  /** false for a group or flash-sale order: no full reduction, coupon or points apply to it */
  promotions: boolean
  discount_money: string
  /** order_price + freight_money − discount_money */
  total_price: string
}

export type OrderPreview = {
  address: Address | null
  stores: StoreGroup[]
  /** the shopper's platform coupons usable on this checkout */
  platform_coupons: UsableCoupon[]
  /** the platform coupon applied (the best by default), 0 none */
  platform_coupon_id: number
  platform_coupon_money: string
  order_price: string
  freight_money: string
  discount_money: string
  total_price: string
}

/** One order per store, in the order of the groups. */
export type OrderCreated = { order_id: number[]; order_no: string[] }
