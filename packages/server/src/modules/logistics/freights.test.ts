// Seller freight templates. Every test opens its own stores, so it reads and writes only rows it made; "only the
// store's own" is checked against a second store that has templates of its own.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createSeller } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'

let app: FastifyInstance

beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false })
})
afterAll(() => app.close())

/** A new store owner with a seller token, and its freight-template calls. */
async function newStore() {
  const owner = await createSeller(app)
  const auth = bearer(await tokenFor(app, 'seller', owner.id))
  return {
    storeId: owner.storeId,
    list: (query: Record<string, string | number> = {}) => http(app).get('/api/Seller/freights').query(query).set(auth),
    show: (id: number) => http(app).get(`/api/Seller/freights/${id}`).set(auth),
    create: (body: object) => http(app).post('/api/Seller/freights').set(auth).send(body),
    update: (id: number, body: object) => http(app).put(`/api/Seller/freights/${id}`).set(auth).send(body),
    remove: (ids: number[]) => http(app).delete(`/api/Seller/freights/${ids.join(',')}`).set(auth),
  }
}
type Store = Awaited<ReturnType<typeof newStore>>

async function createdId(store: Store, body: object): Promise<number> {
  const res = await store.create(body)
  expect(res.body.code, res.body.msg).toBe(200)
  return res.body.data.id as number
}

const templatesOf = (storeId: number) => app.db.freights.findMany({ where: { store_id: storeId }, orderBy: { id: 'asc' } })
const listedIds = async (store: Store) => ((await store.list()).body.data.data as { id: number }[]).map((f) => f.id)

describe('seller freight templates', () => {
  test('money and weights are answered with two decimals', async () => {
    const store = await newStore()
    const id = await createdId(store, { name: '默认运费', is_type: 0, f_weight: '1', f_price: '8', o_weight: '0.5', o_price: '2.5' })
    const answered = { id, name: '默认运费', is_type: 0, f_weight: '1.00', f_price: '8.00', o_weight: '0.50', o_price: '2.50' }
    expect((await store.list()).body.data.data).toEqual([expect.objectContaining(answered)])
    expect((await store.show(id)).body.data).toMatchObject(answered)
  })

  test('a store lists, reads, edits and deletes only its own templates; another store’s are 404 and stay unchanged', async () => {
    const mine = await newStore()
    const other = await newStore()
    const own = await createdId(mine, { name: '我的运费', is_type: 1, f_price: '5', area_id: '11' })
    const theirs = await createdId(other, { name: '他店运费', is_type: 1, f_price: '9', area_id: '31' })
    const theirsBefore = await templatesOf(other.storeId)

    expect(await listedIds(mine)).toEqual([own])
    expect(await listedIds(other)).toEqual([theirs])
    // a store_id filter cannot widen the scope
    expect((await mine.list({ store_id: other.storeId })).status).toBe(400)

    expect((await mine.show(theirs)).status).toBe(404)
    expect((await mine.update(theirs, { name: '改走了', f_price: '0' })).status).toBe(404)
    expect((await mine.remove([theirs])).status).toBe(404)
    // a batch holding a foreign id is refused whole: the own template stays too
    expect((await mine.remove([own, theirs])).status).toBe(404)
    expect(await templatesOf(other.storeId)).toEqual(theirsBefore)
    expect((await templatesOf(mine.storeId)).map((f) => f.id)).toEqual([own])

    expect((await mine.remove([own])).body.code).toBe(200)
    expect(await templatesOf(mine.storeId)).toEqual([])
    expect(await templatesOf(other.storeId)).toEqual(theirsBefore)
  })

  test('a new default template demotes the store’s previous default, and no other store’s', async () => {
    const mine = await newStore()
    const other = await newStore()
    const otherDefault = await createdId(other, { name: '他店默认', is_type: 0, f_price: '7' })
    await createdId(mine, { name: '旧默认', is_type: 0, f_price: '8' })
    const regional = await createdId(mine, { name: '江浙沪', is_type: 1, f_price: '3', area_id: '31,32,33' })

    await createdId(mine, { name: '新默认', is_type: 0, f_price: '6' })
    const defaults = async (storeId: number) => (await templatesOf(storeId)).filter((f) => f.is_type === 0).map((f) => f.name)
    expect(await defaults(mine.storeId)).toEqual(['新默认'])

    // an edit that makes a regional template the default demotes the current one the same way
    expect((await mine.update(regional, { is_type: 0 })).body.code).toBe(200)
    expect(await defaults(mine.storeId)).toEqual(['江浙沪'])

    expect(await templatesOf(other.storeId)).toEqual([expect.objectContaining({ id: otherDefault, is_type: 0 })])
  })

  test('a negative price or malformed province list is refused and nothing is written', async () => {
    const store = await newStore()
    const before = await app.db.freights.count()
    const res = await store.create({ name: 'bad', f_price: '-1', area_id: '11,x' })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.data).sort()).toEqual(['area_id', 'f_price'])
    expect(await app.db.freights.count()).toBe(before)
  })

  test('a template used by goods cannot be deleted; an unused one can', async () => {
    const store = await newStore()
    const used = await createdId(store, { name: '商品在用', is_type: 0, f_price: '6' })
    const unused = await createdId(store, { name: '无人使用', is_type: 1, f_price: '6', area_id: '11' })
    const cls = await app.db.goods_classes.findFirstOrThrow()
    await app.db.goods.create({ data: { store_id: store.storeId, class_id: cls.id, goods_name: 'uses template', freight_id: used } })

    expect((await store.remove([used])).body).toMatchObject({ code: 402 })
    expect((await store.remove([used, unused])).body).toMatchObject({ code: 402 })
    expect((await templatesOf(store.storeId)).map((f) => f.id)).toEqual([used, unused])

    expect((await store.remove([unused])).body.code).toBe(200)
    expect((await templatesOf(store.storeId)).map((f) => f.id)).toEqual([used])
  })
})
