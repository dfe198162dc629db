// Test support for the catalog and store tests: stores that may sell in given categories, attributes, goods rows,
// reviews, and the goods-review switch.
import type { FastifyInstance } from 'fastify'
import { invalidateConfig } from '../../core/configs.ts'
import { bearer } from '../../../test/helpers.ts'
import { createSeller, createUser } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { searchText } from './searchText.ts'

export type Leaf = { id: number; path: [number, number, number]; name: string }

/** The seeded level-3 categories with their paths, in id order. */
export async function leafClasses(app: FastifyInstance): Promise<Leaf[]> {
  const rows = await app.db.goods_classes.findMany({ select: { id: true, pid: true, name: true }, orderBy: { id: 'asc' } })
  const byId = new Map(rows.map((r) => [r.id, r]))
  const path = (id: number): number[] => {
    const row = byId.get(id)
    return row ? [...(row.pid ? path(row.pid) : []), id] : []
  }
  return rows.map((r) => ({ id: r.id, path: path(r.id), name: r.name })).filter((r): r is Leaf => r.path.length === 3)
}

/** A seller (owner) with a passed, open store allowed to sell in `leaves`, and a seller-area token. */
export async function sellerWithStore(app: FastifyInstance, leaves: Leaf[], store: { store_status?: number; store_verify?: number } = {}) {
  const seller = await createSeller(app)
  if (Object.keys(store).length) await app.db.stores.update({ where: { id: seller.storeId }, data: store })
  await app.db.store_classes.create({ data: { store_id: seller.storeId, class_id: leaves.map((l) => l.path) } })
  return { ...seller, auth: bearer(await tokenFor(app, 'seller', seller.id)) }
}
export type TestSeller = Awaited<ReturnType<typeof sellerWithStore>>

/** Attributes with their specs for a store; answers spec ids by "attribute:spec". */
export async function createAttrs(app: FastifyInstance, storeId: number, attrs: Record<string, string[]>): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const [name, specs] of Object.entries(attrs)) {
    const attr = await app.db.goods_attrs.create({ data: { store_id: storeId, name, goods_specs: { create: specs.map((s) => ({ name: s })) } }, include: { goods_specs: true } })
    for (const s of attr.goods_specs) out[`${name}:${s.name}`] = s.id
  }
  return out
}

let serial = 0

/** A goods row written directly: visible (approved, on shelf) unless told otherwise. */
export async function createGoods(
  app: FastifyInstance,
  storeId: number,
  classId: number,
  fields: Partial<{ goods_name: string; goods_price: string; goods_sale: number; goods_status: number; goods_verify: number; brand_id: number; is_master: number; goods_stock: number; created_at: Date }> = {},
) {
  const goods_name = fields.goods_name ?? `测试商品 ${++serial}`
  return app.db.goods.create({
    data: {
      store_id: storeId, class_id: classId, goods_price: '10.00', goods_market_price: '12.00', goods_stock: 10,
      goods_status: 1, goods_verify: 1, goods_master_image: '/uploads/g.png', ...fields, goods_name, search_text: searchText(goods_name),
    },
  })
}

/** A review of `goodsId` by a new shopper (with the order and line it hangs on). */
export async function createComment(app: FastifyInstance, goodsId: number, storeId: number, scores: { score: number; agree: number; service: number; speed: number }, content = '好评') {
  const user = await createUser(app)
  const order = await app.db.orders.create({ data: { user_id: user.id, store_id: storeId, order_no: `T${Date.now()}${++serial}`, order_status: 6 } })
  const line = await app.db.order_goods.create({ data: { order_id: order.id, goods_id: goodsId, user_id: user.id, store_id: storeId, goods_name: 'x', sku_name: '红色,M' } })
  return app.db.order_comments.create({ data: { user_id: user.id, order_id: order.id, order_goods_id: line.id, goods_id: goodsId, store_id: storeId, content, ...scores } })
}

/** Turns the platform's goods review on or off (configs.store.goods_verify). */
export async function setGoodsReview(app: FastifyInstance, on: boolean) {
  const content = JSON.stringify({ goods_verify: on, cash: '0', commission_rate: '0' })
  await app.db.configs.upsert({ where: { name: 'store' }, create: { name: 'store', content, is_type: 1 }, update: { content } })
  await invalidateConfig(app, 'store')
}
