// What the shopper reads of their orders: the pay page's summary, the paid check it polls, the list with its status
// tabs and counts, the detail. Always the caller's own orders: another's id is 404 like a missing one.
import { ORDER_REFUND_STATUS, ORDER_STATUS, decimalToCents, fromCents, sumCents } from '@qshop/shared'
import { PAYMENT_NAMES } from '@qshop/shared/schemas/orderQueries'
import type { CheckAnswer, OrderCounts, OrderListQuery, PaymentName } from '@qshop/shared/schemas/orderQueries'
import { readyGateways } from '../../adapters/payment/config.ts'
import type { Infra } from '../../core/infra.ts'
import { Prisma } from '../../core/db/index.ts'
import { notFound } from '../../core/errors.ts'
import { orderCollectives } from '../collectives/index.ts'
import { currentCalendar } from '../../core/siteCalendar.ts'

const LINE_SELECT = {
  goods_id: true, sku_id: true, goods_name: true, goods_image: true, sku_name: true, goods_price: true, buy_num: true, total_price: true,
} as const

const ROW_SELECT = {
  id: true, order_no: true, store_id: true, order_status: true, collective_id: true, total_price: true, freight_money: true, created_at: true, pay_deadline: true,
  store: { select: { store_name: true } },
  order_goods: { select: LINE_SELECT, orderBy: { id: 'asc' } },
} as const satisfies Prisma.ordersSelect

/** The caller's orders among `ids`, in the order asked, or 404 when any is not theirs. */
async function ownOrders<S extends Prisma.ordersSelect>(app: Infra, userId: number, ids: number[], select: S) {
  const unique = [...new Set(ids)]
  const rows = (await app.db.orders.findMany({ where: { id: { in: unique }, user_id: userId }, select: { ...select, id: true } as S })) as unknown as (Prisma.ordersGetPayload<{
    select: S
  }> & { id: number })[]
  if (rows.length !== unique.length) throw notFound()
  const byId = new Map(rows.map((r) => [r.id, r]))
  return unique.map((id) => byId.get(id)!)
}

/** The pay page's summary (PayInfo on the wire). */
export async function payInfo(app: Infra, userId: number, ids: number[]) {
  const [orders, user, ready] = await Promise.all([
    ownOrders(app, userId, ids, { order_no: true, total_price: true, order_status: true, pay_deadline: true, store: { select: { store_name: true } } }),
    app.db.users.findUniqueOrThrow({ where: { id: userId }, select: { money: true, pay_password: true } }),
    readyGateways(app) as Promise<string[]>,
  ])
  const unpaid = orders.filter((o) => o.order_status === ORDER_STATUS.UNPAID)
  return {
    orders: orders.map(({ store, ...o }) => ({ ...o, store_name: store.store_name, total_price: o.total_price.toFixed(2) })),
    total_price: fromCents(sumCents(unpaid.map((o) => decimalToCents(o.total_price)))),
    balance: user.money.toFixed(2),
    has_pay_password: user.pay_password !== null,
    payments: PAYMENT_NAMES.map((name: PaymentName) => ({ name, enabled: name === 'balance' || ready.includes(name) })),
  }
}

/** Paid once every order is past unpaid and not cancelled. */
export async function checkPaid(app: Infra, userId: number, ids: number[]): Promise<CheckAnswer> {
  const orders = await ownOrders(app, userId, ids, { order_status: true })
  return {
    paid: orders.every((o) => o.order_status !== ORDER_STATUS.UNPAID && o.order_status !== ORDER_STATUS.CANCELLED),
    orders: orders.map((o) => ({ id: o.id, order_status: o.order_status })),
  }
}

/** The after-sales tab: a request open now, or every request closed (refund_status 2); of orders named `o`. */
const AFTER_SALE = Prisma.sql`(o.open_refunds > 0 OR o.refund_status = ${ORDER_REFUND_STATUS.FINISHED})`

const DAY = /^\d{4}-\d{2}-\d{2}$/
/** A day names all of it, a time its whole second; on the site's clock, the one times are answered on. */
function span(value: string): { from: Date; to: Date } {
  const cal = currentCalendar()
  const from = cal.parseDateTime(value) ?? new Date(NaN)
  const to = DAY.test(value) ? cal.dayStart(from, 1) : new Date(from.getTime() + 1000)
  return { from, to }
}

/** An order of the list as read: money as the text the wire carries (DECIMAL(12,2) cast to text is "12.30"). */
type ListRow = {
  id: number; order_no: string; store_id: number; order_status: number; collective_id: number; total_price: string; freight_money: string
  created_at: Date; pay_deadline: Date | null; store_name: string
}
type LineRow = {
  order_id: number; goods_id: number; sku_id: number; goods_name: string; goods_image: string; sku_name: string; goods_price: string; buy_num: number
  total_price: string
}

/**
 * The shopper's order list, read by raw statements on the driver (Prisma's hydration of a page with its lines costs
 * several times the queries: bench/lists.ts): the page of orders with their store's name, then their lines, in the
 * order the page shows them, and the groups of group orders. Answers are built field by field: a page is 30 orders
 * and their lines, on every visit of the order pages.
 */
export async function listOrders(app: Infra, userId: number, q: OrderListQuery) {
  const conditions = [Prisma.sql`o.user_id = ${userId}`]
  if (q.order_status >= 0) conditions.push(Prisma.sql`o.order_status = ${q.order_status}`)
  if (q.order_no) conditions.push(Prisma.sql`o.order_no = ${q.order_no}`)
  if (q.after_sale) conditions.push(AFTER_SALE)
  if (q.created_at) conditions.push(Prisma.sql`o.created_at >= ${span(q.created_at[0]).from} AND o.created_at < ${span(q.created_at[1]).to}`)
  const where = Prisma.join(conditions, ' AND ')
  const [[{ total }], orders] = await Promise.all([
    app.db.$queryRaw<{ total: bigint }[]>`SELECT COUNT(*) AS total FROM orders o WHERE ${where}`,
    app.db.$queryRaw<ListRow[]>`SELECT o.id, o.order_no, o.store_id, o.order_status, o.collective_id, CAST(o.total_price AS CHAR) AS total_price,
        CAST(o.freight_money AS CHAR) AS freight_money, o.created_at, o.pay_deadline, s.store_name
      FROM orders o JOIN stores s ON s.id = o.store_id
      WHERE ${where} ORDER BY o.created_at DESC, o.id DESC LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`,
  ])
  const ids = orders.map((o) => o.id)
  const [lines, groups] = await Promise.all([
    ids.length
      ? app.db.$queryRaw<LineRow[]>`SELECT order_id, goods_id, sku_id, goods_name, goods_image, sku_name, CAST(goods_price AS CHAR) AS goods_price, buy_num,
          CAST(total_price AS CHAR) AS total_price
          FROM order_goods WHERE order_id IN (${Prisma.join(ids)}) ORDER BY id`
      : [],
    orderCollectives(app.db, orders),
  ])
  const linesOf = new Map(ids.map((id) => [id, [] as object[]]))
  for (const l of lines)
    linesOf.get(l.order_id)!.push({
      goods_id: l.goods_id, sku_id: l.sku_id, goods_name: l.goods_name, goods_image: l.goods_image, sku_name: l.sku_name, goods_price: l.goods_price,
      buy_num: l.buy_num, total_price: l.total_price,
    })
  const data = orders.map((o) => ({
    id: o.id, order_no: o.order_no, store_id: o.store_id, order_status: o.order_status, total_price: o.total_price, freight_money: o.freight_money,
    created_at: o.created_at, pay_deadline: o.pay_deadline, store_name: o.store_name, lines: linesOf.get(o.id)!, collective: groups.get(o.id) ?? null,
  }))
  return { data, count: orders.length, total: Number(total), per_page: q.per_page, last_page: Math.max(1, Math.ceil(Number(total) / q.per_page)), current_page: q.page }
}

export async function orderCounts(app: Infra, userId: number): Promise<OrderCounts> {
  const [groups, after_sale] = await Promise.all([
    app.db.orders.groupBy({ by: ['order_status'], where: { user_id: userId }, _count: { _all: true }, orderBy: { order_status: 'asc' } }),
    app.db.$queryRaw<{ n: bigint }[]>`SELECT COUNT(*) AS n FROM orders o WHERE o.user_id = ${userId} AND ${AFTER_SALE}`.then(([{ n }]) => Number(n)),
  ])
  const by_status: Record<string, number> = Object.fromEntries(Object.values(ORDER_STATUS).map((s) => [String(s), 0]))
  for (const g of groups) by_status[String(g.order_status)] = g._count._all
  return { all: groups.reduce((n, g) => n + g._count._all, 0), by_status, after_sale }
}

export async function orderDetail(app: Infra, userId: number, id: number) {
  const order = await app.db.orders.findFirst({
    where: { id, user_id: userId },
    select: {
      ...ROW_SELECT, order_price: true, coupon_money: true, full_reduction_money: true, seckill_money: true, collective_money: true,
      receive_name: true, receive_tel: true, receive_area: true, receive_address: true, remark: true, payment_name: true,
      pay_time: true, delivery_time: true, receipt_time: true, cancel_time: true, comment_time: true, delivery_code: true, delivery_no: true,
    },
  })
  if (!order) throw notFound()
  const { coupon_money, full_reduction_money, seckill_money, collective_money, store, order_goods, collective_id, ...fields } = order
  const discount = sumCents([coupon_money, full_reduction_money, seckill_money, collective_money].map(decimalToCents))
  const groups = await orderCollectives(app.db, [{ id, collective_id }])
  return { ...fields, store_name: store.store_name, lines: order_goods, discount_money: fromCents(discount), collective: groups.get(id) ?? null }
}
