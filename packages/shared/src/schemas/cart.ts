// The shopper's cart (/api/user/carts): the request bodies, the limit and the answer grouped by store.
import { z } from 'zod'
import * as zx from '../zx.ts'

/** Lines one cart may hold. */
export const MAX_CART_LINES = 100

const buyNum = () => zx.int().pipe(z.number().min(1))

/** POST /api/user/carts: the same goods and SKU again adds to the line's quantity. */
export const cartAddBody = z.strictObject({
  goods_id: zx.id(),
  /** 0 for a goods without SKUs; a goods with SKUs needs one of its own */
  sku_id: zx.int().pipe(z.number().min(0)).default(0),
  buy_num: buyNum(),
})
export type CartAdd = z.infer<typeof cartAddBody>

/** PUT /api/user/carts/{id} */
export const cartUpdateBody = z.strictObject({ buy_num: buyNum() })

/**
 * What a line can be bought as, now: `off_shelf` — the goods is off shelf, not approved or its store closed;
 * `sku_gone` — its SKU was deleted (or the goods has SKUs now and the line names none); `short_stock` — fewer in
 * stock than the line's quantity. Such lines are answered flagged, never dropped.
 */
export const CART_LINE_STATES = ['ok', 'off_shelf', 'sku_gone', 'short_stock'] as const
export type CartLineState = (typeof CART_LINE_STATES)[number]

/** A goods line as the shopper sees it in the cart, the checkout and the orders. */
export type GoodsLine = {
  goods_id: number
  sku_id: number
  goods_name: string
  goods_image: string
  /** '-' for a goods without SKUs */
  sku_name: string
  /** unit price, "12.30" */
  goods_price: string
  buy_num: number
}

export type CartLine = GoodsLine & {
  id: number
  /** the stock now (0 when the SKU is gone) */
  stock: number
  /** goods_price × buy_num */
  line_total: string
  state: CartLineState
}

export type CartStore = {
  store_id: number
  store_name: string
  store_logo: string
  /** newest first */
  lines: CartLine[]
}

/** Answer of POST and PUT: the line and the cart's number of lines after the change. */
export type CartWrite = { id: number; cart_count: number }
/** Answer of DELETE /api/user/carts/{ids} */
export type CartDelete = { deleted: number; cart_count: number }
