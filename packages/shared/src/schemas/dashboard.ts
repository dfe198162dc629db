// The back offices' dashboards: the overview (Admin/Seller dashboard), the sales report (dashboard/order) and the
// admin's store and member reports (dashboard/store, dashboard/user). A seller's figures are its own store's; an
// admin's the platform's.
//
// Sales are what shoppers paid, less what was refunded to them: orders that were paid, counted on the day they were
// placed (in the server's time zone; as the reference platform counts them), at total_price − refund_money, whatever
// became of them later.
import { z } from 'zod'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A report's period: the days it starts and ends on (both included). */
export const reportQuery = z.strictObject({
  from: z.string().regex(DAY).optional(),
  to: z.string().regex(DAY).optional(),
})
export type ReportQuery = z.infer<typeof reportQuery>

/** A report without a period covers this many days up to today. */
export const REPORT_DEFAULT_DAYS = 30
/** A report covers at most this many days (a longer period is cut at its start). */
export const REPORT_MAX_DAYS = 366
/** A period up to this many days is reported per day, a longer one per month. */
export const REPORT_DAILY_MAX_DAYS = 62
/** Days of the overview's recent chart, today included. */
export const OVERVIEW_DAYS = 14
/** Goods in the overview's and the sales report's rankings; stores in the store report's. */
export const OVERVIEW_TOP = 6
export const REPORT_TOP = 10

/** Money is a string with two decimals, as everywhere on the wire. */
type Money = string

export type ReportUnit = 'day' | 'month'

/** One goods of a ranking: sold = units bought less units refunded; sales = its lines' money less refunds. */
export type GoodsRank = { goods_id: number; goods_name: string; goods_image: string; sold: number; sales: Money }

/** One bucket of a chart: `key` is a day (YYYY-MM-DD) or a month (YYYY-MM). */
export type SalesPoint = { key: string; orders: number; sales: Money }

/** The sales of today and of the periods before, for comparing each with the one before it. Weeks start on Monday. */
export type SalesFigures = {
  today: Money
  yesterday: Money
  this_week: Money
  last_week: Money
  this_month: Money
  last_month: Money
  all_time: Money
}

/** What needs someone now, each answered with the page that handles it. */
export type SellerTodo = { awaiting_shipment: number; after_sales: number; awaiting_payment: number }
export type AdminTodo = SellerTodo & { stores_to_review: number; goods_to_review: number; arbitrations: number }

/** GET /api/Seller/dashboard and GET /api/Admin/dashboard. */
export type DashboardOverview<Todo = SellerTodo> = {
  sales: SalesFigures
  /** paid orders placed today and yesterday */
  paid_orders: { today: number; yesterday: number }
  todo: Todo
  /** the last OVERVIEW_DAYS days, oldest first, every day present */
  recent: SalesPoint[]
  /** the best-selling goods of the last REPORT_DEFAULT_DAYS days, by sales */
  top_goods: GoodsRank[]
}

/** GET /api/{Seller,Admin}/dashboard/order. */
export type SalesReport = {
  from: string
  to: string
  unit: ReportUnit
  /**
   * Paid orders placed in the period; their sales (already less refunds); the money refunded on those orders so far; and the
   * shoppers who paid for at least one (each counted once over the whole period).
   */
  totals: { orders: number; sales: Money; refunds: Money; buyers: number }
  /** every day (or month) of the period, oldest first */
  series: SalesPoint[]
  top_goods: GoodsRank[]
}

/** One store of the store report's ranking: paid orders placed in the period and their sales. */
export type StoreRank = { store_id: number; store_name: string; store_logo: string; orders: number; sales: Money }

/** GET /api/Admin/dashboard/store: stores by review state now, new stores over the period, and the best sellers. */
export type StoreReport = {
  from: string
  to: string
  unit: ReportUnit
  totals: { open_stores: number; new_stores: number; verifying: number }
  series: { key: string; new_stores: number }[]
  top_stores: StoreRank[]
}

/** GET /api/Admin/dashboard/user: shoppers registered over the period, and how many bought. */
export type UserReport = {
  from: string
  to: string
  unit: ReportUnit
  /** accounts in all, registered in the period, and shoppers with a paid order placed in it (each once over the whole period) */
  totals: { users: number; new_users: number; buyers: number }
  /** per bucket: accounts registered, and shoppers with a paid order placed in it (one may buy in several) */
  series: { key: string; new_users: number; buyers: number }[]
}
