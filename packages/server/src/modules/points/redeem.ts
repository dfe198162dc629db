// Redeeming a points goods (POST /api/integral/pay, with an Idempotency-Key; docs/points.md). One unit: the goods row is
// locked and read as it is now, its stock taken by the inventory module's guarded update (on shelf, enough units), the
// order written, and the points debited through the ledger (a debit that would overdraw refuses the whole unit). Not
// enough of either changes nothing. Locks come in one order — goods, then the shopper — so redemptions never deadlock.
import { INTEGRAL_ORDER_STATUS } from '@qshop/shared'
import type { IntegralPayBody } from '@qshop/shared/schemas/points'
import { businessNumber } from '../../core/businessNumbers.ts'
import type { RequestContext } from '../../core/context.ts'
import { businessError } from '../../core/errors.ts'
import { idempotent } from '../../core/idempotency.ts'
import type { Infra } from '../../core/infra.ts'
import { post } from '../../core/ledger.ts'
import { ADDRESS_SELECT } from '../addresses/index.ts'
import { takePointsStock } from '../inventory/index.ts'

export type Redeemed = { order_id: number; order_no: string; total_price: number }

function shopperOf(ctx: RequestContext): number {
  const actor = ctx.actor!
  if (actor.belong_id > 0) throw businessError('msg.subNotAllowBuy')
  return actor.id
}

export async function redeem(infra: Infra, ctx: RequestContext, key: string, body: IntegralPayBody): Promise<Redeemed> {
  const userId = shopperOf(ctx)
  const { answer } = await idempotent<Redeemed>(infra, ctx, { area: 'integral_pay', ownerId: userId, key, request: body }, async (tx) => {
    const [[goods], address] = await Promise.all([
      tx.$queryRaw<{ id: number; goods_name: string; goods_master_image: string; goods_price: number; goods_status: number }[]>`SELECT id, goods_name,
        goods_master_image, goods_price, goods_status FROM integral_goods FORCE INDEX (PRIMARY) WHERE id = ${body.id} FOR UPDATE`,
      tx.addresses.findFirst({ where: { id: body.address_id, user_id: userId }, select: ADDRESS_SELECT }),
    ])
    if (!goods || Number(goods.goods_status) !== 1) throw businessError('msg.integralGoodsGone')
    if (!address) throw businessError('msg.addressNotFound')
    const price = Number(goods.goods_price)
    const total = price * body.buy_num
    const now = new Date()
    const orderNo = businessNumber('integral_order', now)
    await takePointsStock(tx, goods.id, body.buy_num)
    const { insertId: orderId } = await tx.$insertRaw`INSERT INTO integral_orders (user_id, order_no, order_name, order_image, total_price, order_price, order_status,
      receive_name, receive_tel, receive_area, receive_address, pay_time, remark) VALUES (${userId}, ${orderNo}, ${goods.goods_name}, ${goods.goods_master_image},
      ${total}, ${total}, ${INTEGRAL_ORDER_STATUS.PAID}, ${address.receive_name}, ${address.receive_tel}, ${address.area_info}, ${address.address}, ${now}, ${body.remark ?? ''})`
    await Promise.all([
      tx.$executeRaw`INSERT INTO integral_order_goods (order_id, goods_id, user_id, goods_name, goods_image, buy_num, total_price, goods_price)
        VALUES (${orderId}, ${goods.id}, ${userId}, ${goods.goods_name}, ${goods.goods_master_image}, ${body.buy_num}, ${total}, ${price})`,
      total > 0
        ? post(tx, {
            owner: { kind: 'user', id: userId }, account: 'points', amount: -total, reason: 'points_order',
            source: { type: 'integral_order', id: Number(orderId) }, idemKey: `integral_order:${orderId}`, info: orderNo,
          })
        : null,
    ])
    return { order_id: Number(orderId), order_no: orderNo, total_price: total }
  })
  return answer
}
