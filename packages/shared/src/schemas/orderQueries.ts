// The shopper's orders after checkout (/api/user/order..., /api/user/orders): paying by balance, polling, the list
// with its status tabs, the detail and the cancel. The checkout's own bodies are in ./orders.ts.
import { z } from 'zod'
import * as zx from '../zx.ts'
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../list.ts'
import { ORDER_STATUS } from '../states.ts'
import type { GoodsLine } from './cart.ts'
import type { OrderCollective } from './collectives.ts'

/** Orders one payment may pay: a checkout makes one order per store. */
export const MAX_PAY_ORDERS = 50

const orderIds = () => zx.ids().pipe(z.array(z.number()).min(1).max(MAX_PAY_ORDERS))

/** Payment methods the pay page lists; a gateway is enabled once the admin configured and enabled it. */
export const PAYMENT_NAMES = ['balance', 'wechat', 'alipay'] as const
export type PaymentName = (typeof PAYMENT_NAMES)[number]

/** GET /api/user/order/pay_info?order_id=1,2 */
export const payInfoQuery = z.strictObject({ order_id: orderIds() })

/** Where the shopper pays: web shows a QR code to scan (WeChat Native, Alipay precreate), wap sends a phone's browser
 *  to the gateway (WeChat H5, Alipay wap). */
export const PAY_DEVICES = ['web', 'wap'] as const

/** POST /api/user/order/pay: balance (with the pay password) or a gateway; a payment name that is not available is
 *  refused by the service, naming the field. */
export const payBody = z.strictObject({
  order_id: orderIds(),
  payment_name: zx.text(32, 1),
  device: z.enum(PAY_DEVICES).default('web'),
  pay_password: z.string().max(64).default(''),
})
export type PayBody = z.infer<typeof payBody>

/** POST /api/user/order/check */
export const checkBody = z.strictObject({ order_id: orderIds() })

/** PUT /api/user/order/{id}: cancel an unpaid order (0) or confirm the receipt of a shipped one (4). */
export const orderStatusBody = z.strictObject({ order_status: zx.int().pipe(z.union([z.literal(ORDER_STATUS.CANCELLED), z.literal(ORDER_STATUS.RECEIVED)])) })

const STATUS_FILTER_MIN = -1
/** 'YYYY-MM-DD,YYYY-MM-DD' (whole days, both included) or two full times. */
const DAY_OR_TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/

/** GET /api/user/orders */
export const orderListQuery = z.strictObject({
  page: zx.urlInt(1, 1000).default(1),
  per_page: zx
    .urlInt(1, Math.max(...PAGE_SIZES))
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .default(DEFAULT_PAGE_SIZE),
  /** -1 or absent: every status */
  order_status: z
    .string()
    .regex(/^-?\d{1,2}$/)
    .transform(Number)
    .pipe(z.number().int().min(STATUS_FILTER_MIN).max(ORDER_STATUS.COMPLETED))
    .default(STATUS_FILTER_MIN),
  order_no: zx.text(32).optional(),
  /** 1: only orders with after-sales requests (open now, or all closed), whatever their status */
  after_sale: z.literal('1').transform(() => true).optional(),
  /** from,to */
  created_at: z
    .string()
    .max(41)
    .transform((s) => s.split(','))
    .pipe(z.tuple([z.string().regex(DAY_OR_TIME), z.string().regex(DAY_OR_TIME)]))
    .optional(),
})
export type OrderListQuery = z.infer<typeof orderListQuery>

export type OrderLine = GoodsLine & { total_price: string }

export type OrderRow = {
  id: number
  order_no: string
  store_id: number
  store_name: string
  order_status: number
  total_price: string
  freight_money: string
  created_at: string
  pay_deadline: string | null
  lines: OrderLine[]
  /** a group order's group (schemas/collectives.ts), null otherwise */
  collective: OrderCollective | null
}

export type OrderDetail = OrderRow & {
  order_price: string
  discount_money: string
  receive_name: string
  receive_tel: string
  receive_area: string
  receive_address: string
  remark: string
  payment_name: string
  pay_time: string | null
  delivery_time: string | null
  receipt_time: string | null
  cancel_time: string | null
  comment_time: string | null
  delivery_code: string
  delivery_no: string
}

/** after_sale: orders with an after-sales request open, or whose requests are all closed (the after-sales tab) */
export type OrderCounts = { all: number; by_status: Record<string, number>; after_sale: number }

export type PayInfo = {
  orders: { id: number; order_no: string; store_name: string; total_price: string; order_status: number; pay_deadline: string | null }[]
  /** what paying now takes: the unpaid orders' total */
  total_price: string
  balance: string
  has_pay_password: boolean
  payments: { name: PaymentName; enabled: boolean }[]
}

export type PayAnswer = { order_pay_id: number; pay_no: string; total_price: string; total: string }
/** A gateway payment: what its page shows (exactly one of the four). */
export type GatewayPayAnswer = { pay_no: string; total: string; code_url?: string; h5_url?: string; qr_code?: string; pay_url?: string }

/** The most one top-up may add, in yuan (the top-up dialog checks it before sending). */
export const RECHARGE_MAX_YUAN = 50000
/** POST /api/user/recharge: top up the balance through a gateway. */
export const rechargeBody = z.strictObject({
  money: zx.money({ min: 0.01, max: RECHARGE_MAX_YUAN }),
  payment_name: zx.text(32, 1),
  device: z.enum(PAY_DEVICES).default('web'),
})
/** GET /api/user/recharge/{pay_no}: the number POST /api/user/recharge answered. */
export const rechargeParam = z.strictObject({ pay_no: z.string().regex(/^[A-Za-z0-9]{1,32}$/) })
/** A top-up as its shopper follows it: pay_status 0 unpaid, 1 paid (the balance credited), 2 closed. */
export type RechargeState = { pay_no: string; total: string; payment_name: string; pay_status: number; paid: boolean; expires_at: string | null }
export type CheckAnswer = { paid: boolean; orders: { id: number; order_status: number }[] }
