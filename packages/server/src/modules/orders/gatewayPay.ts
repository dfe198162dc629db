// Paying unpaid orders, or topping up the balance, through WeChat Pay or Alipay (POST /api/user/order/pay with
// payment_name wechat|alipay, POST /api/user/recharge). No gateway is called inside a unit:
// 1. open gateway payments of the same orders on another channel (or device) are closed at their gateway first, each
//    recorded closed in its own unit; one the gateway says was paid meanwhile is recorded paid instead, and this
//    request refused (the orders are paid);
// 2. one unit, under the request's Idempotency-Key: the orders locked and checked payable, the payment row (unpaid,
//    expiring at the orders' deadline) and its order rows written, its first query job staged (payQuery.ts);
// 3. after the commit the gateway opens its order (out_trade_no = pay_no, our notify URL) and what the pay page shows
//    is recorded on the row. A repeat of the request, or a new one for the same orders on the same channel, answers
//    the same payment, opening it at the gateway when the first attempt could not.
import { ORDER_STATUS, PAY_STATUS, decimalToCents, fromCents, sumCents, translate, type DecimalLike } from '@qshop/shared'
import type { RechargeState } from '@qshop/shared/schemas/orderQueries'
import type { Infra } from '../../core/infra.ts'
import { insertRows, Prisma } from '../../core/db/index.ts'
import { businessNumber } from '../../core/businessNumbers.ts'
import type { RequestContext } from '../../core/context.ts'
import { businessError, invalid, notFound } from '../../core/errors.ts'
import { idempotent } from '../../core/idempotency.ts'
import { runUnit, type Tx } from '../../core/unitOfWork.ts'
import { GATEWAY_NAMES, isGatewayName, type CreateAnswer, type GatewayName, type PayDevice } from '../../adapters/payment/gateway.ts'
import { NOTIFY_PATH, gatewayFor, publicUrl } from '../../adapters/payment/config.ts'
import { resolvePayment, scheduleFirstQuery } from './payQuery.ts'

export type GatewayPayAnswer = { pay_no: string; total: string } & CreateAnswer

/** How long a top-up's gateway order stays payable. */
const RECHARGE_EXPIRES_MS = 30 * 60_000

type PayRow = { id: number; pay_no: string; name: string; total: DecimalLike; payment_name: string; device: string; gateway_url: string; expires_at: Date | null }

async function readyGateway(infra: Infra, ctx: RequestContext, name: string) {
  const gateway = isGatewayName(name) ? await gatewayFor(infra, name) : null
  if (!gateway) throw invalid({ payment_name: translate(ctx.locale, 'valid.paymentUnavailable') })
  return gateway
}

/** What the pay page shows, from the URL recorded for the row's channel and device. */
function answerOf(row: Pick<PayRow, 'pay_no' | 'total' | 'payment_name' | 'device' | 'gateway_url'>): GatewayPayAnswer {
  const base = { pay_no: row.pay_no, total: fromCents(decimalToCents(row.total)) }
  if (!row.gateway_url) return base
  const field = row.payment_name === 'wechat' ? (row.device === 'wap' ? 'h5_url' : 'code_url') : row.device === 'wap' ? 'pay_url' : 'qr_code'
  return { ...base, [field]: row.gateway_url }
}

/** Opens the payment's order at its gateway unless it was opened already, and records what the page shows. */
async function openAtGateway(infra: Infra, ctx: RequestContext, payNo: string): Promise<GatewayPayAnswer> {
  const [row] = await infra.db.$queryRaw<(PayRow & { pay_status: number })[]>`SELECT id, pay_no, name, total, payment_name, device, gateway_url, expires_at, pay_status
    FROM order_pays WHERE pay_no = ${payNo}`
  if (!row) throw notFound()
  if (row.gateway_url || row.pay_status !== PAY_STATUS.UNPAID) return answerOf(row)
  const gateway = await readyGateway(infra, ctx, row.payment_name)
  let opened: CreateAnswer
  try {
    opened = await gateway.create({
      pay_no: row.pay_no, subject: row.name, total_cents: decimalToCents(row.total), device: row.device as PayDevice, client_ip: ctx.ip,
      notify_url: publicUrl(infra.config, NOTIFY_PATH[gateway.name]), expires_at: row.expires_at ?? new Date(Date.now() + RECHARGE_EXPIRES_MS),
    })
  } catch (err) {
    infra.log.warn({ err, pay_no: payNo }, 'gateway create failed')
    throw businessError('msg.gatewayFailed')
  }
  const url = opened.code_url ?? opened.h5_url ?? opened.qr_code ?? opened.pay_url ?? ''
  await runUnit(infra, { label: `payment ${row.id} opened` }, (tx) =>
    tx.$executeRaw`UPDATE order_pays SET gateway_url = ${url}, updated_at = CURRENT_TIMESTAMP(3) WHERE id = ${row.id} AND gateway_url = ''`,
  )
  return answerOf({ ...row, gateway_url: url })
}

/**
 * Closes the open gateway payments covering any of `orderIds`, except one on `keep` (channel and device) for exactly
 * these orders, which is answered to be used again. Refuses (the orders paid) when a gateway says one was paid.
 */
export async function closeOpenPayments(infra: Infra, userId: number, orderIds: number[], keep?: { payment_name: string; device: string }): Promise<PayRow | null> {
  const open = await infra.db.$queryRaw<(PayRow & { order_ids: string })[]>`SELECT p.id, p.pay_no, p.name, p.total, p.payment_name, p.device, p.gateway_url,
      p.expires_at, (SELECT GROUP_CONCAT(x.order_id ORDER BY x.order_id) FROM order_pay_orders x WHERE x.order_pay_id = p.id) AS order_ids
    FROM order_pays p WHERE p.belong_id = ${userId} AND p.pay_status = ${PAY_STATUS.UNPAID} AND p.payment_name IN (${Prisma.join([...GATEWAY_NAMES])})
      AND p.id IN (SELECT order_pay_id FROM order_pay_orders WHERE order_id IN (${Prisma.join(orderIds)}))`
  const wanted = [...orderIds].sort((a, b) => a - b).join(',')
  let reuse: PayRow | null = null
  for (const p of open) {
    if (!reuse && keep && p.payment_name === keep.payment_name && p.device === keep.device && p.order_ids === wanted && (!p.expires_at || p.expires_at > new Date())) {
      reuse = p
      continue
    }
    const outcome = await resolvePayment(infra, p.id, { close: true }).catch((err: unknown) => {
      infra.log.warn({ err, pay_no: p.pay_no }, 'closing the previous gateway payment failed')
      throw businessError('msg.gatewayFailed')
    })
    if (outcome === 'paid' || outcome === 'late') throw businessError('msg.orderPaid', { order_id: orderIds })
  }
  return reuse
}

type LockedOrder = { id: number; order_status: number; total_price: DecimalLike; order_name: string; pay_deadline: Date | null }

/** Pays the caller's unpaid orders `orderIds` through `body.payment_name` (see the file's head). */
export async function payOrdersByGateway(
  infra: Infra, ctx: RequestContext, key: string, body: { order_id: number[]; payment_name: string; device: PayDevice },
): Promise<GatewayPayAnswer> {
  const userId = ctx.actor!.id
  const gateway = await readyGateway(infra, ctx, body.payment_name)
  const ids = [...new Set(body.order_id)].sort((a, b) => a - b)
  const seen = await infra.db.orders.findMany({ where: { id: { in: ids }, user_id: userId }, select: { id: true, order_status: true } })
  if (seen.length !== ids.length) throw notFound()
  assertUnpaid(seen)
  const reuse = await closeOpenPayments(infra, userId, ids, { payment_name: gateway.name, device: body.device })
  const request = { area: 'order_pay', ownerId: userId, key, request: { order_id: ids, payment_name: gateway.name, device: body.device } }
  const { answer } = await idempotent<{ pay_no: string }>(infra, ctx, request, async (tx, unit, _ctx, record) => {
    if (reuse) {
      await record({ pay_no: reuse.pay_no })
      return { pay_no: reuse.pay_no }
    }
    const now = new Date()
    const orders = await lockOrders(tx, userId, ids)
    assertUnpaid(orders)
    if (orders.some((o) => o.pay_deadline !== null && o.pay_deadline <= now)) throw businessError('msg.orderPayExpired', { order_id: ids })
    const total = sumCents(orders.map((o) => decimalToCents(o.total_price)))
    const deadlines = orders.flatMap((o) => (o.pay_deadline ? [o.pay_deadline.getTime()] : []))
    const payNo = businessNumber('payment', now)
    const inserted = await tx.$insertRaw`INSERT INTO order_pays ${insertRows([{
      belong_id: userId, name: orders[0].order_name.slice(0, 255), pay_no: payNo, payment_name: gateway.name, device: body.device,
      total: fromCents(total), balance: '0.00', pay_status: PAY_STATUS.UNPAID, expires_at: deadlines.length ? new Date(Math.min(...deadlines)) : null,
    }])}`
    await Promise.all([
      tx.$executeRaw`INSERT INTO order_pay_orders ${insertRows(orders.map((o) => ({ order_pay_id: inserted.insertId, order_id: o.id })))}`,
      scheduleFirstQuery(unit, inserted.insertId, now),
      record({ pay_no: payNo }),
    ])
    return { pay_no: payNo }
  })
  return openAtGateway(infra, ctx, answer.pay_no)
}

/** Tops up the caller's balance by `cents` through a gateway, under the request's Idempotency-Key. */
export async function rechargeByGateway(
  infra: Infra, ctx: RequestContext, key: string, body: { cents: number; payment_name: string; device: PayDevice },
): Promise<GatewayPayAnswer> {
  const userId = ctx.actor!.id
  const gateway = await readyGateway(infra, ctx, body.payment_name)
  const request = { area: 'recharge', ownerId: userId, key, request: { cents: body.cents, payment_name: gateway.name, device: body.device } }
  const { answer } = await idempotent<{ pay_no: string }>(infra, ctx, request, async (tx, unit, _ctx, record) => {
    const now = new Date()
    const payNo = businessNumber('payment', now)
    const inserted = await tx.$insertRaw`INSERT INTO order_pays ${insertRows([{
      belong_id: userId, name: translate(ctx.locale, 'ledger.recharge'), pay_no: payNo, payment_name: gateway.name, device: body.device,
      is_recharge: 1, total: fromCents(body.cents), balance: '0.00', pay_status: PAY_STATUS.UNPAID, expires_at: new Date(now.getTime() + RECHARGE_EXPIRES_MS),
    }])}`
    await Promise.all([scheduleFirstQuery(unit, inserted.insertId, now), record({ pay_no: payNo })])
    return { pay_no: payNo }
  })
  return openAtGateway(infra, ctx, answer.pay_no)
}

/** The caller's own top-up by its number; another shopper's, or an order payment's, is not found. */
export async function rechargeState(infra: Infra, userId: number, payNo: string): Promise<RechargeState> {
  const row = await infra.db.order_pays.findFirst({
    where: { pay_no: payNo, belong_id: userId, is_recharge: 1 },
    select: { pay_no: true, total: true, payment_name: true, pay_status: true, expires_at: true },
  })
  if (!row) throw notFound()
  return {
    pay_no: row.pay_no, total: row.total.toFixed(2), payment_name: row.payment_name, pay_status: row.pay_status,
    paid: row.pay_status === PAY_STATUS.PAID, expires_at: row.expires_at?.toISOString() ?? null,
  }
}

function assertUnpaid(orders: { id: number; order_status: number }[]) {
  const others = orders.filter((o) => o.order_status !== ORDER_STATUS.UNPAID)
  if (!others.length) return
  throw businessError(others.every((o) => o.order_status !== ORDER_STATUS.CANCELLED) ? 'msg.orderPaid' : 'msg.orderNotPayable', { order_id: others.map((o) => o.id) })
}

async function lockOrders(tx: Tx, userId: number, ids: number[]): Promise<LockedOrder[]> {
  const orders = await tx.$queryRaw<LockedOrder[]>`SELECT id, order_status, total_price, order_name, pay_deadline FROM orders FORCE INDEX (PRIMARY)
    WHERE id IN (${Prisma.join(ids)}) AND user_id = ${userId} ORDER BY id FOR UPDATE`
  if (orders.length !== ids.length) throw notFound()
  return orders
}

export type { GatewayName }
