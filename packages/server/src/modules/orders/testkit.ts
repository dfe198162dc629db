// Test support: orders written the way the checkout writes them — order and line rows, stock taken by guarded
// updates and the cancel job staged, in one unit — for tests that need orders without going through the checkout;
// and paid the way the pay route pays them.
import type { FastifyInstance } from 'fastify'
import { decimalToCents, fromCents, sumCents, timesCents } from '@qshop/shared'
import { post } from '../../core/ledger.ts'
import { takeStock } from '../inventory/index.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { scheduleOrderCancel } from './cancelJob.ts'
import { payOrders } from './pay.ts'

export type FixtureLine = { goods_id: number; sku_id?: number; buy_num: number }

let serial = 0

/**
 * One unpaid order of `userId` per store of the lines' goods, at the goods' (or SKU's) price now, its deadline
 * `payMinutes` from now (negative: already due). Refuses like the checkout when stock is short (InsufficientStock),
 * writing nothing. Answers the orders' ids in store order.
 */
export async function placeOrders(app: FastifyInstance, userId: number, lines: FixtureLine[], opts: { payMinutes?: number } = {}): Promise<number[]> {
  const goods = await app.db.goods.findMany({ where: { id: { in: lines.map((l) => l.goods_id) } }, select: { id: true, store_id: true, goods_name: true, goods_price: true } })
  const skus = await app.db.goods_skus.findMany({ where: { id: { in: lines.map((l) => l.sku_id ?? 0) } }, select: { id: true, sku_name: true, goods_price: true } })
  const priced = lines.map((l) => {
    const g = goods.find((x) => x.id === l.goods_id)!
    const sku = skus.find((s) => s.id === l.sku_id)
    const unit = decimalToCents(sku?.goods_price ?? g.goods_price)
    return { ...l, sku_id: l.sku_id ?? 0, store_id: g.store_id, goods_name: g.goods_name, sku_name: sku?.sku_name ?? '-', unit, total: timesCents(unit, l.buy_num) }
  })
  const stores = [...new Set(priced.map((l) => l.store_id))]
  const deadline = new Date(Date.now() + (opts.payMinutes ?? 30) * 60_000)
  return runUnit(app, async (tx) => {
    await takeStock(tx, priced.map((l) => ({ goods_id: l.goods_id, sku_id: l.sku_id, qty: l.buy_num })))
    const ids: number[] = []
    for (const storeId of stores) {
      const own = priced.filter((l) => l.store_id === storeId)
      const total = fromCents(sumCents(own.map((l) => l.total)))
      const order = await tx.orders.create({
        data: {
          user_id: userId, store_id: storeId, order_no: `F${Date.now()}${process.pid % 1000}${++serial}`, order_name: own[0].goods_name,
          total_price: total, order_price: total, order_status: 1, pay_deadline: deadline,
          receive_name: '张三', receive_tel: '13800138000', receive_area: '北京市 北京市 东城区', receive_address: '长安街 1 号',
        },
        select: { id: true },
      })
      await tx.order_goods.createMany({
        data: own.map((l) => ({
          order_id: order.id, goods_id: l.goods_id, sku_id: l.sku_id, user_id: userId, store_id: storeId, goods_name: l.goods_name,
          sku_name: l.sku_name, buy_num: l.buy_num, goods_price: fromCents(l.unit), total_price: fromCents(l.total),
        })),
      })
      await scheduleOrderCancel(tx, order.id, deadline)
      ids.push(order.id)
    }
    return ids
  })
}

/**
 * placeOrders, then paid from the balance by the pay service, the shopper first credited exactly what they cost (a
 * `system` ledger posting): `userId` must have the pay password `payPassword`. `placedAt` moves the orders' created_at
 * there before they are paid (as if placed then). Answers the orders' ids.
 */
export async function paidOrders(app: FastifyInstance, userId: number, lines: FixtureLine[], opts: { payPassword?: string; placedAt?: Date } = {}): Promise<number[]> {
  const ids = await placeOrders(app, userId, lines)
  if (opts.placedAt) await app.db.orders.updateMany({ where: { id: { in: ids } }, data: { created_at: opts.placedAt } })
  return payPlaced(app, userId, ids, opts)
}

/** The second half of paidOrders: the placed orders `ids` of `userId` paid from the balance, credited first. */
export async function payPlaced(app: FastifyInstance, userId: number, ids: number[], opts: { payPassword?: string } = {}): Promise<number[]> {
  const orders = await app.db.orders.findMany({ where: { id: { in: ids } }, select: { total_price: true } })
  const total = sumCents(orders.map((o) => decimalToCents(o.total_price)))
  if (total > 0)
    await runUnit(app, (tx) =>
      post(tx, { owner: { kind: 'user', id: userId }, account: 'money', amount: total, reason: 'system', source: { type: 'admin', id: 0 }, idemKey: `testkit_topup:${ids.join('-')}` }),
    )
  const actor = { area: 'user' as const, id: userId, sid: 'testkit', username: `user${userId}`, all: false, permissions: new Set<string>(), belong_id: 0 }
  await payOrders(app, { actor, locale: 'zh-cn', ip: '127.0.0.1', requestId: 'testkit' }, `testkit-pay-${ids.join('-')}`, {
    order_id: ids, payment_name: 'balance', pay_password: opts.payPassword ?? '123456',
  })
  return ids
}
