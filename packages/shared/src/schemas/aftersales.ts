// After-sales requests (refund only, or return then refund), per order line: the shopper's bodies and answers, the
// seller's decisions, the admin's arbitration and closing (docs/after-checkout.md; the money rules are in the server's
// modules/aftersales).
import { z } from 'zod'
import * as zx from '../zx.ts'
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../list.ts'
import { REFUND_TYPE } from '../states.ts'

/** Lines one request may name (an order's lines are far fewer), evidence images it may carry. */
export const MAX_REFUND_LINES = 50
export const MAX_REFUND_IMAGES = 6
export const REFUND_REMARK_MAX = 500

const image = () => z.string().trim().min(1).max(255)

/** POST /api/user/order/refund (header Idempotency-Key) */
export const refundOpenBody = z.strictObject({
  order_id: zx.id(),
  refund_type: zx.int().pipe(z.union([z.literal(REFUND_TYPE.MONEY), z.literal(REFUND_TYPE.GOODS)])),
  // a JSON field when the web posts it as a form (like the checkout's lines)
  lines: zx.json(
    z
      .array(z.strictObject({ order_goods_id: zx.id(), num: zx.int().pipe(z.number().min(1).max(99999)) }))
      .min(1)
      .max(MAX_REFUND_LINES)
      .refine((lines) => new Set(lines.map((l) => l.order_goods_id)).size === lines.length, { message: 'unique' }),
  ),
  refund_money: zx.money({ min: 0.01 }),
  refund_remark: zx.text(REFUND_REMARK_MAX, 1),
  images: z.array(image()).max(MAX_REFUND_IMAGES).default([]),
})
export type RefundOpenBody = z.infer<typeof refundOpenBody>

/** PUT /api/user/refunds/{id}/ship: the return's carrier (an expresses.code) and tracking number */
export const refundShipBody = z.strictObject({ delivery_code: zx.text(32, 1), delivery_no: zx.text(64, 1).regex(/^[A-Za-z0-9-]+$/) })

/** PUT /api/user/refunds/{id}/arbitrate */
export const refundArbitrateBody = z.strictObject({ arbitration_remark: zx.text(REFUND_REMARK_MAX, 1) })

/** PUT /api/Seller/refunds/{id}/refuse */
export const refundRefuseBody = z.strictObject({ refuse_remark: zx.text(REFUND_REMARK_MAX, 1) })

/** PUT /api/Admin/refunds/{id}/arbitrate: agree (the money goes back, or the return starts) or close the request */
export const refundAdminDecisionBody = z.strictObject({ decision: z.enum(['agree', 'close']), admin_remark: zx.text(REFUND_REMARK_MAX, 1) })

/** PUT /api/Admin/refunds/{id}/close: the admin closes an open request without a refund, saying why */
export const refundCloseBody = z.strictObject({ admin_remark: zx.text(REFUND_REMARK_MAX, 1) })

/** GET /api/user/refunds */
export const refundListQuery = z.strictObject({
  page: zx.urlInt(1, 1000).default(1),
  per_page: zx
    .urlInt(1, Math.max(...PAGE_SIZES))
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .default(DEFAULT_PAGE_SIZE),
})
export type RefundListQuery = z.infer<typeof refundListQuery>

/** One line of the caps preview: what is left to refund of it. */
export type RefundCapLine = {
  order_goods_id: number
  goods_id: number
  goods_name: string
  goods_image: string
  sku_name: string
  buy_num: number
  /** what was paid for the line (its total less its share of the discounts) */
  paid: string
  refunded_num: number
  refunded_money: string
  /** units left to ask for; 0 while the line is in an open request */
  refundable_num: number
  /** the cap of a request for all those units */
  refundable_money: string
  /** an open request covers this line */
  in_open_request: boolean
}

/** GET /api/user/order/{id}/refund_caps */
export type RefundCaps = {
  order_id: number
  order_no: string
  order_status: number
  /** why no request can be opened now (in the caller's language), null when one can */
  refused: string | null
  /** refunded with a request covering every unit not yet refunded while nothing has shipped */
  freight_money: string
  freight_refundable: boolean
  payment_name: string
  lines: RefundCapLine[]
}

export type RefundLine = {
  order_goods_id: number
  goods_id: number
  goods_name: string
  goods_image: string
  sku_name: string
  num: number
  money: string
}

/** A request as the shopper, the seller and the admin read it. */
export type RefundDetail = {
  id: number
  refund_no: string
  order_id: number
  order_no: string
  store_id: number
  store_name: string
  user_id: number
  refund_type: number
  refund_verify: number
  refund_step: number
  refund_money: string
  refund_remark: string | null
  images: string[]
  refuse_remark: string | null
  arbitration_remark: string | null
  admin_remark: string | null
  delivery_code: string
  delivery_no: string
  agree_deadline: string | null
  /** an agreed return not shipped back by then closes by itself; null unless a return was agreed */
  ship_deadline: string | null
  refunded_at: string | null
  /** when the admin closed the request (or upheld its refusal in arbitration), or it closed by itself (a return not
   *  shipped in time); null otherwise */
  closed_at: string | null
  created_at: string
  updated_at: string
  lines: RefundLine[]
}
