// Test set-up for referrals: orders placed through the real checkout (which freezes the rates), paid from the balance
// through the pay route, shipped and received, their after-sale window over; refunds written as the after-sales
// services leave them (the line's and the order's refunded money, the shopper's ledger credit).
import type { FastifyInstance } from 'fastify'
import { decimalToCents, fromCents } from '@qshop/shared'
import { bearer, http } from '../../../test/helpers.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { shipOrders } from '../fulfilment/testkit.ts'
import { closeRequest, openRequest } from '../settlement/testkit.ts'
import { credit } from '../funds/testkit.ts'

let keys = 0

/** Orders of `userId` (pay password 123456) for `lines` through checkout and pay; received and due for settlement. */
export async function boughtAndReceived(app: FastifyInstance, userId: number, lines: { goods_id: number; buy_num: number }[]): Promise<number[]> {
  const auth = bearer(await tokenFor(app, 'user', userId))
  const address = await app.db.addresses.create({
    data: { user_id: userId, receive_name: '李雷', receive_tel: '13800138000', province_id: 1, city_id: 1, region_id: 2, area_info: '某省 某市 某区', address: '一路 1 号' },
  })
  const created = await http(app).post('/api/user/order/create').set(auth).set('Idempotency-Key', `dist${Date.now()}k${++keys}`).send({ order: lines, address_id: address.id })
  if (created.body.code !== 200) throw new Error(`checkout: ${JSON.stringify(created.body)}`)
  const ids: number[] = created.body.data.order_id
  const orders = await app.db.orders.findMany({ where: { id: { in: ids } }, select: { total_price: true } })
  await credit(app, { kind: 'user', id: userId }, orders.reduce((s, o) => s + decimalToCents(o.total_price), 0))
  const paid = await http(app).post('/api/user/order/pay').set(auth).set('Idempotency-Key', `distpay${Date.now()}k${++keys}`).send({ order_id: ids, payment_name: 'balance', pay_password: '123456' })
  if (paid.body.code !== 200) throw new Error(`pay: ${JSON.stringify(paid.body)}`)
  await shipOrders(app, ids, { receive: true })
  await app.db.orders.updateMany({ where: { id: { in: ids } }, data: { settle_after: new Date(Date.now() - 60_000) } })
  return ids
}

/** `cents` of the line given back to the shopper (an opened and refunded request). */
export async function refundLine(app: FastifyInstance, lineId: number, cents: number): Promise<void> {
  const line = await app.db.order_goods.findUniqueOrThrow({ where: { id: lineId } })
  await app.db.order_goods.update({ where: { id: lineId }, data: { refunded_money: fromCents(decimalToCents(line.refunded_money) + cents) } })
  await openRequest(app, line.order_id)
  await closeRequest(app, line.order_id, fromCents(cents))
}
