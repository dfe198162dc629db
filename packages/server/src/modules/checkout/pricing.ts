// The checkout's lines priced, one group per store: a pipeline of steps — goods (unit price, line totals, weights,
// checked against what may be bought now), freight (freight.ts), then discounts. Discount steps are the plug of later
// issues (coupons, full reduction, flash sales, group buys): each answers how much it takes off a store's order and
// names the orders column it is kept in; the pipeline splits every amount across the store's lines by their totals
// (money.ts allocate), so each line carries its exact share and the shares add up to the store's discount.
import { allocate, Code, decimalToCents, sumCents, timesCents } from '@qshop/shared'
import type { CheckoutLine } from '@qshop/shared/schemas/orders'
import { Prisma, type Db, type RawStatements, type Tx } from '../../core/db/index.ts'
import { AppError, businessError, notFound } from '../../core/errors.ts'
import { InsufficientStock } from '../inventory/index.ts'
import { ADDRESS_SELECT, type AddressRow } from '../addresses/index.ts'
import { visibleGoodsSql } from '../catalog/index.ts'
import { bestFullReduction, chosenCoupon, promotionColumns, promotionsOf, usableCoupons, type HeldCoupon, type LoadedPromotions, type PromotionColumns } from '../promotions/index.ts'
import { referralChainColumn, referralChainOf, type ReferralChain } from '../distribution/index.ts'
import { storeFreight, type FreightTemplate } from './freight.ts'

/** Shown for the SKU of a goods that has none. */
const NO_SKU_NAME = '-'
/** The largest amount a money column of orders holds (DECIMAL(12,2)), in cents. */
export const MAX_ORDER_CENTS = 999_999_999_999

export type PricedLine = {
  goods_id: number
  sku_id: number
  cart_id: number | null
  goods_name: string
  goods_image: string
  sku_name: string
  buy_num: number
  /** cents */
  price: number
  total: number
  /** hundredths of a kg */
  weight: number
  freight_id: number
  /** cents: this line's share of every discount */
  discount: number
  /** cents: the part of `discount` that is the platform coupon's */
  platform: number
}

/** Where an order keeps each kind of discount. */
export type DiscountColumn = 'coupon_money' | 'full_reduction_money' | 'seckill_money' | 'collective_money' | 'platform_coupon_money'

export type PricedStore = {
  store_id: number
  store_name: string
  store_logo: string
  lines: PricedLine[]
  /** cents */
  order: number
  freight: number
  discounts: Partial<Record<DiscountColumn, number>>
  discount: number
  total: number
  /** the full reduction applied (cents), or null */
  full_reduction: { name: string; money: number } | null
  /** the shopper's received coupons of the store usable on these lines, best first */
  coupons: HeldCoupon[]
  /** the received coupon applied, 0 none */
  coupon_id: number
  /** the platform coupon sharing in this store's order, 0 none */
  platform_coupon_id: number
  /** false when a discount step excludes the store's order from the promotions (a group or flash-sale order) */
  promotions: boolean
}

/** The shopper's coupon choices: per store (0 none), and the platform's; absent means the best. */
export type CouponChoice = { store_coupons?: readonly { store_id: number; coupon_id: number }[]; platform_coupon_id?: number }

/** A discount of a later issue: the cents it takes off the store's order as priced so far (goods and freight);
 *  `excludes`: the store's order is of its kind (a group or flash-sale order) and takes no full reduction, coupon or points. */
export type DiscountStep = { column: DiscountColumn; amount(store: Readonly<PricedStore>): number; excludes?(store: Readonly<PricedStore>): boolean }

/** The discounts every checkout applies, in order. None yet: coupons, full reduction, flash sales and group buys plug
 *  in here. */
export const DISCOUNT_STEPS: readonly DiscountStep[] = []

export type Priced = {
  address: AddressRow | null
  /** the buyer's inviters, read for an order's creation only (priceInUnit) */
  referralChain: ReferralChain | null
  stores: PricedStore[]
  /** the shopper's platform coupons usable on this checkout, best first, and the one applied (0 none) with its cents */
  platform: { coupons: HeldCoupon[]; coupon_id: number; money: number }
}

type GoodsRow = PromotionColumns & {
  id: number; store_id: number; goods_name: string; goods_master_image: string; goods_price: Prisma.Decimal; goods_stock: number; goods_weight: Prisma.Decimal
  freight_id: number; store_name: string; store_logo: string; sku_count: bigint; referral_chain?: unknown
}
type SkuRow = { id: number; goods_id: number; sku_name: string; goods_image: string; goods_price: Prisma.Decimal; goods_stock: number; goods_weight: Prisma.Decimal }
type CartRow = { id: number; goods_id: number; sku_id: number }
const ADDRESS_COLUMNS = Prisma.raw(Object.keys(ADDRESS_SELECT).join(', '))

/** What the checkout reads, all at once: the checkout's hottest reads, sent together (in a unit, on its connection in
 *  one round trip; through the pool, on several connections at once). The goods statement also answers the promotions
 *  (promotions/checkout.ts) unless the checkout takes none (`promotions` false), and, for an order's creation
 *  (`referral`), the buyer's inviters (distribution/rates.ts): columns of a statement sent anyway cost less than
 *  statements of their own, which most checkouts (no promotion, no inviter) would send to find nothing. */
async function load(conn: RawStatements, userId: number, lines: readonly CheckoutLine[], addressId: number | undefined, referral: boolean, promotions: boolean) {
  const goodsIds = Prisma.join([...new Set(lines.map((l) => l.goods_id))])
  const skuIds = [...new Set(lines.map((l) => l.sku_id).filter((id) => id > 0))]
  const cartIds = [...new Set(lines.flatMap((l) => (l.cart_id ? [l.cart_id] : [])))]
  const columns = [...(promotions ? [promotionColumns(userId, Prisma.sql`g.store_id`, new Date())] : []), ...(referral ? [referralChainColumn(userId)] : [])]
  // Only goods that may be bought now are read: one that is missing or hidden is refused alike.
  const [goods, skus, carts, templates, [address]] = await Promise.all([
    conn.$queryRaw<GoodsRow[]>`SELECT g.id, g.store_id, g.goods_name, g.goods_master_image, g.goods_price, g.goods_stock, g.goods_weight, g.freight_id,
        s.store_name, s.store_logo, (SELECT COUNT(*) FROM goods_skus k WHERE k.goods_id = g.id) AS sku_count${columns.length ? Prisma.sql`, ${Prisma.join(columns, ', ')}` : Prisma.empty}
      FROM goods g JOIN stores s ON s.id = g.store_id WHERE g.id IN (${goodsIds}) AND ${visibleGoodsSql('g', 's')}`,
    skuIds.length
      ? conn.$queryRaw<SkuRow[]>`SELECT id, goods_id, sku_name, goods_image, goods_price, goods_stock, goods_weight FROM goods_skus WHERE id IN (${Prisma.join(skuIds)})`
      : [],
    cartIds.length ? conn.$queryRaw<CartRow[]>`SELECT id, goods_id, sku_id FROM carts WHERE id IN (${Prisma.join(cartIds)}) AND user_id = ${userId}` : [],
    conn.$queryRaw<(FreightTemplate & { store_id: number })[]>`SELECT id, store_id, is_type, f_weight, f_price, o_weight, o_price, area_id FROM freights
      WHERE store_id IN (SELECT store_id FROM goods WHERE id IN (${goodsIds}))`,
    addressId
      ? conn.$queryRaw<AddressRow[]>`SELECT ${ADDRESS_COLUMNS} FROM addresses WHERE id = ${addressId} AND user_id = ${userId} LIMIT 1`
      : conn.$queryRaw<AddressRow[]>`SELECT ${ADDRESS_COLUMNS} FROM addresses WHERE user_id = ${userId} AND is_default = 1 ORDER BY id LIMIT 1`,
  ])
  if (addressId && !address) throw notFound()
  const referralChain = referral && goods.length ? referralChainOf(goods[0].referral_chain) : null
  return { goods, skus, carts, templates, address: address ?? null, promotions: promotions ? promotionsOf(goods) : NO_PROMOTIONS, referralChain }
}
type Loaded = Awaited<ReturnType<typeof load>>
const NO_PROMOTIONS: LoadedPromotions = { reductions: [], coupons: [] }

/** Step 1, goods: each line priced from its goods or SKU as they are now, or the refusal naming what is wrong. */
function priceGoods(loaded: Loaded, lines: readonly CheckoutLine[]): PricedStore[] {
  const goodsById = new Map(loaded.goods.map((g) => [g.id, g]))
  const skuById = new Map(loaded.skus.map((s) => [s.id, s]))
  const cartById = new Map(loaded.carts.map((c) => [c.id, c]))
  const wanted = new Map<string, number>()
  const groups = new Map<number, PricedStore>()
  for (const line of lines) {
    if (line.cart_id) {
      const cart = cartById.get(line.cart_id)
      // Gone after the order was placed, or removed since; another shopper's line looks the same.
      if (!cart || cart.goods_id !== line.goods_id || cart.sku_id !== line.sku_id) throw notFound('msg.cartLineGone')
    }
    const goods = goodsById.get(line.goods_id)
    if (!goods) throw businessError('msg.goodsUnavailable')
    let sku: Loaded['skus'][number] | null = null
    if (goods.sku_count > 0) {
      if (!line.sku_id) throw businessError('msg.skuRequired')
      sku = skuById.get(line.sku_id) ?? null
      if (sku?.goods_id !== goods.id) throw businessError('msg.skuGone')
    } else if (line.sku_id) throw businessError('msg.skuGone')
    const key = `${goods.id}:${line.sku_id}`
    const quantity = (wanted.get(key) ?? 0) + line.buy_num
    wanted.set(key, quantity)
    // A flash-sale line buys from the sale's pool, not the goods' stock (modules/seckill).
    if (!line.seckill_id && quantity > (sku?.goods_stock ?? goods.goods_stock)) throw new InsufficientStock({ goods_id: goods.id, sku_id: line.sku_id })

    const price = decimalToCents(sku?.goods_price ?? goods.goods_price)
    if (price * line.buy_num > MAX_ORDER_CENTS) throw new AppError(Code.BUSINESS, 'msg.orderTooLarge')
    let group = groups.get(goods.store_id)
    if (!group) {
      group = {
        store_id: goods.store_id, store_name: goods.store_name, store_logo: goods.store_logo, lines: [], order: 0, freight: 0, discounts: {}, discount: 0, total: 0,
        full_reduction: null, coupons: [], coupon_id: 0, platform_coupon_id: 0, promotions: true,
      }
      groups.set(goods.store_id, group)
    }
    group.lines.push({
      goods_id: goods.id,
      sku_id: line.sku_id,
      cart_id: line.cart_id ?? null,
      goods_name: goods.goods_name,
      goods_image: sku?.goods_image || goods.goods_master_image,
      sku_name: sku?.sku_name || NO_SKU_NAME,
      buy_num: line.buy_num,
      price,
      total: timesCents(price, line.buy_num),
      weight: timesCents(decimalToCents(sku?.goods_weight ?? goods.goods_weight), line.buy_num),
      freight_id: goods.freight_id,
      discount: 0,
      platform: 0,
    })
  }
  for (const group of groups.values()) {
    group.order = sumCents(group.lines.map((l) => l.total))
    if (group.order > MAX_ORDER_CENTS) throw new AppError(Code.BUSINESS, 'msg.orderTooLarge')
  }
  return [...groups.values()]
}

/** Step 2, freight, for the address's province (none yet: 0). */
function priceFreight(stores: PricedStore[], templates: readonly (FreightTemplate & { store_id: number })[], provinceId: number | null) {
  for (const store of stores) store.freight = storeFreight(templates.filter((t) => t.store_id === store.store_id), store.lines, provinceId)
}

/** Step 3, discounts: each step's amount, never more than what is left of the goods' price, shared across the lines. */
function priceDiscounts(stores: PricedStore[], steps: readonly DiscountStep[]) {
  for (const store of stores) {
    for (const step of steps) {
      if (step.excludes?.(store)) store.promotions = false
      const amount = Math.min(Math.max(0, step.amount(store)), store.order - store.discount)
      if (!amount) continue
      store.discounts[step.column] = (store.discounts[step.column] ?? 0) + amount
      store.discount += amount
      allocate(amount, store.lines.map((l) => l.total)).forEach((share, i) => (store.lines[i].discount += share))
    }
    store.total = store.order + store.freight - store.discount
  }
}

const left = (l: PricedLine) => l.total - l.discount

/** Takes `amount` off the store's lines `covered` (indexes), split by what is left of each (largest remainder), so no
 *  line gives more than it has left; kept in `column`. Answers each covered line's share. */
function take(store: PricedStore, column: DiscountColumn, amount: number, covered: readonly number[]): number[] {
  const weights = covered.map((i) => left(store.lines[i]))
  const capped = Math.min(amount, weights.reduce((n, w) => n + w, 0))
  if (capped <= 0) return covered.map(() => 0)
  const shares = allocate(capped, weights)
  covered.forEach((i, k) => (store.lines[i].discount += shares[k]))
  store.discounts[column] = (store.discounts[column] ?? 0) + capped
  store.discount += capped
  return shares
}

/**
 * Step 4, promotions, in this fixed order: each store's best full reduction, then its coupon, then one platform
 * coupon across the stores. The coupons' thresholds are measured on the goods after the full reduction (never the
 * freight); a coupon with a goods scope counts and discounts only the lines it covers. No step takes more than what is
 * left of the goods' price.
 */
function pricePromotions(stores: PricedStore[], promotions: LoadedPromotions, choice: CouponChoice): Priced['platform'] {
  const afterReduction = new Map<PricedStore, number[]>()
  for (const store of stores) {
    if (!store.promotions) {
      // A coupon chosen for an order that takes none is refused as unusable.
      chosenCoupon([], choice.store_coupons?.find((c) => c.store_id === store.store_id)?.coupon_id)
      continue
    }
    const all = store.lines.map((_, i) => i)
    const goods = store.lines.reduce((n, l) => n + left(l), 0)
    const rule = bestFullReduction(promotions.reductions.filter((r) => r.store_id === store.store_id), goods)
    if (rule) {
      const before = store.discount
      take(store, 'full_reduction_money', rule.money, all)
      store.full_reduction = { name: rule.name, money: store.discount - before }
    }
    const after = store.lines.map(left)
    afterReduction.set(store, after)
    const usable = usableCoupons(
      promotions.coupons.filter((c) => c.store_id === store.store_id),
      store.lines.map((l, i) => ({ goods_id: l.goods_id, left: left(l), afterReduction: after[i] })),
    )
    store.coupons = usable.map((u) => u.coupon)
    const picked = chosenCoupon(usable, choice.store_coupons?.find((c) => c.store_id === store.store_id)?.coupon_id)
    if (picked) {
      take(store, 'coupon_money', picked.saving, picked.covered)
      store.coupon_id = picked.coupon.id
    }
  }
  const everyLine = stores.filter((s) => s.promotions).flatMap((store) => store.lines.map((line, i) => ({ store, line, goods_id: line.goods_id, left: left(line), afterReduction: afterReduction.get(store)![i] })))
  const usable = usableCoupons(promotions.coupons.filter((c) => c.store_id === null), everyLine)
  const picked = chosenCoupon(usable, choice.platform_coupon_id)
  if (!picked) return { coupons: usable.map((u) => u.coupon), coupon_id: 0, money: 0 }
  const shares = allocate(picked.saving, picked.covered.map((i) => everyLine[i].left))
  picked.covered.forEach((i, k) => {
    const { store, line } = everyLine[i]
    if (!shares[k]) return
    line.discount += shares[k]
    line.platform += shares[k]
    store.discounts.platform_coupon_money = (store.discounts.platform_coupon_money ?? 0) + shares[k]
    store.discount += shares[k]
    store.platform_coupon_id = picked.coupon.id
  })
  return { coupons: usable.map((u) => u.coupon), coupon_id: picked.coupon.id, money: picked.saving }
}

/** The lines priced per store, in the order their stores first appear; refuses what cannot be bought as asked. Reads
 *  through the pool (the checkout preview). `promotions` false: the checkout's orders take no promotion (a flash-sale
 *  or group checkout, whose one line's step excludes its order), so none are read. */
export async function priceCheckout(db: Db, userId: number, lines: readonly CheckoutLine[], addressId?: number, choice: CouponChoice = {}, steps: readonly DiscountStep[] = DISCOUNT_STEPS, promotions = true): Promise<Priced> {
  return price(await load(db, userId, lines, addressId, false, promotions), lines, choice, steps)
}

/** priceCheckout inside a unit (the order's creation): the reads go out with the unit's first statements; the buyer's
 *  inviters are read with them. */
export async function priceInUnit(tx: Tx, userId: number, lines: readonly CheckoutLine[], addressId?: number, choice: CouponChoice = {}, steps: readonly DiscountStep[] = DISCOUNT_STEPS, promotions = true): Promise<Priced> {
  return price(await load(tx, userId, lines, addressId, true, promotions), lines, choice, steps)
}

function price(loaded: Loaded, lines: readonly CheckoutLine[], choice: CouponChoice, steps: readonly DiscountStep[]): Priced {
  const stores = priceGoods(loaded, lines)
  priceFreight(stores, loaded.templates, loaded.address?.province_id ?? null)
  priceDiscounts(stores, steps)
  // Promotions left unread for a checkout whose steps leave a store open to them would price it without its due.
  if (loaded.promotions === NO_PROMOTIONS && stores.some((s) => s.promotions)) throw new Error('pricing: promotions not read for a store that takes them')
  const platform = pricePromotions(stores, loaded.promotions, choice)
  for (const store of stores) store.total = store.order + store.freight - store.discount
  return { address: loaded.address, referralChain: loaded.referralChain, stores, platform }
}
