// Checkout: the preview of what the shopper's lines cost per store, and the orders made of them — one per store, in
// one unit of work under the request's Idempotency-Key: the key's record, the stock taken by guarded updates, the
// orders (one insert per store) and their line snapshots (one insert), the cart lines removed and the orders'
// cancels staged. The lines are read and priced inside the unit, the reads sent with the key's record: a refusal
// found while pricing rolls the unit back (no record kept), and a repeat of a request that succeeded answers its
// orders even if the goods changed since (docs/checkout.md).
import { fromCents } from '@qshop/shared'
import type { OrderBefore, OrderCreate, OrderCreated, OrderPreview, StoreGroup, UsableCoupon } from '@qshop/shared/schemas/orders'
import type { Infra } from '../../core/infra.ts'
import { readGroupConfig } from '../../core/configs.ts'
import { insertRows, Prisma } from '../../core/db/index.ts'
import { businessNumber } from '../../core/businessNumbers.ts'
import type { RequestContext } from '../../core/context.ts'
import { businessError, notFound } from '../../core/errors.ts'
import { idempotent } from '../../core/idempotency.ts'
import { takeStock } from '../inventory/index.ts'
import { presentAddress } from '../addresses/index.ts'
import { scheduleOrderCancel } from '../orders/index.ts'
import { claimCoupons, type HeldCoupon } from '../promotions/index.ts'
import { DISCOUNT_STEPS, priceCheckout, priceInUnit, type DiscountStep, type PricedStore } from './pricing.ts'
import { holdSeckill, saleForPreview, seckillLineOf, seckillSaving, type SaleCopy } from '../seckill/index.ts'
import { freezeReferralRates } from '../distribution/index.ts'
import { groupCheckout } from '../collectives/index.ts'

const ORDER_NAME_MAX = 200

/** The shopper routes run only with a shopper actor; a sub-account (belong_id > 0) may not buy. */
function buyerOf(ctx: RequestContext): number {
  const actor = ctx.actor!
  if (actor.belong_id > 0) throw businessError('msg.subNotAllowBuy')
  return actor.id
}

const usable = (c: HeldCoupon): UsableCoupon => ({ id: c.id, name: c.name, money: fromCents(c.money), use_money: fromCents(c.use_money), end_time: c.end_time.toISOString() })

function group(store: PricedStore): StoreGroup {
  return {
    store_id: store.store_id,
    store_name: store.store_name,
    store_logo: store.store_logo,
    lines: store.lines.map((l) => ({
      goods_id: l.goods_id,
      sku_id: l.sku_id,
      cart_id: l.cart_id,
      goods_name: l.goods_name,
      goods_image: l.goods_image,
      sku_name: l.sku_name,
      goods_price: fromCents(l.price),
      buy_num: l.buy_num,
      total_price: fromCents(l.total),
      total_weight: fromCents(l.weight),
      discount_money: fromCents(l.discount),
    })),
    order_price: fromCents(store.order),
    freight_money: fromCents(store.freight),
    full_reduction: store.full_reduction && { name: store.full_reduction.name, money: fromCents(store.full_reduction.money) },
    coupons: store.coupons.map(usable),
    coupon_id: store.coupon_id,
    coupon_money: fromCents(store.discounts.coupon_money ?? 0),
    platform_coupon_money: fromCents(store.discounts.platform_coupon_money ?? 0),
    collective_money: fromCents(store.discounts.collective_money ?? 0),
    promotions: store.promotions,
    discount_money: fromCents(store.discount),
    total_price: fromCents(store.total),
  }
}

const sum = (stores: PricedStore[], pick: (s: PricedStore) => number) => fromCents(stores.reduce((n, s) => n + pick(s), 0))

/** Flash sale (modules/seckill): its price replaces the line's before any promotion, kept in seckill_money. Its order
 *  (a flash-sale line is ordered on its own) takes no full reduction, coupon or points: the answer's `promotions` is false. */
function stepsWith(sale: SaleCopy | null): readonly DiscountStep[] {
  if (!sale) return DISCOUNT_STEPS
  const step: DiscountStep = {
    column: 'seckill_money',
    amount: (store) => store.lines.reduce((n, l) => n + seckillSaving(sale, l.price, l.buy_num), 0),
    excludes: () => true,
  }
  return [step, ...DISCOUNT_STEPS]
}

/** POST /api/user/order/before */
export async function previewOrder(app: Infra, ctx: RequestContext, input: OrderBefore): Promise<OrderPreview> {
  const userId = buyerOf(ctx)
  // Group buys (modules/collectives) and flash sales (modules/seckill): null unless a line asks for one.
  const collective = await groupCheckout(app.db, userId, input.order)
  const seckillLine = seckillLineOf(input.order)
  const sale = seckillLine ? await saleForPreview(app.db, seckillLine) : null
  const priced = await priceCheckout(app.db, userId, input.order, input.address_id, input, collective ? [collective.step] : stepsWith(sale), !collective && !sale)
  return {
    address: priced.address && presentAddress(priced.address),
    stores: priced.stores.map(group),
    platform_coupons: priced.platform.coupons.map(usable),
    platform_coupon_id: priced.platform.coupon_id,
    platform_coupon_money: fromCents(priced.platform.money),
    order_price: sum(priced.stores, (s) => s.order),
    freight_money: sum(priced.stores, (s) => s.freight),
    discount_money: sum(priced.stores, (s) => s.discount),
    total_price: sum(priced.stores, (s) => s.total),
  }
}

/** POST /api/user/order/create */
export async function createOrders(app: Infra, ctx: RequestContext, key: string, input: OrderCreate): Promise<OrderCreated> {
  const userId = buyerOf(ctx)
  // A flash-sale line is held in Redis before anything else is read (modules/seckill, buy.ts): its refusals, most of
  // a stampede, answer at once. The hold is given back if the unit fails; its order has its own, shorter, pay deadline.
  const seckillLine = seckillLineOf(input.order)
  const seckill = seckillLine ? await holdSeckill(app, userId, key, seckillLine) : null
  const [task, store] = await Promise.all([readGroupConfig(app, 'task'), readGroupConfig(app, 'store')]).catch(async (err: unknown) => {
    await seckill?.release()
    throw err
  })
  const cancelMinutes = Number(seckill ? task.seckill_cancel_minutes : task.cancel_minutes)
  const settlementRate = String(store.commission_rate)
  const remarks = new Map((input.remarks ?? []).map((r) => [r.store_id, r.remark]))
  const request = { area: 'checkout', ownerId: userId, key, request: input }

  // Priced inside the unit, its reads sent with the key's claim: a repeat answers the first answer even when the
  // goods could no longer be bought as asked (the first request took the stock), and a refusal keeps no record.
  const { answer } = await idempotent<OrderCreated>(app, ctx, request, async (tx, unit, _ctx, record) => {
    // Group buys (modules/collectives): null unless a line asks for a group; its seat is taken before the order.
    const collective = await groupCheckout(tx, userId, input.order)
    const steps = collective ? [collective.step] : stepsWith(seckill?.sale ?? null)
    // A group or flash-sale order takes no promotion, so none are read: the promotion columns were half the database's
    // work on the goods read, which every winner of a flash-sale stampede sends (bench/seckill.ts).
    const { address, stores, platform, referralChain } = await priceInUnit(tx, userId, input.order, input.address_id, input, steps, !collective && !seckill)
    if (!address) throw notFound()
    const lines = stores.flatMap((s) => s.lines)

    const now = new Date()
    const groupId = collective ? await collective.takeSeat(tx, unit, now) : 0
    const payDeadline = new Date(now.getTime() + cancelMinutes * 60_000)
    const numbers = stores.map(() => businessNumber('order', now))
    const orders = stores.map((s, i) => ({
      user_id: userId,
      store_id: s.store_id,
      order_no: numbers[i],
      order_name: s.lines[0].goods_name.slice(0, ORDER_NAME_MAX),
      order_image: s.lines[0].goods_image,
      order_price: fromCents(s.order),
      freight_money: fromCents(s.freight),
      ...Object.fromEntries(Object.entries(s.discounts).map(([column, cents]) => [column, fromCents(cents)])),
      total_price: fromCents(s.total),
      coupon_id: s.coupon_id,
      platform_coupon_id: s.platform_coupon_id,
      settlement_rate: settlementRate,
      receive_name: address.receive_name,
      receive_tel: address.receive_tel,
      receive_area: address.area_info,
      receive_address: address.address,
      remark: remarks.get(s.store_id) ?? '',
      pay_deadline: payDeadline,
      created_at: now,
      ...(groupId ? { collective_id: groupId } : {}),
    }))
    // The stock first (its locks in their fixed order), then one insert per store (each answers its id), sent
    // together: short stock refuses the unit and the orders roll back with it. Then the lines, cart, cancel job and
    // the stored answer, together.
    const [, inserted] = await Promise.all([
      takeStock(tx, seckill ? [] : lines.map((l) => ({ goods_id: l.goods_id, sku_id: l.sku_id, qty: l.buy_num }))),
      Promise.all(orders.map((order) => tx.$insertRaw`INSERT INTO orders ${insertRows([order])}`)),
    ])
    const ids = inserted.map((row) => row.insertId)
    const orderLines = stores.flatMap((s, i) =>
      s.lines.map((l) => ({
        order_id: ids[i],
        user_id: userId,
        store_id: s.store_id,
        goods_id: l.goods_id,
        sku_id: l.sku_id,
        goods_name: l.goods_name,
        goods_image: l.goods_image,
        sku_name: l.sku_name,
        buy_num: l.buy_num,
        goods_price: fromCents(l.price),
        total_price: fromCents(l.total),
        discount_money: fromCents(l.discount),
        platform_coupon_money: fromCents(l.platform),
        total_weight: fromCents(l.weight),
      })),
    )
    const cartIds = lines.flatMap((l) => (l.cart_id ? [l.cart_id] : []))
    // Each received coupon is claimed by a guarded change (a platform coupon by the first order sharing it): one that
    // another checkout claimed first refuses this one whole.
    const platformOrder = stores.findIndex((s) => s.platform_coupon_id > 0)
    const claims = [
      ...stores.flatMap((s, i) => (s.coupon_id ? [{ couponId: s.coupon_id, orderId: ids[i] }] : [])),
      ...(platform.coupon_id && platformOrder >= 0 ? [{ couponId: platform.coupon_id, orderId: ids[platformOrder] }] : []),
    ]
    await Promise.all([
      claims.length ? claimCoupons(tx, userId, claims) : null,
      tx.$executeRaw`INSERT INTO order_goods ${insertRows(orderLines)}`,
      // After the lines (statements run in the order sent): their referral beneficiaries and rates.
      freezeReferralRates(tx, referralChain!, ids),
      input.ifcart && cartIds.length ? tx.$executeRaw`DELETE FROM carts WHERE id IN (${Prisma.join(cartIds)}) AND user_id = ${userId}` : null,
      scheduleOrderCancel(tx, ids, payDeadline),
      seckill?.take(tx, ids[0], now),
      collective ? collective.seatOrder(tx, groupId, ids[0]) : null,
      record({ order_id: ids, order_no: numbers }),
    ])
    return { order_id: ids, order_no: numbers }
  }).catch(async (err: unknown) => {
    await seckill?.release()
    throw err
  })
  await seckill?.settle()
  return answer
}
