// The shopper's cart: one line per goods and SKU (UNIQUE user_id, goods_id, sku_id), adds of the same goods and SKU
// merge into it. Only visible goods (catalog/visibility.ts) with a SKU of their own (or none, when they have none) go
// in, never more than is in stock. What changed since — goods off shelf, SKU deleted, stock short — is answered on
// the line as its state, never by dropping it. Writes lock the shopper (core/shopperLock.ts): two adds of the same
// goods and SKU end as one line with both quantities, and the line limit holds under concurrent adds.
import { Code, decimalToCents, fromCents, timesCents } from '@qshop/shared'
import { MAX_CART_LINES, type CartAdd, type CartDelete, type CartLine, type CartLineState, type CartStore, type CartWrite } from '@qshop/shared/schemas/cart'
import type { Infra } from '../../core/infra.ts'
import type { RequestContext } from '../../core/context.ts'
import { AppError, businessError, notFound } from '../../core/errors.ts'
import { inShopperUnit } from '../../core/shopperLock.ts'
import { InsufficientStock } from '../inventory/index.ts'
import type { Tx } from '../../core/unitOfWork.ts'
import { visibleGoodsWhere } from '../catalog/index.ts'

/** Shown for the SKU of a goods that has none. */
const NO_SKU_NAME = '-'

const shopperOf = (ctx: RequestContext) => ctx.actor!.id

const countLines = (tx: Tx, userId: number) => tx.carts.count({ where: { user_id: userId } })

/**
 * The stock a line of this goods and SKU may take, or the refusal: a goods with SKUs needs one of its own
 * (sku_id 0 → msg.skuRequired), a goods without SKUs takes sku_id 0 only, and a SKU that is not the goods' is gone.
 */
async function purchasableStock(tx: Tx, goods: { id: number; goods_stock: number }, skuId: number): Promise<number> {
  const skus = await tx.goods_skus.count({ where: { goods_id: goods.id } })
  if (!skus) {
    if (skuId) throw businessError('msg.skuGone')
    return goods.goods_stock
  }
  if (!skuId) throw businessError('msg.skuRequired')
  const sku = await tx.goods_skus.findFirst({ where: { id: skuId, goods_id: goods.id }, select: { goods_stock: true } })
  if (!sku) throw businessError('msg.skuGone')
  return sku.goods_stock
}

async function visibleGoods(tx: Tx, goodsId: number) {
  const goods = await tx.goods.findFirst({ where: { id: goodsId, ...visibleGoodsWhere() }, select: { id: true, store_id: true, goods_stock: true } })
  if (!goods) throw businessError('msg.goodsUnavailable')
  return goods
}

/** Adds the goods (and SKU) to the cart, into its existing line when there is one; the line's new quantity must be in
 *  stock, and a new line must fit in the cart. */
export async function addToCart(app: Infra, ctx: RequestContext, input: CartAdd): Promise<CartWrite> {
  return inShopperUnit(app, ctx, async (tx, userId) => {
    const goods = await visibleGoods(tx, input.goods_id)
    const stock = await purchasableStock(tx, goods, input.sku_id)
    const key = { user_id: userId, goods_id: goods.id, sku_id: input.sku_id }
    const line = await tx.carts.findUnique({ where: { user_id_goods_id_sku_id: key }, select: { id: true, buy_num: true } })
    const quantity = (line?.buy_num ?? 0) + input.buy_num
    if (quantity > stock) throw new InsufficientStock({ goods_id: goods.id, sku_id: input.sku_id })
    let id: number
    if (line) {
      await tx.carts.update({ where: { id: line.id }, data: { buy_num: quantity }, select: { id: true } })
      id = line.id
    } else {
      if ((await countLines(tx, userId)) >= MAX_CART_LINES) throw new AppError(Code.BUSINESS, 'msg.cartFull', null, { max: MAX_CART_LINES })
      id = (await tx.carts.create({ data: { ...key, store_id: goods.store_id, buy_num: quantity }, select: { id: true } })).id
    }
    return { id, cart_count: await countLines(tx, userId) }
  })
}

/** Sets a line's quantity; its goods must still be on sale with its SKU, and the quantity in stock. */
export async function updateCartLine(app: Infra, ctx: RequestContext, id: number, buyNum: number): Promise<CartWrite> {
  return inShopperUnit(app, ctx, async (tx, userId) => {
    const line = await tx.carts.findFirst({ where: { id, user_id: userId }, select: { goods_id: true, sku_id: true } })
    if (!line) throw notFound()
    const stock = await purchasableStock(tx, await visibleGoods(tx, line.goods_id), line.sku_id)
    if (buyNum > stock) throw new InsufficientStock(line)
    await tx.carts.update({ where: { id }, data: { buy_num: buyNum }, select: { id: true } })
    return { id, cart_count: await countLines(tx, userId) }
  })
}

/** Removes the shopper's lines; one id that is not theirs refuses the whole batch (404). */
export async function removeCartLines(app: Infra, ctx: RequestContext, ids: number[]): Promise<CartDelete> {
  return inShopperUnit(app, ctx, async (tx, userId) => {
    const own = await tx.carts.count({ where: { id: { in: ids }, user_id: userId } })
    if (own !== ids.length) throw notFound()
    const { count } = await tx.carts.deleteMany({ where: { id: { in: ids }, user_id: userId } })
    return { deleted: count, cart_count: await countLines(tx, userId) }
  })
}

type LineRow = { id: number; goods_id: number; sku_id: number; store_id: number; buy_num: number }

/** The shopper's lines grouped by store, the stores in the order of their newest line, each line as it can be bought
 *  now. */
export async function listCart(app: Infra, ctx: RequestContext): Promise<CartStore[]> {
  const rows: LineRow[] = await app.db.carts.findMany({
    where: { user_id: shopperOf(ctx) },
    select: { id: true, goods_id: true, sku_id: true, store_id: true, buy_num: true },
    orderBy: { id: 'desc' },
  })
  if (!rows.length) return []
  const goodsIds = [...new Set(rows.map((r) => r.goods_id))]
  const [goods, visible, skus, stores] = await Promise.all([
    app.db.goods.findMany({
      where: { id: { in: goodsIds } },
      select: { id: true, goods_name: true, goods_master_image: true, goods_price: true, goods_stock: true, _count: { select: { goods_skus: true } } },
    }),
    app.db.goods.findMany({ where: { id: { in: goodsIds }, ...visibleGoodsWhere() }, select: { id: true } }),
    app.db.goods_skus.findMany({
      where: { id: { in: rows.filter((r) => r.sku_id).map((r) => r.sku_id) } },
      select: { id: true, goods_id: true, sku_name: true, goods_image: true, goods_price: true, goods_stock: true },
    }),
    app.db.stores.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.store_id))] } }, select: { id: true, store_name: true, store_logo: true } }),
  ])
  const goodsById = new Map(goods.map((g) => [g.id, g]))
  const visibleIds = new Set(visible.map((g) => g.id))
  const skuById = new Map(skus.map((s) => [s.id, s]))

  const groups = new Map<number, CartStore>()
  for (const row of rows) {
    // A deleted goods takes its lines with it (ON DELETE CASCADE); one deleted between the two reads is skipped.
    const g = goodsById.get(row.goods_id)
    if (!g) continue
    const found = row.sku_id ? skuById.get(row.sku_id) : undefined
    const sku = found?.goods_id === row.goods_id ? found : undefined
    // A line without SKU of a goods that has SKUs now cannot be bought as it is: its SKU is as good as gone.
    const skuGone = row.sku_id ? !sku : g._count.goods_skus > 0
    const price = sku?.goods_price ?? g.goods_price
    const stock = skuGone ? 0 : (sku?.goods_stock ?? g.goods_stock)
    const state: CartLineState = !visibleIds.has(g.id) ? 'off_shelf' : skuGone ? 'sku_gone' : row.buy_num > stock ? 'short_stock' : 'ok'
    const line: CartLine = {
      id: row.id,
      goods_id: row.goods_id,
      sku_id: row.sku_id,
      goods_name: g.goods_name,
      goods_image: sku?.goods_image || g.goods_master_image,
      sku_name: sku?.sku_name || NO_SKU_NAME,
      goods_price: price.toFixed(2),
      buy_num: row.buy_num,
      stock,
      line_total: fromCents(timesCents(decimalToCents(price), row.buy_num)),
      state,
    }
    let group = groups.get(row.store_id)
    if (!group) {
      const store = stores.find((s) => s.id === row.store_id)
      group = { store_id: row.store_id, store_name: store?.store_name ?? '', store_logo: store?.store_logo ?? '', lines: [] }
      groups.set(row.store_id, group)
    }
    group.lines.push(line)
  }
  return [...groups.values()]
}
