// The shared storefront data: category tree, brands, site config, ip, cart count, lazy area cascader.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { invalidateConfig } from '../../core/configs.ts'
import { invalidateCatalogCache } from './service.ts'
import { invalidateAreaCache } from '../content/areas.ts'

let app: FastifyInstance

beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false, areas: false })
})
afterAll(async () => {
  await app.close()
})
beforeEach(async () => {
  // Each test builds the catalog and areas it asserts on.
  await app.db.carts.deleteMany()
  await app.db.goods.deleteMany()
  await app.db.goods_classes.deleteMany()
  await app.db.goods_brands.deleteMany()
  await app.db.areas.deleteMany()
  await invalidateCatalogCache(app)
  await invalidateAreaCache(app)
})

async function shopperToken(username: string) {
  const user = await app.db.users.create({ data: { username, password: 'unused: tokens are issued directly' } })
  const pair = await app.tokens.issue('user', user.id, { ip: '127.0.0.1', headers: {} } as FastifyRequest)
  return { user, token: pair.access_token }
}

/** Phones (sort 2) and Clothes (sort 1) with children in both orders, and a 4th level that is not part of the tree. */
async function makeCatalog() {
  const c = (name: string, pid = 0, is_sort = 0) => app.db.goods_classes.create({ data: { name, pid, is_sort, thumb: `/t/${name}.png` } })
  const phones = await c('Phones', 0, 2)
  const clothes = await c('Clothes', 0, 1)
  const mobile = await c('Mobile', phones.id, 0)
  const smart = await c('Smartphones', mobile.id, 5)
  const rugged = await c('Rugged', mobile.id, 1)
  const tooDeep = await c('TooDeep', smart.id)
  const men = await c('Men', clothes.id)
  const bOld = await app.db.goods_brands.create({ data: { name: 'Zeta', thumb: '/b/z.png', is_sort: 3 } })
  const bNew = await app.db.goods_brands.create({ data: { name: 'Alpha', thumb: '/b/a.png', is_sort: 1 } })
  return { phones, clothes, mobile, smart, rugged, tooDeep, men, bOld, bNew }
}

describe('GET /api/common', () => {
  it('answers the 3-level category tree, brands, site config, client ip and cart 0 to a visitor', async () => {
    const k = await makeCatalog()
    await app.db.configs.update({ where: { name: 'web_name' }, data: { content: 'Probe Shop' } })
    await app.db.configs.update({ where: { name: 'map' }, data: { content: JSON.stringify({ key: 'amap-web-key', jsapi: '', security: 'map-secret' }) } })
    await Promise.all(['web_name', 'map'].map((name) => invalidateConfig(app, name)))
    const res = await http(app).get('/api/common')
    expect(res.status).toBe(200)
    expect(res.body.code).toBe(200)
    const { classes, brands, common, ip, cart } = res.body.data
    const node = (r: { id: number; name: string; pid: number }, children: unknown[]) => ({ id: r.id, name: r.name, pid: r.pid, thumb: `/t/${r.name}.png`, children })
    expect(classes).toEqual([
      node(k.clothes, [node(k.men, [])]),
      node(k.phones, [node(k.mobile, [node(k.rugged, []), node(k.smart, [])])]),
    ])
    expect(JSON.stringify(classes)).not.toContain('TooDeep')
    expect(brands).toEqual([
      { id: k.bNew.id, name: 'Alpha', thumb: '/b/a.png' },
      { id: k.bOld.id, name: 'Zeta', thumb: '/b/z.png' },
    ])
    expect(common).toMatchObject({ web_name: 'Probe Shop', close_status: 0, amap: { key: 'amap-web-key', jsapi: '' } })
    expect(JSON.stringify(common)).not.toContain('map-secret')
    expect(ip).toMatch(/127\.0\.0\.1$/)
    expect(cart).toBe(0)
  })

  it("counts the logged-in shopper's cart lines (not other shoppers'), and ignores a bad token", async () => {
    const k = await makeCatalog()
    const { user, token } = await shopperToken('buyer')
    const other = await shopperToken('other')
    const owner = await app.db.users.create({ data: { username: 'seller', password: 'x' } })
    const store = await app.db.stores.create({ data: { user_id: owner.id, store_name: 'S' } })
    const goods = await Promise.all(
      ['A', 'B', 'C'].map((n) => app.db.goods.create({ data: { goods_name: n, class_id: k.smart.id, store_id: store.id } })),
    )
    await app.db.carts.createMany({
      data: [
        { user_id: user.id, goods_id: goods[0].id, store_id: store.id, buy_num: 3 },
        { user_id: user.id, goods_id: goods[1].id, store_id: store.id, buy_num: 1 },
        { user_id: other.user.id, goods_id: goods[2].id, store_id: store.id },
      ],
    })

    expect((await http(app).get('/api/common').set(bearer(token))).body.data.cart).toBe(2)
    expect((await http(app).get('/api/cart_count').set(bearer(token))).body).toEqual({ code: 200, msg: '操作成功', data: 2 })
    expect((await http(app).get('/api/cart_count').set(bearer(other.token))).body.data).toBe(1)
    expect((await http(app).get('/api/cart_count')).body.data).toBe(0)

    const bad = await http(app).get('/api/common').set(bearer('not-a-jwt'))
    expect(bad.status).toBe(200)
    expect(bad.body.data.cart).toBe(0)
  })

  it('serves the tree and brands from Redis until a catalog write invalidates them', async () => {
    const k = await makeCatalog()
    await http(app).get('/api/common').expect(200)
    expect(await app.redis.hkeys(app.key('catalog'))).toEqual(expect.arrayContaining(['classes', 'brands']))

    await app.db.goods_classes.update({ where: { id: k.phones.id }, data: { name: 'Renamed' } })
    await app.db.goods_brands.create({ data: { name: 'Beta' } })
    const stale = (await http(app).get('/api/common')).body.data
    expect(stale.classes[1].name).toBe('Phones')
    expect(stale.brands).toHaveLength(2)

    await invalidateCatalogCache(app)
    const fresh = (await http(app).get('/api/common')).body.data
    expect(fresh.classes[1].name).toBe('Renamed')
    expect(fresh.brands.map((b: { name: string }) => b.name)).toEqual(['Beta', 'Alpha', 'Zeta'])
  })
})

describe('GET /api/load_goods_classes', () => {
  it('answers the same tree as /api/common', async () => {
    await makeCatalog()
    const tree = await http(app).get('/api/load_goods_classes')
    expect(tree.body.code).toBe(200)
    expect(tree.body.data).toEqual((await http(app).get('/api/common')).body.data.classes)
    expect(tree.body.data[1].children[0].children).toHaveLength(2)
  })

  it('answers an empty tree when there are no categories', async () => {
    expect((await http(app).get('/api/load_goods_classes')).body.data).toEqual([])
  })
})

describe('GET /api/load_areas (lazy cascader)', () => {
  async function makeAreas() {
    const a = (name: string, code: string, pid: string, deep: number) => app.db.areas.create({ data: { name, code, pid, deep } })
    const beijing = await a('北京市', '110000', '0', 0)
    const tianjin = await a('天津市', '120000', '0', 0)
    const city = await a('北京市辖区', '110100', '110000', 1)
    const dongcheng = await a('东城区', '110101', '110100', 2)
    const xicheng = await a('西城区', '110102', '110100', 2)
    return { beijing, tianjin, city, dongcheng, xicheng }
  }

  it('answers provinces for pid=0 and the children of an area named by its id', async () => {
    const k = await makeAreas()
    const roots = await http(app).get('/api/load_areas?pid=0')
    expect(roots.body).toMatchObject({ code: 200 })
    expect(roots.body.data).toEqual([
      { id: k.beijing.id, name: '北京市', code: '110000', pid: '0', deep: 0, has_children: true },
      { id: k.tianjin.id, name: '天津市', code: '120000', pid: '0', deep: 0, has_children: false },
    ])
    expect((await http(app).get('/api/load_areas')).body.data).toEqual(roots.body.data)

    const cities = (await http(app).get(`/api/load_areas?pid=${k.beijing.id}`)).body.data
    expect(cities).toEqual([{ id: k.city.id, name: '北京市辖区', code: '110100', pid: '110000', deep: 1, has_children: true }])
    const districts = (await http(app).get(`/api/load_areas?pid=${k.city.id}`)).body.data
    expect(districts.map((d: { name: string; has_children: boolean }) => [d.name, d.has_children])).toEqual([
      ['东城区', false],
      ['西城区', false],
    ])
    expect((await http(app).get(`/api/load_areas?pid=${k.dongcheng.id}`)).body.data).toEqual([])
  })

  it('refuses an unknown parent id (404), a non-numeric pid and unknown parameters (400)', async () => {
    await makeAreas()
    const unknown = await http(app).get('/api/load_areas?pid=999999')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ code: 404, data: null })
    const bad = await http(app).get('/api/load_areas?pid=abc')
    expect(bad.status).toBe(400)
    expect(bad.body.data).toHaveProperty('pid')
    const extra = await http(app).get('/api/load_areas?pid=0&deep=2')
    expect(extra.status).toBe(400)
    expect(extra.body.data).toHaveProperty('deep')
  })

  it('caches answers per parent until the area cache is invalidated', async () => {
    const k = await makeAreas()
    await http(app).get('/api/load_areas?pid=0').expect(200)
    await app.db.areas.update({ where: { id: k.tianjin.id }, data: { name: '天津' } })
    expect((await http(app).get('/api/load_areas?pid=0')).body.data[1].name).toBe('天津市')
    await invalidateAreaCache(app)
    expect((await http(app).get('/api/load_areas?pid=0')).body.data[1].name).toBe('天津')
  })
})
