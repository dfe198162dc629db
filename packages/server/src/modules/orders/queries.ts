// What the shopper reads of their orders: the pay page's summary, the paid check it polls, the list with its status
// tabs and counts, the detail. Always the caller's own orders: another's id is 404 like a missing one.
import { ORDER_REFUND_STATUS, ORDER_STATUS, decimalToCents, fromCents, sumCents } from '@qshop/shared'
import { PAYMENT_NAMES } from '@qshop/shared/schemas/orderQueries'
import type { CheckAnswer, OrderCounts, OrderListQuery, PaymentName } from '@qshop/shared/schemas/orderQueries'
import { readyGateways } from '../../adapters/payment/config.ts'
import type { Infra } from '../../core/infra.ts'
import type { Prisma } from '../../generated/prisma/client.ts'
import { notFound } from '../../core/errors.ts'
import { orderCollectives } from '../collectives/index.ts'
import type { OrderCollective } from '@qshop/shared/schemas/collectives'
import { currentCalendar } from '../../core/siteCalendar.ts'

const LINE_SELECT = {
  goods_id: true, sku_id: true, goods_name: true, goods_image: true, sku_name: true, goods_price: true, buy_num: true, total_price: true,
} as const

const ROW_SELECT = {
  id: true, order_no: true, store_id: true, order_status: true, collective_id: true, total_price: true, freight_money: true, created_at: true, pay_deadline: true,
  store: { select: { store_name: true } },
  order_goods: { select: LINE_SELECT, orderBy: { id: 'asc' } },
} as const satisfies Prisma.ordersSelect

type Row = Prisma.ordersGetPayload<{ select: typeof ROW_SELECT }>

/** `groups`: the orders' groups (modules/collectives), a group order showing its group's state. */
function presentRow({ store, order_goods, collective_id: _group, ...order }: Row, groups: Map<number, OrderCollective>) {
  return { ...order, store_name: store.store_name, lines: order_goods, collective: groups.get(order.id) ?? null }
}

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

/** The after-sales tab: a request open now, or every request closed (refund_status 2). */
const AFTER_SALE_WHERE: Prisma.ordersWhereInput[] = [{ open_refunds: { gt: 0 } }, { refund_status: ORDER_REFUND_STATUS.FINISHED }]

const DAY = /^\d{4}-\d{2}-\d{2}$/
/** A day names all of it, a time its whole second; on the site's clock, the one times are answered on. */
function span(value: string): { from: Date; to: Date } {
  const cal = currentCalendar()
  const from = cal.parseDateTime(value) ?? new Date(NaN)
  const to = DAY.test(value) ? cal.dayStart(from, 1) : new Date(from.getTime() + 1000)
  return { from, to }
}

export async function listOrders(app: Infra, userId: number, q: OrderListQuery) {
  const where: Prisma.ordersWhereInput = { user_id: userId }
  if (q.order_status >= 0) where.order_status = q.order_status
  if (q.order_no) where.order_no = q.order_no
  if (q.after_sale) where.OR = AFTER_SALE_WHERE
  if (q.created_at) where.created_at = { gte: span(q.created_at[0]).from, lt: span(q.created_at[1]).to }
  const [total, rows] = await Promise.all([
    app.db.orders.count({ where }),
    app.db.orders.findMany({ where, select: ROW_SELECT, orderBy: [{ created_at: 'desc' }, { id: 'desc' }], skip: (q.page - 1) * q.per_page, take: q.per_page }),
  ])
  const groups = await orderCollectives(app.db, rows)
  return {
    data: rows.map((r) => presentRow(r, groups)),
    count: rows.length,
    total,
    per_page: q.per_page,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    current_page: q.page,
  }
}

export async function orderCounts(app: Infra, userId: number): Promise<OrderCounts> {
  const [groups, after_sale] = await Promise.all([
    app.db.orders.groupBy({ by: ['order_status'], where: { user_id: userId }, _count: { _all: true }, orderBy: { order_status: 'asc' } }),
    app.db.orders.count({ where: { user_id: userId, OR: AFTER_SALE_WHERE } }),
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
