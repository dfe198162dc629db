// Group buys on the storefront: the open groups (GET /api/collectives?goods_id=, the goods page's list and the
// /collectives page) and a goods' group buy (GET /api/collectives/goods/{id}). Ordering goes through the checkout's
// line field collective_id (schemas/orders.ts).
import { z } from 'zod'
import * as zx from '../zx.ts'
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../list.ts'

/** GET /api/collectives: open groups (not full, not expired), soonest to expire first; of one goods, or of all. */
export const openCollectivesQuery = z.strictObject({
  page: zx.urlInt(1, 1000).default(1),
  per_page: zx
    .urlInt(1, Math.max(...PAGE_SIZES))
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .default(DEFAULT_PAGE_SIZE),
  goods_id: zx.urlId().optional(),
})

/** A goods' group buy: the discount in percent and the group price of the goods (and of each SKU). */
export type GoodsCollective = {
  id: number
  goods_id: number
  discount: string
  need: number
  expire_minutes: number
  /** the goods' price with the discount */
  price: string
  /** per SKU id, its group price */
  sku_prices: Record<string, string>
}

/** An open group as shoppers see it. */
export type OpenCollective = {
  id: number
  goods_id: number
  goods_name: string
  goods_image: string
  store_id: number
  /** the goods' group price (its own price, before SKUs) */
  price: string
  discount: string
  need: number
  /** seats taken by live orders, and of them paid */
  join_num: number
  paid_num: number
  expire_at: string
  /** members' nicknames and avatars, the opener first */
  members: { nickname: string; avatar: string }[]
}

/** An order's group as the shopper's order list shows it: 2 open, 1 filled, 0 failed (states.ts COLLECTIVE_STATUS);
 *  `seat` the order's seat (COLLECTIVE_SEAT: 0 held, 1 paid, 2 released, 3 refunded), `refunded` once the refund of a
 *  failed group's seat has given the money back (a gateway's refund may still be on its way while the seat says 3). */
export type OrderCollective = { id: number; status: number; need: number; paid_num: number; expire_at: string; seat: number; refunded: boolean }
