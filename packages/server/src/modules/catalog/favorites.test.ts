// Favourites: the toggle and goods.goods_collect, is_fav, the list of what is still visible, removal of own rows only.
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createUser } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { createGoods, leafClasses, sellerWithStore, type TestSeller } from './testkit.ts'

let app: FastifyInstance
let store: TestSeller
let goods: { id: number }[]
let me: Record<string, string>
let other: Record<string, string>

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  const leaves = await leafClasses(app)
  store = await sellerWithStore(app, leaves)
  goods = [await createGoods(app, store.storeId, leaves[0].id), await createGoods(app, store.storeId, leaves[0].id)]
  me = bearer(await tokenFor(app, 'user', (await createUser(app)).id))
  other = bearer(await tokenFor(app, 'user', (await createUser(app)).id))
})
afterAll(async () => app?.close())

const toggle = (out_id: number, is_type = 0, auth = me) => http(app).post('/api/user/favorites').set(auth).send({ out_id, is_type })
const isFav = (out_id: number, is_type = 0, auth: Record<string, string> = me) => http(app).get('/api/is_fav').query({ out_id, is_type }).set(auth)
const collect = async (id: number) => (await app.db.goods.findUniqueOrThrow({ where: { id } })).goods_collect

test('toggling adds and removes, moves goods_collect, and is_fav follows (false when logged out)', async () => {
  expect((await toggle(goods[0].id)).body).toMatchObject({ code: 200, data: { is_fav: true } })
  await toggle(goods[0].id, 0, other)
  expect(await collect(goods[0].id)).toBe(2)
  expect((await isFav(goods[0].id)).body.data).toBe(true)
  expect((await http(app).get('/api/is_fav').query({ out_id: goods[0].id })).body.data).toBe(false)
  expect((await http(app).get(`/api/goods/${goods[0].id}`)).body.data.goods_collect).toBe(2)

  expect((await toggle(goods[0].id)).body.data).toEqual({ is_fav: false })
  expect(await collect(goods[0].id)).toBe(1)
  expect((await isFav(goods[0].id)).body.data).toBe(false)
  expect((await http(app).get(`/api/goods/${goods[0].id}`)).body.data.goods_collect).toBe(1)
})

test('concurrent toggles never make the counter negative or count twice', async () => {
  await Promise.all(Array.from({ length: 6 }, () => toggle(goods[1].id)))
  const rows = await app.db.favorites.count({ where: { out_id: goods[1].id, is_type: 0 } })
  expect(await collect(goods[1].id)).toBe(rows)
})

test('following a store; the lists hold what is still visible, newest first', async () => {
  await toggle(goods[0].id)
  await toggle(goods[1].id)
  await toggle(store.storeId, 1)
  const list = await http(app).get('/api/user/favorites').set(me)
  expect(list.body.data).toMatchObject({ total: 2, data: [{ out_id: goods[1].id, goods: { id: goods[1].id } }, { out_id: goods[0].id }] })
  const stores = await http(app).get('/api/user/favorites').query({ is_type: 1 }).set(me)
  expect(stores.body.data.data).toEqual([expect.objectContaining({ out_id: store.storeId, store: expect.objectContaining({ id: store.storeId, store_name: expect.any(String) }) })])
  expect(stores.body.data.data[0].store).not.toHaveProperty('id_card_no')

  await app.db.goods.update({ where: { id: goods[1].id }, data: { goods_status: 0 } })
  const after = await http(app).get('/api/user/favorites').set(me)
  expect(after.body.data.data.map((f: { out_id: number }) => f.out_id)).toEqual([goods[0].id])
  expect((await http(app).get('/api/user/favorites').set(other)).body.data.total).toBe(0)
})

test('removing by row id: own rows only, counters follow', async () => {
  await toggle(goods[0].id)
  await toggle(goods[1].id, 0, other)
  const mine = await app.db.favorites.findFirstOrThrow({ where: { out_id: goods[0].id } })
  const theirs = await app.db.favorites.findFirstOrThrow({ where: { out_id: goods[1].id } })
  expect((await http(app).delete(`/api/user/favorites/${mine.id},${theirs.id}`).set(me)).status).toBe(404)
  expect(await app.db.favorites.count()).toBe(2)
  expect((await http(app).delete(`/api/user/favorites/${mine.id}`).set(me)).body.code).toBe(200)
  expect(await app.db.favorites.count()).toBe(1)
  expect(await collect(goods[0].id)).toBe(0)
})

test('logged-out shoppers cannot favourite; unknown fields are refused', async () => {
  expect((await http(app).post('/api/user/favorites').send({ out_id: goods[0].id })).status).toBe(401)
  expect((await http(app).post('/api/user/favorites').set(me).send({ out_id: goods[0].id, user_id: 5 })).status).toBe(400)
  expect((await toggle(goods[0].id, 2)).status).toBe(400)
})
