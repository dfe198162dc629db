// Coupons: the seller's and the admin's coupons with their checks, full reductions, and receiving — the answers, the
// rows and the stock, refusals writing nothing, and the per-shopper limit and the stock under a stampede.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { bearer, countingInstance, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createSeller, createUser } from '../../../test/factories.ts'
import { tokenFor, tokensFor } from '../rbac/testkit.ts'
import { createGoods, leafClasses } from '../catalog/testkit.ts'

let app: FastifyInstance
let root: Record<string, string>
let classId: number

beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false })
  root = bearer(await tokenFor(app, 'admin', (await createAdmin(app)).id))
  classId = (await leafClasses(app))[0].id
})
afterAll(() => app.close())

const DAY = 86_400_000
const at = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString()

async function newStore() {
  const owner = await createSeller(app)
  const auth = bearer(await tokenFor(app, 'seller', owner.id))
  const goods = await createGoods(app, owner.storeId, classId, { goods_name: '测试商品', goods_price: '10.00', goods_stock: 5 })
  return { storeId: owner.storeId, auth, goodsId: goods.id }
}
type Store = Awaited<ReturnType<typeof newStore>>
async function shopper() {
  const { id } = await createUser(app)
  return { id, auth: bearer(await tokenFor(app, 'user', id)) }
}
const couponBody = (over: object = {}) => ({ name: '满50减5', money: '5', use_money: '50', stock: 10, limit_num: 1, start_time: at(-1), end_time: at(10), ...over })
async function sellerCoupon(store: Store, over: object = {}): Promise<number> {
  const res = await http(app).post('/api/Seller/coupons').set(store.auth).send(couponBody(over))
  expect(res.body.code, JSON.stringify(res.body)).toBe(200)
  return res.body.data.id
}
/** Bearer headers for many shoppers. */
const bearersFor = async (users: { id: number }[]) => (await tokensFor(app, 'user', users.map((u) => u.id))).map(bearer)
const receive = (auth: Record<string, string>, id: number) => http(app).post('/api/user/coupon/receive').set(auth).send({ id })

describe('seller and admin coupons', () => {
  test('a seller writes its own coupons; the checks refuse wrong windows, values and foreign goods, writing nothing', async () => {
    const mine = await newStore()
    const other = await newStore()
    const id = await sellerCoupon(mine, { goods_ids: `${mine.goodsId}` })
    expect(await app.db.coupons.findUniqueOrThrow({ where: { id } })).toMatchObject({ store_id: mine.storeId, stock: 10, limit_num: 1, goods_ids: `${mine.goodsId}` })
    const post = (body: object) => http(app).post('/api/Seller/coupons').set(mine.auth).send(body)
    const before = await app.db.coupons.count()
    const bad = [
      [couponBody({ end_time: at(-2) }), 'end_time', '结束时间不能早于开始时间'],
      [couponBody({ money: '60' }), 'money', '面额不能大于使用门槛'],
      [couponBody({ goods_ids: `${other.goodsId}` }), 'goods_ids', '请填写本店商品的 ID，用逗号分隔'],
      [couponBody({ stock: -1 }), 'stock', null],
    ] as const
    for (const [body, field, text] of bad) {
      const res = await post(body)
      expect(res.status, field).toBe(400)
      expect(Object.keys(res.body.data)).toEqual([field])
      if (text) expect(res.body.data[field]).toBe(text)
    }
    const en = await post(couponBody({ money: '60' })).set('Accept-Language', 'en')
    expect(en.body.data.money).toBe('The face value cannot exceed the minimum spend.')
    expect(await app.db.coupons.count()).toBe(before)
    // another store's coupon is not found, and stays
    const theirs = await sellerCoupon(other)
    expect((await http(app).get(`/api/Seller/coupons/${theirs}`).set(mine.auth)).status).toBe(404)
    expect((await http(app).put(`/api/Seller/coupons/${theirs}`).set(mine.auth).send({ stock: 1 })).status).toBe(404)
    expect((await app.db.coupons.findUniqueOrThrow({ where: { id: theirs } })).stock).toBe(10)
    const listed = (await http(app).get('/api/Seller/coupons').set(mine.auth)).body.data.data.map((c: { id: number }) => c.id)
    expect(listed).toEqual([id])
  })

  test('platform coupons are the admin’s (store_id NULL) and no seller’s', async () => {
    const store = await newStore()
    const res = await http(app).post('/api/Admin/coupons').set(root).send(couponBody({ name: '平台券', money: '8', use_money: '0', limit_num: 2 }))
    expect(res.body.code).toBe(200)
    expect((await app.db.coupons.findUniqueOrThrow({ where: { id: res.body.data.id } })).store_id).toBeNull()
    expect((await http(app).get(`/api/Seller/coupons/${res.body.data.id}`).set(store.auth)).status).toBe(404)
    const adminIds = (await http(app).get('/api/Admin/coupons').set(root)).body.data.data.map((c: { id: number }) => c.id)
    expect(adminIds).toContain(res.body.data.id)
    expect(await app.db.coupons.count({ where: { id: { in: adminIds }, store_id: { not: null } } })).toBe(0)
  })

  test('a received coupon cannot be deleted', async () => {
    const store = await newStore()
    const id = await sellerCoupon(store)
    expect((await receive((await shopper()).auth, id)).body.code).toBe(200)
    const res = await http(app).delete(`/api/Seller/coupons/${id}`).set(store.auth)
    expect(res.body).toMatchObject({ code: 402, msg: '数据正在使用中，不能删除' })
    expect(await app.db.coupons.count({ where: { id } })).toBe(1)
  })

  test('full reductions: the amount off must be below the threshold, the end after the start', async () => {
    const store = await newStore()
    const post = (body: object) => http(app).post('/api/Seller/full_reductions').set(store.auth).send({ name: '满100减10', money: '10', use_money: '100', start_time: at(-1), end_time: at(1), ...body })
    expect((await post({})).body.code).toBe(200)
    expect((await post({ money: '120' })).body.data).toEqual({ money: '面额不能大于使用门槛' })
    expect((await post({ end_time: at(-3) })).body.data).toEqual({ end_time: '结束时间不能早于开始时间' })
    expect(await app.db.full_reductions.count({ where: { store_id: store.storeId } })).toBe(1)
  })
})

describe('receiving', () => {
  test('answers the received coupon’s id; the row copies the coupon, valid_days sets its end; the tabs list it', async () => {
    const store = await newStore()
    const id = await sellerCoupon(store, { valid_days: 3, limit_num: 2 })
    const me = await shopper()
    const res = await receive(me.auth, id)
    expect(res.body).toMatchObject({ code: 200, msg: '领取成功' })
    const log = await app.db.coupon_logs.findUniqueOrThrow({ where: { id: res.body.data.id } })
    expect(log).toMatchObject({ coupon_id: id, user_id: me.id, store_id: store.storeId, status: 0, name: '满50减5', order_id: 0 })
    expect(String(log.money)).toBe('5')
    expect(Math.abs(log.end_time.getTime() - log.start_time.getTime() - 3 * DAY)).toBeLessThan(1000)
    expect((await app.db.coupons.findUniqueOrThrow({ where: { id } })).stock).toBe(9)
    const unused = (await http(app).get('/api/user/coupons').set(me.auth)).body.data
    expect(unused.data.map((c: { id: number }) => c.id)).toEqual([log.id])
    expect(unused.data[0]).toMatchObject({ money: '5.00', use_money: '50.00', store_id: store.storeId, coupon_id: id })
    expect((await http(app).get('/api/user/coupons?status=used').set(me.auth)).body.data.total).toBe(0)
    await app.db.coupon_logs.update({ where: { id: log.id }, data: { end_time: new Date(Date.now() - 1000) } })
    expect((await http(app).get('/api/user/coupons?status=expired').set(me.auth)).body.data.data.map((c: { id: number }) => c.id)).toEqual([log.id])
    expect((await http(app).get('/api/user/coupons?status=other').set(me.auth)).status).toBe(400)
  })

  test('over the limit, all taken, expired, not started: refused with the reason, nothing written', async () => {
    const store = await newStore()
    const me = await shopper()
    const once = await sellerCoupon(store, { limit_num: 1, stock: 5 })
    expect((await receive(me.auth, once)).body.code).toBe(200)
    const gone = await sellerCoupon(store, { stock: 0 })
    const expired = await sellerCoupon(store, { start_time: at(-5), end_time: at(-1) })
    const later = await sellerCoupon(store, { start_time: at(1), end_time: at(5) })
    const logs = await app.db.coupon_logs.count()
    for (const [id, msg, en] of [
      [once, '已达到该优惠券的领取上限', 'You already hold as many of this coupon as one shopper may.'],
      [gone, '优惠券已领完', 'This coupon has all been taken.'],
      [expired, '优惠券已过期', 'This coupon has expired.'],
      [later, '优惠券尚未开始领取', 'This coupon cannot be received yet.'],
    ] as const) {
      expect((await receive(me.auth, id)).body).toMatchObject({ code: 402, msg })
      expect((await receive(me.auth, id).set('Accept-Language', 'en')).body.msg).toBe(en)
    }
    expect(await app.db.coupon_logs.count()).toBe(logs)
    expect((await app.db.coupons.findUniqueOrThrow({ where: { id: once } })).stock).toBe(4)
    expect((await receive(me.auth, 999999999)).status).toBe(404)
  })

  test('1,000 concurrent receives of a coupon with stock 100 and limit 1 from 300 shoppers: exactly 100, one each at most', async () => {
    const store = await newStore()
    const id = await sellerCoupon(store, { stock: 100, limit_num: 1 })
    const first = (await app.db.users.findFirstOrThrow({ orderBy: { id: 'desc' }, select: { id: true } })).id
    await app.db.users.createMany({ data: Array.from({ length: 300 }, (_, i) => ({ username: `stampede${first}_${i}`, password: 'x', nickname: 'n' })) })
    const users = await app.db.users.findMany({ where: { username: { startsWith: `stampede${first}_` } }, select: { id: true } })
    const auths = await bearersFor(users)
    const answers = await Promise.all(Array.from({ length: 1000 }, (_, i) => receive(auths[i % 300], id)))
    const received = answers.filter((r) => r.body.code === 200)
    expect(received).toHaveLength(100)
    expect(answers.every((r) => r.body.code === 200 || (r.body.code === 402 && ['优惠券已领完', '已达到该优惠券的领取上限'].includes(r.body.msg)))).toBe(true)
    expect((await app.db.coupons.findUniqueOrThrow({ where: { id } })).stock).toBe(0)
    const perUser = await app.db.coupon_logs.groupBy({ by: ['user_id'], where: { coupon_id: id }, _count: { _all: true } })
    expect(perUser.reduce((n, u) => n + u._count._all, 0)).toBe(100)
    expect(Math.max(...perUser.map((u) => u._count._all))).toBe(1)
    const counters = await app.db.coupon_receivers.findMany({ where: { coupon_id: id, received: { gt: 0 } } })
    expect(counters).toHaveLength(100)
  }, 120_000)

  test('the Redis gate dropped again and again mid-stampede: still exactly 100 received, one each at most', async () => {
    const store = await newStore()
    const id = await sellerCoupon(store, { stock: 100, limit_num: 1 })
    const first = (await app.db.users.findFirstOrThrow({ orderBy: { id: 'desc' }, select: { id: true } })).id
    await app.db.users.createMany({ data: Array.from({ length: 150 }, (_, i) => ({ username: `flushed${first}_${i}`, password: 'x', nickname: 'n' })) })
    const users = await app.db.users.findMany({ where: { username: { startsWith: `flushed${first}_` } }, select: { id: true } })
    const auths = await bearersFor(users)
    const gate = app.key('coupon_gate', id)
    let flushes = 0
    const answers = await Promise.all(
      Array.from({ length: 600 }, async (_, i) => {
        const answer = await receive(auths[i % 150], id)
        if (i % 40 === 0) flushes += await app.redis.del(gate)
        return answer
      }),
    )
    expect(flushes).toBeGreaterThan(0)
    expect(answers.filter((r) => r.body.code === 200)).toHaveLength(100)
    expect(answers.every((r) => r.body.code === 200 || (r.body.code === 402 && ['优惠券已领完', '已达到该优惠券的领取上限'].includes(r.body.msg)))).toBe(true)
    expect((await app.db.coupons.findUniqueOrThrow({ where: { id } })).stock).toBe(0)
    const perUser = await app.db.coupon_logs.groupBy({ by: ['user_id'], where: { coupon_id: id }, _count: { _all: true } })
    expect(perUser.reduce((n, u) => n + u._count._all, 0)).toBe(100)
    expect(Math.max(...perUser.map((u) => u._count._all))).toBe(1)
  }, 120_000)

  test('a seller raising a sold-out coupon’s stock opens it again at once (the gate starts afresh)', async () => {
    const store = await newStore()
    const id = await sellerCoupon(store, { stock: 1, limit_num: 1 })
    expect((await receive((await shopper()).auth, id)).body.code).toBe(200)
    const late = await shopper()
    expect((await receive(late.auth, id)).body.msg).toBe('优惠券已领完')
    expect((await http(app).put(`/api/Seller/coupons/${id}`).set(store.auth).send({ stock: 2 })).body.code).toBe(200)
    const [a, b] = await Promise.all([receive(late.auth, id), receive(late.auth, id)])
    expect([a.body.code, b.body.code].sort()).toEqual([200, 402])
    expect((await receive((await shopper()).auth, id)).body.code).toBe(200)
    expect((await receive((await shopper()).auth, id)).body.msg).toBe('优惠券已领完')
    expect((await app.db.coupons.findUniqueOrThrow({ where: { id } })).stock).toBe(0)
    expect(await app.db.coupon_logs.count({ where: { coupon_id: id } })).toBe(3)
  })

  test('a refusal the gate gives alone (all taken, the shopper at the limit) reads nothing from the database and writes nothing', async () => {
    const store = await newStore()
    const id = await sellerCoupon(store, { stock: 1, limit_num: 1 })
    const [a, b] = [await shopper(), await shopper()]
    expect((await receive(a.auth, id)).body.code).toBe(200)
    const probe = await countingInstance(app)
    try {
      const attempt = (auth: Record<string, string>) => http(probe.app).post('/api/user/coupon/receive').set(auth).send({ id })
      const limit = { code: 402, msg: '已达到该优惠券的领取上限', data: null }
      const gone = { code: 402, msg: '优惠券已领完', data: null }
      // The first request of each shopper on this instance reads the session and the account.
      expect((await attempt(a.auth)).body).toEqual(gone)
      expect((await attempt(b.auth)).body).toEqual(gone)
      const rows = () => Promise.all([app.db.coupon_logs.count({ where: { coupon_id: id } }), app.db.coupon_receivers.count({ where: { coupon_id: id } })])
      expect(await rows()).toEqual([1, 1])
      probe.reset()
      expect((await Promise.all([attempt(a.auth), attempt(b.auth), attempt(b.auth)])).map((r) => r.body)).toEqual([gone, gone, gone])
      expect(probe.uses()).toBe(0)
      expect(await rows()).toEqual([1, 1])
      // the stock raised again (the gate starts afresh): a shopper who received through it is refused at the limit by it
      expect((await http(app).put(`/api/Seller/coupons/${id}`).set(store.auth).send({ stock: 2 })).body.code).toBe(200)
      expect((await attempt(b.auth)).body.code).toBe(200)
      probe.reset()
      expect((await Promise.all([attempt(b.auth), attempt(b.auth)])).map((r) => r.body)).toEqual([limit, limit])
      expect(probe.uses()).toBe(0)
      expect(await rows()).toEqual([2, 2])
    } finally {
      await probe.close()
    }
  })

  test('one shopper firing 20 receives of a coupon with limit 3 gets exactly 3', async () => {
    const store = await newStore()
    const id = await sellerCoupon(store, { stock: 50, limit_num: 3 })
    const me = await shopper()
    const answers = await Promise.all(Array.from({ length: 20 }, () => receive(me.auth, id)))
    expect(answers.filter((r) => r.body.code === 200)).toHaveLength(3)
    expect(await app.db.coupon_logs.count({ where: { coupon_id: id, user_id: me.id } })).toBe(3)
    expect((await app.db.coupons.findUniqueOrThrow({ where: { id } })).stock).toBe(47)
  })

  test('receives written together are guarded each on its own: a shopper the gate lets past the limit, a stock the gate overcounts', async () => {
    const store = await newStore()
    const id = await sellerCoupon(store, { stock: 30, limit_num: 1 })
    expect((await receive((await shopper()).auth, id)).body.code).toBe(200)
    // The gate's hash now exists; it is told this shopper has received −5, so it lets six receives of the shopper through.
    const greedy = await shopper()
    await app.redis.hset(app.key('coupon_gate', id), `u${greedy.id}`, -5)
    const others = await Promise.all(Array.from({ length: 10 }, () => shopper()))
    const answers = await Promise.all([...Array.from({ length: 6 }, () => receive(greedy.auth, id)), ...others.map((s) => receive(s.auth, id))])
    expect(answers.slice(0, 6).map((r) => r.body.msg).sort()).toEqual(['领取成功', ...Array(5).fill('已达到该优惠券的领取上限')].sort())
    expect(answers.slice(6).map((r) => r.body.code)).toEqual(Array(10).fill(200))
    expect((await app.db.coupons.findUniqueOrThrow({ where: { id } })).stock).toBe(30 - 12)
    expect(await app.db.coupon_logs.count({ where: { coupon_id: id, user_id: greedy.id } })).toBe(1)
    expect(await app.db.coupon_receivers.findFirst({ where: { coupon_id: id, user_id: greedy.id }, select: { received: true } })).toEqual({ received: 1 })
    // The database's stock lowered behind the gate's back: of eight shoppers at once, only three receive.
    await app.db.$executeRaw`UPDATE coupons SET stock = 3 WHERE id = ${id}`
    const late = await Promise.all(Array.from({ length: 8 }, () => shopper()))
    const lateAnswers = await Promise.all(late.map((s) => receive(s.auth, id)))
    expect(lateAnswers.map((r) => r.body.msg).sort()).toEqual([...Array(3).fill('领取成功'), ...Array(5).fill('优惠券已领完')].sort())
    expect((await app.db.coupons.findUniqueOrThrow({ where: { id } })).stock).toBe(0)
    expect(await app.db.coupon_logs.count({ where: { coupon_id: id } })).toBe(15)
  })

  test('the coupon centre, a store page and a goods page list what may be received', async () => {
    const store = await newStore()
    const all = await sellerCoupon(store)
    const forGoods = await sellerCoupon(store, { goods_ids: `${store.goodsId}` })
    const goods2 = await createGoods(app, store.storeId, classId, { goods_name: '另一个', goods_price: '1.00', goods_stock: 5 })
    const forOther = await sellerCoupon(store, { goods_ids: `${goods2.id}` })
    await sellerCoupon(store, { stock: 0 })
    const ids = async (q: string) => (await http(app).get(`/api/coupons?${q}`)).body.data.data.map((c: { id: number }) => c.id).sort()
    expect(await ids(`store_id=${store.storeId}`)).toEqual([all, forGoods, forOther].sort())
    const onGoods = await ids(`goods_id=${store.goodsId}`)
    expect(onGoods).toContain(all)
    expect(onGoods).toContain(forGoods)
    expect(onGoods).not.toContain(forOther)
  })
})
