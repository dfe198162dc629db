// Shoppers see the stock left at once, through the HTTP API: the goods page, search (keywords, and the cached
// category pages) and the cart answer the stock after a sale, a cancel and a seller's edit, while the goods page's
// static detail stays cached.
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createGoods } from '../catalog/testkit.ts'
import { formBody, inventoryWorld } from './testkit.ts'

let app: FastifyInstance

beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false, areas: false })
})
afterAll(async () => app?.close())

test('goods page, search and cart show the stock left right after a sale, a cancel and a seller’s edit', async () => {
  const w = await inventoryWorld(app)
  // Rows written directly: a save through the form would leave the cache's 3-second tombstone, and nothing cached.
  const { id } = await createGoods(app, w.seller.storeId, w.leaves[0].id, { goods_name: '库存实时测试T恤', goods_stock: 305 })
  const sku = (colour: string, goods_stock: number) =>
    app.db.goods_skus.create({ data: { goods_id: id, spec_id: String(w.specs[`颜色:${colour}`]), sku_name: colour, goods_price: '10.00', goods_stock } })
  const red = await sku('红色', 300)
  await sku('黑色', 5)
  expect((await http(app).post('/api/user/carts').set(w.shopperAuth).send({ goods_id: id, sku_id: red.id, buy_num: 2 })).body.code).toBe(200)
  const top = w.leaves[0].path[0]

  /** The stock each place shows: the goods page (goods and red), keyword search, the category page, the cart line. */
  async function shown() {
    const page = (await http(app).get(`/api/goods/${id}`)).body.data
    const row = async (query: Record<string, string | number>) =>
      ((await http(app).get('/api/goods').query(query)).body.data.data as { id: number; goods_stock: number }[]).find((g) => g.id === id)!.goods_stock
    const cart = (await http(app).get('/api/user/carts').set(w.shopperAuth)).body.data[0].lines[0]
    return {
      page: page.goods_stock,
      pageRed: page.skus.find((s: { id: number }) => s.id === red.id).goods_stock,
      search: await row({ keywords: '库存实时测试' }),
      category: await row({ class_id: top }),
      cart: cart.stock,
    }
  }
  // every cache is filled first
  expect(await shown()).toEqual({ page: 305, pageRed: 300, search: 305, category: 305, cart: 300 })

  const sale = await w.buy(id, red.id, 4)
  expect(sale.body.code).toBe(200)
  expect(await shown()).toEqual({ page: 301, pageRed: 296, search: 301, category: 301, cart: 296 })
  // while the static detail still comes from the cache: a name changed behind the platform's back is not seen
  await app.db.goods.update({ where: { id }, data: { goods_name: '库存实时测试 改名' } })
  expect((await http(app).get(`/api/goods/${id}`)).body.data).toMatchObject({ goods_name: '库存实时测试T恤', goods_stock: 301 })

  expect((await w.cancel(sale.body.data.order_id[0])).body.code).toBe(200)
  expect(await shown()).toEqual({ page: 305, pageRed: 300, search: 305, category: 305, cart: 300 })

  expect((await w.save(id, formBody(await w.load(id), { stock: { 红色: 40 } }))).body.code).toBe(200)
  expect(await shown()).toEqual({ page: 45, pageRed: 40, search: 45, category: 45, cart: 40 })
})
