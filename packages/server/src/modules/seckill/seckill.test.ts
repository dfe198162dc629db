// Flash sales: the seller's sale takes its pool from the goods; buying under a stampede sells exactly the pool to
// distinct shoppers within their limit; unpaid orders that time out give their units back once and they sell again;
// a Redis flush in the middle of a sale is repaired from the database without overselling; the end returns the
// unsold units once; the preview shows the price and offers no promotions.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Job } from 'bullmq'
import { translate } from '@qshop/shared'
import { bearer, countingInstance, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createSeller } from '../../../test/factories.ts'
import { tokenFor, tokensFor } from '../rbac/testkit.ts'
import { createGoods, leafClasses } from '../catalog/testkit.ts'
import { cancelOrder } from '../orders/index.ts'
import { endSale, reconcileSales, seckillEndJob, sweepEndedSales } from './jobs.ts'
import { PENDING_STALE_MS, poolKeys } from './pool.ts'
import type { AppError } from '../../core/errors.ts'
import type { RequestContext } from '../../core/context.ts'
import { createOrders } from '../checkout/service.ts'

const contextOf = (s: { id: number }): RequestContext => ({
  actor: { area: 'user', id: s.id, sid: '', username: '', all: false, permissions: new Set(), belong_id: 0 },
  locale: 'zh-cn',
  ip: '127.0.0.1',
  requestId: `stampede-${s.id}`,
})

let app: FastifyInstance
let classId: number
let seller: { storeId: number; auth: Record<string, string> }

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  classId = (await leafClasses(app))[0].id
  const owner = await createSeller(app)
  seller = { storeId: owner.storeId, auth: bearer(await tokenFor(app, 'seller', owner.id)) }
})
afterAll(async () => app?.close())

const MIN = 60_000
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString()

type Shopper = { id: number; auth: Record<string, string>; address: number }
let serial = 0
/** `n` shoppers with a default address each, written in bulk (a stampede needs many). */
async function shoppers(n: number, withTokens = true): Promise<Shopper[]> {
  const names = Array.from({ length: n }, () => `sk${process.pid}x${++serial}`)
  await app.db.users.createMany({ data: names.map((username) => ({ username, password: '-', nickname: username })) })
  const users = await app.db.users.findMany({ where: { username: { in: names } }, select: { id: true }, orderBy: { id: 'asc' } })
  await app.db.addresses.createMany({
    data: users.map((u) => ({ user_id: u.id, receive_name: '李雷', receive_tel: '13800138000', area_info: '北京市', address: '一路 1 号', is_default: 1, default_key: u.id })),
  })
  const addresses = await app.db.addresses.findMany({ where: { user_id: { in: users.map((u) => u.id) } }, select: { id: true, user_id: true } })
  const byUser = new Map(addresses.map((a) => [a.user_id, a.id]))
  if (!withTokens) return users.map((u) => ({ id: u.id, auth: {}, address: byUser.get(u.id)! }))
  const tokens = await tokensFor(app, 'user', users.map((u) => u.id))
  return users.map((u, i) => ({ id: u.id, auth: bearer(tokens[i]), address: byUser.get(u.id)! }))
}

async function goodsWith(stock: number, price = '10.00') {
  return createGoods(app, seller.storeId, classId, { goods_name: '秒杀茶', goods_price: price, goods_stock: stock })
}
const saleBody = (goodsId: number, over: object = {}) => ({ goods_id: goodsId, sku_id: 0, price: '1.00', stock: 100, limit_num: 1, start_time: at(-MIN), end_time: at(60 * MIN), ...over })
async function newSale(goodsId: number, over: object = {}): Promise<number> {
  const res = await http(app).post('/api/Seller/seckills').set(seller.auth).send(saleBody(goodsId, over))
  expect(res.body.code, JSON.stringify(res.body)).toBe(200)
  return res.body.data.id
}
let keys = 0
const buy = (s: Shopper, goodsId: number, seckillId: number, buyNum = 1, key = `k${++keys}`) =>
  http(app).post('/api/user/order/create').set(s.auth).set('Idempotency-Key', key)
    .send({ order: [{ goods_id: goodsId, buy_num: buyNum, seckill_id: seckillId }], address_id: s.address })
const goodsStock = async (id: number) => (await app.db.goods.findUniqueOrThrow({ where: { id } })).goods_stock
const sale = (id: number) => app.db.seckills.findUniqueOrThrow({ where: { id } })
const copyStock = async (id: number) => Number(await app.redis.hget(poolKeys(app, id)[0], 'stock'))
const liveOrders = (seckillId: number) => app.db.seckill_orders.findMany({ where: { seckill_id: seckillId, status: 1 }, include: { order: true } })

describe('the seller’s flash sales', () => {
  test('saving a sale takes its pool from the goods; a running sale takes only more stock and a later end; the admin sees both counters', async () => {
    const goods = await goodsWith(500)
    const other = await goodsWith(5)
    // a pool larger than the goods' stock is refused, nothing written
    const short = await http(app).post('/api/Seller/seckills').set(seller.auth).send(saleBody(other.id, { stock: 6 }))
    expect(short.body).toMatchObject({ code: 402, msg: translate('zh-cn', 'msg.stockShort') })
    expect([await app.db.seckills.count(), await goodsStock(other.id)]).toEqual([0, 5])
    const wrongSku = await http(app).post('/api/Seller/seckills').set(seller.auth).send(saleBody(goods.id, { sku_id: 9 }))
    expect(wrongSku.status).toBe(400)
    expect(wrongSku.body.data.sku_id).toBe(translate('zh-cn', 'valid.seckillSku'))

    const id = await newSale(goods.id)
    expect(await goodsStock(goods.id)).toBe(400)
    expect(await sale(id)).toMatchObject({ stock: 100, sold: 0, store_id: seller.storeId })
    const put = (body: object) => http(app).put(`/api/Seller/seckills/${id}`).set(seller.auth).send(body)
    const lower = await put({ stock: 90, end_time: at(30 * MIN) })
    expect(lower.status).toBe(400)
    expect(lower.body.data).toEqual({ stock: translate('zh-cn', 'valid.seckillRunning'), end_time: translate('zh-cn', 'valid.seckillRunning') })
    expect((await put({ price: '2.00' })).status).toBe(400)
    expect((await put({ stock: 150, end_time: at(120 * MIN) })).body.code).toBe(200)
    expect([(await sale(id)).stock, await goodsStock(goods.id)]).toEqual([150, 350])

    const [shopper] = await shoppers(1)
    expect((await buy(shopper, goods.id, id)).body.code).toBe(200)
    const root = bearer(await tokenFor(app, 'admin', (await createAdmin(app)).id))
    const listed = await http(app).get('/api/Admin/seckills').set(root)
    expect(listed.body.data.data).toEqual([expect.objectContaining({ id, store_id: seller.storeId, stock: 149, redis_stock: 149, sold: 1 })])
    // the admin's list is read only
    expect((await http(app).post('/api/Admin/seckills').set(root).send(saleBody(goods.id))).status).toBe(404)
  })
})

describe('buying', () => {
  // The 5,000 attempts call the checkout's service with each shopper's context (what the route calls after its guard),
  // so the suite stays quick; the other tests buy through the route.
  test('5,000 concurrent attempts from 1,000 shoppers for a pool of 100, limit 1: 100 orders from 100 shoppers; 20 unpaid time out and exactly 20 more sell', async () => {
    const goods = await goodsWith(1000)
    const id = await newSale(goods.id, { price: '1.00', stock: 100, limit_num: 1 })
    const crowd = await shoppers(1000, false)
    const attempt = (s: Shopper) =>
      createOrders(app, contextOf(s), `k${++keys}`, { order: [{ goods_id: goods.id, sku_id: 0, buy_num: 1, seckill_id: id }], address_id: s.address, ifcart: 0 }).then(
        () => ({ body: { code: 200, msg: '' } }),
        (err: AppError) => ({ body: { code: err.code, msg: translate('zh-cn', err.msgKey) } }),
      )
    const attempts = crowd.flatMap((s) => Array.from({ length: 5 }, () => s))
    const answers = await Promise.all(attempts.map(attempt))
    const won = answers.filter((r) => r.body.code === 200)
    expect(won).toHaveLength(100)
    const refusals = new Set(answers.filter((r) => r.body.code !== 200).map((r) => r.body.msg))
    expect([...refusals].sort()).toEqual([translate('zh-cn', 'msg.seckillLimit'), translate('zh-cn', 'msg.seckillSoldOut')].sort())
    const held = await liveOrders(id)
    expect(held).toHaveLength(100)
    expect(new Set(held.map((h) => h.user_id)).size).toBe(100)
    expect(held.every((h) => h.order.total_price.toString() === '1' && h.order.seckill_money.toString() === '9' && h.order.order_price.toString() === '10')).toBe(true)
    expect(await sale(id)).toMatchObject({ stock: 0, sold: 100 })
    expect(await copyStock(id)).toBe(0)
    // the goods' own stock is untouched by the sale's orders (the pool came from it when saved)
    expect(await goodsStock(goods.id)).toBe(900)
    expect(await app.db.order_goods.aggregate({ where: { goods_id: goods.id }, _sum: { buy_num: true } })).toEqual({ _sum: { buy_num: 100 } })
    // its own shorter deadline: 5 minutes by default
    const deadline = held[0].order.pay_deadline!.getTime() - held[0].order.created_at.getTime()
    expect(deadline).toBeGreaterThan(4 * MIN)
    expect(deadline).toBeLessThanOrEqual(5 * MIN + 1000)

    // 20 unpaid orders time out: their job and the sweeper race; the units go back once
    const due = held.slice(0, 20)
    await app.db.orders.updateMany({ where: { id: { in: due.map((h) => h.order_id) } }, data: { pay_deadline: new Date(Date.now() - 1000) } })
    const outcomes = await Promise.all(due.flatMap((h) => [cancelOrder(app, h.order_id, { dueAt: new Date() }), cancelOrder(app, h.order_id, { dueAt: new Date() })]))
    expect(outcomes.filter((o) => o === 'cancelled')).toHaveLength(20)
    expect(await sale(id)).toMatchObject({ stock: 20, sold: 80 })
    expect(await copyStock(id)).toBe(20)
    expect(await app.db.seckill_buyers.count({ where: { seckill_id: id, bought: 1 } })).toBe(80)

    // everyone tries again: exactly 20 more sell, among them possibly the shoppers whose orders timed out
    const again = await Promise.all(crowd.flatMap((s) => [attempt(s), attempt(s)]))
    expect(again.filter((r) => r.body.code === 200)).toHaveLength(20)
    const after = await liveOrders(id)
    expect(after).toHaveLength(100)
    expect(new Set(after.map((h) => h.user_id)).size).toBe(100)
    expect(await sale(id)).toMatchObject({ stock: 0, sold: 100 })
    expect(await goodsStock(goods.id)).toBe(900)
  }, 180_000)

  test('a repeat of the same Idempotency-Key answers the first order; a unit that fails gives the Redis take back', async () => {
    const goods = await goodsWith(10)
    const id = await newSale(goods.id, { stock: 3, limit_num: 2 })
    const [s] = await shoppers(1)
    const [first, repeat] = await Promise.all([buy(s, goods.id, id, 1, 'same'), buy(s, goods.id, id, 1, 'same')])
    expect(first.body.code).toBe(200)
    expect(repeat.body.data).toEqual(first.body.data)
    expect((await sale(id)).stock).toBe(2)
    // the pool row says sold out (another edit of the database), Redis does not: the guarded SQL refuses, the take goes back
    await app.db.$executeRaw`UPDATE seckills SET stock = 0 WHERE id = ${id}`
    const refused = await buy(s, goods.id, id)
    expect(refused.body).toMatchObject({ code: 402, msg: translate('zh-cn', 'msg.seckillSoldOut') })
    expect(await copyStock(id)).toBe(2)
    expect(await app.db.orders.count()).toBe(1)
    // with other lines: refused at once
    const mixed = await http(app).post('/api/user/order/create').set(s.auth).set('Idempotency-Key', 'mixed')
      .send({ order: [{ goods_id: goods.id, buy_num: 1, seckill_id: id }, { goods_id: goods.id, buy_num: 1 }], address_id: s.address })
    expect(mixed.body).toMatchObject({ code: 402, msg: translate('zh-cn', 'msg.seckillAlone') })
  })

  test('a refusal (the shopper past the limit, the pool sold out) answers from Redis: no database statement, no row; the first key repeated answers its order', async () => {
    const goods = await goodsWith(10)
    const id = await newSale(goods.id, { stock: 1, limit_num: 1 })
    const [a, b] = await shoppers(2)
    const won = await buy(a, goods.id, id, 1, 'first')
    expect(won.body.code).toBe(200)
    const probe = await countingInstance(app)
    try {
      const attempt = (s: Shopper, key: string) =>
        http(probe.app).post('/api/user/order/create').set(s.auth).set('Idempotency-Key', key).send({ order: [{ goods_id: goods.id, buy_num: 1, seckill_id: id }], address_id: s.address })
      const limit = { code: 402, msg: translate('zh-cn', 'msg.seckillLimit') }
      const soldOut = { code: 402, msg: translate('zh-cn', 'msg.seckillSoldOut') }
      // The first request of each shopper on this instance reads the session and the account.
      expect((await attempt(a, 'again1')).body).toMatchObject(limit)
      expect((await attempt(b, 'late1')).body).toMatchObject(soldOut)
      const rows = () => Promise.all([app.db.orders.count(), app.db.idempotency_keys.count(), app.db.seckill_orders.count(), app.db.seckill_buyers.count()])
      const before = await rows()
      probe.reset()
      const refusals = await Promise.all([attempt(a, 'again2'), attempt(b, 'late2'), attempt(a, 'again3'), attempt(b, 'late3')])
      expect(refusals.map((r) => r.body)).toEqual([limit, soldOut, limit, soldOut].map((e) => ({ ...e, data: null })))
      expect(probe.uses()).toBe(0)
      expect(await rows()).toEqual(before)
      expect(before).toEqual([1, 1, 1, 1])
      // the winning key sent again answers the order it made, also on another instance
      const repeat = await attempt(a, 'first')
      expect(repeat.body).toEqual(won.body)
      expect(await rows()).toEqual(before)
    } finally {
      await probe.close()
    }
  })

  test('the preview and the order show the flash-sale price in seckill_money and take no full reduction or coupon the shopper holds', async () => {
    const goods = await goodsWith(10, '30.00')
    const id = await newSale(goods.id, { price: '12.50', stock: 5 })
    const window = { start_time: new Date(Date.now() - MIN), end_time: new Date(Date.now() + 60 * MIN) }
    await app.db.full_reductions.create({ data: { store_id: seller.storeId, name: '满10减5', money: '5', use_money: '10', ...window } })
    const [s] = await shoppers(1)
    // a coupon of the store and one of the platform, received by the shopper: usable on the goods bought plainly
    const held = async (storeId: number | null) => {
      const coupon = await app.db.coupons.create({ data: { store_id: storeId, name: '券2', money: '2', use_money: '10', goods_ids: '', stock: 10, ...window } })
      const res = await http(app).post('/api/user/coupon/receive').set(s.auth).send({ id: coupon.id })
      expect(res.body.code, JSON.stringify(res.body)).toBe(200)
      return res.body.data.id as number
    }
    const [storeCoupon, platformCoupon] = [await held(seller.storeId), await held(null)]
    const line = { goods_id: goods.id, buy_num: 1, seckill_id: id }
    const preview = (body: object) => http(app).post('/api/user/order/before').set(s.auth).send({ order: [line], ...body })
    const res = await preview({})
    expect(res.body.code).toBe(200)
    expect(res.body.data).toMatchObject({ order_price: '30.00', discount_money: '17.50', total_price: '12.50' })
    expect(res.body.data.stores[0]).toMatchObject({ full_reduction: null, coupons: [], coupon_money: '0.00', promotions: false })
    expect(res.body.data).toMatchObject({ platform_coupons: [], platform_coupon_id: 0 })
    // a coupon chosen for it is refused as unusable, the store's and the platform's alike
    for (const chosen of [{ store_coupons: [{ store_id: seller.storeId, coupon_id: storeCoupon }] }, { platform_coupon_id: platformCoupon }])
      expect((await preview(chosen)).body).toMatchObject({ code: 402, msg: translate('zh-cn', 'msg.couponUnusable') })
    const plain = await http(app).post('/api/user/order/before').set(s.auth).send({ order: [{ goods_id: goods.id, buy_num: 1 }] })
    expect(plain.body.data.stores[0]).toMatchObject({ full_reduction: { money: '5.00' }, coupons: [expect.objectContaining({ id: storeCoupon })], promotions: true })
    expect(plain.body.data.platform_coupons).toEqual([expect.objectContaining({ id: platformCoupon })])
    // the order takes none of them either; the coupons stay unused
    const bought = await buy(s, goods.id, id)
    expect(bought.body.code, JSON.stringify(bought.body)).toBe(200)
    const order = await app.db.orders.findUniqueOrThrow({ where: { id: bought.body.data.order_id[0] } })
    expect([order.coupon_id, order.platform_coupon_id, ...[order.coupon_money, order.platform_coupon_money, order.full_reduction_money, order.seckill_money, order.total_price].map(String)])
      .toEqual([0, 0, '0', '0', '0', '17.5', '12.5'])
    expect((await app.db.coupon_logs.findMany({ where: { id: { in: [storeCoupon, platformCoupon] } } })).map((c) => c.status)).toEqual([0, 0])
    const notYet = await newSale(goods.id, { stock: 1, start_time: at(60 * MIN), end_time: at(120 * MIN) })
    const early = await buy(s, goods.id, notYet)
    expect(early.body).toMatchObject({ code: 402, msg: translate('zh-cn', 'msg.seckillNotStarted') })
  })
})

describe('Redis and the end of a sale', () => {
  test('Redis flushed in the middle of a sale: rebuilt from the database, no oversell, the copy equal to the pool', async () => {
    const goods = await goodsWith(100)
    const id = await newSale(goods.id, { stock: 50, limit_num: 1 })
    const crowd = await shoppers(60)
    const first = await Promise.all(crowd.slice(0, 30).map((s) => buy(s, goods.id, id)))
    expect(first.filter((r) => r.body.code === 200)).toHaveLength(30)
    // a Redis restart: the copy is gone, while buyers keep coming and the reconciliation runs
    await app.redis.del(...poolKeys(app, id))
    const [rest] = await Promise.all([Promise.all(crowd.map((s) => buy(s, goods.id, id))), reconcileSales(app)])
    expect(rest.filter((r) => r.body.code === 200)).toHaveLength(20)
    const held = await liveOrders(id)
    expect(held).toHaveLength(50)
    expect(new Set(held.map((h) => h.user_id)).size).toBe(50)
    expect(await sale(id)).toMatchObject({ stock: 0, sold: 50 })
    await reconcileSales(app)
    expect(await copyStock(id)).toBe(0)
    // a drifted copy is set back to the database's pool
    await app.redis.hset(poolKeys(app, id)[0], 'stock', 7)
    expect(await reconcileSales(app)).toEqual({ repaired: 1, rebuilt: 0 })
    expect(await copyStock(id)).toBe(0)
  })

  test('the reconciliation sets each shopper’s count from the database: a shopper at the limit is refused after a flush, a dead request’s take is forgotten', async () => {
    const goods = await goodsWith(100)
    const id = await newSale(goods.id, { stock: 10, limit_num: 1 })
    const [a, b] = await shoppers(2)
    expect((await buy(a, goods.id, id)).body.code).toBe(200)
    const [, users, keysHash] = poolKeys(app, id)
    const held = async (s: Shopper) => app.redis.hget(users, String(s.id))
    const refusedAtLimit = async () => {
      const orders = await app.db.orders.count()
      const again = await buy(a, goods.id, id)
      expect(again.body).toMatchObject({ code: 402, msg: translate('zh-cn', 'msg.seckillLimit') })
      expect([await app.db.orders.count(), (await sale(id)).stock, await copyStock(id)]).toEqual([orders, 9, 9])
    }
    // a Redis flush in the middle of the sale: the copy, the shoppers' counts and the keys are rebuilt from the database
    await app.redis.del(...poolKeys(app, id))
    expect(await reconcileSales(app)).toEqual({ repaired: 0, rebuilt: 1 })
    expect(await held(a)).toBe('1')
    await refusedAtLimit()
    // the shoppers' counts lost while the sale's hash stayed (an eviction): set back from the database
    await app.redis.del(users)
    expect(await reconcileSales(app)).toEqual({ repaired: 1, rebuilt: 0 })
    expect(await held(a)).toBe('1')
    expect(await app.redis.pttl(users)).toBeGreaterThan(0)
    await refusedAtLimit()
    // a take of b's whose request died before writing its order: after its time in flight it no longer counts
    const stale = Date.now() - PENDING_STALE_MS - 1000
    await app.redis.hincrby(users, String(b.id), 1)
    await app.redis.hset(keysHash, `n:${b.id}:dead`, 1, `p:${b.id}:dead`, stale)
    await app.redis.hincrby(poolKeys(app, id)[0], 'stock', -1)
    expect(await reconcileSales(app)).toEqual({ repaired: 1, rebuilt: 0 })
    expect([await held(b), await copyStock(id)]).toEqual([null, 9])
    expect((await buy(b, goods.id, id)).body.code).toBe(200)
    // nothing to repair once equal
    expect(await reconcileSales(app)).toEqual({ repaired: 0, rebuilt: 0 })
    expect([await held(a), await held(b), await copyStock(id), (await sale(id)).stock]).toEqual(['1', '1', 8, 8])
  })

  test('the end returns the unsold pool to the goods exactly once; an order cancelled after it gives its unit to the goods', async () => {
    const goods = await goodsWith(100)
    const id = await newSale(goods.id, { stock: 10, limit_num: 0 })
    const [s] = await shoppers(1)
    const bought = await buy(s, goods.id, id, 3)
    expect(bought.body.code).toBe(200)
    expect(await goodsStock(goods.id)).toBe(90)
    // not due yet: nothing happens
    expect((await seckillEndJob.process(app, { seckill_id: id, end_at: 0 }, {} as Job)) as object).toMatchObject({ outcome: 'not_due' })
    await app.db.seckills.update({ where: { id }, data: { end_time: new Date(Date.now() - 1000) } })
    const runs = await Promise.all([endSale(app, id), endSale(app, id), sweepEndedSales(app), endSale(app, id)])
    expect(runs.filter((r) => 'outcome' in r && r.outcome === 'returned')).toHaveLength(runs[2].ended ? 0 : 1)
    expect(await sale(id)).toMatchObject({ stock: 0, returned: 1, returned_num: 7, sold: 3 })
    expect(await goodsStock(goods.id)).toBe(97)
    expect(await copyStock(id)).toBe(0)
    const late = await buy(s, goods.id, id)
    expect(late.body).toMatchObject({ code: 402, msg: translate('zh-cn', 'msg.seckillEnded') })
    // the unpaid order is cancelled after the end: its 3 units go to the goods, not the closed pool
    expect(await cancelOrder(app, bought.body.data.order_id[0], { userId: s.id })).toBe('cancelled')
    expect(await goodsStock(goods.id)).toBe(100)
    expect((await sale(id)).stock).toBe(0)
  })
})
