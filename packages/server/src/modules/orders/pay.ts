// Paying unpaid orders from the shopper's balance (POST /api/user/order/pay) under the request's Idempotency-Key
// (core/idempotency.ts: a repeat answers the first answer). Before any unit of work: a plain read of the orders and the
// pay password, and the pay password checked under its throttle (core/failureThrottle.ts: counted as a failure before
// it is checked, so guesses sent at once are no help). Then one unit, in three round trips: the key's record, the
// zone of the dashboards' day sums, the orders locked and one order_pays row (born paid: the balance is debited in the
// same unit); the order_pay_orders rows, the ledger debit (key order_pay:{id}:pay), every order 1 → 2 by a
// guarded change, goods_sale counted, the day sums added (modules/dashboard/salesDays.ts) and the answer recorded;
// COMMIT. A refusal anywhere (too little balance, an order paid or cancelled meanwhile) rolls all of
// it back. Two payments of the same orders: the second waits for the first's row locks and then finds them paid.
// An order found past its pay deadline under the locks refuses the payment and is cancelled right after, in a unit of
// its own (cancel.ts), as its cancel job would have.
import { ORDER_FLOW, ORDER_STATUS, PAY_STATUS, decimalToCents, fromCents, sumCents, translate, type DecimalLike } from '@qshop/shared'
import type { PayAnswer, PayBody } from '@qshop/shared/schemas/orderQueries'
import type { Infra } from '../../core/infra.ts'
import { insertRows, Prisma, type Db } from '../../core/db/index.ts'
import { businessNumber } from '../../core/businessNumbers.ts'
import type { RequestContext } from '../../core/context.ts'
import { businessError, invalid, notFound } from '../../core/errors.ts'
import { failureThrottle } from '../../core/failureThrottle.ts'
import { idempotent } from '../../core/idempotency.ts'
import { post } from '../../core/ledger.ts'
import { verifyPayPassword } from '../../core/payPassword.ts'
import { transition } from '../../core/transition.ts'
import type { Tx } from '../../core/unitOfWork.ts'
import { invalidateGoodsCounters } from '../catalog/index.ts'
import { cancelOrder } from './cancel.ts'
import { paidSeats } from '../collectives/index.ts'
import { addPaidSales, salesDaysZone, type PaidLine, type PaidOrder } from '../dashboard/index.ts'

/** The caller's pay password checked under its throttle, before any unit of work opens: wrong or refused by the
 *  throttle, nothing else happens. Answers the HMAC form to store when a hash of the old form matched. */
async function checkPayPassword(app: Infra, ctx: RequestContext, stored: string | null, plain: string): Promise<string | null> {
  if (!stored) throw businessError('msg.payPasswordUnset')
  const attempt = await failureThrottle(app, {
    secret: 'pay_password',
    account: `users:${ctx.actor!.id}`,
    ip: ctx.ip,
    locked: 'msg.payPasswordLocked',
    daily: { cap: app.config.PAY_PASSWORD_DAILY_FAILURES, refusal: 'msg.payPasswordDailyLocked' },
  }).reserve()
  const { ok, upgrade } = await verifyPayPassword(app.config.PAY_PASSWORD_KEY, stored, plain)
  if (!ok) throw businessError('msg.payPasswordErr')
  await attempt.succeeded()
  return upgrade
}

type PayableOrder = { id: number; order_status: number; total_price: DecimalLike; order_name: string }

/** A line of an order being paid: its units count as sold (countSales) and its money as the goods' sales (salesDays). */
export type SoldLine = PaidLine

/** The caller's pay password, and orders among `ids` (404 unless all are theirs) with their totals and lines — lines
 *  never change once written, so they need no second read — in one plain read, outside any transaction. */
async function payerAndOrders(db: Db, userId: number, ids: number[]) {
  type Row = { pay_password: string | null; id: number | null; order_status: number | null; gateway_open: number | bigint | null; line_id: number | null; line_total: DecimalLike | null }
    & Partial<Omit<PayableOrder, 'id' | 'order_status'>> & Partial<Omit<SoldLine, 'id' | 'order_id' | 'total_price'>>
  const rows = await db.$queryRaw<Row[]>`SELECT
      u.pay_password, o.id, o.order_status, o.total_price, o.order_name, g.id AS line_id, g.goods_id, g.store_id, g.buy_num, g.total_price AS line_total,
      EXISTS(SELECT 1 FROM order_pay_orders x JOIN order_pays p ON p.id = x.order_pay_id
        WHERE x.order_id = o.id AND p.pay_status = ${PAY_STATUS.UNPAID} AND p.payment_name <> 'balance') AS gateway_open
    FROM users u LEFT JOIN orders o ON o.user_id = u.id AND o.id IN (${Prisma.join(ids)}) LEFT JOIN order_goods g ON g.order_id = o.id
    WHERE u.id = ${userId}`
  const orders = new Map<number, PayableOrder>()
  const lines: SoldLine[] = []
  for (const r of rows) {
    if (r.id === null) continue
    orders.set(r.id, { id: r.id, order_status: r.order_status!, total_price: r.total_price!, order_name: r.order_name! })
    if (r.line_id != null) lines.push({ id: r.line_id, order_id: r.id, goods_id: r.goods_id!, store_id: r.store_id!, buy_num: r.buy_num!, total_price: r.line_total! })
  }
  if (orders.size !== ids.length) throw notFound()
  const gatewayOpen = rows.some((r) => Number(r.gateway_open ?? 0) > 0)
  return { payPassword: rows[0].pay_password, orders: [...orders.values()].sort((a, b) => a.id - b.id), lines, gatewayOpen }
}

type LockedOrder = PayableOrder & PaidOrder & { pay_deadline: Date | null; collective_id: number }

/** The caller's orders among `ids`, locked (a concurrent payment or cancel of them waits), or 404. */
async function lockOrders(tx: Tx, userId: number, ids: number[]): Promise<LockedOrder[]> {
  const orders = await tx.$queryRaw<LockedOrder[]>`SELECT id, order_status, total_price, order_name, store_id, created_at, pay_deadline, collective_id FROM orders FORCE INDEX (PRIMARY)
    WHERE id IN (${Prisma.join(ids)}) AND user_id = ${userId} ORDER BY id FOR UPDATE`
  if (orders.length !== ids.length) throw notFound()
  return orders
}

/** Refuses unless every order is unpaid; names the others. */
function assertPayable(orders: { id: number; order_status: number }[]) {
  const others = orders.filter((o) => o.order_status !== ORDER_STATUS.UNPAID)
  if (!others.length) return
  const paid = others.every((o) => o.order_status !== ORDER_STATUS.CANCELLED)
  throw businessError(paid ? 'msg.orderPaid' : 'msg.orderNotPayable', { order_id: others.map((o) => o.id) })
}

/** Orders found past their pay deadline under the locks: carried out of the unit, which rolls back, to be cancelled. */
class PastDeadline extends Error {
  constructor(readonly orderIds: number[]) {
    super(`orders ${orderIds.join(',')} are past their pay deadline`)
  }
}

/** goods_sale += quantity for the orders' lines, one counter update per goods in id order (stock's lock order), sent
 *  together; answers the goods and stores touched. */
export async function countSales(tx: Tx, lines: SoldLine[]) {
  const sold = new Map<number, number>()
  for (const l of lines) sold.set(l.goods_id, (sold.get(l.goods_id) ?? 0) + l.buy_num)
  const goodsIds = [...sold.keys()].sort((a, b) => a - b)
  await Promise.all(goodsIds.map((id) => tx.$executeRaw`UPDATE goods FORCE INDEX (PRIMARY) SET goods_sale = goods_sale + ${sold.get(id)!} WHERE id = ${id}`))
  return { goodsIds, storeIds: [...new Set(lines.map((l) => l.store_id))] }
}

export async function payOrders(
  app: Infra, ctx: RequestContext, key: string, body: Omit<PayBody, 'device'>, opts: { beforePaying?: (orderIds: number[]) => Promise<unknown> } = {},
): Promise<PayAnswer> {
  if (body.payment_name !== 'balance') throw invalid({ payment_name: translate(ctx.locale, 'valid.paymentUnavailable') })
  const userId = ctx.actor!.id
  const ids = [...new Set(body.order_id)].sort((a, b) => a - b)
  // An order of another shopper is 404 whatever was typed: checked before the password, and again under the locks.
  const { payPassword, orders: seen, lines, gatewayOpen } = await payerAndOrders(app.db, userId, ids)
  const upgrade = await checkPayPassword(app, ctx, payPassword, body.pay_password)
  // The right password, and the orders the caller's: what must happen first outside any unit when a gateway payment
  // of them is still open (gatewayPay.ts closes those gateway orders).
  if (gatewayOpen) await opts.beforePaying?.(ids)
  // The pay password is not part of the request a key names: a repeat may carry it retyped, and a hash of it would
  // be one guess away from it.
  const request = { area: 'order_pay', ownerId: userId, key, request: { order_id: ids, payment_name: body.payment_name } }
  const { answer } = await idempotent<PayAnswer>(app, ctx, request, async (tx, unit, _ctx, record) => {
    // The payment row is written from the read above, sent with the locking read; orders paid, cancelled or past their
    // deadline meanwhile are refused under the locks and the row rolls back with the unit.
    const now = new Date()
    const priced = (of: PayableOrder[]) => ({ name: of[0].order_name.slice(0, 255), cents: sumCents(of.map((o) => decimalToCents(o.total_price))) })
    const planned = priced(seen)
    const payNo = businessNumber('payment', now)
    // The day sums' zone first: its shared lock comes before the orders' (modules/dashboard/salesDays.ts).
    const [salesZone, orders, inserted] = await Promise.all([
      salesDaysZone(tx),
      lockOrders(tx, userId, ids),
      tx.$insertRaw`INSERT INTO order_pays ${insertRows([{
        belong_id: userId, name: planned.name, pay_no: payNo, payment_name: 'balance',
        total: fromCents(planned.cents), balance: fromCents(planned.cents), pay_status: PAY_STATUS.PAID, pay_time: now,
      }])}`,
      // Unless the pay password was changed meanwhile.
      upgrade ? tx.$executeRaw`UPDATE users SET pay_password = ${upgrade} WHERE id = ${userId} AND pay_password = ${payPassword}` : null,
    ])
    assertPayable(orders)
    const late = orders.filter((o) => o.pay_deadline !== null && o.pay_deadline <= now)
    if (late.length) throw new PastDeadline(late.map((o) => o.id))
    const pay = { id: inserted.insertId, pay_no: payNo }
    // An order's total and name never change once written, as its lines: the payment row's figures hold.
    const { name, cents: total } = priced(orders)
    if (total !== planned.cents || name !== planned.name) throw new Error(`orders ${ids.join(',')} changed between the read and the locks`)
    const answer = { order_pay_id: pay.id, pay_no: pay.pay_no, total_price: fromCents(total), total: fromCents(total) }
    // What follows depends only on the payment's id: sent together and run in the order sent; any refusal rolls the
    // whole unit back.
    const [, , touched] = await Promise.all([
      tx.$executeRaw`INSERT INTO order_pay_orders ${insertRows(orders.map((o) => ({ order_pay_id: pay.id, order_id: o.id })))}`,
      total > 0
        ? post(tx, {
            owner: { kind: 'user', id: userId }, account: 'money', amount: -total, reason: 'order_pay',
            source: { type: 'order_pay', id: pay.id }, idemKey: `order_pay:${pay.id}:pay`, info: pay.pay_no,
          })
        : null,
      countSales(tx, lines),
      addPaidSales(tx, salesZone, orders, lines),
      ...orders.map(async (o) => {
        const paid = await transition(tx, ORDER_FLOW, o.id, { from: ORDER_STATUS.UNPAID, to: ORDER_STATUS.PAID }, {
          where: { user_id: userId },
          data: { pay_time: now, payment_name: 'balance', order_balance: fromCents(decimalToCents(o.total_price)), order_pay_id: pay.id },
        })
        // The rows are locked since they were read unpaid: a 0 here is a defect, and nothing may stay written.
        if (!paid) throw new Error(`order ${o.id} changed under its lock`)
      }),
      record(answer),
    ])
    // Group orders' seats, after the orders' changes (modules/collectives).
    await paidSeats(tx, unit, orders.filter((o) => o.collective_id > 0).map((o) => o.id))
    unit.afterCommit(() => invalidateGoodsCounters(app, touched.goodsIds, touched.storeIds))
    return answer
  }).catch(async (err: unknown) => {
    if (!(err instanceof PastDeadline)) throw err
    // The refusal rolled the unit back; the cancel commits in its own, its guarded change deciding against the job.
    for (const id of err.orderIds) await cancelOrder(app, id, { userId, dueAt: new Date() })
    throw businessError('msg.orderPayExpired', { order_id: err.orderIds })
  })
  return answer
}
