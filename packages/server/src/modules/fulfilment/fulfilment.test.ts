// Shipping, the receiver, receipt and the back-office order pages over HTTP: ship only from paid (a translated 402
// otherwise), ship against the cancel job, one store's seller never reaching another's orders, the shopper confirming
// only their own shipped orders, the admin reaching every store.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Job } from 'bullmq'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createUser } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { createGoods, leafClasses, sellerWithStore, type TestSeller } from '../catalog/testkit.ts'
import { paidOrders, placeOrders } from '../orders/testkit.ts'
import { orderCancelJob } from '../orders/cancelJob.ts'
import { DAY_MS } from './taskConfig.ts'
import { currentCalendar } from '../../core/siteCalendar.ts'

let app: FastifyInstance
let seller: TestSeller
let other: TestSeller
let goods: { id: number }
let shopper: { id: number }
let shopperAuth: Record<string, string>
let adminAuth: Record<string, string>

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  const leaves = await leafClasses(app)
  seller = await sellerWithStore(app, leaves)
  other = await sellerWithStore(app, leaves)
  goods = await createGoods(app, seller.storeId, leaves[0].id, { goods_stock: 10, goods_price: '25.00' })
  shopper = await createUser(app, { pay_password: '123456' })
  shopperAuth = bearer(await tokenFor(app, 'user', shopper.id))
  adminAuth = bearer(await tokenFor(app, 'admin', (await createAdmin(app, { is_super: 1 })).id))
})
afterAll(async () => app?.close())

const paid = async (buyNum = 1) => (await paidOrders(app, shopper.id, [{ goods_id: goods.id, buy_num: buyNum }]))[0]
const order = (id: number) => app.db.orders.findUniqueOrThrow({ where: { id } })
const stock = async () => (await app.db.goods.findUniqueOrThrow({ where: { id: goods.id } })).goods_stock
const ship = (id: number, auth: Record<string, string>, body: object = { delivery_code: 'sf', delivery_no: 'SF1234567890' }, area = 'Seller') =>
  http(app).put(`/api/${area}/orders/${id}/ship`).set(auth).send(body)
const confirm = (id: number, auth = shopperAuth) => http(app).put(`/api/user/order/${id}`).set(auth).send({ order_status: 4 })
const outbox = (jobId: string) => app.db.outbox.findFirst({ where: { job_id: jobId } })

describe('shipping', () => {
  test('a paid order ships once: carrier, number and time written, the auto-confirm staged at delivery + confirm_days', async () => {
    const id = await paid()
    const res = await ship(id, seller.auth)
    expect(res.body).toMatchObject({ code: 200, msg: '订单已发货', data: { id, order_status: 3, delivery_code: 'sf', delivery_no: 'SF1234567890' } })
    const row = await order(id)
    expect([row.order_status, row.delivery_code, row.delivery_no]).toEqual([3, 'sf', 'SF1234567890'])
    const staged = await outbox(`order-confirm-${id}`)
    expect(staged?.run_at?.getTime()).toBe(row.delivery_time!.getTime() + 7 * DAY_MS)

    const again = await ship(id, seller.auth, { delivery_code: 'yd', delivery_no: 'YD999999' })
    expect(again.body).toMatchObject({ code: 402, msg: '只有待发货的订单可以发货' })
    expect((await order(id)).delivery_code).toBe('sf')
  })

  test('an unpaid order is refused with a translated 402; an unknown carrier too; bad numbers are a 400', async () => {
    const [unpaid] = await placeOrders(app, shopper.id, [{ goods_id: goods.id, buy_num: 1 }])
    const en = await ship(unpaid, seller.auth).set('Accept-Language', 'en')
    expect(en.body).toMatchObject({ code: 402, msg: 'Only orders awaiting shipment can be shipped.' })
    const id = await paid()
    expect((await ship(id, seller.auth, { delivery_code: 'nope', delivery_no: 'X12345' })).body).toMatchObject({ code: 402, msg: '请选择有效的快递公司' })
    expect((await ship(id, seller.auth, { delivery_code: 'sf', delivery_no: 'a b' })).status).toBe(400)
    expect((await ship(id, seller.auth, { delivery_code: 'sf', delivery_no: 'X'.repeat(41) })).status).toBe(400)
    expect((await order(id)).order_status).toBe(2)
  })

  test('ship against the cancel job: a paid order ships and keeps its stock; an unpaid due one is cancelled, stock back', async () => {
    const id = await paid(2)
    const [due] = await placeOrders(app, shopper.id, [{ goods_id: goods.id, buy_num: 3 }], { payMinutes: -1 })
    await app.db.orders.update({ where: { id }, data: { pay_deadline: new Date(Date.now() - 1000) } })
    expect(await stock()).toBe(5)
    const runCancel = (orderId: number) => orderCancelJob.process(app, { order_id: orderId }, {} as Job)
    const [shipPaid, cancelPaid, shipDue, cancelDue] = await Promise.all([ship(id, seller.auth), runCancel(id), ship(due, seller.auth), runCancel(due)])
    expect(shipPaid.body.code).toBe(200)
    expect(cancelPaid).toEqual({ outcome: 'not_unpaid' })
    expect(shipDue.body.code).toBe(402)
    expect(cancelDue).toEqual({ outcome: 'cancelled' })
    expect([(await order(id)).order_status, (await order(due)).order_status, await stock()]).toEqual([3, 0, 8])
  })

  test('twenty concurrent shipments of one order: one ships, one confirm job staged', async () => {
    const id = await paid()
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => ship(id, seller.auth, { delivery_code: 'sf', delivery_no: `SF${100000 + i}` })))
    expect(answers.filter((r) => r.body.code === 200)).toHaveLength(1)
    expect(answers.filter((r) => r.body.code === 402)).toHaveLength(19)
    expect(await app.db.outbox.count({ where: { job_id: `order-confirm-${id}` } })).toBe(1)
  })

  test("a seller reaches only its store's orders: another's are 404 to see, ship, edit and track, and stay as they were", async () => {
    const id = await paid()
    const before = await order(id)
    expect((await http(app).get(`/api/Seller/orders/${id}`).set(other.auth)).status).toBe(404)
    expect((await ship(id, other.auth)).status).toBe(404)
    expect((await http(app).put(`/api/Seller/orders/${id}/receiver`).set(other.auth).send({ receive_name: 'x', receive_tel: '13900000000', receive_area: 'a', receive_address: 'b' })).status).toBe(404)
    expect((await http(app).get(`/api/Seller/orders/${id}/tracking`).set(other.auth)).status).toBe(404)
    const list = await http(app).get('/api/Seller/orders').set(other.auth)
    expect(list.body.data.total).toBe(0)
    expect(await order(id)).toEqual(before)
  })

  test('the admin sees and ships any store\'s order', async () => {
    const id = await paid()
    const list = await http(app).get('/api/Admin/orders').query({ store_id: String(seller.storeId) }).set(adminAuth)
    expect(list.body.data.data.map((r: { id: number }) => r.id)).toEqual([id])
    expect((await http(app).get(`/api/Admin/orders/${id}`).set(adminAuth)).body.data).toMatchObject({ id, store_name: expect.any(String), lines: [{ buy_num: 1 }] })
    expect((await ship(id, adminAuth, undefined, 'Admin')).body.code).toBe(200)
  })
})

describe('the receiver', () => {
  const receiver = { receive_name: '李四', receive_tel: '13900000000', receive_area: '上海市 上海市 浦东新区', receive_address: '世纪大道 100 号' }

  test('can change while the order waits for shipment, not after', async () => {
    const id = await paid()
    expect((await http(app).put(`/api/Seller/orders/${id}/receiver`).set(seller.auth).send(receiver)).body.code).toBe(200)
    expect(await order(id)).toMatchObject(receiver)
    await ship(id, seller.auth)
    const late = await http(app).put(`/api/Seller/orders/${id}/receiver`).set(seller.auth).send({ ...receiver, receive_name: '王五' })
    expect(late.body).toMatchObject({ code: 402, msg: '订单已发货，不能再修改收货信息' })
    expect((await order(id)).receive_name).toBe('李四')
  })
})

describe('the lists and the detail', () => {
  test('status tab, order number, receiver and dates filter the store\'s orders; the detail has lines and payment', async () => {
    const [a, b] = [await paid(), await paid()]
    await ship(b, seller.auth)
    const list = (query: Record<string, string>) => http(app).get('/api/Seller/orders').query(query).set(seller.auth)
    expect((await list({ order_status: '2' })).body.data.data.map((r: { id: number }) => r.id)).toEqual([a])
    expect((await list({ order_status: '3' })).body.data.data.map((r: { id: number }) => r.id)).toEqual([b])
    const no = (await order(a)).order_no
    expect((await list({ order_no: no })).body.data.total).toBe(1)
    expect((await list({ receive_name: '张|like' })).body.data.total).toBe(2)
    const day = (d: Date) => currentCalendar().dayText(d)
    const [today, yesterday] = [day(new Date()), day(new Date(Date.now() - DAY_MS))]
    expect((await list({ created_at: `${today} 00:00:00,${today} 23:59:59|between` })).body.data.total).toBe(2)
    expect((await list({ created_at: `${yesterday} 00:00:00,${yesterday} 23:59:59|between` })).body.data.total).toBe(0)
    const detail = (await http(app).get(`/api/Seller/orders/${b}`).set(seller.auth)).body.data
    expect(detail).toMatchObject({ id: b, order_status: 3, payment_name: 'balance', delivery_name: '顺丰', delivery_no: 'SF1234567890', total_price: '25.00', refunds: [] })
    expect(detail.pay_no).toMatch(/^P\d+/)
    expect(detail.lines).toMatchObject([{ goods_id: goods.id, buy_num: 1, refunded_num: 0 }])
  })
})

describe('receipt', () => {
  test('the shopper confirms a shipped order once: receipt time and the after-sale window written', async () => {
    const id = await paid()
    expect((await confirm(id)).body).toMatchObject({ code: 402, msg: '只有已发货的订单可以确认收货' })
    await ship(id, seller.auth)
    const res = await confirm(id)
    expect(res.body).toMatchObject({ code: 200, msg: '已确认收货', data: { id, order_status: 4 } })
    const row = await order(id)
    expect(row.order_status).toBe(4)
    expect(row.settle_after!.getTime()).toBe(row.receipt_time!.getTime() + 7 * DAY_MS)
    expect((await confirm(id)).body.code).toBe(402)
  })

  test("another shopper's order is 404 and stays shipped", async () => {
    const id = await paid()
    await ship(id, seller.auth)
    const intruder = bearer(await tokenFor(app, 'user', (await createUser(app)).id))
    expect((await confirm(id, intruder)).status).toBe(404)
    expect((await http(app).get(`/api/user/order/${id}/tracking`).set(intruder)).status).toBe(404)
    expect((await order(id)).order_status).toBe(3)
  })

  test('an unpaid order cannot be confirmed, and a cancel body still cancels', async () => {
    const [unpaid] = await placeOrders(app, shopper.id, [{ goods_id: goods.id, buy_num: 1 }])
    expect((await confirm(unpaid)).body.code).toBe(402)
    expect((await http(app).put(`/api/user/order/${unpaid}`).set(shopperAuth).send({ order_status: 0 })).body.code).toBe(200)
    expect((await http(app).put(`/api/user/order/${unpaid}`).set(shopperAuth).send({ order_status: 3 })).status).toBe(400)
  })
})

describe('tracking', () => {
  test('before shipping the timeline is empty; after, the demo driver answers a labelled timeline', async () => {
    const id = await paid()
    expect((await http(app).get(`/api/user/order/${id}/tracking`).set(shopperAuth)).body.data).toMatchObject({ state: 'none', events: [], demo: false })
    await ship(id, seller.auth)
    await app.db.orders.update({ where: { id }, data: { delivery_time: new Date(Date.now() - 30 * 3_600_000) } })
    const res = await http(app).get(`/api/user/order/${id}/tracking`).set(shopperAuth)
    expect(res.body.data).toMatchObject({ delivery_code: 'sf', delivery_name: '顺丰', delivery_no: 'SF1234567890', state: 'in_transit', demo: true })
    expect(res.body.data.events).toHaveLength(3)
    expect(res.body.data.events[0].text).toContain('演示数据')
    expect((await http(app).get(`/api/Seller/orders/${id}/tracking`).set(seller.auth)).body.data.events).toHaveLength(3)
  })
})
