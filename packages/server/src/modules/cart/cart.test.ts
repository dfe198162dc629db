// The cart: adds merge by goods and SKU (also concurrently), never past the stock or the line limit; the list groups
// by store and flags what cannot be bought as it is instead of dropping it; quantities and removals touch own lines
// only.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { MAX_CART_LINES } from '@qshop/shared/schemas/cart'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createUser } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { createGoods, leafClasses, sellerWithStore, type Leaf, type TestSeller } from '../catalog/testkit.ts'

let app: FastifyInstance
let leaves: Leaf[]
let teaShop: TestSeller
let shirtShop: TestSeller
/** plain: no SKUs, 10 in stock at 10.00 · shirt: SKUs red (5 at 19.90) and blue (2 at 29.90) · mug: the other store */
let plain: { id: number }
let shirt: { id: number }
let red: { id: number }
let blue: { id: number }
let mug: { id: number }
let me: { id: number; auth: Record<string, string> }
let other: { id: number; auth: Record<string, string> }

async function shopper() {
  const { id } = await createUser(app)
  return { id, auth: bearer(await tokenFor(app, 'user', id)) }
}

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  leaves = await leafClasses(app)
  teaShop = await sellerWithStore(app, leaves)
  shirtShop = await sellerWithStore(app, leaves)
  plain = await createGoods(app, teaShop.storeId, leaves[0].id, { goods_name: '绿茶', goods_price: '10.00', goods_stock: 10 })
  mug = await createGoods(app, teaShop.storeId, leaves[0].id, { goods_name: '茶杯', goods_price: '8.50', goods_stock: 3 })
  shirt = await createGoods(app, shirtShop.storeId, leaves[0].id, { goods_name: 'T恤', goods_price: '19.90', goods_stock: 7 })
  red = await app.db.goods_skus.create({ data: { goods_id: shirt.id, sku_name: '红色,M', goods_price: '19.90', goods_stock: 5, goods_image: '/uploads/red.png' } })
  blue = await app.db.goods_skus.create({ data: { goods_id: shirt.id, sku_name: '蓝色,L', goods_price: '29.90', goods_stock: 2 } })
  me = await shopper()
  other = await shopper()
})
afterAll(async () => app?.close())

const add = (goods_id: number, sku_id: number, buy_num: number | string, auth = me.auth) => http(app).post('/api/user/carts').set(auth).send({ goods_id, sku_id, buy_num })
const cart = async (auth = me.auth) => {
  const res = await http(app).get('/api/user/carts').set(auth)
  expect(res.body.code).toBe(200)
  return res.body.data as { store_id: number; store_name: string; lines: { id: number; goods_id: number; sku_id: number; buy_num: number; state: string }[] }[]
}
const lineIds = async () => (await cart()).flatMap((s) => s.lines.map((l) => l.id))
const cartCount = async (auth = me.auth) => (await http(app).get('/api/cart_count').set(auth)).body.data as number

test('adding the same goods and SKU merges into one line; the answer carries the line and the cart count', async () => {
  const first = await add(plain.id, 0, 2)
  expect(first.body).toMatchObject({ code: 200, msg: '已加入购物车', data: { id: expect.any(Number), cart_count: 1 } })
  const again = await add(plain.id, 0, 3)
  expect(again.body.data).toEqual({ id: first.body.data.id, cart_count: 1 })
  const sku = await add(shirt.id, red.id, 1)
  expect(sku.body.data.cart_count).toBe(2)
  await add(shirt.id, blue.id, '1')
  expect(await app.db.carts.findMany({ where: { user_id: me.id }, select: { goods_id: true, sku_id: true, buy_num: true, store_id: true }, orderBy: { id: 'asc' } })).toEqual([
    { goods_id: plain.id, sku_id: 0, buy_num: 5, store_id: teaShop.storeId },
    { goods_id: shirt.id, sku_id: red.id, buy_num: 1, store_id: shirtShop.storeId },
    { goods_id: shirt.id, sku_id: blue.id, buy_num: 1, store_id: shirtShop.storeId },
  ])
  expect(await cartCount()).toBe(3)
  expect(await cartCount(other.auth)).toBe(0)
})

describe('refused adds write nothing', () => {
  test('a merged quantity above the stock: 402 库存不足, the line keeps its quantity', async () => {
    await add(plain.id, 0, 6)
    const res = await add(plain.id, 0, 5)
    expect([res.status, res.body.code, res.body.msg]).toEqual([200, 402, '库存不足'])
    expect(res.body.data).toEqual({ goods_id: plain.id, sku_id: 0 })
    expect((await app.db.carts.findFirstOrThrow({ where: { user_id: me.id } })).buy_num).toBe(6)
    // The SKU's stock counts, not the goods' total.
    expect((await add(shirt.id, blue.id, 3)).body.code).toBe(402)
    expect((await http(app).post('/api/user/carts').set(me.auth).set('lang', 'en').send({ goods_id: shirt.id, sku_id: blue.id, buy_num: 3 })).body.msg).toBe('Not enough stock.')
    // Past any column: refused as above the stock, never an overflow.
    expect((await add(plain.id, 0, 2147483647)).body.code).toBe(402)
  })

  test.each([
    ['a goods with SKUs without one', () => [shirt.id, 0], '请选择商品规格'],
    ['a SKU of another goods', () => [plain.id, red.id], '该商品规格已不存在'],
    ['a SKU that does not exist', () => [shirt.id, 999999], '该商品规格已不存在'],
    ['a goods that does not exist', () => [999999, 0], '商品已下架或不存在'],
  ])('%s: 402 with its message', async (_name, target, msg) => {
    const [goods, sku] = target()
    const res = await add(goods, sku, 1)
    expect([res.body.code, res.body.msg]).toEqual([402, msg])
    expect(await app.db.carts.count()).toBe(0)
  })

  test.each([
    ['off shelf', async () => app.db.goods.update({ where: { id: plain.id }, data: { goods_status: 0 } })],
    ['waiting for review', async () => app.db.goods.update({ where: { id: plain.id }, data: { goods_verify: 2 } })],
    ['of a closed store', async () => app.db.stores.update({ where: { id: teaShop.storeId }, data: { store_status: 0 } })],
  ])('goods %s: 402 商品已下架或不存在', async (_name, hide) => {
    await hide()
    expect((await add(plain.id, 0, 1)).body).toMatchObject({ code: 402, msg: '商品已下架或不存在' })
    expect(await app.db.carts.count()).toBe(0)
  })

  test.each([
    ['buy_num 0', { goods_id: 1, sku_id: 0, buy_num: 0 }, 'buy_num'],
    ['a fractional buy_num', { goods_id: 1, sku_id: 0, buy_num: 1.5 }, 'buy_num'],
    ['no goods_id', { sku_id: 0, buy_num: 1 }, 'goods_id'],
    ['a negative sku_id', { goods_id: 1, sku_id: -1, buy_num: 1 }, 'sku_id'],
  ])('%s: 400 naming the field', async (_name, body, field) => {
    const res = await http(app).post('/api/user/carts').set(me.auth).send(body)
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.data)).toEqual([field])
    expect(await app.db.carts.count()).toBe(0)
  })

  test('logged out: 401', async () => {
    expect((await http(app).post('/api/user/carts').send({ goods_id: plain.id, buy_num: 1 })).status).toBe(401)
    expect((await http(app).get('/api/user/carts')).status).toBe(401)
  })
})

test('the list groups by store, stores in the order of their newest line, lines newest first, with prices and totals now', async () => {
  await add(plain.id, 0, 2)
  await add(shirt.id, red.id, 3)
  await add(mug.id, 0, 1)
  const stores = await cart()
  expect(stores.map((s) => s.store_id)).toEqual([teaShop.storeId, shirtShop.storeId])
  expect(stores[0]).toMatchObject({ store_name: `store ${teaShop.username}`, store_logo: '' })
  expect(stores[0].lines).toEqual([
    { id: expect.any(Number), goods_id: mug.id, sku_id: 0, goods_name: '茶杯', goods_image: '/uploads/g.png', sku_name: '-', goods_price: '8.50', buy_num: 1, stock: 3, line_total: '8.50', state: 'ok' },
    { id: expect.any(Number), goods_id: plain.id, sku_id: 0, goods_name: '绿茶', goods_image: '/uploads/g.png', sku_name: '-', goods_price: '10.00', buy_num: 2, stock: 10, line_total: '20.00', state: 'ok' },
  ])
  expect(stores[1].lines).toEqual([
    { id: expect.any(Number), goods_id: shirt.id, sku_id: red.id, goods_name: 'T恤', goods_image: '/uploads/red.png', sku_name: '红色,M', goods_price: '19.90', buy_num: 3, stock: 5, line_total: '59.70', state: 'ok' },
  ])
  await app.db.goods_skus.update({ where: { id: red.id }, data: { goods_price: '18.00' } })
  expect((await cart())[1].lines[0]).toMatchObject({ goods_price: '18.00', line_total: '54.00' })
  expect(await cart(other.auth)).toEqual([])
})

test('lines that cannot be bought as they are stay in the list, flagged', async () => {
  await add(plain.id, 0, 4)
  await add(mug.id, 0, 3)
  await add(shirt.id, red.id, 2)
  await add(shirt.id, blue.id, 1)
  const state = async () => Object.fromEntries((await cart()).flatMap((s) => s.lines.map((l) => [`${l.goods_id}:${l.sku_id}`, l.state])))
  const all = (s: string) => ({ [`${plain.id}:0`]: s, [`${mug.id}:0`]: s, [`${shirt.id}:${red.id}`]: s, [`${shirt.id}:${blue.id}`]: s })
  expect(await state()).toEqual(all('ok'))

  await app.db.goods.update({ where: { id: plain.id }, data: { goods_status: 0 } })
  await app.db.goods.update({ where: { id: mug.id }, data: { goods_stock: 2 } })
  await app.db.goods_skus.delete({ where: { id: red.id } })
  await app.db.goods_skus.update({ where: { id: blue.id }, data: { goods_stock: 0 } })
  expect(await state()).toEqual({ [`${plain.id}:0`]: 'off_shelf', [`${mug.id}:0`]: 'short_stock', [`${shirt.id}:${red.id}`]: 'sku_gone', [`${shirt.id}:${blue.id}`]: 'short_stock' })
  const gone = (await cart()).flatMap((s) => s.lines).find((l) => l.sku_id === red.id)
  expect(gone).toMatchObject({ sku_name: '-', stock: 0, goods_price: '19.90' })

  // A goods that gets SKUs: its line without SKU cannot be bought as it is.
  await app.db.goods.update({ where: { id: plain.id }, data: { goods_status: 1 } })
  await app.db.goods_skus.create({ data: { goods_id: plain.id, sku_name: '罐装', goods_price: '12.00', goods_stock: 9 } })
  expect((await state())[`${plain.id}:0`]).toBe('sku_gone')

  // A closed store flags every line of it.
  await app.db.stores.update({ where: { id: shirtShop.storeId }, data: { store_status: 0 } })
  expect((await state())[`${shirt.id}:${blue.id}`]).toBe('off_shelf')
  expect(await cartCount()).toBe(4)
})

describe('changing a quantity', () => {
  test('sets it within the stock; above the stock 402 and unchanged', async () => {
    const { id } = (await add(shirt.id, red.id, 1)).body.data
    expect((await http(app).put(`/api/user/carts/${id}`).set(me.auth).send({ buy_num: 5 })).body).toMatchObject({ code: 200, data: { id, cart_count: 1 } })
    const res = await http(app).put(`/api/user/carts/${id}`).set(me.auth).send({ buy_num: 6 })
    expect(res.body).toMatchObject({ code: 402, msg: '库存不足' })
    expect((await app.db.carts.findUniqueOrThrow({ where: { id } })).buy_num).toBe(5)
    expect((await http(app).put(`/api/user/carts/${id}`).set(me.auth).send({ buy_num: 0 })).status).toBe(400)
  })

  test('a short line can be brought down to the stock; an off-shelf or SKU-less line cannot be changed', async () => {
    const { id } = (await add(plain.id, 0, 8)).body.data
    await app.db.goods.update({ where: { id: plain.id }, data: { goods_stock: 3 } })
    expect((await http(app).put(`/api/user/carts/${id}`).set(me.auth).send({ buy_num: 3 })).body.code).toBe(200)
    await app.db.goods.update({ where: { id: plain.id }, data: { goods_status: 0 } })
    expect((await http(app).put(`/api/user/carts/${id}`).set(me.auth).send({ buy_num: 1 })).body).toMatchObject({ code: 402, msg: '商品已下架或不存在' })
    const sku = (await add(shirt.id, blue.id, 1)).body.data.id
    await app.db.goods_skus.delete({ where: { id: blue.id } })
    expect((await http(app).put(`/api/user/carts/${sku}`).set(me.auth).send({ buy_num: 1 })).body).toMatchObject({ code: 402, msg: '该商品规格已不存在' })
  })
})

test('removing lines: own lines in one batch; one line of another shopper refuses the batch (404) and nothing is removed', async () => {
  const a = (await add(plain.id, 0, 1)).body.data.id
  const b = (await add(mug.id, 0, 1)).body.data.id
  const c = (await add(shirt.id, red.id, 1)).body.data.id
  const theirs = (await add(plain.id, 0, 1, other.auth)).body.data.id

  const refused = await http(app).delete(`/api/user/carts/${a},${theirs}`).set(me.auth)
  expect([refused.status, refused.body.code]).toEqual([404, 404])
  expect(await app.db.carts.count()).toBe(4)

  expect((await http(app).delete(`/api/user/carts/${a},${b},${a}`).set(me.auth)).body).toMatchObject({ code: 200, data: { deleted: 2, cart_count: 1 } })
  expect(await lineIds()).toEqual([c])
  expect(await app.db.carts.count({ where: { user_id: other.id } })).toBe(1)
})

test("another shopper's line by id: 404, and it stays as it was", async () => {
  const theirs = (await add(plain.id, 0, 2, other.auth)).body.data.id
  const before = await app.db.carts.findUniqueOrThrow({ where: { id: theirs } })
  for (const res of [
    await http(app).put(`/api/user/carts/${theirs}`).set(me.auth).send({ buy_num: 1 }),
    await http(app).delete(`/api/user/carts/${theirs}`).set(me.auth),
  ]) expect([res.status, res.body.code]).toEqual([404, 404])
  expect(await app.db.carts.findUniqueOrThrow({ where: { id: theirs } })).toEqual(before)
})

test('concurrent adds of the same goods and SKU end as one line with the summed quantity', async () => {
  const answers = await Promise.all(Array.from({ length: 8 }, () => add(shirt.id, red.id, 1)))
  const fits = answers.filter((r) => r.body.code === 200)
  // 5 in stock: five adds fit, the rest are refused as above the stock.
  expect(fits).toHaveLength(5)
  expect(answers.filter((r) => r.body.code === 402).map((r) => r.body.msg)).toEqual(Array(3).fill('库存不足'))
  expect(new Set(fits.map((r) => r.body.data.id)).size).toBe(1)
  expect(await app.db.carts.findMany({ where: { user_id: me.id }, select: { sku_id: true, buy_num: true } })).toEqual([{ sku_id: red.id, buy_num: 5 }])

  const plainAnswers = await Promise.all(Array.from({ length: 6 }, () => add(plain.id, 0, 1)))
  expect(plainAnswers.map((r) => r.body.code)).toEqual(Array(6).fill(200))
  expect((await app.db.carts.findFirstOrThrow({ where: { user_id: me.id, goods_id: plain.id } })).buy_num).toBe(6)
})

test(`at most ${MAX_CART_LINES} lines: a new line past it is refused, also when added concurrently; merging into a line still works`, async () => {
  await app.db.goods.createMany({
    data: Array.from({ length: MAX_CART_LINES }, (_, i) => ({
      store_id: teaShop.storeId, class_id: leaves[0].id, goods_name: `批量 ${i}`, goods_price: '1.00', goods_stock: 10, goods_status: 1, goods_verify: 1,
    })),
  })
  const extra = await app.db.goods.findMany({ where: { goods_name: { startsWith: '批量' } }, select: { id: true }, orderBy: { id: 'asc' } })
  await app.db.carts.createMany({
    data: extra.slice(0, MAX_CART_LINES - 3).map((g) => ({ user_id: me.id, goods_id: g.id, sku_id: 0, store_id: teaShop.storeId, buy_num: 1 })),
  })
  const answers = await Promise.all(extra.slice(MAX_CART_LINES - 3).concat([plain, mug]).map((g) => add(g.id, 0, 1)))
  expect(answers.filter((r) => r.body.code === 200)).toHaveLength(3)
  expect(answers.filter((r) => r.body.code !== 200).map((r) => [r.body.code, r.body.msg])).toEqual(Array(2).fill([402, `购物车最多放 ${MAX_CART_LINES} 种商品`]))
  expect(await cartCount()).toBe(MAX_CART_LINES)
  expect((await add(extra[0].id, 0, 2)).body.data).toMatchObject({ cart_count: MAX_CART_LINES })
  expect((await app.db.carts.findFirstOrThrow({ where: { user_id: me.id, goods_id: extra[0].id } })).buy_num).toBe(3)
})
