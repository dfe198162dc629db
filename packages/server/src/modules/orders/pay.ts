// Paying unpaid orders from the shopper's balance (POST /api/user/order/pay): the pay password first (wrong ones
// throttled per account like logins, core/failureThrottle.ts), then one unit under the shopper's lock — one order_pays
// row with an order_pay_orders row per order, the ledger debit (key order_pay:{id}:pay), the payment 0 → 1 and every
// order 1 → 2 by guarded changes, goods_sale counted. A refusal anywhere (too little balance, an order cancelled
// meanwhile) rolls all of it back. Two payments of the same orders: the second waits for the first's lock and then finds
// them paid.
import { randomInt } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { ORDER_FLOW, ORDER_STATUS, PAYMENT_FLOW, PAY_STATUS, decimalToCents, fromCents, sumCents, translate } from '@qshop/shared'
import type { PayAnswer, PayBody } from '@qshop/shared/schemas/orderQueries'
import type { RequestContext } from '../../core/context.ts'
import { businessError, invalid, notFound } from '../../core/errors.ts'
import { failureThrottle } from '../../core/failureThrottle.ts'
import { verifyPassword } from '../../core/hash.ts'
import { post } from '../../core/ledger.ts'
import { SHOPPER_UNIT, lockShopper } from '../../core/shopperLock.ts'
import { transition } from '../../core/transition.ts'
import { inUnit, type Tx } from '../../core/unitOfWork.ts'
import { invalidateGoodsCounters } from '../catalog/cache.ts'

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** 'P' + the time to the second + 12 random digits: unique in practice, and the column's unique key says so if not. */
function payNumber(now: Date): string {
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`
  return `P${stamp}${pad(randomInt(0, 1_000_000), 6)}${pad(randomInt(0, 1_000_000), 6)}`
}

/** The caller's pay password, checked with the failure throttle: wrong or locked, nothing else happens. */
async function checkPayPassword(app: FastifyInstance, ctx: RequestContext, plain: string): Promise<void> {
  const userId = ctx.actor!.id
  const user = await app.db.users.findUnique({ where: { id: userId }, select: { pay_password: true } })
  if (!user?.pay_password) throw businessError('msg.payPasswordUnset')
  const throttle = failureThrottle(app, { secret: 'pay_password', account: `users:${userId}`, ip: ctx.ip, locked: 'msg.payPasswordLocked' })
  await throttle.assertOpen()
  if (!(await verifyPassword(user.pay_password, plain))) {
    await throttle.fail()
    throw businessError('msg.payPasswordErr')
  }
  await throttle.succeed()
}

/** Orders of the caller among `ids`, all of them or 404 (another's order is as unknown as a missing one). */
async function ownOrders(tx: Tx | FastifyInstance['db'], userId: number, ids: number[]) {
  const orders = await tx.orders.findMany({
    where: { id: { in: ids }, user_id: userId },
    select: { id: true, order_status: true, total_price: true, order_name: true },
    orderBy: { id: 'asc' },
  })
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

/** goods_sale += quantity for the orders' goods, one counter update per goods in id order (stock's lock
 *  order); answers the goods and stores touched. */
async function countSales(tx: Tx, orderIds: number[]) {
  const sold = await tx.order_goods.groupBy({ by: ['goods_id', 'store_id'], where: { order_id: { in: orderIds } }, _sum: { buy_num: true }, orderBy: { goods_id: 'asc' } })
  for (const s of sold) await tx.$executeRaw`UPDATE goods FORCE INDEX (PRIMARY) SET goods_sale = goods_sale + ${s._sum.buy_num ?? 0} WHERE id = ${s.goods_id}`
  return { goodsIds: sold.map((s) => s.goods_id), storeIds: [...new Set(sold.map((s) => s.store_id))] }
}

export async function payOrders(app: FastifyInstance, ctx: RequestContext, body: PayBody): Promise<PayAnswer> {
  if (body.payment_name !== 'balance') throw invalid({ payment_name: translate(ctx.locale, 'valid.paymentUnavailable') })
  const userId = ctx.actor!.id
  const ids = [...new Set(body.order_id)]
  // Checked before the password, and again under the lock: an order of another shopper is 404 whatever was typed.
  assertPayable(await ownOrders(app.db, userId, ids))
  await checkPayPassword(app, ctx, body.pay_password)

  return inUnit(
    app,
    ctx,
    async (tx, unit) => {
      await lockShopper(tx, userId)
      const orders = await ownOrders(tx, userId, ids)
      assertPayable(orders)
      const total = sumCents(orders.map((o) => decimalToCents(o.total_price)))
      const now = new Date()
      const pay = await tx.order_pays.create({
        data: {
          belong_id: userId, name: orders[0].order_name.slice(0, 255), pay_no: payNumber(now), payment_name: 'balance',
          total: fromCents(total), balance: fromCents(total), pay_status: PAY_STATUS.UNPAID,
        },
        select: { id: true, pay_no: true },
      })
      await tx.order_pay_orders.createMany({ data: orders.map((o) => ({ order_pay_id: pay.id, order_id: o.id })) })
      if (total > 0)
        await post(tx, {
          owner: { kind: 'user', id: userId }, account: 'money', amount: -total, reason: 'order_pay',
          source: { type: 'order_pay', id: pay.id }, idemKey: `order_pay:${pay.id}:pay`, info: pay.pay_no,
        })
      await transition(tx, PAYMENT_FLOW, pay.id, { from: PAY_STATUS.UNPAID, to: PAY_STATUS.PAID }, { data: { pay_time: now } })
      for (const o of orders) {
        const paid = await transition(tx, ORDER_FLOW, o.id, { from: ORDER_STATUS.UNPAID, to: ORDER_STATUS.PAID }, {
          where: { user_id: userId },
          data: { pay_time: now, payment_name: 'balance', order_balance: o.total_price, order_pay_id: pay.id },
        })
        // Cancelled (by its deadline) since it was read: the whole payment rolls back.
        if (!paid) throw businessError('msg.orderNotPayable', { order_id: [o.id] })
      }
      const touched = await countSales(tx, orders.map((o) => o.id))
      unit.afterCommit(() => invalidateGoodsCounters(app, touched.goodsIds, touched.storeIds))
      return { order_pay_id: pay.id, pay_no: pay.pay_no, total_price: fromCents(total) }
    },
    SHOPPER_UNIT,
  )
}
