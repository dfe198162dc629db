// What shoppers see: only approved, on-shelf goods of open, passed stores, everywhere (search, detail, home, store
// page, reviews, favourites); search filters, sorts and refinements; the goods detail; caches dropped on writes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createUser } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { createAttrs, createComment, createGoods, leafClasses, sellerWithStore, type Leaf, type TestSeller } from './testkit.ts'

let app: FastifyInstance

beforeAll(async () => {
  app = await createTestApp()
})
afterAll(async () => app?.close())

type World = Awaited<ReturnType<typeof buildWorld>>

/** Stores A and B visible, C closed, D verifying; goods of every state. Leaves 0 and 3 share a top category, 6 not. */
async function buildWorld() {
  await resetDb(app, { demo: false, areas: false })
  const leaves: Leaf[] = await leafClasses(app)
  const [brandA, brandB] = await app.db.goods_brands.findMany({ orderBy: { id: 'asc' }, take: 2 })
  const a = await sellerWithStore(app, leaves)
  const b = await sellerWithStore(app, leaves)
  const c = await sellerWithStore(app, leaves, { store_status: 0 })
  const d = await sellerWithStore(app, leaves, { store_verify: 2 })
  const g = {
    tee: await createGoods(app, a.storeId, leaves[0].id, { goods_name: '纯棉圆领T恤', goods_price: '59.00', goods_sale: 100, brand_id: brandA.id, is_master: 1 }),
    shirt: await createGoods(app, a.storeId, leaves[3].id, { goods_name: '加厚纯棉衬衫', goods_price: '129.00', goods_sale: 50, brand_id: brandB.id }),
    aircon: await createGoods(app, b.storeId, leaves[6].id, { goods_name: '静音变频空调 100%新品', goods_price: '2599.00', goods_sale: 10, brand_id: brandA.id }),
    offShelf: await createGoods(app, a.storeId, leaves[0].id, { goods_name: '纯棉下架', goods_status: 0 }),
    pending: await createGoods(app, a.storeId, leaves[0].id, { goods_name: '纯棉待审', goods_verify: 2 }),
    rejected: await createGoods(app, a.storeId, leaves[0].id, { goods_name: '纯棉拒绝', goods_verify: 0 }),
    closedStore: await createGoods(app, c.storeId, leaves[0].id, { goods_name: '纯棉关店' }),
    verifyingStore: await createGoods(app, d.storeId, leaves[0].id, { goods_name: '纯棉审核店' }),
  }
  const user = await createUser(app)
  return { leaves, brandA, brandB, a, b, c, d, g, userAuth: bearer(await tokenFor(app, 'user', user.id)) }
}

const get = (url: string, query: Record<string, string | number> = {}, auth: Record<string, string> = {}) => http(app).get(`/api${url}`).query(query).set(auth)
const ids = (rows: { id: number }[]) => rows.map((r) => r.id)

describe('visibility', () => {
  let w: World
  beforeAll(async () => {
    w = await buildWorld()
  })

  test('search, detail, reviews, store pages and favourites show only visible goods and stores', async () => {
    const visible = [w.g.tee.id, w.g.shirt.id, w.g.aircon.id]
    const hidden = [w.g.offShelf.id, w.g.pending.id, w.g.rejected.id, w.g.closedStore.id, w.g.verifyingStore.id]

    const all = await get('/goods', { per_page: 100 })
    expect(ids(all.body.data.data).sort()).toEqual([...visible].sort())
    expect(all.body.data.total).toBe(3)
    expect((await get('/goods', { keywords: '纯棉' })).body.data.total).toBe(2)
    for (const store of [w.c, w.d]) expect((await get('/goods', { store_id: store.storeId })).body.data.total).toBe(0)

    for (const id of visible) expect((await get(`/goods/${id}`)).body.code).toBe(200)
    for (const id of hidden) {
      expect((await get(`/goods/${id}`)).status).toBe(404)
      expect((await get(`/goods_comments/${id}`)).status).toBe(404)
      expect((await http(app).post('/api/user/favorites').set(w.userAuth).send({ out_id: id })).status).toBe(404)
    }

    expect((await get(`/store/${w.a.storeId}`)).body.data.best_sellers.map((x: { id: number }) => x.id)).toEqual([w.g.tee.id, w.g.shirt.id])
    for (const store of [w.c, w.d]) {
      expect((await get(`/store/${store.storeId}`)).status).toBe(404)
      expect((await http(app).post('/api/user/favorites').set(w.userAuth).send({ out_id: store.storeId, is_type: 1 })).status).toBe(404)
    }
    const stores = await get('/stores', { per_page: 100 })
    expect(ids(stores.body.data.data).sort()).toEqual([w.a.storeId, w.b.storeId].sort())

    const home = (await get('/home')).body.data
    const homeIds = [...home.floors.flatMap((f: { goods: { id: number }[] }) => ids(f.goods)), ...ids(home.recommended)]
    expect(homeIds.every((id: number) => visible.includes(id))).toBe(true)
  })
})

describe('search', () => {
  let w: World
  beforeAll(async () => {
    w = await buildWorld()
  })
  const search = async (query: Record<string, string | number>) => {
    const res = await get('/goods', query)
    expect(res.body.code, JSON.stringify(res.body)).toBe(200)
    return res.body.data
  }

  test('keywords match the goods name: whole words, several words, one character, LIKE wildcards taken literally', async () => {
    expect(ids((await search({ keywords: '纯棉' })).data)).toEqual([w.g.tee.id, w.g.shirt.id])
    expect(ids((await search({ keywords: '纯棉 衬衫' })).data)).toEqual([w.g.shirt.id])
    expect(ids((await search({ keywords: '棉' })).data)).toEqual([w.g.tee.id, w.g.shirt.id])
    expect(ids((await search({ keywords: 't恤' })).data)).toEqual([w.g.tee.id])
    expect(ids((await search({ keywords: '100%' })).data)).toEqual([w.g.aircon.id])
    expect((await search({ keywords: '%' })).total).toBe(1)
    expect((await search({ keywords: '_' })).total).toBe(0)
    expect((await search({ keywords: '圆领衬衫' })).total).toBe(0)
    // page 1 of 1 row walks the sales index (a common word here), page 2 goes through the FULLTEXT index: same order
    expect(ids((await search({ keywords: '纯棉', per_page: 1 })).data)).toEqual([w.g.tee.id])
    expect(ids((await search({ keywords: '纯棉', per_page: 1, page: 2 })).data)).toEqual([w.g.shirt.id])
    expect((await search({ keywords: '纯棉', page: 2 })).data).toEqual([])
  })

  test('a category searches its level-3 descendants; brand, store and price range narrow', async () => {
    const top = w.leaves[0].path[0]
    expect(ids((await search({ class_id: top })).data)).toEqual([w.g.tee.id, w.g.shirt.id])
    expect(ids((await search({ class_id: w.leaves[0].path[1] })).data)).toEqual([w.g.tee.id])
    expect(ids((await search({ class_id: w.leaves[6].id })).data)).toEqual([w.g.aircon.id])
    expect((await search({ class_id: 99999 })).total).toBe(0)
    expect(ids((await search({ brand_id: w.brandA.id })).data)).toEqual([w.g.tee.id, w.g.aircon.id])
    expect(ids((await search({ store_id: w.b.storeId })).data)).toEqual([w.g.aircon.id])
    await app.db.goods.update({ where: { id: w.g.shirt.id }, data: { is_recommend: 1 } })
    expect(ids((await search({ store_id: w.a.storeId, is_recommend: 1 })).data)).toEqual([w.g.shirt.id])
    expect(ids((await search({ price_min: '59', price_max: '129.00' })).data)).toEqual([w.g.tee.id, w.g.shirt.id])
    expect(ids((await search({ price_min: '59.01' })).data)).toEqual([w.g.shirt.id, w.g.aircon.id])
  })

  test('sorts: sales (default), price up and down, newest', async () => {
    expect(ids((await search({})).data)).toEqual([w.g.tee.id, w.g.shirt.id, w.g.aircon.id])
    expect(ids((await search({ sort: 'price_asc' })).data)).toEqual([w.g.tee.id, w.g.shirt.id, w.g.aircon.id])
    expect(ids((await search({ sort: 'price_desc' })).data)).toEqual([w.g.aircon.id, w.g.shirt.id, w.g.tee.id])
    expect(ids((await search({ sort: 'new' })).data)).toEqual([w.g.aircon.id, w.g.shirt.id, w.g.tee.id])
  })

  test('pages, and the brands and categories of the matches to refine by', async () => {
    const page2 = await search({ per_page: 1, page: 2 })
    expect(page2).toMatchObject({ count: 1, total: 3, per_page: 1, last_page: 3, current_page: 2 })
    expect(ids(page2.data)).toEqual([w.g.shirt.id])
    expect(page2.data[0]).toMatchObject({ goods_name: '加厚纯棉衬衫', goods_price: '129.00', store_id: w.a.storeId, store_name: expect.any(String) })

    const refine = await search({ keywords: '纯棉' })
    expect(refine.brands).toEqual(expect.arrayContaining([expect.objectContaining({ id: w.brandA.id, count: 1 }), expect.objectContaining({ id: w.brandB.id, count: 1 })]))
    expect(refine.brands).toHaveLength(2)
    expect(refine.classes.map((c: { id: number; count: number }) => [c.id, c.count]).sort()).toEqual([[w.leaves[0].id, 1], [w.leaves[3].id, 1]].sort())
  })

  test('unknown parameters and values are refused', async () => {
    const bad: Record<string, string | number>[] = [{ sort: 'random' }, { per_page: 1000 }, { page: 0 }, { price_min: 'abc' }, { class_id: 'x' }, { params: 'e30=' }]
    for (const query of bad)
      expect((await get('/goods', query)).status).toBe(400)
  })

  test('counts and category pages follow writes at once (their caches are retired)', async () => {
    const top = w.leaves[0].path[0]
    expect((await search({ keywords: '纯棉' })).total).toBe(2)
    expect(ids((await search({ class_id: top })).data)).toEqual([w.g.tee.id, w.g.shirt.id])
    await http(app).put(`/api/Seller/goods/${w.g.shirt.id}`).set(w.a.auth).send({ goods_status: 0 })
    expect((await search({ keywords: '纯棉' })).total).toBe(1)
    expect(ids((await search({ class_id: top })).data)).toEqual([w.g.tee.id])
    await http(app).put(`/api/Seller/goods/${w.g.shirt.id}`).set(w.a.auth).send({ goods_status: 1, goods_price: '19.00' })
    expect((await search({ keywords: '纯棉' })).total).toBe(2)
    expect(ids((await search({ class_id: top, sort: 'price_asc' })).data)).toEqual([w.g.shirt.id, w.g.tee.id])
  })
})

describe('goods detail', () => {
  let w: World
  let specs: Record<string, number>
  beforeAll(async () => {
    w = await buildWorld()
    specs = await createAttrs(app, w.a.storeId, { 颜色: ['红色', '黑色', '白色'], 尺码: ['M', 'L'] })
    const res = await http(app).put(`/api/Seller/goods/${w.g.tee.id}`).set(w.a.auth).send({
      goods_images: ['/uploads/1.png', '/uploads/2.png'],
      skus: [
        { spec_id: [specs['颜色:红色'], specs['尺码:M']], goods_price: '59.00', goods_stock: 5 },
        { spec_id: [specs['颜色:黑色'], specs['尺码:M']], goods_price: '69.00', goods_stock: 0 },
      ],
    })
    expect(res.body.code).toBe(200)
    for (const scores of [
      { score: 5, agree: 5, service: 5, speed: 5 },
      { score: 4, agree: 4, service: 3, speed: 3 },
      { score: 3.75, agree: 3.75, service: 3.75, speed: 3.75 },
      { score: 2.5, agree: 2.5, service: 2.5, speed: 2.5 },
      { score: 1, agree: 1, service: 1, speed: 1 },
    ])
      await createComment(app, w.g.tee.id, w.a.storeId, scores)
  })

  test('SKUs with price and stock, the attributes they use, the price range, the category chain and brand', async () => {
    const d = (await get(`/goods/${w.g.tee.id}`)).body.data
    expect(d).toMatchObject({
      id: w.g.tee.id, goods_name: '纯棉圆领T恤', goods_price: '59.00', goods_stock: 5, price_min: '59.00', price_max: '69.00',
      goods_images: ['/uploads/1.png', '/uploads/2.png'],
      classes: w.leaves[0].path.map((id) => ({ id, name: expect.any(String) })),
      brand: { id: w.brandA.id, name: w.brandA.name },
      attrs: [
        { name: '颜色', specs: [{ id: specs['颜色:红色'], name: '红色' }, { id: specs['颜色:黑色'], name: '黑色' }] },
        { name: '尺码', specs: [{ id: specs['尺码:M'], name: 'M' }] },
      ],
      skus: [
        { spec_id: [specs['颜色:红色'], specs['尺码:M']], sku_name: '红色,M', goods_price: '59.00', goods_stock: 5 },
        { spec_id: [specs['颜色:黑色'], specs['尺码:M']], sku_name: '黑色,M', goods_price: '69.00', goods_stock: 0 },
      ],
      is_fav: false,
    })
    expect(d.classes[2].name).toBe(w.leaves[0].name)
  })

  test('review statistics (15 and more good, 10 and less bad) and the store card with its ratings, public fields only', async () => {
    const d = (await get(`/goods/${w.g.tee.id}`)).body.data
    expect(d.comment_statistics).toEqual({ total: 5, good: 2, medium: 1, bad: 2, good_rate: 40, averages: { score: '3.25', agree: '3.25', service: '3.05', speed: '3.05' } })
    expect(d.store).toMatchObject({ id: w.a.storeId, comments: 5, good_rate: 40, score: '3.25', agree: '3.25', service: '3.05', speed: '3.05', rate: '3.15' })
    for (const secret of ['id_card_no', 'id_card_t', 'business_license', 'business_license_no', 'legal_person', 'store_money', 'store_frozen_money', 'user_id', 'store_phone'])
      expect(d.store).not.toHaveProperty(secret)
    expect(ids(d.sale_list)).toEqual([w.g.shirt.id])

    const other = (await get(`/goods/${w.g.aircon.id}`)).body.data
    expect(other.store).toMatchObject({ comments: 0, good_rate: null, score: null, agree: null, service: null, speed: null, rate: null })
    expect(other.comment_statistics).toEqual({ total: 0, good: 0, medium: 0, bad: 0, good_rate: null, averages: { score: null, agree: null, service: null, speed: null } })
  })

  test('reviews listed by class, newest first, with the reviewer’s nickname and the SKU', async () => {
    const list = async (is_type: number) => (await get(`/goods_comments/${w.g.tee.id}`, { is_type })).body.data
    expect((await list(0)).total).toBe(5)
    expect((await list(1)).data.map((c: { score: number }) => c.score)).toEqual([3.75, 5])
    expect((await list(2)).data.map((c: { score: number }) => c.score)).toEqual([4])
    expect((await list(3)).data.map((c: { score: number }) => c.score)).toEqual([1, 2.5])
    expect((await list(1)).data[0]).toMatchObject({ content: '好评', sku_name: '红色,M', nickname: expect.any(String), image: [] })
    expect((await get(`/goods_comments/${w.g.tee.id}`, { is_type: 4 })).status).toBe(400)
  })

  test('is_fav follows the shopper’s favourite', async () => {
    await http(app).post('/api/user/favorites').set(w.userAuth).send({ out_id: w.g.tee.id })
    expect((await get(`/goods/${w.g.tee.id}`, {}, w.userAuth)).body.data.is_fav).toBe(true)
    expect((await get(`/goods/${w.g.tee.id}`)).body.data.is_fav).toBe(false)
  })

  test('the detail is served from the cache, and every write through the platform shows at once', async () => {
    const id = w.g.shirt.id
    expect((await get(`/goods/${id}`)).body.data.goods_name).toBe('加厚纯棉衬衫')
    // a change behind the platform's back is not seen: the answer comes from the cache
    await app.db.goods.update({ where: { id }, data: { goods_name: '数据库里改的' } })
    expect((await get(`/goods/${id}`)).body.data.goods_name).toBe('加厚纯棉衬衫')

    await http(app).put(`/api/Seller/goods/${id}`).set(w.a.auth).send({ goods_name: '卖家改的' })
    expect((await get(`/goods/${id}`)).body.data.goods_name).toBe('卖家改的')
    const admin = bearer(await tokenFor(app, 'admin', (await createAdmin(app)).id))
    await http(app).put(`/api/Admin/goods/${id}/verify`).set(admin).send({ goods_verify: 0, refuse_info: '违规' })
    expect((await get(`/goods/${id}`)).status).toBe(404)
    await http(app).put(`/api/Admin/goods/${id}/verify`).set(admin).send({ goods_verify: 1 })
    expect((await get(`/goods/${id}`)).body.code).toBe(200)

    // the store card follows the store's settings
    await http(app).put('/api/Seller/stores').set(w.a.auth).send({ store_name: '改名后的店' })
    expect((await get(`/goods/${id}`)).body.data.store.store_name).toBe('改名后的店')
    // and the category names follow the admin's edits
    await http(app).put(`/api/Admin/goods_classes/${w.leaves[3].id}`).set(admin).send({ name: '新分类名' })
    expect((await get(`/goods/${id}`)).body.data.classes[2].name).toBe('新分类名')
    // deleting removes it
    await http(app).delete(`/api/Seller/goods/${id}`).set(w.a.auth)
    expect((await get(`/goods/${id}`)).status).toBe(404)
  })
})

describe('home', () => {
  let w: World
  beforeAll(async () => {
    w = await buildWorld()
  })

  test('ad slides, one floor per top category with up to 8 goods (home picks, then sales), recommended goods', async () => {
    const extra = []
    for (let i = 0; i < 9; i++) extra.push(await createGoods(app, w.b.storeId, w.leaves[1].id, { goods_name: `冰箱${i}`, goods_sale: 200 + i }))
    const home = (await get('/home')).body.data
    expect(home.slides.length).toBeGreaterThan(0)
    // the headline drawn over each slide, in both languages (the seed's slides)
    expect(home.slides[0]).toMatchObject({
      image: expect.any(String), url: '/stores',
      title: '品质好店 一站购齐', etitle: 'Quality stores, all in one place',
      subtitle: '入驻店铺均经平台审核，正品保障', esubtitle: 'Every store is vetted by the platform: genuine goods guaranteed',
    })
    const first = home.floors.find((f: { id: number }) => f.id === w.leaves[0].path[0])
    expect(first.goods).toHaveLength(8)
    expect(ids(first.goods)).toEqual([w.g.tee.id, ...extra.slice(2).reverse().map((g) => g.id)])
    expect(first.children.length).toBeGreaterThan(0)
    const second = home.floors.find((f: { id: number }) => f.id === w.leaves[6].path[0])
    expect(ids(second.goods)).toEqual([w.g.aircon.id])
    expect(home.floors.every((f: { goods: unknown[] }) => f.goods.length > 0)).toBe(true)
    expect(ids(home.recommended)).toEqual([w.g.tee.id])
  })

  test('goods writes show on the home page at once', async () => {
    await get('/home')
    await http(app).put(`/api/Seller/goods/${w.g.tee.id}`).set(w.a.auth).send({ goods_status: 0 })
    const home = (await get('/home')).body.data
    expect(ids(home.recommended)).toEqual([])
    const admin = bearer(await tokenFor(app, 'admin', (await createAdmin(app)).id))
    await http(app).put(`/api/Admin/goods/${w.g.aircon.id}`).set(admin).send({ is_master: 1 })
    expect(ids((await get('/home')).body.data.recommended)).toEqual([w.g.aircon.id])
  })
})

describe('store list', () => {
  let w: World
  let a: TestSeller
  beforeAll(async () => {
    w = await buildWorld()
    a = w.a
    await app.db.stores.update({ where: { id: a.storeId }, data: { store_name: '北京青禾店', store_lat: '39.904200', store_lng: '116.407400' } })
    await app.db.stores.update({ where: { id: w.b.storeId }, data: { store_name: '上海远山店', store_lat: '31.230400', store_lng: '121.473700' } })
    await createComment(app, w.g.aircon.id, w.b.storeId, { score: 5, agree: 5, service: 5, speed: 5 })
    await createComment(app, w.g.tee.id, a.storeId, { score: 3, agree: 3, service: 3, speed: 3 })
  })

  test('sorted by sales, rating or distance from the shopper’s point; searched by name', async () => {
    const list = async (query: Record<string, string | number>) => (await get('/stores', query)).body.data
    expect(ids((await list({})).data)).toEqual([a.storeId, w.b.storeId])
    expect((await list({})).data[0]).toMatchObject({ store_name: '北京青禾店', sales: 150, comments: 1, good_rate: 0, rate: '3.00', store_lat: '39.904200' })
    expect(ids((await list({ sort: 'rating' })).data)).toEqual([w.b.storeId, a.storeId])
    const nearShanghai = await list({ sort: 'distance', lat: '31.2', lng: '121.5' })
    expect(ids(nearShanghai.data)).toEqual([w.b.storeId, a.storeId])
    expect(nearShanghai.data[0].distance).toBeLessThan(10)
    expect(nearShanghai.data[1].distance).toBeGreaterThan(1000)
    expect(ids((await list({ keywords: '远山' })).data)).toEqual([w.b.storeId])
    expect((await get('/stores', { sort: 'distance' })).status).toBe(400)
    expect((await list({})).data[0]).not.toHaveProperty('id_card_no')
  })
})
