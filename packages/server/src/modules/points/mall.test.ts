// The points mall: the admin's categories, goods (stock changed through the inventory module) and orders with shipping;
// the storefront's reads; redemption — stock and points taken together or not at all, exactly once per key, exact
// under 50 concurrent redemptions; and the shopper's own orders.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createUser } from '../../../test/factories.ts'
import { post } from '../../core/ledger.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { tokenFor } from '../rbac/testkit.ts'

let app: FastifyInstance
let admin: Record<string, string>
let keys = 0

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  admin = bearer(await tokenFor(app, 'admin', (await createAdmin(app, { is_super: 1 })).id))
})
afterAll(async () => app?.close())

async function mallGoods(fields: { price?: number; stock?: number; status?: number; recommend?: number } = {}) {
  const cls = await http(app).post('/api/Admin/integral_goods_classes').set(admin).send({ name: `class ${++keys}` })
  expect(cls.body.code).toBe(200)
  const res = await http(app).post('/api/Admin/integral_goods').set(admin).send({
    goods_name: `gift ${keys}`, cid: cls.body.data.id, goods_price: fields.price ?? 100, goods_market_price: '19.90',
    goods_status: fields.status ?? 1, is_recommend: fields.recommend ?? 0, stock_delta: fields.stock ?? 10, goods_master_image: '/uploads/gift.png',
  })
  expect(res.body.code).toBe(200)
  return { id: res.body.data.id as number, cid: cls.body.data.id as number }
}

async function shopperWith(points: number) {
  const user = await createUser(app)
  if (points)
    await runUnit(app, (tx) => post(tx, { owner: { kind: 'user', id: user.id }, account: 'points', amount: points, reason: 'system', source: { type: 'admin', id: 0 }, idemKey: 'topup' }))
  const address = await app.db.addresses.create({ data: { user_id: user.id, receive_name: 'Li', receive_tel: '13800138000', province_id: 1, city_id: 2, region_id: 3, area_info: 'A B C', address: 'Street 1' } })
  return { id: user.id, auth: bearer(await tokenFor(app, 'user', user.id)), addressId: address.id }
}

const pay = (auth: Record<string, string>, body: object, key = `k${++keys}`) => http(app).post('/api/integral/pay').set(auth).set('Idempotency-Key', key).send(body)
const stockOf = async (id: number) => (await app.db.integral_goods.findUniqueOrThrow({ where: { id } })).goods_stock
const integralOf = async (id: number) => (await app.db.users.findUniqueOrThrow({ where: { id } })).integral

describe('the admin', () => {
  test('creates goods whose stock goes through the inventory module, and changes it by a delta never below 0', async () => {
    const g = await mallGoods({ stock: 10 })
    expect(await stockOf(g.id)).toBe(10)
    expect((await http(app).put(`/api/Admin/integral_goods/${g.id}`).set(admin).send({ stock_delta: -4 })).body.code).toBe(200)
    expect(await stockOf(g.id)).toBe(6)
    const short = await http(app).put(`/api/Admin/integral_goods/${g.id}`).set(admin).send({ stock_delta: -7, goods_name: 'renamed' })
    expect(short.body).toMatchObject({ code: 402, msg: '库存不足' })
    expect(await app.db.integral_goods.findUniqueOrThrow({ where: { id: g.id } })).toMatchObject({ goods_stock: 6, goods_name: `gift ${keys}` })
    // the edit form sends the change blank when the stock is left alone
    expect((await http(app).put(`/api/Admin/integral_goods/${g.id}`).set(admin).send({ stock_delta: '', goods_subname: 'sub' })).body.code).toBe(200)
    expect(await app.db.integral_goods.findUniqueOrThrow({ where: { id: g.id } })).toMatchObject({ goods_stock: 6, goods_subname: 'sub' })
    // the stock is never a column input
    expect((await http(app).put(`/api/Admin/integral_goods/${g.id}`).set(admin).send({ goods_stock: 99 })).status).toBe(400)
    // a goods needs an existing category
    const bad = await http(app).post('/api/Admin/integral_goods').set(admin).send({ goods_name: 'x', cid: 999999, goods_price: 1 })
    expect(bad.status).toBe(400)
    expect(bad.body.data).toEqual({ cid: '积分分类不存在' })
  })

  test('ships a paid order once, with a known carrier; a category with goods and a goods with orders are not deleted', async () => {
    const g = await mallGoods()
    const s = await shopperWith(500)
    const { order_id } = (await pay(s.auth, { id: g.id, buy_num: 1, address_id: s.addressId })).body.data
    expect(await app.db.expresses.count({ where: { code: 'sf' } })).toBe(1) // seeded
    const ship = (body: object) => http(app).put(`/api/Admin/integral_orders/${order_id}/ship`).set(admin).send(body)
    expect((await ship({ delivery_code: 'nope', delivery_no: 'SF1' })).body.code).toBe(402)
    const [a, b] = await Promise.all([ship({ delivery_code: 'sf', delivery_no: 'SF100' }), ship({ delivery_code: 'sf', delivery_no: 'SF200' })])
    expect([a.body.code, b.body.code].sort()).toEqual([200, 402])
    const order = await app.db.integral_orders.findUniqueOrThrow({ where: { id: order_id } })
    expect(order).toMatchObject({ order_status: 2, delivery_code: 'sf' })
    expect(order.delivery_time).not.toBeNull()
    expect((await http(app).put('/api/Admin/integral_orders/999999/ship').set(admin).send({ delivery_code: 'sf', delivery_no: 'SF1' })).status).toBe(404)
    const list = await http(app).get('/api/Admin/integral_orders?order_status=2').set(admin)
    expect(list.body.data.data.map((r: { id: number }) => r.id)).toEqual([order_id])

    expect((await http(app).delete(`/api/Admin/integral_goods_classes/${g.cid}`).set(admin)).body.code).toBe(402)
    expect((await http(app).delete(`/api/Admin/integral_goods/${g.id}`).set(admin)).body).toMatchObject({ code: 402, msg: '该积分商品已有兑换订单，不能删除，可将其下架' })
  })
})

describe('the storefront', () => {
  test('reads the home, categories, search and one goods: on-shelf goods only', async () => {
    const on = await mallGoods({ recommend: 1, price: 300 })
    const off = await mallGoods({ status: 0 })
    const home = (await http(app).get('/api/integral/home')).body.data
    expect(home.recommends.map((g: { id: number }) => g.id)).toEqual([on.id])
    expect(home.classes.map((c: { id: number }) => c.id)).toEqual([on.cid])
    expect((await http(app).get('/api/integral/class')).body.data).toHaveLength(2)
    const search = (await http(app).get(`/api/integral/goods?keywords=gift&sort_type=goods_price&sort_order=asc`)).body.data
    expect(search).toMatchObject({ total: 1, current_page: 1 })
    expect(search.data[0]).toMatchObject({ id: on.id, goods_price: 300, goods_stock: 10, goods_market_price: '19.90' })
    expect((await http(app).get(`/api/integral/goods/${on.id}`)).body.data).toMatchObject({ id: on.id, goods_images: ['/uploads/gift.png'] })
    expect((await http(app).get(`/api/integral/goods/${off.id}`)).status).toBe(404)
    expect((await http(app).get('/api/integral/goods?sort_type=secret')).status).toBe(400)
  })
})

describe('redeeming', () => {
  test('takes stock and points together, records the order, and answers a repeat of the key with the same order', async () => {
    const g = await mallGoods({ price: 120, stock: 5 })
    const s = await shopperWith(500)
    const first = await pay(s.auth, { id: g.id, buy_num: 2, address_id: s.addressId }, 'same')
    expect(first.body.code).toBe(200)
    const again = await pay(s.auth, { id: g.id, buy_num: 2, address_id: s.addressId }, 'same')
    expect(again.body.data).toEqual(first.body.data)
    expect(await stockOf(g.id)).toBe(3)
    expect(await integralOf(s.id)).toBe(260)
    const order = await app.db.integral_orders.findUniqueOrThrow({ where: { id: first.body.data.order_id }, include: { integral_order_goods: true } })
    expect(order).toMatchObject({ user_id: s.id, total_price: 240, order_status: 1, receive_name: 'Li', receive_area: 'A B C' })
    expect(order.integral_order_goods).toEqual([expect.objectContaining({ goods_id: g.id, buy_num: 2, goods_price: 120, total_price: 240 })])
    const rows = await app.db.money_logs.findMany({ where: { user_id: s.id, is_type: 2, ename: 'points_order' } })
    expect(rows.map((r) => [Number(r.money), r.idem_key])).toEqual([[-240, `integral_order:${order.id}`]])
    expect((await app.db.integral_goods.findUniqueOrThrow({ where: { id: g.id } })).goods_sale).toBe(2)
  })

  test.each([
    ['not enough points', { points: 199, stock: 5, buy: 2 }, '积分不足'],
    ['not enough stock', { points: 1000, stock: 1, buy: 2 }, '库存不足'],
  ])('%s changes nothing', async (_name, c, msg) => {
    const g = await mallGoods({ price: 100, stock: c.stock })
    const s = await shopperWith(c.points)
    const res = await pay(s.auth, { id: g.id, buy_num: c.buy, address_id: s.addressId })
    expect(res.body).toMatchObject({ code: 402, msg })
    expect(await stockOf(g.id)).toBe(c.stock)
    expect(await integralOf(s.id)).toBe(c.points)
    expect(await app.db.integral_orders.count()).toBe(0)
    expect(await app.db.idempotency_keys.count({ where: { area: 'integral_pay' } })).toBe(0)
  })

  test('an off-shelf goods, another shopper’s address and bad numbers are refused', async () => {
    const off = await mallGoods({ status: 0 })
    const on = await mallGoods()
    const s = await shopperWith(1000)
    const other = await shopperWith(0)
    expect((await pay(s.auth, { id: off.id, buy_num: 1, address_id: s.addressId })).body).toMatchObject({ code: 402, msg: '积分商品不存在或已下架' })
    expect((await pay(s.auth, { id: on.id, buy_num: 1, address_id: other.addressId })).body).toMatchObject({ code: 402, msg: '收货地址不存在' })
    expect((await pay(s.auth, { id: on.id, buy_num: -1, address_id: s.addressId })).status).toBe(400)
    expect((await pay(s.auth, { id: on.id, buy_num: 0, address_id: s.addressId })).status).toBe(400)
    expect((await http(app).post('/api/integral/pay').set(s.auth).send({ id: on.id, buy_num: 1, address_id: s.addressId })).status).toBe(400)
    expect(await integralOf(s.id)).toBe(1000)
    expect(await stockOf(on.id)).toBe(10)
  })

  test('50 concurrent redemptions of a goods with stock 10: exactly 10 orders, points debited exactly, stock 0', async () => {
    const g = await mallGoods({ price: 100, stock: 10 })
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => shopperWith(1000)))
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => pay(shoppers[i % 10].auth, { id: g.id, buy_num: 1, address_id: shoppers[i % 10].addressId })))
    const codes = answers.map((a) => a.body.code)
    expect(codes.filter((c) => c === 200)).toHaveLength(10)
    expect(codes.filter((c) => c === 402)).toHaveLength(40)
    expect(await stockOf(g.id)).toBe(0)
    expect(await app.db.integral_orders.count()).toBe(10)
    const left = await Promise.all(shoppers.map((s) => integralOf(s.id)))
    expect(left.reduce((a, b) => a + b, 0)).toBe(10 * 1000 - 10 * 100)
    for (const s of shoppers) {
      const orders = await app.db.integral_orders.count({ where: { user_id: s.id } })
      expect(await integralOf(s.id)).toBe(1000 - orders * 100)
    }
    const debits = await app.db.money_logs.findMany({ where: { is_type: 2, ename: 'points_order' } })
    expect(debits).toHaveLength(10)
    expect(debits.reduce((n, r) => n + Number(r.money), 0)).toBe(-1000)
  })
})

test('a shopper lists and reads their own points orders only', async () => {
  const g = await mallGoods()
  const a = await shopperWith(1000)
  const b = await shopperWith(1000)
  const mine = (await pay(a.auth, { id: g.id, buy_num: 3, address_id: a.addressId })).body.data.order_id
  await pay(b.auth, { id: g.id, buy_num: 1, address_id: b.addressId })
  const list = (await http(app).get('/api/user/integral_orders').set(a.auth)).body.data
  expect(list).toMatchObject({ total: 1 })
  expect(list.data[0]).toMatchObject({ id: mine, buy_num: 3, total_price: 300, order_status: 1 })
  expect((await http(app).get(`/api/user/integral_orders/${mine}`).set(a.auth)).body.data).toMatchObject({ id: mine, receive_tel: '13800138000' })
  expect((await http(app).get(`/api/user/integral_orders/${mine}`).set(b.auth)).status).toBe(404)
  expect((await http(app).get('/api/user/integral_orders')).status).toBe(401)
})
