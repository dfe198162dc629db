// Test support for after-sales: a store with goods, a shopper with a paid order of it, orders moved on by the
// fulfilment services (ship, receive), and requests opened through the service.
import type { FastifyInstance } from 'fastify'
import type { RefundOpenBody } from '@qshop/shared/schemas/aftersales'
import { createSeller, createUser } from '../../../test/factories.ts'
import { hashPayPassword } from '../../core/payPassword.ts'
import { shipOrders } from '../fulfilment/testkit.ts'
import { paidOrders } from '../orders/testkit.ts'
import { openRefund } from './open.ts'

let serial = 0

/** Goods of `storeId` (stock 50) at `price`. */
export async function goodsOf(app: FastifyInstance, storeId: number, price: string, stock = 50) {
  const classId = (await app.db.goods_classes.findFirst({ select: { id: true } }))?.id ?? (await app.db.goods_classes.create({ data: { name: 'c' } })).id
  return app.db.goods.create({ data: { store_id: storeId, class_id: classId, goods_name: `after-sale goods ${++serial}`, goods_price: price, goods_stock: stock, goods_status: 1, goods_verify: 1 } })
}

/** A shopper with the pay password 123456. */
export const shopper = (app: FastifyInstance) => createUser(app, { pay_password: '123456' })

/** One paid order of `userId` with the given lines of the store's goods; answers the order and its lines in order. */
export async function paidOrder(app: FastifyInstance, userId: number, lines: { goods_id: number; buy_num: number }[]) {
  const [orderId] = await paidOrders(app, userId, lines)
  const orderLines = await app.db.order_goods.findMany({ where: { order_id: orderId }, orderBy: { id: 'asc' } })
  return { orderId, lines: orderLines }
}

/** A seller's store, a shopper and a paid order of 2 × 10.00 and 3 × 5.00 of it. */
export async function paidWorld(app: FastifyInstance, owner?: { id: number; storeId: number }) {
  const seller = owner ?? (await createSeller(app))
  const [a, b] = [await goodsOf(app, seller.storeId, '10.00'), await goodsOf(app, seller.storeId, '5.00')]
  const user = await shopper(app)
  const order = await paidOrder(app, user.id, [{ goods_id: a.id, buy_num: 2 }, { goods_id: b.id, buy_num: 3 }])
  return { seller, user, goods: [a, b], ...order }
}

/** Ships (2 → 3) the order through the fulfilment services; `receive` also receives it (3 → 4), opening its after-sale
 *  window of task.after_sale_days; `windowDays` then sets the window's end that many days after receipt instead. */
export async function shipOrder(app: FastifyInstance, orderId: number, opts: { receive?: boolean; windowDays?: number } = {}) {
  await shipOrders(app, [orderId], { receive: opts.receive })
  if (opts.receive && opts.windowDays !== undefined)
    await app.db.orders.update({ where: { id: orderId }, data: { settle_after: new Date(Date.now() + opts.windowDays * 86400_000) } })
}

let keys = 0
/** Opens a request as the shopper `userId` through the service. */
export function openAs(app: FastifyInstance, userId: number, body: Omit<RefundOpenBody, 'images'> & { images?: string[] }) {
  const actor = { area: 'user' as const, id: userId, sid: 'testkit', username: `user${userId}`, all: false, permissions: new Set<string>(), belong_id: 0 }
  return openRefund(app, { actor, locale: 'zh-cn', ip: '127.0.0.1', requestId: 'testkit' }, `testkit-${process.pid}-${++keys}`, { images: [], ...body })
}

/** A pending money-only request of 1.00 for one unit of the first line of a new paid order of the store (of a new
 *  store without `storeId`), by the shopper `userId` (given the pay password 123456) or a new one. */
export async function pendingRequest(app: FastifyInstance, opts: { storeId?: number; userId?: number } = {}) {
  const seller = opts.storeId ? { storeId: opts.storeId } : await createSeller(app)
  const goods = await goodsOf(app, seller.storeId, '10.00')
  const userId = opts.userId ?? (await shopper(app)).id
  if (opts.userId) await app.db.users.update({ where: { id: userId }, data: { pay_password: hashPayPassword(app.config.PAY_PASSWORD_KEY, '123456') } })
  const order = await paidOrder(app, userId, [{ goods_id: goods.id, buy_num: 2 }])
  const opened = await openAs(app, userId, { order_id: order.orderId, refund_type: 0, lines: [{ order_goods_id: order.lines[0].id, num: 1 }], refund_money: '1.00', refund_remark: 'r' })
  return { userId, storeId: seller.storeId, ...order, refundId: opened.id }
}
