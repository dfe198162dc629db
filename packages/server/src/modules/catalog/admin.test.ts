// Admin catalog: the 3-level category tree, brands, the goods list and detail; the storefront's cached category
// tree and brands follow every write.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { ADMIN_RESOURCES, SELLER_RESOURCES } from '@qshop/shared/resources/index'
import { FIELD_LABELS } from '@qshop/shared/i18n/fields'
import { CONTENT_FIELD_LABELS } from '@qshop/shared/i18n/content-fields'
import { CATALOG_FIELD_LABELS } from '@qshop/shared/i18n/catalog-fields'
import { resources as adminDecls } from '@qshop/shared/resources/admin/catalog'
import { resources as sellerDecls } from '@qshop/shared/resources/seller/catalog'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { createGoods, leafClasses, sellerWithStore, type Leaf } from './testkit.ts'

let app: FastifyInstance
let auth: Record<string, string>
let leaves: Leaf[]

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  auth = bearer(await tokenFor(app, 'admin', (await createAdmin(app)).id))
  leaves = await leafClasses(app)
})
afterAll(async () => app?.close())

const admin = {
  get: (url: string, query: Record<string, string | number> = {}) => http(app).get(`/api/Admin${url}`).query(query).set(auth),
  post: (url: string, body: object) => http(app).post(`/api/Admin${url}`).set(auth).send(body),
  put: (url: string, body: object) => http(app).put(`/api/Admin${url}`).set(auth).send(body),
  del: (url: string) => http(app).delete(`/api/Admin${url}`).set(auth),
}
const classIds = (nodes: { id: number; children: unknown[] }[]): number[] => nodes.flatMap((n) => [n.id, ...classIds(n.children as never)])

describe('categories', () => {
  test('the tree loads level by level; new categories show on the storefront at once', async () => {
    const [top] = leaves[0].path
    const roots = await admin.get('/goods_classes')
    expect(roots.body.data.data.map((r: { id: number }) => r.id)).toContain(top)
    expect(roots.body.data.data.find((r: { id: number }) => r.id === top)).toMatchObject({ pid: 0, has_children: true })
    const children = await admin.get('/goods_classes', { isChildren: 1, pid: top })
    expect(children.body.data.data.map((r: { pid: number }) => r.pid).every((p: number) => p === top)).toBe(true)

    await http(app).get('/api/common') // cached
    const created = await admin.post('/goods_classes', { pid: leaves[0].path[1], name: '移动空调', thumb: '/uploads/c.png', is_sort: 3 })
    expect(created.body.code).toBe(200)
    expect(classIds((await http(app).get('/api/common')).body.data.classes)).toContain(created.body.data.id)
    expect(classIds((await http(app).get('/api/load_goods_classes')).body.data)).toContain(created.body.data.id)
  })

  test('at most three levels: no child under a level-3 category, no move that would make a fourth level or a cycle', async () => {
    const deeper = await admin.post('/goods_classes', { pid: leaves[0].id, name: '第四级' })
    expect(deeper.status).toBe(400)
    expect(deeper.body.data).toHaveProperty('pid')
    const [top, level2] = leaves[0].path
    // a level-2 category (with children) under another level-2 one would push its children to level 4
    expect((await admin.put(`/goods_classes/${level2}`, { pid: leaves[6].path[1] })).status).toBe(400)
    expect((await admin.put(`/goods_classes/${top}`, { pid: leaves[0].id })).status).toBe(400)
    expect((await admin.post('/goods_classes', { pid: 999999, name: 'x' })).status).toBe(400)
    // a level-2 category may move under another top category
    expect((await admin.put(`/goods_classes/${level2}`, { pid: leaves[6].path[0] })).body.code).toBe(200)
  })

  test('a category with children or goods cannot be deleted; a used level-3 category cannot leave level 3', async () => {
    const seller = await sellerWithStore(app, leaves)
    await createGoods(app, seller.storeId, leaves[0].id)
    expect((await admin.del(`/goods_classes/${leaves[0].path[1]}`)).body.code).toBe(402)
    expect((await admin.del(`/goods_classes/${leaves[0].id}`)).body.code).toBe(402)
    expect((await admin.put(`/goods_classes/${leaves[0].id}`, { pid: leaves[0].path[0] })).body.code).toBe(402)
    expect((await admin.del(`/goods_classes/${leaves[2].id}`)).body.code).toBe(200)
    expect(await app.db.goods_classes.findUnique({ where: { id: leaves[2].id } })).toBeNull()
  })
})

describe('brands', () => {
  test('create, rename (the storefront follows), and no delete while goods use it', async () => {
    const created = await admin.post('/goods_brands', { name: '新品牌', thumb: '/uploads/b.png', is_sort: 1 })
    const id = created.body.data.id as number
    await http(app).get('/api/common')
    await admin.put(`/goods_brands/${id}`, { name: '改名品牌' })
    expect((await http(app).get('/api/common')).body.data.brands).toContainEqual(expect.objectContaining({ id, name: '改名品牌' }))

    const seller = await sellerWithStore(app, leaves)
    const goods = await createGoods(app, seller.storeId, leaves[0].id, { brand_id: id })
    expect((await http(app).get(`/api/goods/${goods.id}`)).body.data.brand.name).toBe('改名品牌')
    await admin.put(`/goods_brands/${id}`, { name: '再改名' })
    expect((await http(app).get(`/api/goods/${goods.id}`)).body.data.brand.name).toBe('再改名')
    expect((await admin.del(`/goods_brands/${id}`)).body.code).toBe(402)

    // sellers read the brands for their goods form
    const list = await http(app).get('/api/Seller/goods_brands').query({ isAll: 1 }).set(seller.auth)
    expect(list.body.data.data).toContainEqual(expect.objectContaining({ id, name: '再改名' }))
  })
})

describe('goods', () => {
  test('the admin lists every store’s goods with filters and opens one with its SKUs', async () => {
    const a = await sellerWithStore(app, leaves)
    const b = await sellerWithStore(app, leaves)
    const ga = await createGoods(app, a.storeId, leaves[0].id, { goods_verify: 2 })
    const gb = await createGoods(app, b.storeId, leaves[1].id)
    await app.db.goods_skus.create({ data: { goods_id: gb.id, spec_id: '1', sku_name: '红色', goods_price: '3.00', goods_stock: 4 } })

    expect((await admin.get('/goods')).body.data.total).toBe(2)
    expect((await admin.get('/goods', { goods_verify: 2 })).body.data.data.map((g: { id: number }) => g.id)).toEqual([ga.id])
    expect((await admin.get('/goods', { store_id: b.storeId })).body.data.data.map((g: { id: number }) => g.id)).toEqual([gb.id])
    const detail = await admin.get(`/goods/${gb.id}`)
    expect(detail.body.data).toMatchObject({ id: gb.id, store: { id: b.storeId }, skus: [{ sku_name: '红色', goods_price: '3.00', spec_id: [1] }] })
    expect((await admin.get('/goods/9999999')).status).toBe(404)
    // the admin edits only the home-page pick
    expect((await admin.put(`/goods/${gb.id}`, { goods_price: '1.00' })).status).toBe(400)
    expect((await admin.put(`/goods/${gb.id}`, { is_master: 1 })).body.code).toBe(200)
    expect((await admin.del(`/goods/${ga.id}`)).body.code).toBe(200)
    expect(await app.db.goods.count()).toBe(1)
  })
})

describe('goods caches', () => {
  test('an admin delete drops the goods page and the store page’s best sellers at once', async () => {
    const seller = await sellerWithStore(app, leaves)
    const [gone, kept] = [await createGoods(app, seller.storeId, leaves[0].id, { goods_sale: 9 }), await createGoods(app, seller.storeId, leaves[0].id)]
    const bestSellers = async () => (await http(app).get(`/api/store/${seller.storeId}`)).body.data.best_sellers.map((g: { id: number }) => g.id)
    expect((await http(app).get(`/api/goods/${gone.id}`)).body.code).toBe(200) // now cached
    expect(await bestSellers()).toEqual([gone.id, kept.id]) // cached too
    expect((await admin.del(`/goods/${gone.id}`)).body.code).toBe(200)
    expect((await http(app).get(`/api/goods/${gone.id}`)).status).toBe(404)
    expect(await bestSellers()).toEqual([kept.id])
  })
})

describe('declarations', () => {
  test('every catalog resource is registered, and every label has zh-cn and en texts', () => {
    const labels = (locale: 'zh-cn' | 'en') => ({ ...FIELD_LABELS[locale], ...CONTENT_FIELD_LABELS[locale], ...CATALOG_FIELD_LABELS[locale] })
    const used = new Set<string>()
    for (const [decls, registry] of [[adminDecls, ADMIN_RESOURCES], [sellerDecls, SELLER_RESOURCES]] as const) {
      for (const decl of decls) {
        expect(registry[decl.name]).toBe(decl)
        for (const f of Object.values(decl.fields)) {
          used.add(f.label)
          for (const dict of [f.form?.dict, f.column ? f.column.dict : undefined])
            if (Array.isArray(dict)) for (const o of dict) if (o.label.startsWith('fields.')) used.add(o.label)
        }
      }
    }
    for (const locale of ['zh-cn', 'en'] as const) expect([...used].filter((k) => !labels(locale)[k])).toEqual([])
    expect(Object.keys(CATALOG_FIELD_LABELS.en).sort()).toEqual(Object.keys(CATALOG_FIELD_LABELS['zh-cn']).sort())
  })
})
