// The seller's goods form: SKU validation and the derived price and stock, categories and references, the review
// states of the goods-review switch with the admin's decisions, and the scoping of goods to the seller's store.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createUser } from '../../../test/factories.ts'
import { permissionRow, tokenFor } from '../rbac/testkit.ts'
import { createAttrs, leafClasses, sellerWithStore, setGoodsReview, type Leaf, type TestSeller } from './testkit.ts'

let app: FastifyInstance
let leaves: Leaf[]
let seller: TestSeller
let specs: Record<string, number>
let adminAuth: Record<string, string>

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  leaves = await leafClasses(app)
  seller = await sellerWithStore(app, leaves.slice(0, 3))
  specs = await createAttrs(app, seller.storeId, { 颜色: ['红色', '黑色'], 尺码: ['M', 'L'] })
  adminAuth = bearer(await tokenFor(app, 'admin', (await createAdmin(app)).id))
})
afterAll(async () => app?.close())

const post = (body: object, auth = seller.auth) => http(app).post('/api/Seller/goods').set(auth).send(body)
const put = (id: number, body: object, auth = seller.auth) => http(app).put(`/api/Seller/goods/${id}`).set(auth).send(body)
const show = (id: number, auth = seller.auth) => http(app).get(`/api/Seller/goods/${id}`).set(auth)
const sku = (spec: string[], price: string, stock: number, extra: object = {}) => ({ spec_id: spec.map((s) => specs[s]), goods_price: price, goods_stock: stock, ...extra })
const base = () => ({ goods_name: '纯棉T恤', class_id: leaves[0].id, goods_images: ['/uploads/a.png', '/uploads/b.png'], goods_weight: '0.30', goods_status: 1 })

describe('SKUs', () => {
  test('the list price is the lowest SKU price, the stock their sum; names and spec order come from the store’s specs', async () => {
    const res = await post({
      ...base(),
      goods_price: '999.00',
      goods_stock: 5000,
      skus: [
        sku(['尺码:M', '颜色:红色'], '59.00', 10, { goods_market_price: '99.00' }),
        sku(['颜色:红色', '尺码:L'], '49.50', 20, { goods_market_price: '89.00' }),
        sku(['颜色:黑色', '尺码:M'], '69.00', 0),
      ],
    })
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200, data: { goods_verify: 1 } })
    const goods = await app.db.goods.findUniqueOrThrow({ where: { id: res.body.data.id }, include: { goods_skus: { orderBy: { id: 'asc' } } } })
    expect(goods).toMatchObject({ store_id: seller.storeId, goods_stock: 30, goods_master_image: '/uploads/a.png', goods_images: '/uploads/a.png,/uploads/b.png' })
    expect(goods.goods_price.toFixed(2)).toBe('49.50')
    expect(goods.goods_market_price.toFixed(2)).toBe('89.00')
    expect(goods.goods_skus.map((s) => [s.spec_id, s.sku_name, s.goods_price.toFixed(2), s.goods_stock, s.goods_weight.toFixed(2)])).toEqual([
      [`${specs['颜色:红色']},${specs['尺码:M']}`, '红色,M', '59.00', 10, '0.30'],
      [`${specs['颜色:红色']},${specs['尺码:L']}`, '红色,L', '49.50', 20, '0.30'],
      [`${specs['颜色:黑色']},${specs['尺码:M']}`, '黑色,M', '69.00', 0, '0.30'],
    ])
    expect(goods.goods_skus[2].goods_market_price.toFixed(2)).toBe('69.00')
    expect(goods.search_text).toBeTruthy()

    // the form reads it back with ids, spec id lists and the category path
    const form = await show(goods.id)
    expect(form.body.data).toMatchObject({
      id: goods.id, goods_price: '49.50', goods_images: ['/uploads/a.png', '/uploads/b.png'], class_path: leaves[0].path,
      skus: [expect.objectContaining({ spec_id: [specs['颜色:红色'], specs['尺码:M']], sku_name: '红色,M', goods_price: '59.00' }), expect.anything(), expect.anything()],
    })
  })

  test.each([
    ['a spec of another store', async () => [(await createAttrs(app, (await sellerWithStore(app, [])).storeId, { 颜色: ['白色'] }))['颜色:白色']], 'skus.0.spec_id'],
    ['an unknown spec', async () => [99999999], 'skus.0.spec_id'],
    ['two specs of one attribute', async () => [specs['颜色:红色'], specs['颜色:黑色']], 'skus.0.spec_id'],
  ])('%s is refused and nothing is written', async (_name, specIds, field) => {
    const res = await post({ ...base(), skus: [{ spec_id: await specIds(), goods_price: '1.00', goods_stock: 1 }] })
    expect(res.status).toBe(400)
    expect(res.body.data).toHaveProperty([field])
    expect(await app.db.goods.count()).toBe(0)
  })

  test('the same combination twice, or SKUs of different attributes, are refused', async () => {
    const twice = await post({ ...base(), skus: [sku(['颜色:红色', '尺码:M'], '1.00', 1), sku(['尺码:M', '颜色:红色'], '2.00', 1)] })
    expect(twice.status).toBe(400)
    expect(twice.body.data).toEqual({ 'skus.1.spec_id': expect.any(String) })
    const mixed = await post({ ...base(), skus: [sku(['颜色:红色', '尺码:M'], '1.00', 1), sku(['颜色:黑色'], '2.00', 1)] })
    expect(mixed.status).toBe(400)
    expect(mixed.body.data).toHaveProperty(['skus.1.spec_id'])
    expect(await app.db.goods.count()).toBe(0)
  })

  test.each([
    [{ goods_price: '-1.00' }, 'skus.0.goods_price'],
    [{ goods_price: '1.234' }, 'skus.0.goods_price'],
    [{ goods_stock: -1 }, 'skus.0.goods_stock'],
    [{ goods_stock: 1.5 }, 'skus.0.goods_stock'],
  ])('a SKU with %j is refused', async (bad, field) => {
    const res = await post({ ...base(), skus: [{ ...sku(['颜色:红色'], '1.00', 1), ...bad }] })
    expect(res.status).toBe(400)
    expect(res.body.data).toHaveProperty([field])
  })

  test('an update keeps posted SKU ids, deletes the missing ones, creates new ones; a foreign SKU id is refused', async () => {
    const created = await post({ ...base(), skus: [sku(['颜色:红色'], '10.00', 1), sku(['颜色:黑色'], '20.00', 2)] })
    const id = created.body.data.id as number
    const [red, black] = await app.db.goods_skus.findMany({ where: { goods_id: id }, orderBy: { id: 'asc' } })

    const res = await put(id, { skus: [{ id: black.id, ...sku(['颜色:黑色'], '8.00', 7), loaded_stock: 2 }, sku(['颜色:红色'], '9.00', 3)] })
    expect(res.body.code).toBe(200)
    const after = await app.db.goods_skus.findMany({ where: { goods_id: id }, orderBy: { id: 'asc' } })
    expect(after.map((s) => [s.id === black.id, s.sku_name, s.goods_price.toFixed(2), s.goods_stock])).toEqual([
      [true, '黑色', '8.00', 7],
      [false, '红色', '9.00', 3],
    ])
    expect(after.some((s) => s.id === red.id)).toBe(false)
    const goods = await app.db.goods.findUniqueOrThrow({ where: { id } })
    expect([goods.goods_price.toFixed(2), goods.goods_stock]).toEqual(['8.00', 10])

    // an id of another goods' SKU
    const other = await post({ ...base(), skus: [sku(['颜色:红色'], '1.00', 1)] })
    const otherSku = await app.db.goods_skus.findFirstOrThrow({ where: { goods_id: other.body.data.id } })
    const foreign = await put(id, { skus: [{ id: otherSku.id, ...sku(['颜色:红色'], '1.00', 1), loaded_stock: 1 }] })
    expect(foreign.status).toBe(400)
    expect(foreign.body.data).toHaveProperty(['skus.0.id'])
    expect(await app.db.goods_skus.count({ where: { goods_id: id } })).toBe(2)
  })

  test('with SKUs a posted price or stock is ignored; removing every SKU lets the goods’ own price and stock apply', async () => {
    const created = await post({ ...base(), skus: [sku(['颜色:红色'], '10.00', 4)] })
    const id = created.body.data.id as number
    expect((await put(id, { goods_price: '1.00', goods_stock: 999, loaded_stock: 4 })).body.code).toBe(200)
    let goods = await app.db.goods.findUniqueOrThrow({ where: { id } })
    expect([goods.goods_price.toFixed(2), goods.goods_stock]).toEqual(['10.00', 4])

    expect((await put(id, { skus: [], goods_price: '15.00', goods_stock: 6, loaded_stock: 4 })).body.code).toBe(200)
    goods = await app.db.goods.findUniqueOrThrow({ where: { id } })
    expect([goods.goods_price.toFixed(2), goods.goods_stock]).toEqual(['15.00', 6])
    expect(await app.db.goods_skus.count({ where: { goods_id: id } })).toBe(0)
  })

  test('stock and prices stay within their columns: a SKU stock sum past INT is a 400 on skus, nothing is written', async () => {
    const three = [sku(['颜色:红色', '尺码:M'], '1.00', 2147483647), sku(['颜色:红色', '尺码:L'], '1.00', 2147483647), sku(['颜色:黑色', '尺码:M'], '1.00', 2147483647)]
    const res = await post({ ...base(), skus: three }).set('lang', 'en')
    expect(res.status).toBe(400)
    expect(res.body.data).toEqual({ skus: "The SKUs' stock must add up to at most 2147483647." })
    expect((await post({ ...base(), skus: three })).body.data).toEqual({ skus: 'SKU 库存合计不能超过 2147483647' })
    const one = await post({ ...base(), skus: [sku(['颜色:红色', '尺码:M'], '1.00', 2147483648)] })
    expect(one.status).toBe(400)
    expect(Object.keys(one.body.data)).toEqual(['skus.0.goods_stock'])
    const price = await post({ ...base(), skus: [sku(['颜色:红色', '尺码:M'], '100000000.00', 1)], goods_weight: '100000000.00' }).set('lang', 'en')
    expect(price.body.data).toEqual({ 'skus.0.goods_price': 'At most 99999999.99.', goods_weight: 'At most 99999999.' })
    const huge = await post({ ...base(), goods_price: '1'.padEnd(25, '0') }).set('lang', 'en')
    expect(huge.status).toBe(400)
    expect(huge.body.data).toEqual({ goods_price: 'At most 99999999.99.' })
    expect(await app.db.goods.count()).toBe(0)

    // up to the column's limit is fine
    const full = await post({ ...base(), skus: [sku(['颜色:红色', '尺码:M'], '99999999.99', 2147483000), sku(['颜色:红色', '尺码:L'], '1.00', 647)] })
    expect(full.body.code).toBe(200)
    const goods = await app.db.goods.findUniqueOrThrow({ where: { id: full.body.data.id } })
    expect(goods.goods_stock).toBe(2147483647)
    const update = await put(goods.id, { skus: [...three.slice(0, 2)] })
    expect(update.status).toBe(400)
    expect(Object.keys(update.body.data)).toEqual(['skus'])
    expect((await app.db.goods.findUniqueOrThrow({ where: { id: goods.id } })).goods_stock).toBe(2147483647)
  })

  test('goods without SKUs need a price', async () => {
    const res = await post(base())
    expect(res.status).toBe(400)
    expect(res.body.data).toHaveProperty(['goods_price'])
    const ok = await post({ ...base(), goods_price: '12.3', goods_stock: 5 })
    expect(ok.body.code).toBe(200)
    expect((await show(ok.body.data.id)).body.data).toMatchObject({ goods_price: '12.30', goods_stock: 5, skus: [] })
  })
})

describe('categories and references', () => {
  test('the category must be a level-3 category the store may sell in', async () => {
    const level2 = leaves[0].path[1]
    const notLevel3 = await post({ ...base(), class_id: level2, goods_price: '1.00' })
    expect(notLevel3.status).toBe(400)
    expect(notLevel3.body.data).toHaveProperty(['class_id'])
    const notAllowed = await post({ ...base(), class_id: leaves[5].id, goods_price: '1.00' })
    expect(notAllowed.status).toBe(400)
    expect(notAllowed.body.data).toHaveProperty(['class_id'])
    expect(await app.db.goods.count()).toBe(0)
    expect((await post({ ...base(), class_id: leaves[2].id, goods_price: '1.00' })).body.code).toBe(200)
  })

  test('an unknown brand or another store’s freight template is refused; -1 (free) and 0 (store default) are fine', async () => {
    const other = await sellerWithStore(app, leaves)
    const freight = await app.db.freights.create({ data: { store_id: other.storeId, name: 'x' } })
    expect((await post({ ...base(), goods_price: '1.00', brand_id: 999999 })).body.data).toHaveProperty(['brand_id'])
    expect((await post({ ...base(), goods_price: '1.00', freight_id: freight.id })).body.data).toHaveProperty(['freight_id'])
    expect((await post({ ...base(), goods_price: '1.00', freight_id: -2 })).status).toBe(400)
    const brand = await app.db.goods_brands.findFirstOrThrow()
    const own = await app.db.freights.create({ data: { store_id: seller.storeId, name: 'own' } })
    for (const freight_id of [-1, 0, own.id]) expect((await post({ ...base(), goods_price: '1.00', brand_id: brand.id, freight_id })).body.code).toBe(200)
  })

  test('unknown fields are refused', async () => {
    const res = await post({ ...base(), goods_price: '1.00', store_id: 1, goods_sale: 100, goods_verify: 1 })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.data).sort()).toEqual(['goods_sale', 'goods_verify', 'store_id'])
  })
})

describe('review', () => {
  const verify = (id: number, body: object) => http(app).put(`/api/Admin/goods/${id}/verify`).set(adminAuth).send(body)
  const state = async (id: number) => app.db.goods.findUniqueOrThrow({ where: { id }, select: { goods_verify: true, refuse_info: true } })

  test('with review on: new goods and edits of name, subname or content wait; other edits keep the state', async () => {
    await setGoodsReview(app, true)
    const created = await post({ ...base(), goods_price: '1.00' })
    expect(created.body.data.goods_verify).toBe(2)
    const id = created.body.data.id as number

    expect((await verify(id, { goods_verify: 1 })).body.data).toEqual({ id, goods_verify: 1 })
    await put(id, { goods_price: '2.00', goods_status: 0, goods_name: '纯棉T恤' })
    expect(await state(id)).toEqual({ goods_verify: 1, refuse_info: '' })
    for (const edit of [{ goods_name: '新名称' }, { goods_subname: '新副标题' }, { goods_content: '<p>新</p>' }]) {
      await verify(id, { goods_verify: 1 })
      expect((await put(id, edit)).body.data.goods_verify).toBe(2)
    }
  })

  test('goods details are stored without script; sending the stored details again is no change to review', async () => {
    await setGoodsReview(app, true)
    const id = (await post({ ...base(), goods_price: '1.00', goods_content: '<p>详情</p><img src="/a.png" onerror="x()">', goods_content_mobile: '<script>x()</script><p>手机</p>' })).body.data.id as number
    const row = await app.db.goods.findUniqueOrThrow({ where: { id }, select: { goods_content: true, goods_content_mobile: true } })
    expect(row).toEqual({ goods_content: '<p>详情</p><img src="/a.png" />', goods_content_mobile: '<p>手机</p>' })
    await verify(id, { goods_verify: 1 })
    expect((await put(id, { goods_content: '<p>详情</p><img src="/a.png" onerror="x()">' })).body.data.goods_verify).toBe(1)
  })

  test('a rejection needs a reason, the seller sees it, and the next save resubmits', async () => {
    await setGoodsReview(app, true)
    const id = (await post({ ...base(), goods_price: '1.00' })).body.data.id as number
    const noReason = await verify(id, { goods_verify: 0 })
    expect(noReason.status).toBe(400)
    expect(noReason.body.data).toHaveProperty(['refuse_info'])
    expect((await verify(id, { goods_verify: 0, refuse_info: '图片不清晰' })).body.code).toBe(200)
    expect((await show(id)).body.data).toMatchObject({ goods_verify: 0, refuse_info: '图片不清晰' })
    expect((await verify(id, { goods_verify: 2 })).status).toBe(400)

    await put(id, { goods_images: ['/uploads/clear.png'] })
    expect(await state(id)).toEqual({ goods_verify: 2, refuse_info: '' })
    expect((await verify(99999999, { goods_verify: 1 })).status).toBe(404)
  })

  test('a decision is taken once: ten concurrent approvals, one applies; a decided goods can be taken down and reinstated', async () => {
    await setGoodsReview(app, true)
    const id = (await post({ ...base(), goods_price: '1.00' })).body.data.id as number
    const approvals = await Promise.all(Array.from({ length: 10 }, () => verify(id, { goods_verify: 1 })))
    expect(approvals.filter((r) => r.body.code === 200)).toHaveLength(1)
    expect(approvals.filter((r) => r.body.code === 402).map((r) => r.body.msg)).toEqual(Array(9).fill('商品已是该审核状态'))
    expect((await verify(id, { goods_verify: 0, refuse_info: '资质过期' })).body.code).toBe(200)
    expect(await state(id)).toEqual({ goods_verify: 0, refuse_info: '资质过期' })
    expect((await verify(id, { goods_verify: 0, refuse_info: '再次' })).body.code).toBe(402)
    expect((await verify(id, { goods_verify: 1 })).body.code).toBe(200)
    expect(await state(id)).toEqual({ goods_verify: 1, refuse_info: '' })
  })

  test('with review off every save approves', async () => {
    await setGoodsReview(app, true)
    const id = (await post({ ...base(), goods_price: '1.00' })).body.data.id as number
    await setGoodsReview(app, false)
    expect((await put(id, { goods_name: '改名' })).body.data.goods_verify).toBe(1)
    expect((await post({ ...base(), goods_price: '1.00' })).body.data.goods_verify).toBe(1)
  })

  test('only admins review: the seller cannot post goods_verify, and an admin without the permission is refused', async () => {
    const id = (await post({ ...base(), goods_price: '1.00' })).body.data.id as number
    expect((await put(id, { goods_verify: 1 })).status).toBe(400)
    const clerk = bearer(await tokenFor(app, 'admin', (await createAdmin(app, { is_super: 0 })).id))
    expect((await http(app).put(`/api/Admin/goods/${id}/verify`).set(clerk).send({ goods_verify: 0, refuse_info: 'x' })).status).toBe(403)
  })
})

describe('scoping', () => {
  test('another store’s goods are 404 to read, edit and delete, and stay unchanged; lists hold own goods only', async () => {
    const other = await sellerWithStore(app, leaves)
    const theirs = (await post({ ...base(), goods_price: '1.00' }, other.auth)).body.data.id as number
    const mine = (await post({ ...base(), goods_price: '1.00' })).body.data.id as number
    const before = await app.db.goods.findUniqueOrThrow({ where: { id: theirs } })

    expect((await show(theirs)).status).toBe(404)
    expect((await put(theirs, { goods_name: '抢来的' })).status).toBe(404)
    expect((await http(app).delete(`/api/Seller/goods/${theirs}`).set(seller.auth)).status).toBe(404)
    expect((await http(app).delete(`/api/Seller/goods/${mine},${theirs}`).set(seller.auth)).status).toBe(404)
    expect(await app.db.goods.findUniqueOrThrow({ where: { id: theirs } })).toEqual(before)
    expect(await app.db.goods.findUnique({ where: { id: mine } })).not.toBeNull()

    const list = await http(app).get('/api/Seller/goods').set(seller.auth)
    expect(list.body.data.data.map((g: { id: number }) => g.id)).toEqual([mine])
    // a store_id filter cannot widen the scope
    expect((await http(app).get('/api/Seller/goods').query({ store_id: other.storeId }).set(seller.auth)).status).toBe(400)

    expect((await http(app).delete(`/api/Seller/goods/${mine}`).set(seller.auth)).body.code).toBe(200)
    expect(await app.db.goods.findUnique({ where: { id: mine } })).toBeNull()
  })

  test('a sub-account works on the owner’s store within its permissions', async () => {
    const clerk = await createUser(app, { belong_id: seller.id })
    const role = await app.db.user_roles.create({ data: { belong_id: seller.id, name: 'goods editor' } })
    await app.db.user_to_roles.create({ data: { user_id: clerk.id, role_id: role.id } })
    for (const key of ['seller.goods.index', 'seller.goods.store'])
      await app.db.user_to_permissions.create({ data: { role_id: role.id, permission_id: await permissionRow(app, 'seller', key) } })
    await app.actors.invalidate()
    const auth = bearer(await tokenFor(app, 'seller', clerk.id))

    const created = await post({ ...base(), goods_price: '1.00' }, auth)
    expect(created.body.code).toBe(200)
    expect(await app.db.goods.findUniqueOrThrow({ where: { id: created.body.data.id } })).toMatchObject({ store_id: seller.storeId })
    expect((await http(app).get('/api/Seller/goods').set(auth)).body.data.total).toBe(1)
    expect((await put(created.body.data.id, { goods_name: 'x' }, auth)).status).toBe(403)
  })
})
