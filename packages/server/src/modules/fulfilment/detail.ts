// One order as the back office reads it (seller: its store's; admin: any): lines with what was refunded of them,
// receiver, payment, times, delivery, and a summary of its after-sales requests.
import { decimalToCents, fromCents, sumCents } from '@qshop/shared'
import type { RequestContext } from '../../core/context.ts'
import { notFound } from '../../core/errors.ts'
import type { Infra } from '../../core/infra.ts'
import { orderScope } from './scope.ts'

export async function backOfficeOrder(infra: Infra, ctx: RequestContext, id: number) {
  const order = await infra.db.orders.findFirst({
    where: { id, ...orderScope(ctx) },
    select: {
      id: true, order_no: true, store_id: true, user_id: true, order_status: true, refund_status: true, is_settlement: true,
      total_price: true, order_price: true, freight_money: true, coupon_money: true, full_reduction_money: true, seckill_money: true, collective_money: true,
      refund_money: true, open_refunds: true, settle_after: true, settlement_rate: true,
      receive_name: true, receive_tel: true, receive_area: true, receive_address: true, remark: true,
      payment_name: true, pay_time: true, delivery_code: true, delivery_no: true, delivery_time: true, receipt_time: true,
      comment_time: true, cancel_time: true, pay_deadline: true, created_at: true,
      store: { select: { store_name: true } },
      user: { select: { username: true, nickname: true } },
      order_pay: { select: { pay_no: true } },
      order_goods: {
        select: {
          id: true, goods_id: true, sku_id: true, goods_name: true, goods_image: true, sku_name: true, goods_price: true, buy_num: true,
          total_price: true, discount_money: true, refunded_num: true, refunded_money: true,
        },
        orderBy: { id: 'asc' },
      },
      refunds: {
        select: { id: true, refund_no: true, refund_type: true, refund_verify: true, refund_step: true, refund_money: true, created_at: true },
        orderBy: { id: 'desc' },
      },
    },
  })
  if (!order) throw notFound()
  const { coupon_money, full_reduction_money, seckill_money, collective_money, store, user, order_pay, order_goods, refunds, ...fields } = order
  const express = order.delivery_code ? await infra.db.expresses.findUnique({ where: { code: order.delivery_code }, select: { name: true } }) : null
  return {
    ...fields,
    store_name: store.store_name,
    buyer: user.nickname || user.username,
    pay_no: order_pay?.pay_no ?? null,
    delivery_name: express?.name ?? '',
    discount_money: fromCents(sumCents([coupon_money, full_reduction_money, seckill_money, collective_money].map(decimalToCents))),
    lines: order_goods,
    refunds,
  }
}
