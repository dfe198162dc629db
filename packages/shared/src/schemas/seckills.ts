// Flash sales on the storefront: GET /api/seckills?start_time=N (hour slots: 0 = running now, N = starting in the hour
// that begins N hours after the current one), or ?goods_id= (the goods page: the goods' running and coming sales).
import { z } from 'zod'
import * as zx from '../zx.ts'
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../list.ts'

/** Hour slots offered: now and the next 23 hours. */
export const SECKILL_SLOTS = 24

export const seckillsQuery = z.strictObject({
  page: zx.urlInt(1, 1000).default(1),
  per_page: zx
    .urlInt(1, Math.max(...PAGE_SIZES))
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .default(DEFAULT_PAGE_SIZE),
  start_time: zx.urlInt(0, SECKILL_SLOTS - 1).default(0),
  goods_id: zx.urlId().optional(),
})
export type SeckillsQuery = z.infer<typeof seckillsQuery>

export type SeckillAnswer = {
  id: number
  goods_id: number
  sku_id: number
  goods_name: string
  goods_image: string
  sku_name: string
  /** the goods' (or SKU's) own price */
  goods_price: string
  /** the flash-sale price */
  price: string
  /** units left in the pool */
  stock: number
  limit_num: number
  start_time: string
  end_time: string
}

export type SeckillList = {
  data: SeckillAnswer[]
  total: number
  per_page: number
  current_page: number
  last_page: number
  /** the server's clock (ISO), so countdowns do not depend on the device's */
  now: string
}
