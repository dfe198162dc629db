// Test support for the inventory tests, all through the HTTP API: a seller whose goods come from the goods form, a
// shopper with an address who buys and cancels, and the form's body as the web form sends it from what it loaded.
import type { FastifyInstance } from 'fastify'
import { bearer, http } from '../../../test/helpers.ts'
import { createUser } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { createAttrs, leafClasses, sellerWithStore, setGoodsReview, type Leaf } from '../catalog/testkit.ts'

/** A SKU of GET /api/Seller/goods/{id}. */
export type LoadedSku = { id: number; spec_id: number[]; sku_name: string; goods_price: string; goods_stock: number }
/** GET /api/Seller/goods/{id}: what the seller's form loads. */
export type LoadedGoods = { id: number; goods_name: string; goods_price: string; goods_stock: number; skus: LoadedSku[] }

/** The save the web form sends for `loaded` with `changes`: every SKU with its stock and the stock it loaded. */
export function formBody(loaded: LoadedGoods, changes: { goods_name?: string; stock?: Record<string, number>; goods_stock?: number } = {}) {
  const body: Record<string, unknown> = { goods_name: changes.goods_name ?? loaded.goods_name }
  if (loaded.skus.length)
    body.skus = loaded.skus.map((s) => ({
      id: s.id, spec_id: s.spec_id, goods_price: s.goods_price, goods_stock: changes.stock?.[s.sku_name] ?? s.goods_stock, loaded_stock: s.goods_stock,
    }))
  else Object.assign(body, { goods_price: loaded.goods_price, goods_stock: changes.goods_stock ?? loaded.goods_stock, loaded_stock: loaded.goods_stock })
  return body
}

/** Goods reviews off (saves approve at once), a seller with colour specs, a shopper with an address. */
export async function inventoryWorld(app: FastifyInstance) {
  await setGoodsReview(app, false)
  const leaves: Leaf[] = await leafClasses(app)
  const seller = await sellerWithStore(app, leaves)
  const specs = await createAttrs(app, seller.storeId, { 颜色: ['红色', '黑色', '白色'] })
  const user = await createUser(app)
  const address = await app.db.addresses.create({
    data: { user_id: user.id, receive_name: '李雷', receive_tel: '13800138000', province_id: 110000, city_id: 1, region_id: 2, area_info: '北京市 北京市 朝阳区', address: '一路 1 号', is_default: 1, default_key: user.id },
  })
  const shopperAuth = bearer(await tokenFor(app, 'user', user.id))
  let keys = 0

  const api = {
    leaves,
    seller,
    specs,
    shopperAuth,
    /** A SKU of the form's body: colour name → spec. */
    sku: (colour: string, stock: number, price = '10.00') => ({ spec_id: [specs[`颜色:${colour}`]], goods_price: price, goods_stock: stock }),
    /** A goods created through the seller's form; answers its id. */
    async create(body: Record<string, unknown>): Promise<number> {
      const res = await http(app).post('/api/Seller/goods').set(seller.auth).send({ class_id: leaves[0].id, goods_master_image: '/uploads/g.png', goods_status: 1, ...body })
      if (res.body.code !== 200) throw new Error(JSON.stringify(res.body))
      return res.body.data.id as number
    },
    /** What the seller's form loads. */
    load: async (id: number): Promise<LoadedGoods> => (await http(app).get(`/api/Seller/goods/${id}`).set(seller.auth)).body.data,
    save: (id: number, body: object) => http(app).put(`/api/Seller/goods/${id}`).set(seller.auth).send(body),
    /** POST /api/user/order/create of one line (not from the cart). */
    buy: (goodsId: number, skuId: number, buyNum: number) =>
      http(app).post('/api/user/order/create').set(shopperAuth).set('Idempotency-Key', `inv-${++keys}`)
        .send({ order: [{ goods_id: goodsId, sku_id: skuId, buy_num: buyNum }], address_id: address.id }),
    cancel: (orderId: number) => http(app).put(`/api/user/order/${orderId}`).set(shopperAuth).send({ order_status: 0 }),
    /** The goods' stock and its SKUs' by name, as stored. */
    async stock(id: number) {
      const g = await app.db.goods.findUniqueOrThrow({ where: { id }, select: { goods_stock: true, goods_skus: { select: { sku_name: true, goods_stock: true } } } })
      return { goods: g.goods_stock, skus: Object.fromEntries(g.goods_skus.map((s) => [s.sku_name, s.goods_stock])) }
    },
  }
  return api
}
