// Paying by balance, cancelling and the auto-cancel, against the real database, Redis and BullMQ: one payment per set
// of orders however often it is sent, refusals that change nothing, cancel and payment never both, stock back once.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { ORDER_STATUS } from '@qshop/shared'
import { bearer, createTestApp, eventually, http, resetDb, startQueueWorker } from '../../../test/helpers.ts'
import { createUser } from '../../../test/factories.ts'
import { hashPassword } from '../../core/hash.ts'
import { post } from '../../core/ledger.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { sendStaged } from '../../core/jobs/outbox.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { createGoods, leafClasses, sellerWithStore } from '../catalog/testkit.ts'
import { QUEUE_ORDERS } from '../../core/jobs/queues.ts'
import { sweepDueCancels } from './cancelJob.ts'
import { placeOrders } from './testkit.ts'
import { currentCalendar } from '../../core/siteCalendar.ts'

let app: FastifyInstance
/** tea: no SKUs, 10 in stock at 10.00 (store A) · shirt: SKUs red (5 at 19.90) and blue (2 at 29.90) (store B) */
let tea: { id: number }
let shirt: { id: number }
let red: { id: number }
let blue: { id: number }
let me: Shopper
let other: Shopper

type Shopper = { id: number; auth: Record<string, string> }

/** A shopper with pay password 123456 and `balance` yuan, credited through the ledger. */
async function shopper(balance = 1000): Promise<Shopper> {
  const { id } = await createUser(app, { pay_password: '123456' })
  if (balance)
    await runUnit(app, (tx) =>
      post(tx, { owner: { kind: 'user', id }, account: 'money', amount: balance * 100, reason: 'recharge', source: { type: 'admin', id: 1 }, idemKey: `test:${id}` }),
    )
  return { id, auth: bearer(await tokenFor(app, 'user', id)) }
}

let keys = 0
/** A payment with its own Idempotency-Key unless given one. */
const pay = (orderIds: number[], auth = me.auth, pay_password = '123456', payment_name = 'balance', key = `pay-${++keys}`) =>
  http(app).post('/api/user/order/pay').set(auth).set('Idempotency-Key', key).send({ order_id: orderIds, payment_name, pay_password })
/** A client at another address (the app trusts X-Forwarded-For, as behind nginx). */
const from = (ip: string, auth = me.auth) => ({ ...auth, 'X-Forwarded-For': ip })
const cancel = (id: number, auth = me.auth) => http(app).put(`/api/user/order/${id}`).set(auth).send({ order_status: 0 })

const stockOf = async () => ({
  tea: (await app.db.goods.findUniqueOrThrow({ where: { id: tea.id } })).goods_stock,
  shirt: (await app.db.goods.findUniqueOrThrow({ where: { id: shirt.id } })).goods_stock,
  red: (await app.db.goods_skus.findUniqueOrThrow({ where: { id: red.id } })).goods_stock,
  blue: (await app.db.goods_skus.findUniqueOrThrow({ where: { id: blue.id } })).goods_stock,
})
const balanceOf = async (id: number) => (await app.db.users.findUniqueOrThrow({ where: { id } })).money.toFixed(2)
const statuses = async (ids: number[]) =>
  (await app.db.orders.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' }, select: { order_status: true } })).map((o) => o.order_status)
/** Everything a payment writes, for "nothing changed" checks. */
const paymentRows = async () => ({
  pays: await app.db.order_pays.count(),
  links: await app.db.order_pay_orders.count(),
  ledger: await app.db.money_logs.count({ where: { ename: 'order_pay' } }),
})

beforeAll(async () => {
  app = await createTestApp({ TRUST_PROXY: true })
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  const leaves = await leafClasses(app)
  const a = await sellerWithStore(app, leaves)
  const b = await sellerWithStore(app, leaves)
  tea = await createGoods(app, a.storeId, leaves[0].id, { goods_name: '绿茶', goods_price: '10.00', goods_stock: 10 })
  shirt = await createGoods(app, b.storeId, leaves[0].id, { goods_name: 'T恤', goods_price: '19.90', goods_stock: 7 })
  red = await app.db.goods_skus.create({ data: { goods_id: shirt.id, sku_name: '红色,M', goods_price: '19.90', goods_stock: 5 } })
  blue = await app.db.goods_skus.create({ data: { goods_id: shirt.id, sku_name: '蓝色,L', goods_price: '29.90', goods_stock: 2 } })
  me = await shopper()
  other = await shopper()
})
afterAll(async () => app?.close())

/** Two orders of `me`: 2 tea (20.00) in store A, 1 red + 1 blue shirt (49.80) in store B. */
const twoOrders = () => placeOrders(app, me.id, [{ goods_id: tea.id, buy_num: 2 }, { goods_id: shirt.id, sku_id: red.id, buy_num: 1 }, { goods_id: shirt.id, sku_id: blue.id, buy_num: 1 }])

describe('pay by balance', () => {
  test('one payment for both orders: the ledger debit, both orders paid with the payment, sales counted', async () => {
    const ids = await twoOrders()
    const info = await http(app).get(`/api/user/order/pay_info?order_id=${ids.join(',')}`).set(me.auth)
    expect(info.body.data).toMatchObject({ total_price: '69.80', balance: '1000.00', has_pay_password: true, payments: [{ name: 'balance', enabled: true }, { name: 'wechat', enabled: false }, { name: 'alipay', enabled: false }] })
    expect(info.body.data.orders.map((o: { id: number }) => o.id)).toEqual(ids)

    const res = await pay(ids)
    expect([res.body.code, res.body.msg]).toEqual([200, '支付成功'])
    expect(res.body.data).toEqual({ order_pay_id: expect.any(Number), pay_no: expect.stringMatching(/^P\d{26}$/), total_price: '69.80', total: '69.80' })
    const payId = res.body.data.order_pay_id
    expect(await app.db.order_pays.findUniqueOrThrow({ where: { id: payId } })).toMatchObject({ belong_id: me.id, payment_name: 'balance', pay_status: 1, pay_time: expect.any(Date) })
    expect((await app.db.order_pay_orders.findMany({ where: { order_pay_id: payId }, orderBy: { order_id: 'asc' } })).map((l) => l.order_id)).toEqual(ids)
    const ledger = await app.db.money_logs.findMany({ where: { user_id: me.id, ename: 'order_pay' } })
    expect(ledger.map((l) => [l.money.toFixed(2), l.after_money.toFixed(2), l.idem_key, l.source_type, l.source_id])).toEqual([['-69.80', '930.20', `order_pay:${payId}:pay`, 'order_pay', payId]])
    expect(await balanceOf(me.id)).toBe('930.20')
    const orders = await app.db.orders.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' } })
    expect(orders.map((o) => [o.order_status, o.payment_name, o.order_pay_id, o.order_balance.toFixed(2), o.pay_time !== null])).toEqual([
      [2, 'balance', payId, '20.00', true],
      [2, 'balance', payId, '49.80', true],
    ])
    expect((await app.db.goods.findUniqueOrThrow({ where: { id: tea.id } })).goods_sale).toBe(2)
    expect((await app.db.goods.findUniqueOrThrow({ where: { id: shirt.id } })).goods_sale).toBe(2)
    expect((await http(app).post('/api/user/order/check').set(me.auth).send({ order_id: ids })).body.data).toEqual({ paid: true, orders: ids.map((id) => ({ id, order_status: 2 })) })
  })

  test('two concurrent payments of the same orders: one payment, one ledger row, one change per order', async () => {
    const ids = await twoOrders()
    const answers = await Promise.all([pay(ids), pay(ids), pay([...ids].reverse())])
    expect(answers.map((r) => r.body.code).sort()).toEqual([200, 402, 402])
    expect(answers.filter((r) => r.body.code === 402).map((r) => r.body.msg)).toEqual(['订单已支付', '订单已支付'])
    expect(await paymentRows()).toEqual({ pays: 1, links: 2, ledger: 1 })
    expect(await balanceOf(me.id)).toBe('930.20')
    expect(await statuses(ids)).toEqual([2, 2])
    expect((await app.db.goods.findUniqueOrThrow({ where: { id: tea.id } })).goods_sale).toBe(2)
  })

  test('too little balance: 余额不足 and nothing changes', async () => {
    const poor = await shopper(50)
    const ids = await placeOrders(app, poor.id, [{ goods_id: tea.id, buy_num: 6 }])
    const res = await pay(ids, poor.auth)
    expect([res.body.code, res.body.msg]).toEqual([402, '余额不足'])
    expect(await paymentRows()).toEqual({ pays: 0, links: 0, ledger: 0 })
    expect(await balanceOf(poor.id)).toBe('50.00')
    expect(await statuses(ids)).toEqual([1])
    expect((await app.db.goods.findUniqueOrThrow({ where: { id: tea.id } })).goods_sale).toBe(0)
  })

  test('a wrong pay password changes nothing; past five in a row the account waits, even with the right one', async () => {
    const ids = await twoOrders()
    for (let i = 0; i < 5; i++) {
      const res = await pay(ids, me.auth, '654321')
      expect([res.body.code, res.body.msg]).toEqual([402, '支付密码错误'])
    }
    const locked = await pay(ids, me.auth, '123456')
    expect([locked.status, locked.body.code, locked.body.msg]).toEqual([429, 429, '支付密码错误次数过多，请稍后再试'])
    expect(await paymentRows()).toEqual({ pays: 0, links: 0, ledger: 0 })
    expect(await balanceOf(me.id)).toBe('1000.00')
    expect(await statuses(ids)).toEqual([1, 1])
    // The login is a secret of its own: it is not locked by the pay password.
    expect((await http(app).post('/api/login').send({ username: (await app.db.users.findUniqueOrThrow({ where: { id: me.id } })).username, password: 'Secret@123', provider: 'users' })).body.code).toBe(200)
  })

  test('a pay password stored by argon2 before: still accepted, then stored as HMAC; a wrong one is still throttled', async () => {
    const legacy = await shopper()
    await app.db.users.update({ where: { id: legacy.id }, data: { pay_password: await hashPassword('123456') } })
    const place = () => placeOrders(app, legacy.id, [{ goods_id: tea.id, buy_num: 1 }])
    const [first, second, third] = [await place(), await place(), await place()]
    const storedNow = async () => (await app.db.users.findUniqueOrThrow({ where: { id: legacy.id } })).pay_password!

    expect((await pay(first, legacy.auth, '654321')).body).toMatchObject({ code: 402, msg: '支付密码错误' })
    expect(await storedNow()).toMatch(/^\$argon2/)
    expect((await pay(first, legacy.auth)).body.code).toBe(200)
    const upgraded = await storedNow()
    expect(upgraded).toMatch(/^hmac-sha256\$/)
    expect((await pay(second, legacy.auth)).body.code).toBe(200)
    expect(await storedNow()).toBe(upgraded)

    for (let i = 0; i < 5; i++) expect((await pay(third, legacy.auth, '000000')).body).toMatchObject({ code: 402, msg: '支付密码错误' })
    const locked = await pay(third, legacy.auth)
    expect([locked.status, locked.body.msg]).toEqual([429, '支付密码错误次数过多，请稍后再试'])
    expect([...(await statuses(first)), ...(await statuses(second)), ...(await statuses(third))]).toEqual([2, 2, 1])
    expect(await balanceOf(legacy.id)).toBe('980.00')
  })

  test('the right pay password starts the count of wrong ones afresh', async () => {
    const payer = await shopper()
    const [a, b] = [await placeOrders(app, payer.id, [{ goods_id: tea.id, buy_num: 1 }]), await placeOrders(app, payer.id, [{ goods_id: tea.id, buy_num: 1 }])]
    for (let i = 0; i < 4; i++) expect((await pay(a, payer.auth, '111111')).body.msg).toBe('支付密码错误')
    expect((await pay(a, payer.auth)).body.code).toBe(200)
    for (let i = 0; i < 4; i++) expect((await pay(b, payer.auth, '111111')).body.msg).toBe('支付密码错误')
    expect((await pay(b, payer.auth)).body.code).toBe(200)
    expect([...(await statuses(a)), ...(await statuses(b))]).toEqual([2, 2])
  })

  test('wrong pay passwords sent at once: only the allowed number are checked; the right one sent next is refused too', async () => {
    const allowed = app.config.LOGIN_MAX_FAILURES
    const ids = await twoOrders()
    const burst = await Promise.all(Array.from({ length: 28 }, (_, i) => pay(ids, me.auth, String(100000 + i))))
    const answers = burst.map((r) => `${r.status} ${r.body.code} ${r.body.msg}`)
    // only a checked pay password can answer "wrong"
    expect(answers.filter((a) => a === '200 402 支付密码错误')).toHaveLength(allowed)
    expect(answers.filter((a) => a === '429 429 支付密码错误次数过多，请稍后再试')).toHaveLength(28 - allowed)
    const right = await Promise.all([pay(ids), pay(ids)])
    expect(right.map((r) => [r.status, r.body.msg])).toEqual(Array(2).fill([429, '支付密码错误次数过多，请稍后再试']))
    expect(await paymentRows()).toEqual({ pays: 0, links: 0, ledger: 0 })
    expect(await balanceOf(me.id)).toBe('1000.00')
    expect(await statuses(ids)).toEqual([1, 1])
  })

  test('wrong pay passwords of an account are capped per day from all addresses, also when sent at once; the cap holds until midnight', async () => {
    const cap = app.config.PAY_PASSWORD_DAILY_FAILURES
    const ids = await twoOrders()
    const burst = await Promise.all(Array.from({ length: 28 }, (_, i) => pay(ids, from(`203.0.113.${i + 1}`), String(100000 + i))))
    const answers = burst.map((r) => `${r.status} ${r.body.code} ${r.body.msg}`)
    expect(answers.filter((a) => a === '200 402 支付密码错误')).toHaveLength(cap)
    expect(answers.filter((a) => a === '429 429 今日支付密码错误次数过多，请明天再试')).toHaveLength(28 - cap)
    const fresh = await pay(ids, from('198.51.100.9'))
    expect([fresh.status, fresh.body.msg]).toEqual([429, '今日支付密码错误次数过多，请明天再试'])
    // Until the site's midnight (Asia/Shanghai), not the process's.
    expect(Math.abs(Number(fresh.headers['retry-after']) - currentCalendar().msToNextDay(new Date()) / 1000)).toBeLessThan(3)
    const en = await pay(ids, from('198.51.100.10')).set('lang', 'en')
    expect(en.body.msg).toBe('Too many wrong pay passwords today, please try again tomorrow.')
    expect(await paymentRows()).toEqual({ pays: 0, links: 0, ledger: 0 })
    expect(await balanceOf(me.id)).toBe('1000.00')
    // another shopper pays as usual
    expect((await pay(await placeOrders(app, other.id, [{ goods_id: tea.id, buy_num: 1 }]), other.auth)).body.code).toBe(200)
  })

  test('without a pay password set: refused, naming it', async () => {
    const { id } = await createUser(app)
    const auth = bearer(await tokenFor(app, 'user', id))
    const ids = await placeOrders(app, id, [{ goods_id: tea.id, buy_num: 1 }])
    expect((await pay(ids, auth)).body).toMatchObject({ code: 402, msg: '请先设置支付密码' })
  })

  test('other payment methods are refused with a translated message naming the field', async () => {
    const ids = await twoOrders()
    const res = await pay(ids, me.auth, '123456', 'wechat')
    expect([res.status, res.body.code, res.body.data]).toEqual([400, 400, { payment_name: '该支付方式暂不可用' }])
    const en = await pay(ids, me.auth, '123456', 'alipay').set('lang', 'en')
    expect(en.body.data).toEqual({ payment_name: 'This payment method is not available.' })
    expect(await paymentRows()).toEqual({ pays: 0, links: 0, ledger: 0 })
  })

  test("another shopper's orders: 404 on every route, nothing changes", async () => {
    const ids = await twoOrders()
    const before = await stockOf()
    expect((await pay(ids, other.auth)).status).toBe(404)
    expect((await pay([ids[0], (await placeOrders(app, other.id, [{ goods_id: tea.id, buy_num: 1 }]))[0]], other.auth)).status).toBe(404)
    expect((await http(app).get(`/api/user/order/pay_info?order_id=${ids[0]}`).set(other.auth)).status).toBe(404)
    expect((await http(app).post('/api/user/order/check').set(other.auth).send({ order_id: ids })).status).toBe(404)
    expect((await http(app).get(`/api/user/order/${ids[0]}`).set(other.auth)).status).toBe(404)
    expect((await cancel(ids[0], other.auth)).status).toBe(404)
    expect(await statuses(ids)).toEqual([1, 1])
    expect(await paymentRows()).toEqual({ pays: 0, links: 0, ledger: 0 })
    expect(await balanceOf(other.id)).toBe('1000.00')
    expect((await stockOf()).red).toBe(before.red)
  })

  test('a cancelled order cannot be paid', async () => {
    const [id] = await placeOrders(app, me.id, [{ goods_id: tea.id, buy_num: 1 }])
    await cancel(id)
    expect((await pay([id])).body).toMatchObject({ code: 402, msg: '订单已取消，不能支付', data: { order_id: [id] } })
    expect(await balanceOf(me.id)).toBe('1000.00')
  })
})

describe('pay with an Idempotency-Key', () => {
  test('is refused without one', async () => {
    const ids = await twoOrders()
    const res = await http(app).post('/api/user/order/pay').set(me.auth).send({ order_id: ids, payment_name: 'balance', pay_password: '123456' })
    expect([res.status, res.body.data]).toEqual([400, { 'Idempotency-Key': '必填项不能为空' }])
    expect(await paymentRows()).toEqual({ pays: 0, links: 0, ledger: 0 })
  })

  test('the same key twice at once: debited once, both answered the same; repeated later, the same answer, the pay password still checked', async () => {
    const ids = await twoOrders()
    const [a, b] = await Promise.all([pay(ids, me.auth, '123456', 'balance', 'attempt-1'), pay(ids, me.auth, '123456', 'balance', 'attempt-1')])
    expect(a.body).toEqual({ code: 200, msg: '支付成功', data: { order_pay_id: expect.any(Number), pay_no: expect.any(String), total_price: '69.80', total: '69.80' } })
    expect(b.body).toEqual(a.body)
    expect(await paymentRows()).toEqual({ pays: 1, links: 2, ledger: 1 })
    expect(await balanceOf(me.id)).toBe('930.20')
    expect((await pay([...ids].reverse(), me.auth, '123456', 'balance', 'attempt-1')).body).toEqual(a.body)
    expect((await pay(ids, me.auth, '000000', 'balance', 'attempt-1')).body).toMatchObject({ code: 402, msg: '支付密码错误' })
    expect(await paymentRows()).toEqual({ pays: 1, links: 2, ledger: 1 })
  })

  test('a key used for other orders: 409, nothing paid', async () => {
    const [first] = await placeOrders(app, me.id, [{ goods_id: tea.id, buy_num: 1 }])
    const [second] = await placeOrders(app, me.id, [{ goods_id: tea.id, buy_num: 2 }])
    expect((await pay([first], me.auth, '123456', 'balance', 'attempt-2')).body.code).toBe(200)
    const reused = await pay([second], me.auth, '123456', 'balance', 'attempt-2')
    expect([reused.status, reused.body.code, reused.body.msg]).toEqual([409, 409, '该请求标识已用于其他请求'])
    expect(await statuses([first, second])).toEqual([2, 1])
    expect(await balanceOf(me.id)).toBe('990.00')
    // keys are the shopper's own: another shopper's same key is a request of its own
    const [theirs] = await placeOrders(app, other.id, [{ goods_id: tea.id, buy_num: 1 }])
    expect((await pay([theirs], other.auth, '123456', 'balance', 'attempt-2')).body.code).toBe(200)
  })
})

describe('the pay deadline', () => {
  test('an order past its deadline before the cancel job ran: refused, cancelled with its stock back once, no money moved', async () => {
    const start = await stockOf()
    const [onTime] = await placeOrders(app, me.id, [{ goods_id: tea.id, buy_num: 1 }])
    const [late] = await placeOrders(app, me.id, [{ goods_id: shirt.id, sku_id: red.id, buy_num: 2 }])
    await app.db.orders.update({ where: { id: late }, data: { pay_deadline: new Date(Date.now() - 2600) } })
    const res = await pay([onTime, late])
    expect(res.body).toEqual({ code: 402, msg: '订单已超过支付期限，已取消', data: { order_id: [late] } })
    expect(await statuses([onTime, late])).toEqual([1, 0])
    expect(await stockOf()).toEqual({ ...start, tea: start.tea - 1 })
    expect(await paymentRows()).toEqual({ pays: 0, links: 0, ledger: 0 })
    expect(await balanceOf(me.id)).toBe('1000.00')
    const en = await pay([late]).set('lang', 'en')
    expect(en.body).toMatchObject({ code: 402, msg: 'The order was cancelled and cannot be paid.' })
    // the cancel job, when it runs, finds nothing left to do
    expect(await sweepDueCancels(app)).toEqual({ cancelled: 0 })
    expect(await stockOf()).toEqual({ ...start, tea: start.tea - 1 })
    expect((await pay([onTime])).body.code).toBe(200)
  })

  test('paid by several requests at once past its deadline: every one refused, the stock back once', async () => {
    const start = await stockOf()
    const [late] = await placeOrders(app, me.id, [{ goods_id: shirt.id, sku_id: blue.id, buy_num: 2 }], { payMinutes: -1 })
    const answers = await Promise.all(Array.from({ length: 4 }, () => pay([late])))
    expect(answers.map((r) => r.body.code)).toEqual([402, 402, 402, 402])
    expect(answers.every((r) => ['订单已超过支付期限，已取消', '订单已取消，不能支付'].includes(r.body.msg))).toBe(true)
    expect(await statuses([late])).toEqual([0])
    expect(await stockOf()).toEqual(start)
    expect(await paymentRows()).toEqual({ pays: 0, links: 0, ledger: 0 })
    expect(await balanceOf(me.id)).toBe('1000.00')
  })
})

describe('cancel', () => {
  test('an unpaid order: cancelled with its time, stock back; a second cancel is refused and gives nothing back', async () => {
    const start = await stockOf()
    const [teaOrder, shirtOrder] = await twoOrders()
    expect(await stockOf()).toEqual({ tea: 8, shirt: 5, red: 4, blue: 1 })
    const res = await cancel(shirtOrder)
    expect(res.body).toEqual({ code: 200, msg: '订单已取消', data: { id: shirtOrder, order_status: 0 } })
    expect(await app.db.orders.findUniqueOrThrow({ where: { id: shirtOrder } })).toMatchObject({ order_status: 0, cancel_time: expect.any(Date) })
    expect(await stockOf()).toEqual({ ...start, tea: 8 })
    expect((await cancel(shirtOrder)).body).toMatchObject({ code: 402, msg: '只有待付款的订单可以取消' })
    expect(await stockOf()).toEqual({ ...start, tea: 8 })
    expect(await statuses([teaOrder])).toEqual([1])
  })

  test('a paid order cannot be cancelled; any status but 0 is refused', async () => {
    const ids = await twoOrders()
    await pay(ids)
    expect((await cancel(ids[0])).body.code).toBe(402)
    const confirm = await http(app).put(`/api/user/order/${ids[0]}`).set(me.auth).send({ order_status: 1 })
    expect([confirm.status, Object.keys(confirm.body.data)]).toEqual([400, ['order_status']])
    expect(await statuses(ids)).toEqual([2, 2])
  })

  test('cancel racing pay: each order ends paid or cancelled, never both; stock back only when cancelled', async () => {
    for (let round = 0; round < 6; round++) {
      const before = await stockOf()
      const balance = Number(await balanceOf(me.id))
      const [id] = await placeOrders(app, me.id, [{ goods_id: shirt.id, sku_id: red.id, buy_num: 1 }])
      const [paid, cancelled] = await Promise.all([pay([id]), cancel(id)])
      const [status] = await statuses([id])
      expect([paid.body.code, cancelled.body.code].sort(), `round ${round}`).toEqual([200, 402])
      if (status === ORDER_STATUS.PAID) {
        expect(paid.body.code).toBe(200)
        expect(await stockOf()).toEqual({ ...before, shirt: before.shirt - 1, red: before.red - 1 })
        expect(Number(await balanceOf(me.id))).toBeCloseTo(balance - 19.9, 2)
      } else {
        expect(status).toBe(ORDER_STATUS.CANCELLED)
        expect(await stockOf()).toEqual(before)
        expect(Number(await balanceOf(me.id))).toBe(balance)
        expect(await app.db.order_pay_orders.count({ where: { order_id: id } })).toBe(0)
      }
      if (before.red < 2) await app.db.goods_skus.update({ where: { id: red.id }, data: { goods_stock: { increment: 3 } } }).then(() => app.db.goods.update({ where: { id: shirt.id }, data: { goods_stock: { increment: 3 } } }))
    }
  })
})

describe('auto-cancel', () => {
  test('cancels due while the worker was stopped: once started, with the sweeper racing it, each due order is cancelled once and its stock back once', async () => {
    const start = await stockOf()
    const due = [
      ...(await placeOrders(app, me.id, [{ goods_id: tea.id, buy_num: 3 }], { payMinutes: -1 })),
      ...(await placeOrders(app, other.id, [{ goods_id: shirt.id, sku_id: red.id, buy_num: 2 }, { goods_id: tea.id, buy_num: 1 }], { payMinutes: -2 })),
    ]
    const [later] = await placeOrders(app, me.id, [{ goods_id: shirt.id, sku_id: blue.id, buy_num: 1 }], { payMinutes: 30 })
    const staged = await app.db.outbox.findMany({ orderBy: { id: 'asc' } })
    expect(staged.map((r) => [r.queue, r.name, r.job_id])).toEqual(
      [...due, later].sort((x, y) => x - y).map((id) => [QUEUE_ORDERS, 'order-cancel', `order-cancel-${id}`]),
    )
    // Staged again (a retried checkout): still one job per order.
    expect(await sendStaged(app.db, app.queues, staged.map((r) => r.id))).toBe(4)
    expect(await app.queues.get(QUEUE_ORDERS).getJobCounts('delayed', 'waiting')).toEqual({ delayed: 1, waiting: 3 })

    const worker = startQueueWorker(app, QUEUE_ORDERS)
    try {
      const swept = await sweepDueCancels(app)
      await eventually(async () => (await app.queues.get(QUEUE_ORDERS).getJobCounts('completed')).completed === 3)
      expect(swept.cancelled).toBeLessThanOrEqual(3)
      expect(await sweepDueCancels(app)).toEqual({ cancelled: 0 })
    } finally {
      await worker.close()
    }
    expect(await statuses(due)).toEqual([0, 0, 0])
    expect(await statuses([later])).toEqual([1])
    expect(await stockOf()).toEqual({ ...start, shirt: start.shirt - 1, blue: start.blue - 1 })
  })

  test('the sweeper alone (Redis lost the jobs) cancels what is due, and only that', async () => {
    const [due] = await placeOrders(app, me.id, [{ goods_id: tea.id, buy_num: 4 }], { payMinutes: -5 })
    const [notDue] = await placeOrders(app, me.id, [{ goods_id: tea.id, buy_num: 1 }], { payMinutes: 5 })
    const [paid] = await placeOrders(app, me.id, [{ goods_id: tea.id, buy_num: 1 }], { payMinutes: -5 })
    // Paid just before the deadline passed: no longer the sweeper's.
    await app.db.orders.update({ where: { id: paid }, data: { order_status: 2 } })
    expect(await sweepDueCancels(app)).toEqual({ cancelled: 1 })
    expect(await statuses([due, notDue, paid])).toEqual([0, 1, 2])
    expect((await app.db.goods.findUniqueOrThrow({ where: { id: tea.id } })).goods_stock).toBe(8)
  })
})

describe('reading own orders', () => {
  test('list by status tab and order number, counts by status, detail with lines and address', async () => {
    const ids = await twoOrders()
    const [third] = await placeOrders(app, me.id, [{ goods_id: tea.id, buy_num: 1 }])
    await pay([ids[0]])
    await cancel(third)
    await placeOrders(app, other.id, [{ goods_id: tea.id, buy_num: 1 }])

    const all = (await http(app).get('/api/user/orders').set(me.auth)).body.data
    expect(all).toMatchObject({ count: 3, total: 3, per_page: 30, last_page: 1, current_page: 1 })
    expect(all.data.map((o: { id: number }) => o.id).sort()).toEqual([...ids, third].sort())
    const unpaid = (await http(app).get('/api/user/orders?order_status=1').set(me.auth)).body.data
    expect(unpaid.data).toEqual([
      {
        id: ids[1], order_no: expect.any(String), store_id: expect.any(Number), store_name: expect.any(String), order_status: 1, total_price: '49.80',
        freight_money: '0.00', created_at: expect.any(String), pay_deadline: expect.any(String), collective: null,
        lines: [
          { goods_id: shirt.id, sku_id: red.id, goods_name: 'T恤', goods_image: '', sku_name: '红色,M', goods_price: '19.90', buy_num: 1, total_price: '19.90' },
          { goods_id: shirt.id, sku_id: blue.id, goods_name: 'T恤', goods_image: '', sku_name: '蓝色,L', goods_price: '29.90', buy_num: 1, total_price: '29.90' },
        ],
      },
    ])
    const byNo = (await http(app).get(`/api/user/orders?order_no=${unpaid.data[0].order_no}&order_status=-1`).set(me.auth)).body.data
    expect(byNo.data.map((o: { id: number }) => o.id)).toEqual([ids[1]])
    const day = currentCalendar().dayText(new Date())
    expect((await http(app).get(`/api/user/orders?created_at=${day},${day}`).set(me.auth)).body.data.total).toBe(3)
    expect((await http(app).get('/api/user/orders?created_at=2020-01-01,2020-01-31').set(me.auth)).body.data.total).toBe(0)
    expect((await http(app).get('/api/user/orders?per_page=7').set(me.auth)).status).toBe(400)

    expect((await http(app).get('/api/user/order/counts').set(me.auth)).body.data).toEqual({ all: 3, by_status: { 0: 1, 1: 1, 2: 1, 3: 0, 4: 0, 5: 0, 6: 0 }, after_sale: 0 })
    const detail = (await http(app).get(`/api/user/order/${ids[0]}`).set(me.auth)).body.data
    expect(detail).toMatchObject({
      id: ids[0], order_status: 2, order_price: '20.00', discount_money: '0.00', total_price: '20.00', receive_name: '张三', receive_tel: '13800138000',
      receive_area: '北京市 北京市 东城区', receive_address: '长安街 1 号', payment_name: 'balance', pay_time: expect.any(String), cancel_time: null,
      lines: [{ goods_id: tea.id, sku_id: 0, sku_name: '-', buy_num: 2, total_price: '20.00' }],
    })
  })
})
