// Points (docs/points.md): the shopper's daily sign-in and points ledger, the points mall's storefront reads and
// redemption, and the admin's shipping of points orders.
import { z } from 'zod'
import * as zx from '../zx.ts'
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../list.ts'

/** Most units of one points goods a redemption takes. */
export const MAX_REDEEM_NUM = 99

const page = () => zx.urlInt(1, 10000).default(1)
const perPage = () =>
  zx
    .urlInt(1, Math.max(...PAGE_SIZES))
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .default(DEFAULT_PAGE_SIZE)

/** GET /api/user/integral_orders */
export const pointsPageQuery = z.strictObject({ page: page(), per_page: perPage() })
export type PointsPageQuery = z.infer<typeof pointsPageQuery>

/** GET /api/integral/goods: on-shelf goods, by category, name, sorted. */
export const integralSearchQuery = z.strictObject({
  page: page(),
  per_page: perPage(),
  cid: zx.urlInt(1, 2_147_483_647).optional(),
  keywords: zx.text(60).optional(),
  sort_type: z.enum(['id', 'goods_price', 'goods_sale']).default('id'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
})
export type IntegralSearchQuery = z.infer<typeof integralSearchQuery>

/** POST /api/integral/pay (with an Idempotency-Key) */
export const integralPayBody = z.strictObject({
  id: zx.int().pipe(z.number().min(1).max(2_147_483_647)),
  buy_num: zx.int().pipe(z.number().min(1).max(MAX_REDEEM_NUM)),
  address_id: zx.int().pipe(z.number().min(1).max(2_147_483_647)),
  remark: zx.text(255).optional(),
})
export type IntegralPayBody = z.infer<typeof integralPayBody>

/** PUT /api/Admin/integral_orders/{id}/ship */
export const integralShipBody = z.strictObject({
  delivery_code: zx.text(32, 1),
  delivery_no: zx.text(64, 1).regex(/^[A-Za-z0-9-]+$/),
})
export type IntegralShipBody = z.infer<typeof integralShipBody>

export type SignInState = { signed_today: boolean; streak: number; integral: number; today_points: number; next_points: number }
export type SignInAnswer = { points: number; streak: number; integral: number }
export type IntegralGoodsCard = {
  id: number
  cid: number
  goods_name: string
  goods_subname: string
  goods_price: number
  goods_market_price: string
  goods_master_image: string
  goods_stock: number
  goods_sale: number
}
export type IntegralGoodsDetail = IntegralGoodsCard & { goods_images: string[]; goods_content: string }
export type IntegralOrderRow = {
  id: number
  order_no: string
  order_name: string
  order_image: string
  total_price: number
  order_status: number
  buy_num: number
  delivery_code: string
  delivery_no: string
  receive_name: string
  receive_tel: string
  receive_area: string
  receive_address: string
  created_at: string
  delivery_time: string | null
}
