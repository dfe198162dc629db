// Reviews of order lines against the real database and Redis: only own lines of received or completed orders, one
// review per line however often or concurrently it is sent, validated scores, text and pictures, the order completed
// once every line not wholly refunded is reviewed, the goods page's statistics, and the back offices' replies.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { ORDER_STATUS } from '@qshop/shared'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createUser } from '../../../test/factories.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { createGoods, leafClasses, sellerWithStore, type TestSeller } from '../catalog/testkit.ts'
import { paidOrders, placeOrders } from '../orders/testkit.ts'
import { completeIfReviewed } from './service.ts'
import { advanceOrders, receivedOrders } from './testkit.ts'

let app: FastifyInstance
type Shopper = { id: number; auth: Record<string, string> }
let me: Shopper
let other: Shopper
let storeA: TestSeller
let storeB: TestSeller
let adminAuth: Record<string, string>
/** tea and cup in store A, shirt in store B */
let tea: { id: number }
let cup: { id: number }
let shirt: { id: number }

async function shopper(): Promise<Shopper> {
  const { id } = await createUser(app, { pay_password: '123456' })
  return { id, auth: bearer(await tokenFor(app, 'user', id)) }
}

const FIVES = { score: 5, agree: 5, service: 5, speed: 5 }
const post = (body: object, auth = me.auth) => http(app).post('/api/user/comments').set(auth).send(body)
const linesOf = async (orderId: number) => app.db.order_goods.findMany({ where: { order_id: orderId }, orderBy: { id: 'asc' } })
const statusOf = async (orderId: number) => (await app.db.orders.findUniqueOrThrow({ where: { id: orderId } })).order_status
/** A public upload of `userId` (what POST /api/uploads records), answering its URL. */
async function uploaded(userId: number, name: string) {
  const url = `/uploads/comment/20261125/${name}.png`
  await app.db.uploads.create({ data: { area: 'user', owner_id: userId, folder: 'comment', disk: 'public', path: `comment/20261125/${name}.png`, url, size: 10, mime: 'image/png' } })
  return url
}

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  const leaves = await leafClasses(app)
  storeA = await sellerWithStore(app, leaves)
  storeB = await sellerWithStore(app, leaves)
  tea = await createGoods(app, storeA.storeId, leaves[0].id, { goods_name: '绿茶', goods_price: '10.00', goods_stock: 50 })
  cup = await createGoods(app, storeA.storeId, leaves[0].id, { goods_name: '茶杯', goods_price: '5.00', goods_stock: 50 })
  shirt = await createGoods(app, storeB.storeId, leaves[0].id, { goods_name: 'T恤', goods_price: '19.90', goods_stock: 50 })
  me = await shopper()
  other = await shopper()
  adminAuth = bearer(await tokenFor(app, 'admin', (await createAdmin(app)).id))
})
afterAll(async () => app?.close())

describe('the order review page', () => {
  test("an own received order's lines, each reviewable until reviewed; another shopper's order is 404", async () => {
    const [orderId] = await receivedOrders(app, me.id, [{ goods_id: tea.id, buy_num: 2 }, { goods_id: cup.id, buy_num: 1 }])
    const [teaLine, cupLine] = await linesOf(orderId)
    const page = await http(app).get(`/api/user/order/comment/${orderId}`).set(me.auth)
    expect(page.body.data).toMatchObject({
      order: { id: orderId, order_status: 4, store_name: expect.any(String) },
      open: true,
      lines: [
        { id: teaLine.id, goods_id: tea.id, goods_name: '绿茶', buy_num: 2, refunded: false, comment: null, reviewable: true },
        { id: cupLine.id, goods_id: cup.id, goods_name: '茶杯', buy_num: 1, refunded: false, comment: null, reviewable: true },
      ],
    })
    expect((await post({ order_goods_id: teaLine.id, ...FIVES, content: '好喝' })).body.code).toBe(200)
    const line = await http(app).get(`/api/user/comment/add/${teaLine.id}`).set(me.auth)
    expect(line.body.data).toMatchObject({ open: true, line: { id: teaLine.id, reviewable: false, comment: { score: 5, content: '好喝', reply: null } } })

    for (const url of [`/api/user/order/comment/${orderId}`, `/api/user/comment/add/${teaLine.id}`]) {
      const res = await http(app).get(url).set(other.auth)
      expect([res.status, res.body.code]).toEqual([404, 404])
    }
  })

  test('an unpaid order is shown, not open for reviews', async () => {
    const [orderId] = await placeOrders(app, me.id, [{ goods_id: tea.id, buy_num: 1 }])
    const page = await http(app).get(`/api/user/order/comment/${orderId}`).set(me.auth)
    expect(page.body.data).toMatchObject({ open: false, lines: [{ reviewable: false }] })
  })
})

describe('posting a review', () => {
  test("another shopper's line is 404, and nothing is written", async () => {
    const [orderId] = await receivedOrders(app, me.id, [{ goods_id: tea.id, buy_num: 1 }])
    const [line] = await linesOf(orderId)
    const res = await post({ order_goods_id: line.id, ...FIVES }, other.auth)
    expect([res.status, res.body.code]).toEqual([404, 404])
    expect(await app.db.order_comments.count()).toBe(0)
    expect(await statusOf(orderId)).toBe(4)
  })

  test('unpaid, paid and shipped orders are refused with 402; nothing is written', async () => {
    const [unpaid] = await placeOrders(app, me.id, [{ goods_id: tea.id, buy_num: 1 }])
    const [paid] = await paidOrders(app, me.id, [{ goods_id: tea.id, buy_num: 1 }])
    const [shipped] = await paidOrders(app, me.id, [{ goods_id: tea.id, buy_num: 1 }])
    await advanceOrders(app, [shipped], 3)
    for (const orderId of [unpaid, paid, shipped]) {
      const [line] = await linesOf(orderId)
      const res = await post({ order_goods_id: line.id, ...FIVES })
      expect([res.status, res.body.code, res.body.msg]).toEqual([200, 402, '订单确认收货后才能评价'])
    }
    expect(await app.db.order_comments.count()).toBe(0)
  })

  test('scores, text and pictures are validated: 400 naming the field, nothing written', async () => {
    const [orderId] = await receivedOrders(app, me.id, [{ goods_id: tea.id, buy_num: 1 }])
    const [line] = await linesOf(orderId)
    const others = await uploaded(other.id, 'theirs')
    const cases: [object, string][] = [
      [{ ...FIVES, score: 0 }, 'score'],
      [{ ...FIVES, agree: 6 }, 'agree'],
      [{ ...FIVES, service: 4.5 }, 'service'],
      [{ score: 5, agree: 5, service: 5 }, 'speed'],
      [{ ...FIVES, content: 'x'.repeat(501) }, 'content'],
      [{ ...FIVES, image: Array.from({ length: 7 }, (_, i) => `/uploads/${i}.png`) }, 'image'],
      [{ ...FIVES, image: [others] }, 'image'],
      [{ ...FIVES, image: ['https://elsewhere.example/a.png'] }, 'image'],
    ]
    for (const [body, field] of cases) {
      const res = await post({ order_goods_id: line.id, ...body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(Object.keys(res.body.data), JSON.stringify(body)).toEqual([field])
    }
    expect(await app.db.order_comments.count()).toBe(0)
  })

  test('the review is written with its scores, text and own pictures; the goods page shows it at once', async () => {
    const [orderId] = await receivedOrders(app, me.id, [{ goods_id: tea.id, buy_num: 1 }])
    const [line] = await linesOf(orderId)
    const pics = [await uploaded(me.id, 'a'), await uploaded(me.id, 'b')]
    // The goods detail is cached before the review: the review must show through the cache.
    expect((await http(app).get(`/api/goods/${tea.id}`)).body.data.comment_statistics.total).toBe(0)
    const res = await post({ order_goods_id: line.id, score: 4, agree: 5, service: 3, speed: 4, content: '  味道不错  ', image: pics })
    expect([res.body.code, res.body.msg]).toEqual([200, '评价成功'])
    expect(res.body.data).toEqual({ id: expect.any(Number), order_completed: true })
    expect(await app.db.order_comments.findUniqueOrThrow({ where: { id: res.body.data.id } })).toMatchObject({
      user_id: me.id, order_id: orderId, order_goods_id: line.id, goods_id: tea.id, store_id: storeA.storeId, content: '味道不错', image: pics.join(','),
    })
    const detail = (await http(app).get(`/api/goods/${tea.id}`)).body.data
    expect(detail.comment_statistics).toEqual({ total: 1, good: 1, medium: 0, bad: 0, good_rate: 100, averages: { score: '4.00', agree: '5.00', service: '3.00', speed: '4.00' } })
    const list = (await http(app).get(`/api/goods_comments/${tea.id}`)).body.data
    expect(list.data).toEqual([expect.objectContaining({ score: 4, agree: 5, service: 3, speed: 4, content: '味道不错', image: pics, reply: null })])
  })

  test('ten concurrent posts of the same line: one review, the others refused with 402', async () => {
    const [orderId] = await receivedOrders(app, me.id, [{ goods_id: tea.id, buy_num: 1 }, { goods_id: cup.id, buy_num: 1 }])
    const [line] = await linesOf(orderId)
    const answers = await Promise.all(Array.from({ length: 10 }, () => post({ order_goods_id: line.id, ...FIVES })))
    expect(answers.map((r) => r.body.code).sort()).toEqual([200, ...Array(9).fill(402)])
    expect(new Set(answers.filter((r) => r.body.code === 402).map((r) => r.body.msg))).toEqual(new Set(['该商品已评价']))
    expect(await app.db.order_comments.count({ where: { order_goods_id: line.id } })).toBe(1)
    expect(await statusOf(orderId)).toBe(4)
    // A replay later is refused the same way.
    expect((await post({ order_goods_id: line.id, ...FIVES })).body.code).toBe(402)
  })
})

describe('completing the order', () => {
  test('the order completes (4 → 6, comment_time) only with the last line reviewed', async () => {
    const [orderId] = await receivedOrders(app, me.id, [{ goods_id: tea.id, buy_num: 1 }, { goods_id: cup.id, buy_num: 2 }])
    const [teaLine, cupLine] = await linesOf(orderId)
    expect((await post({ order_goods_id: teaLine.id, ...FIVES })).body.data.order_completed).toBe(false)
    expect(await app.db.orders.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({ order_status: 4, comment_time: null })
    expect((await post({ order_goods_id: cupLine.id, ...FIVES })).body.data.order_completed).toBe(true)
    expect(await app.db.orders.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({ order_status: 6, comment_time: expect.any(Date) })
  })

  test('two lines reviewed at the same time: the order completes once', async () => {
    const [orderId] = await receivedOrders(app, me.id, [{ goods_id: tea.id, buy_num: 1 }, { goods_id: cup.id, buy_num: 1 }])
    const lines = await linesOf(orderId)
    const answers = await Promise.all(lines.map((l) => post({ order_goods_id: l.id, ...FIVES })))
    expect(answers.map((r) => r.body.code)).toEqual([200, 200])
    expect(answers.map((r) => r.body.data.order_completed).sort()).toEqual([false, true])
    expect(await statusOf(orderId)).toBe(6)
  })

  test('a wholly refunded line is not reviewed and not waited for; a partly refunded one is', async () => {
    const [orderId] = await receivedOrders(app, me.id, [{ goods_id: tea.id, buy_num: 2 }, { goods_id: cup.id, buy_num: 2 }, { goods_id: tea.id, buy_num: 1 }])
    const [whole, part, kept] = await linesOf(orderId)
    // What after-sales records once money went back (their service writes these in its unit).
    await app.db.order_goods.update({ where: { id: whole.id }, data: { refunded_num: 2, refunded_money: '20.00' } })
    await app.db.order_goods.update({ where: { id: part.id }, data: { refunded_num: 1, refunded_money: '5.00' } })
    const refused = await post({ order_goods_id: whole.id, ...FIVES })
    expect([refused.body.code, refused.body.msg]).toEqual([402, '该商品已全部退款，无需评价'])
    const page = (await http(app).get(`/api/user/order/comment/${orderId}`).set(me.auth)).body.data
    expect(page.lines.map((l: { refunded: boolean; reviewable: boolean }) => [l.refunded, l.reviewable])).toEqual([[true, false], [false, true], [false, true]])
    expect((await post({ order_goods_id: part.id, ...FIVES })).body.data.order_completed).toBe(false)
    expect((await post({ order_goods_id: kept.id, ...FIVES })).body.data.order_completed).toBe(true)
    expect(await statusOf(orderId)).toBe(6)
  })

  test('completeIfReviewed: a refund of the only line still owed a review completes the order', async () => {
    const [orderId] = await receivedOrders(app, me.id, [{ goods_id: tea.id, buy_num: 1 }, { goods_id: cup.id, buy_num: 1 }])
    const [teaLine, cupLine] = await linesOf(orderId)
    await post({ order_goods_id: teaLine.id, ...FIVES })
    expect(await runUnit(app, (tx) => completeIfReviewed(tx, orderId))).toBe(false)
    await app.db.order_goods.update({ where: { id: cupLine.id }, data: { refunded_num: 1, refunded_money: '5.00' } })
    expect(await runUnit(app, (tx) => completeIfReviewed(tx, orderId))).toBe(true)
    expect(await statusOf(orderId)).toBe(ORDER_STATUS.COMPLETED)
    expect(await runUnit(app, (tx) => completeIfReviewed(tx, orderId))).toBe(false)
  })
})

describe('statistics and lists', () => {
  test('good (S ≥ 15), medium (10 < S < 15) and bad (S ≤ 10) counts, good rate and averages; the lists by class', async () => {
    const scores = [
      { score: 5, agree: 5, service: 5, speed: 5 }, // 20 good
      { score: 4, agree: 4, service: 4, speed: 3 }, // 15 good
      { score: 3, agree: 3, service: 4, speed: 4 }, // 14 medium
      { score: 3, agree: 3, service: 3, speed: 2 }, // 11 medium
      { score: 1, agree: 3, service: 3, speed: 3 }, // 10 bad
      { score: 1, agree: 1, service: 1, speed: 1 }, // 4 bad
      { score: 2, agree: 1, service: 1, speed: 1 }, // 5 bad
    ]
    for (const s of scores) {
      const buyer = await shopper()
      const [orderId] = await receivedOrders(app, buyer.id, [{ goods_id: tea.id, buy_num: 1 }])
      const [line] = await linesOf(orderId)
      expect((await post({ order_goods_id: line.id, ...s }, buyer.auth)).body.code).toBe(200)
    }
    const stats = (await http(app).get(`/api/goods/${tea.id}`)).body.data.comment_statistics
    // good rate 2/7 = 28.57 → 29; averages: score 19/7, agree 20/7, service 21/7, speed 19/7
    expect(stats).toEqual({ total: 7, good: 2, medium: 2, bad: 3, good_rate: 29, averages: { score: '2.71', agree: '2.86', service: '3.00', speed: '2.71' } })
    const kind = async (is_type: number) => (await http(app).get(`/api/goods_comments/${tea.id}`).query({ is_type, per_page: 2 })).body.data
    expect((await kind(0)).total).toBe(7)
    expect((await kind(0)).last_page).toBe(4)
    expect(((await kind(1)).data as { score: number }[]).map((r) => r.score)).toEqual([4, 5])
    expect((await kind(2)).total).toBe(2)
    expect((await kind(3)).total).toBe(3)
    // The other store's goods has none.
    expect((await http(app).get(`/api/goods/${shirt.id}`)).body.data.comment_statistics).toMatchObject({ total: 0, good_rate: null })
  })

  test("the shopper's own reviews, newest first, a page at a time; nobody else's", async () => {
    const [orderA, orderB] = await receivedOrders(app, me.id, [{ goods_id: tea.id, buy_num: 1 }, { goods_id: cup.id, buy_num: 1 }, { goods_id: shirt.id, buy_num: 1 }])
    for (const l of [...(await linesOf(orderA)), ...(await linesOf(orderB))]) await post({ order_goods_id: l.id, ...FIVES, content: `c${l.goods_id}` })
    const [theirs] = await receivedOrders(app, other.id, [{ goods_id: tea.id, buy_num: 1 }])
    await post({ order_goods_id: (await linesOf(theirs))[0].id, ...FIVES }, other.auth)
    const page1 = (await http(app).get('/api/user/comments').query({ per_page: 2 }).set(me.auth)).body.data
    expect(page1).toMatchObject({ total: 3, last_page: 2, current_page: 1 })
    expect(page1.data.map((r: { goods_name: string }) => r.goods_name)).toEqual(['T恤', '茶杯'])
    expect(page1.data[0]).toMatchObject({ goods_id: shirt.id, order_id: orderB, score: 5, content: `c${shirt.id}`, image: [], reply: null })
    const page2 = (await http(app).get('/api/user/comments').query({ per_page: 2, page: 2 }).set(me.auth)).body.data
    expect(page2.data.map((r: { goods_name: string }) => r.goods_name)).toEqual(['绿茶'])
  })
})

describe('replies', () => {
  async function reviewed(goodsId: number) {
    const buyer = await shopper()
    const [orderId] = await receivedOrders(app, buyer.id, [{ goods_id: goodsId, buy_num: 1 }])
    const [line] = await linesOf(orderId)
    const res = await post({ order_goods_id: line.id, ...FIVES, content: '不错' }, buyer.auth)
    return { id: res.body.data.id as number, buyer }
  }

  test('the seller lists and replies to their own store’s reviews only; the reply shows to the shopper and on the goods page', async () => {
    const mine = await reviewed(tea.id)
    const theirs = await reviewed(shirt.id)
    const list = (await http(app).get('/api/Seller/order_comments').set(storeA.auth)).body.data
    expect(list.data).toEqual([expect.objectContaining({ id: mine.id, goods_name: '绿茶', nickname: expect.any(String), content: '不错', score: '5.00', image: [], reply: null })])

    const reply = await http(app).put(`/api/Seller/order_comments/${mine.id}`).set(storeA.auth).send({ reply: '感谢支持' })
    expect(reply.body.code).toBe(200)
    expect(await app.db.order_comments.findUniqueOrThrow({ where: { id: mine.id } })).toMatchObject({ reply: '感谢支持', reply_time: expect.any(Date) })
    expect((await http(app).get(`/api/goods_comments/${tea.id}`)).body.data.data[0]).toMatchObject({ reply: '感谢支持', reply_time: expect.any(String) })
    expect((await http(app).get('/api/user/comments').set(mine.buyer.auth)).body.data.data[0]).toMatchObject({ reply: '感谢支持' })

    // Another store's review: 404 and unchanged; an empty reply: 400 naming it.
    const foreign = await http(app).put(`/api/Seller/order_comments/${theirs.id}`).set(storeA.auth).send({ reply: 'x' })
    expect([foreign.status, foreign.body.code]).toEqual([404, 404])
    expect(await app.db.order_comments.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({ reply: null, reply_time: null })
    const empty = await http(app).put(`/api/Seller/order_comments/${mine.id}`).set(storeA.auth).send({ reply: '   ' })
    expect([empty.status, Object.keys(empty.body.data)]).toEqual([400, ['reply']])
    // Only the reply is writable.
    const scores = await http(app).put(`/api/Seller/order_comments/${mine.id}`).set(storeA.auth).send({ score: 1 })
    expect(scores.status).toBe(400)
  })

  test('the admin lists every store’s reviews, filters by store, replies, and deletes (the statistics follow)', async () => {
    const a = await reviewed(tea.id)
    const b = await reviewed(shirt.id)
    const all = (await http(app).get('/api/Admin/order_comments').set(adminAuth)).body.data
    expect(all.data.map((r: { id: number }) => r.id)).toEqual([b.id, a.id])
    expect(all.data[0]).toMatchObject({ store_name: expect.any(String), goods_name: 'T恤' })
    const ofB = (await http(app).get('/api/Admin/order_comments').query({ store_id: storeB.storeId }).set(adminAuth)).body.data
    expect(ofB.data.map((r: { id: number }) => r.id)).toEqual([b.id])

    expect((await http(app).put(`/api/Admin/order_comments/${b.id}`).set(adminAuth).send({ reply: '平台回复' })).body.code).toBe(200)
    expect(await app.db.order_comments.findUniqueOrThrow({ where: { id: b.id } })).toMatchObject({ reply: '平台回复' })

    expect((await http(app).get(`/api/goods/${shirt.id}`)).body.data.comment_statistics.total).toBe(1)
    expect((await http(app).delete(`/api/Admin/order_comments/${b.id}`).set(adminAuth)).body.code).toBe(200)
    expect((await http(app).get(`/api/goods/${shirt.id}`)).body.data.comment_statistics.total).toBe(0)
  })
})
