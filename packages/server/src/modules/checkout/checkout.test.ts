// Checkout: the preview's money and freight per store; orders created once per Idempotency-Key with their snapshots,
// the stock taken, the cart lines removed and the cancel staged; every refusal writes nothing; and concurrent
// checkouts never sell more than the stock.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createUser } from '../../../test/factories.ts'
import { invalidateConfig } from '../../core/configs.ts'
import { tokenFor, tokensFor } from '../rbac/testkit.ts'
import { createGoods, leafClasses, sellerWithStore, type Leaf, type TestSeller } from '../catalog/testkit.ts'
import { priceCheckout } from './pricing.ts'

const BEIJING = 110000
const TIBET = 540000

let app: FastifyInstance
let leaves: Leaf[]
let teaShop: TestSeller
let shirtShop: TestSeller
/** teaShop: plain (no SKUs, 10 at 10.00, 0.50 kg, remote template), mug (3 at 8.50, free shipping) ·
 *  shirtShop: shirt with SKUs red (5 at 19.90) and blue (2 at 29.90), 0.30 kg */
let plain: { id: number }
let mug: { id: number }
let shirt: { id: number }
let red: { id: number }
let blue: { id: number }
type Shopper = { id: number; auth: Record<string, string>; home: number; remote: number }
let me: Shopper
let other: Shopper

async function shopper(): Promise<Shopper> {
  const { id } = await createUser(app)
  const address = (province_id: number, is_default: number) =>
    app.db.addresses.create({
      data: { user_id: id, receive_name: '李雷', receive_tel: '13800138000', province_id, city_id: 1, region_id: 2, area_info: '某省 某市 某区', address: '一路 1 号', is_default, default_key: is_default ? id : null },
    })
  const home = await address(BEIJING, 1)
  const remote = await address(TIBET, 0)
  return { id, auth: bearer(await tokenFor(app, 'user', id)), home: home.id, remote: remote.id }
}

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  leaves = await leafClasses(app)
  teaShop = await sellerWithStore(app, leaves)
  shirtShop = await sellerWithStore(app, leaves)
  await app.db.freights.create({ data: { store_id: teaShop.storeId, name: '默认', f_weight: '1.00', f_price: '10.00', o_weight: '1.00', o_price: '5.00', is_type: 0 } })
  const remote = await app.db.freights.create({
    data: { store_id: teaShop.storeId, name: '偏远', f_weight: '0.50', f_price: '20.00', o_weight: '0.50', o_price: '8.00', area_id: `${TIBET}`, is_type: 1 },
  })
  await app.db.freights.create({ data: { store_id: shirtShop.storeId, name: '包邮以外', f_weight: '0', f_price: '6.00', is_type: 0 } })
  plain = await createGoods(app, teaShop.storeId, leaves[0].id, { goods_name: '绿茶', goods_price: '10.00', goods_stock: 10 })
  await app.db.goods.update({ where: { id: plain.id }, data: { goods_weight: '0.50', freight_id: remote.id } })
  mug = await createGoods(app, teaShop.storeId, leaves[0].id, { goods_name: '茶杯', goods_price: '8.50', goods_stock: 3 })
  await app.db.goods.update({ where: { id: mug.id }, data: { goods_weight: '0.40', freight_id: -1 } })
  shirt = await createGoods(app, shirtShop.storeId, leaves[0].id, { goods_name: 'T恤', goods_price: '19.90', goods_stock: 7 })
  red = await app.db.goods_skus.create({ data: { goods_id: shirt.id, sku_name: '红色,M', goods_price: '19.90', goods_stock: 5, goods_weight: '0.30', goods_image: '/uploads/red.png' } })
  blue = await app.db.goods_skus.create({ data: { goods_id: shirt.id, sku_name: '蓝色,L', goods_price: '29.90', goods_stock: 2, goods_weight: '0.30' } })
  me = await shopper()
  other = await shopper()
})
afterAll(async () => app?.close())

type Line = { goods_id: number; sku_id?: number; buy_num: number | string; cart_id?: number }
const before = (body: object, auth = me.auth) => http(app).post('/api/user/order/before').set(auth).send(body)
let keys = 0
const create = (body: object, opts: { auth?: Record<string, string>; key?: string | null } = {}) => {
  const req = http(app).post('/api/user/order/create').set(opts.auth ?? me.auth)
  const key = opts.key === undefined ? `k${++keys}` : opts.key
  return (key === null ? req : req.set('Idempotency-Key', key)).send(body)
}
const twoStores = (): Line[] => [
  { goods_id: plain.id, sku_id: 0, buy_num: 2 },
  { goods_id: mug.id, buy_num: 1 },
  { goods_id: shirt.id, sku_id: red.id, buy_num: 2 },
]
/** Rows a refused checkout must leave as they were. */
const snapshot = async () => ({
  orders: await app.db.orders.count(),
  order_goods: await app.db.order_goods.count(),
  outbox: await app.db.outbox.count(),
  idempotency: await app.db.idempotency_keys.count(),
  carts: await app.db.carts.count(),
  stock: await app.db.goods.findMany({ select: { id: true, goods_stock: true }, orderBy: { id: 'asc' } }),
  skus: await app.db.goods_skus.findMany({ select: { id: true, goods_stock: true }, orderBy: { id: 'asc' } }),
})

describe('preview', () => {
  test('two stores: lines, freight to the default address, totals per store and in all', async () => {
    const res = await before({ order: twoStores(), ifcart: 0 })
    expect(res.body.code).toBe(200)
    const data = res.body.data
    expect(data.address).toMatchObject({ id: me.home, province_id: BEIJING, is_default: 1 })
    expect(data.stores).toMatchObject([
      {
        store_id: teaShop.storeId,
        lines: [
          { goods_id: plain.id, sku_id: 0, cart_id: null, goods_name: '绿茶', sku_name: '-', goods_price: '10.00', buy_num: 2, total_price: '20.00', total_weight: '1.00', discount_money: '0.00' },
          { goods_id: mug.id, sku_id: 0, goods_price: '8.50', buy_num: 1, total_price: '8.50', total_weight: '0.40' },
        ],
        // the remote template does not cover Beijing: the default's 10.00 for 1 kg; the mug ships free
        order_price: '28.50', freight_money: '10.00', discount_money: '0.00', total_price: '38.50',
      },
      {
        store_id: shirtShop.storeId,
        lines: [{ goods_id: shirt.id, sku_id: red.id, sku_name: '红色,M', goods_image: '/uploads/red.png', goods_price: '19.90', total_price: '39.80', total_weight: '0.60' }],
        order_price: '39.80', freight_money: '6.00', total_price: '45.80',
      },
    ])
    expect(data).toMatchObject({ order_price: '68.30', freight_money: '16.00', discount_money: '0.00', total_price: '84.30' })
  })

  test("the chosen address's province picks the regional template: first weight plus ceil(extra/step) steps", async () => {
    const res = await before({ order: [{ goods_id: plain.id, buy_num: 3 }], address_id: me.remote })
    // 1.5 kg to Tibet: 20.00 for 0.5 kg, then 1.0 kg = 2 steps of 8.00
    expect(res.body.data.stores[0]).toMatchObject({ order_price: '30.00', freight_money: '36.00', total_price: '66.00' })
    expect(res.body.data.address.id).toBe(me.remote)
  })

  test('no address at all: address null and no freight', async () => {
    await app.db.addresses.deleteMany({ where: { user_id: me.id } })
    const res = await before({ order: twoStores() })
    expect(res.body.data).toMatchObject({ address: null, freight_money: '0.00', total_price: '68.30' })
  })

  test('a form body carries the lines as JSON', async () => {
    const res = await http(app).post('/api/user/order/before').set(me.auth).type('form').send({ order: JSON.stringify([{ goods_id: plain.id, buy_num: '1' }]), ifcart: '0' })
    expect(res.body.data.total_price).toBe('20.00')
  })

  test('discount steps: each amount is shared across the lines by their totals, the parts adding up exactly', async () => {
    const lines = [{ goods_id: plain.id, sku_id: 0, buy_num: 1 }, { goods_id: mug.id, sku_id: 0, buy_num: 1 }, { goods_id: plain.id, sku_id: 0, buy_num: 2 }]
    const tenOff = { column: 'full_reduction_money' as const, amount: () => 1000 }
    // 10.00 off 38.50 split 10.00 : 8.50 : 20.00 → 2.597…, 2.207…, 5.194… → the left-over cent to the largest fraction
    const [once] = (await priceCheckout(app.db, me.id, lines, undefined, {}, [tenOff])).stores
    expect(once.lines.map((l) => l.discount)).toEqual([260, 221, 519])
    expect([once.discount, once.order, once.total]).toEqual([1000, 3850, 3850 + once.freight - 1000])
    // A later step takes at most what is left of the goods' price; each kind is kept in its own column.
    const [twice] = (await priceCheckout(app.db, me.id, lines, undefined, {}, [tenOff, { column: 'coupon_money', amount: () => 99_999 }])).stores
    expect(twice.discounts).toEqual({ full_reduction_money: 1000, coupon_money: 2850 })
    expect(twice.lines.map((l) => l.discount)).toEqual([1000, 850, 2000])
    expect(twice.total).toBe(twice.freight)
  })

  test('promotions are left unread only for a checkout whose steps exclude every order from them', async () => {
    const lines = [{ goods_id: plain.id, sku_id: 0, buy_num: 1 }]
    const alone = { column: 'seckill_money' as const, amount: () => 100, excludes: () => true }
    const [store] = (await priceCheckout(app.db, me.id, lines, undefined, {}, [alone], false)).stores
    expect(store).toMatchObject({ promotions: false, discount: 100, coupons: [], full_reduction: null })
    await expect(priceCheckout(app.db, me.id, lines, undefined, {}, [], false)).rejects.toThrow('promotions not read')
  })
})

describe('refusals answer the spec message and write nothing', () => {
  test.each([
    ['goods off shelf', async () => void (await app.db.goods.update({ where: { id: plain.id }, data: { goods_status: 0 } })), () => [{ goods_id: plain.id, buy_num: 1 }], 402, '商品已下架或不存在'],
    ['a closed store', async () => void (await app.db.stores.update({ where: { id: shirtShop.storeId }, data: { store_status: 0 } })), () => [{ goods_id: shirt.id, sku_id: red.id, buy_num: 1 }], 402, '商品已下架或不存在'],
    ['goods that do not exist', async () => {}, () => [{ goods_id: 999999, buy_num: 1 }], 402, '商品已下架或不存在'],
    ['a goods with SKUs without one', async () => {}, () => [{ goods_id: shirt.id, buy_num: 1 }], 402, '请选择商品规格'],
    ['a SKU of another goods', async () => {}, () => [{ goods_id: plain.id, sku_id: red.id, buy_num: 1 }], 402, '该商品规格已不存在'],
    ['a deleted SKU', async () => void (await app.db.goods_skus.delete({ where: { id: blue.id } })), () => [{ goods_id: shirt.id, sku_id: blue.id, buy_num: 1 }], 402, '该商品规格已不存在'],
    ['more than the stock', async () => {}, () => [{ goods_id: shirt.id, sku_id: blue.id, buy_num: 3 }], 402, '库存不足'],
    ['more than the stock over two lines of one SKU', async () => {}, () => [{ goods_id: plain.id, buy_num: 6 }, { goods_id: plain.id, buy_num: 5 }], 402, '库存不足'],
    ['a quantity of 0', async () => {}, () => [{ goods_id: plain.id, buy_num: 0 }], 400, '数据异常'],
    ['a negative quantity', async () => {}, () => [{ goods_id: plain.id, buy_num: -1 }], 400, '数据异常'],
    ['no lines', async () => {}, () => [], 400, '数据异常'],
  ])('%s', async (_name, arrange, lines, code, msg) => {
    await arrange()
    const was = await snapshot()
    for (const res of [await before({ order: lines() }), await create({ order: lines(), address_id: me.home })]) expect([res.body.code, res.body.msg]).toEqual([code, msg])
    expect(await snapshot()).toEqual(was)
  })

  test('a sub-account may not buy', async () => {
    const sub = await createUser(app, { belong_id: teaShop.id })
    const auth = bearer(await tokenFor(app, 'user', sub.id))
    const address = await app.db.addresses.create({ data: { user_id: sub.id, receive_name: 'x', receive_tel: '13800138000', address: 'a', province_id: BEIJING } })
    const was = await snapshot()
    for (const res of [await before({ order: twoStores() }, auth), await create({ order: twoStores(), address_id: address.id }, { auth })])
      expect([res.body.code, res.body.msg]).toEqual([402, '子账号不允许购买'])
    expect(await snapshot()).toEqual(was)
  })

  test("another shopper's address or cart line: 404, nothing written", async () => {
    const theirs = await app.db.carts.create({ data: { user_id: other.id, goods_id: plain.id, store_id: teaShop.storeId, buy_num: 1 } })
    const was = await snapshot()
    const attempts = [
      await before({ order: twoStores(), address_id: other.home }),
      await create({ order: twoStores(), address_id: other.home }),
      await before({ order: [{ goods_id: plain.id, buy_num: 1, cart_id: theirs.id }], ifcart: 1 }),
      await create({ order: [{ goods_id: plain.id, buy_num: 1, cart_id: theirs.id }], ifcart: 1, address_id: me.home }),
    ]
    for (const res of attempts) expect([res.status, res.body.code]).toEqual([404, 404])
    expect(await snapshot()).toEqual(was)
  })

  test('create needs an Idempotency-Key and an address', async () => {
    const was = await snapshot()
    const noKey = await create({ order: twoStores(), address_id: me.home }, { key: null })
    expect([noKey.status, noKey.body.data]).toEqual([400, { 'Idempotency-Key': '必填项不能为空' }])
    expect((await create({ order: twoStores() })).status).toBe(400)
    expect(await snapshot()).toEqual(was)
  })
})

describe('create', () => {
  test('one order per store with line and address snapshots, stock taken, cart lines gone, the cancel staged', async () => {
    await app.db.configs.upsert({ where: { name: 'store' }, create: { name: 'store', is_type: 1, content: '{"commission_rate":"5.50"}' }, update: { content: '{"commission_rate":"5.50"}' } })
    await invalidateConfig(app, 'store')
    const cartPlain = await app.db.carts.create({ data: { user_id: me.id, goods_id: plain.id, store_id: teaShop.storeId, buy_num: 2 } })
    const cartRed = await app.db.carts.create({ data: { user_id: me.id, goods_id: shirt.id, sku_id: red.id, store_id: shirtShop.storeId, buy_num: 2 } })
    const kept = await app.db.carts.create({ data: { user_id: me.id, goods_id: shirt.id, sku_id: blue.id, store_id: shirtShop.storeId, buy_num: 1 } })
    const order = [
      { goods_id: plain.id, buy_num: 2, cart_id: cartPlain.id },
      { goods_id: mug.id, buy_num: 1 },
      { goods_id: shirt.id, sku_id: red.id, buy_num: 2, cart_id: cartRed.id },
    ]
    const startedAt = Date.now()
    const res = await create({ order, ifcart: 1, address_id: me.remote, remarks: [{ store_id: shirtShop.storeId, remark: '请尽快发货' }] }, { key: 'checkout-1' })
    expect(res.body.code).toBe(200)
    const { order_id, order_no } = res.body.data as { order_id: number[]; order_no: string[] }
    expect(order_id).toHaveLength(2)
    expect(order_no.every((no) => /^\d{26}$/.test(no))).toBe(true)

    const orders = await app.db.orders.findMany({ where: { id: { in: order_id } }, include: { order_goods: { orderBy: { id: 'asc' } } } })
    const tea = orders.find((o) => o.id === order_id[0])!
    const shirts = orders.find((o) => o.id === order_id[1])!
    expect(tea).toMatchObject({ user_id: me.id, store_id: teaShop.storeId, order_no: order_no[0], order_status: 1, order_name: '绿茶', remark: '', receive_name: '李雷', receive_tel: '13800138000', receive_area: '某省 某市 某区', receive_address: '一路 1 号' })
    // Tibet: plain 1.0 kg on the remote template = 20.00 + 1 step of 8.00; the mug ships free
    expect([tea.order_price, tea.freight_money, tea.coupon_money, tea.total_price, tea.settlement_rate].map(String)).toEqual(['28.5', '28', '0', '56.5', '5.5'])
    expect([shirts.order_price, shirts.freight_money, shirts.total_price].map(String)).toEqual(['39.8', '6', '45.8'])
    expect(shirts.remark).toBe('请尽快发货')
    const deadline = tea.pay_deadline!.getTime()
    expect(deadline).toBeGreaterThanOrEqual(startedAt + 30 * 60_000 - 1000)
    expect(deadline).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 1000)
    expect(tea.order_goods.map((l) => [l.goods_id, l.sku_id, l.buy_num, String(l.goods_price), String(l.total_price), String(l.discount_money), String(l.total_weight), l.sku_name])).toEqual([
      [plain.id, 0, 2, '10', '20', '0', '1', '-'],
      [mug.id, 0, 1, '8.5', '8.5', '0', '0.4', '-'],
    ])
    expect(shirts.order_goods.map((l) => [l.goods_id, l.sku_id, l.buy_num, l.goods_name, l.goods_image])).toEqual([[shirt.id, red.id, 2, 'T恤', '/uploads/red.png']])

    const stock = async (id: number) => (await app.db.goods.findUniqueOrThrow({ where: { id } })).goods_stock
    expect([await stock(plain.id), await stock(mug.id), await stock(shirt.id)]).toEqual([8, 2, 5])
    expect((await app.db.goods_skus.findUniqueOrThrow({ where: { id: red.id } })).goods_stock).toBe(3)
    expect((await app.db.carts.findMany({ where: { user_id: me.id }, select: { id: true } })).map((c) => c.id)).toEqual([kept.id])

    const outbox = await app.db.outbox.findMany({ orderBy: { id: 'asc' } })
    expect(outbox.map((o) => [o.name, o.job_id, o.payload, o.run_at?.getTime()])).toEqual(
      order_id.map((id) => ['order-cancel', `order-cancel-${id}`, { order_id: id }, deadline]),
    )

    // The same key and body again, even after its goods went off shelf: the same answer, nothing new written; the
    // same key with another body: refused.
    await app.db.goods.update({ where: { id: plain.id }, data: { goods_status: 0 } })
    const was = await snapshot()
    const again = await create({ order, ifcart: 1, address_id: me.remote, remarks: [{ store_id: shirtShop.storeId, remark: '请尽快发货' }] }, { key: 'checkout-1' })
    expect(again.body.data).toEqual(res.body.data)
    const reused = await create({ order: [{ goods_id: plain.id, buy_num: 1 }], address_id: me.home }, { key: 'checkout-1' })
    expect([reused.body.code, reused.body.msg]).toEqual([409, '该请求标识已用于其他请求'])
    expect(await snapshot()).toEqual(was)
  })

  test('the task config sets the payment deadline', async () => {
    await app.db.configs.upsert({ where: { name: 'task' }, create: { name: 'task', is_type: 1, content: '{"cancel_minutes":5}' }, update: { content: '{"cancel_minutes":5}' } })
    await invalidateConfig(app, 'task')
    const res = await create({ order: [{ goods_id: plain.id, buy_num: 1 }], address_id: me.home })
    const order = await app.db.orders.findUniqueOrThrow({ where: { id: res.body.data.order_id[0] } })
    expect(order.pay_deadline!.getTime() - order.created_at.getTime()).toBe(5 * 60_000)
  })

  test('the same Idempotency-Key 20 times at once: one set of orders, every answer the same', async () => {
    const body = { order: twoStores(), address_id: me.home }
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(body, { key: 'same-key' })))
    expect(answers.map((r) => r.body.code)).toEqual(Array(20).fill(200))
    expect(new Set(answers.map((r) => JSON.stringify(r.body.data))).size).toBe(1)
    expect(await app.db.orders.count()).toBe(2)
    expect(await app.db.order_goods.count()).toBe(3)
    expect(await app.db.outbox.count()).toBe(2)
    expect((await app.db.goods.findUniqueOrThrow({ where: { id: plain.id } })).goods_stock).toBe(8)
    expect((await app.db.goods_skus.findUniqueOrThrow({ where: { id: red.id } })).goods_stock).toBe(3)
  })

  test('keys differing only in case are different keys: Key1 and key1 make two sets of orders', async () => {
    const body = { order: [{ goods_id: plain.id, buy_num: 1 }], address_id: me.home }
    const [upper, lower] = [await create(body, { key: 'Key1' }), await create(body, { key: 'key1' })]
    expect([upper.body.code, lower.body.code]).toEqual([200, 200])
    expect(lower.body.data.order_id).not.toEqual(upper.body.data.order_id)
    expect(await app.db.orders.count()).toBe(2)
    expect((await app.db.goods.findUniqueOrThrow({ where: { id: plain.id } })).goods_stock).toBe(8)
    // each key still answers its own orders
    expect((await create(body, { key: 'key1' })).body.data).toEqual(lower.body.data)
    expect((await create(body, { key: 'Key1' })).body.data).toEqual(upper.body.data)
  })
})

describe('200 shoppers check out the last 10 units at once', () => {
  async function crowd(n: number) {
    // Rows written directly: hashing 200 passwords would be most of the test's time, and these never log in.
    const names = Array.from({ length: n }, (_, i) => `crowd${i}`)
    await app.db.users.createMany({ data: names.map((username) => ({ username, password: '-' })) })
    const users = await app.db.users.findMany({ where: { username: { in: names } }, select: { id: true } })
    await app.db.addresses.createMany({
      data: users.map((u) => ({ user_id: u.id, receive_name: 'x', receive_tel: '13800138000', address: 'a', province_id: BEIJING, is_default: 1, default_key: u.id })),
    })
    const addresses = await app.db.addresses.findMany({ where: { user_id: { in: users.map((u) => u.id) } }, select: { id: true, user_id: true } })
    const tokens = await tokensFor(app, 'user', users.map((u) => u.id))
    return users.map((u, i) => ({ auth: bearer(tokens[i]), address: addresses.find((a) => a.user_id === u.id)!.id }))
  }

  test.each([
    ['a SKU', () => ({ goods_id: shirt.id, sku_id: red.id }), async () => {
      await app.db.goods_skus.update({ where: { id: red.id }, data: { goods_stock: 10 } })
      await app.db.goods.update({ where: { id: shirt.id }, data: { goods_stock: 12 } })
    }],
    ['a goods without SKUs', () => ({ goods_id: plain.id, sku_id: 0 }), async () => {}],
  ])('%s: exactly 10 orders, stock 0, never below', async (_name, target, arrange) => {
    await arrange()
    const buyers = await crowd(200)
    const answers = await Promise.all(buyers.map((b) => create({ order: [{ ...target(), buy_num: 1 }], address_id: b.address }, { auth: b.auth })))
    const outcomes = answers.map((r) => `${r.body.code} ${r.body.msg}`)
    expect(outcomes.filter((o) => o.startsWith('200 '))).toHaveLength(10)
    expect(new Set(outcomes.filter((o) => !o.startsWith('200 ')))).toEqual(new Set(['402 库存不足']))
    expect(await app.db.orders.count()).toBe(10)
    expect(await app.db.order_goods.aggregate({ _sum: { buy_num: true } })).toEqual({ _sum: { buy_num: 10 } })
    const { goods_id, sku_id } = target()
    const goods = await app.db.goods.findUniqueOrThrow({ where: { id: goods_id } })
    expect(goods.goods_stock).toBe(sku_id ? 2 : 0)
    if (sku_id) expect((await app.db.goods_skus.findUniqueOrThrow({ where: { id: sku_id } })).goods_stock).toBe(0)
  }, 120_000)
})
