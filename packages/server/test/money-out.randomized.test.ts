// A randomized run with a fixed seed of money out, several actions at once: shoppers in a referral chain check out
// (the checkout freezing rates) and pay, orders are received, partly or fully refunded through the after-sales
// services, settled (two settlers racing), shoppers and the store ask for withdrawals that the admin pays out or refuses
// (sometimes both at once) or their owners cancel, and the admin adjusts balances. Afterwards: every balance, frozen
// and points column equals the sum of its ledger rows, and for every settled order paid = refunded + store credit +
// platform commission + referral commissions, the latter equal to its commission rows.
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { CASH_STATUS, ORDER_STATUS, REFUND_TYPE, decimalToCents, fromCents } from '@qshop/shared'
import { bearer, createTestApp, http, resetDb, seededRandom } from './helpers.ts'
import { createAdmin, createUser } from './factories.ts'
import type { RequestContext } from '../src/core/context.ts'
import { AppError } from '../src/core/errors.ts'
import { tokenFor } from '../src/modules/rbac/testkit.ts'
import { createGoods, leafClasses, sellerWithStore } from '../src/modules/catalog/testkit.ts'
import { shipOrders } from '../src/modules/fulfilment/testkit.ts'
import { openRefund, refundCapsOf } from '../src/modules/aftersales/open.ts'
import { agreeRequest } from '../src/modules/aftersales/decide.ts'
import { settleOrder } from '../src/modules/settlement/settle.ts'
import { balanceAndRows, credit, setStoreConfig } from '../src/modules/funds/testkit.ts'

const SEED = 20261128
const STEPS = 160
const AT_ONCE = 4
const LATER = () => new Date(Date.now() + 400 * 86400_000)

const userCtx = (id: number): RequestContext => ({
  actor: { area: 'user', id, sid: 'money-out', username: `u${id}`, all: false, permissions: new Set(), belong_id: 0 }, locale: 'zh-cn', ip: '127.0.0.1', requestId: 'money-out',
})

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false, areas: false })
})
afterAll(async () => app?.close())

test(`seed ${SEED}: columns equal their ledgers; paid = refunded + store + commission + referral commissions`, async () => {
  // The plan (each step's kind and variant) is drawn up front from the seed; the draws inside steps come from a second
  // generator, whose order depends on how the parallel steps interleave, so that it never changes the plan.
  const planned = seededRandom(SEED)
  const plan = Array.from({ length: STEPS }, () => [planned(), planned()] as const)
  const rnd = seededRandom(SEED + 1)
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]
  await setStoreConfig(app, { cash: '1.5', cash_min: '0.10', cash_daily_limit: 50, commission_rate: '5.5', distribution_max: '40' })
  const leaves = await leafClasses(app)
  const seller = await sellerWithStore(app, leaves)
  const sellerAuth = bearer(await tokenFor(app, 'seller', seller.id))
  const admin = bearer(await tokenFor(app, 'admin', (await createAdmin(app)).id))
  const goods = [
    await createGoods(app, seller.storeId, leaves[0].id, { goods_price: '12.35', goods_stock: 5000 }),
    await createGoods(app, seller.storeId, leaves[0].id, { goods_price: '0.07', goods_stock: 5000 }),
    await createGoods(app, seller.storeId, leaves[0].id, { goods_price: '99.99', goods_stock: 5000 }),
  ]
  for (const [g, rates] of [[goods[0], ['10', '5', '2.5']], [goods[1], ['33.33', '3.33', '0.33']]] as const) {
    const res = await http(app).post('/api/Seller/distributions').set(sellerAuth).send({ goods_id: g.id, lev_1: rates[0], lev_2: rates[1], lev_3: rates[2] })
    expect(res.body.code).toBe(200)
  }
  // A chain of six: each invited by the one before.
  const users: number[] = []
  for (let i = 0; i < 6; i++) {
    const { id } = await createUser(app, { pay_password: '123456' })
    if (i > 0) await app.db.users.update({ where: { id }, data: { inviter_id: users[i - 1] } })
    await credit(app, { kind: 'user', id }, 2_000_00)
    await app.db.user_checks.create({ data: { user_id: id, name: `u${id}`, card_no: '11010519491231002X', bank_no: '6222020200112233445', bank_name: 'bank' } })
    users.push(id)
  }
  const auths = new Map(await Promise.all(users.map(async (id) => [id, bearer(await tokenFor(app, 'user', id))] as const)))
  let keys = 0
  const key = () => ({ 'Idempotency-Key': `mo${SEED}k${++keys}` })
  const tally: Record<string, number> = {}
  const count = (what: string) => void (tally[what] = (tally[what] ?? 0) + 1)
  const attempt = async (what: string, work: () => Promise<unknown>) => {
    try {
      await work()
      count(`${what} ok`)
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      count(`${what} refused ${err.msgKey}`)
    }
  }
  const answered = (what: string, res: { body: { code: number; msg: string } }) => {
    expect([200, 402, 404], `${what}: ${JSON.stringify(res.body)}`).toContain(res.body.code)
    count(`${what} ${res.body.code}`)
  }
  const address = new Map<number, number>()
  for (const id of users)
    address.set(id, (await app.db.addresses.create({ data: { user_id: id, receive_name: 'x', receive_tel: '13800138000', province_id: 1, city_id: 1, region_id: 2, area_info: 'a b c', address: 'x' } })).id)

  async function step(roll: number, extra: number) {
    const user = pick(users)
    const auth = auths.get(user)!
    if (roll < 0.25) {
      const lines = goods.filter(() => rnd() < 0.6).map((g) => ({ goods_id: g.id, buy_num: 1 + Math.floor(rnd() * 3) }))
      const created = await http(app).post('/api/user/order/create').set(auth).set(key()).send({ order: lines.length ? lines : [{ goods_id: goods[0].id, buy_num: 1 }], address_id: address.get(user) })
      expect(created.body.code, JSON.stringify(created.body)).toBe(200)
      const paid = await http(app).post('/api/user/order/pay').set(auth).set(key()).send({ order_id: created.body.data.order_id, payment_name: 'balance', pay_password: '123456' })
      answered('pay', paid)
      if (paid.body.code === 200) await shipOrders(app, created.body.data.order_id, { receive: true })
    } else if (roll < 0.4) {
      const received = await app.db.orders.findMany({ where: { order_status: ORDER_STATUS.RECEIVED, open_refunds: 0, is_settlement: 0 }, select: { id: true, user_id: true } })
      if (!received.length) return
      const o = pick(received)
      const caps = await refundCapsOf(app, userCtx(o.user_id), o.id)
      const free = caps.lines.filter((l) => l.refundable_num > 0 && !l.in_open_request)
      if (caps.refused || !free.length) return count('refund none left')
      const lines = free.filter(() => extra < 0.3 || rnd() < 0.5).map((l) => ({ order_goods_id: l.order_goods_id, num: l.refundable_num }))
      const chosen = lines.length ? lines : [{ order_goods_id: free[0].order_goods_id, num: free[0].refundable_num }]
      const cap = chosen.reduce((s, l) => s + decimalToCents(free.find((f) => f.order_goods_id === l.order_goods_id)!.refundable_money), 0)
      const money = Math.max(1, extra < 0.5 ? cap : Math.floor(cap * rnd()))
      await attempt('refund', async () => {
        const opened = await openRefund(app, userCtx(o.user_id), `mo-${o.id}-${rnd()}`, { order_id: o.id, refund_type: REFUND_TYPE.MONEY, lines: chosen, refund_money: fromCents(money), refund_remark: 'r', images: [] })
        const store = await app.db.refunds.findUniqueOrThrow({ where: { id: opened.id }, select: { store_id: true } })
        await agreeRequest(app as never, opened.id, { store_id: store.store_id })
      })
    } else if (roll < 0.52) {
      const due = await app.db.orders.findMany({ where: { order_status: { in: [ORDER_STATUS.RECEIVED, ORDER_STATUS.COMPLETED] }, is_settlement: 0 }, select: { id: true } })
      if (!due.length) return
      const o = pick(due)
      const outcomes = await Promise.all([settleOrder(app as never, o.id, LATER()), settleOrder(app as never, o.id, LATER())])
      for (const s of outcomes) count(`settle ${s.outcome}`)
    } else if (roll < 0.68) {
      const money = fromCents(10 + Math.floor(rnd() * 600_00))
      const storeMoney = fromCents(10 + Math.floor(rnd() * 40_00))
      if (extra < 0.2) answered('store cash', await http(app).post('/api/Seller/cashes').set(sellerAuth).set(key()).send({ money: storeMoney, name: 's', bank_name: 'b', card_no: '6217000011112222' }))
      else if (extra < 0.35) {
        // several at once from one shopper
        const res = await Promise.all([1, 2, 3].map(() => http(app).post('/api/user/cashes').set(auth).set(key()).send({ money })))
        res.forEach((r) => answered('cash burst', r))
      } else answered('cash', await http(app).post('/api/user/cashes').set(auth).set(key()).send({ money }))
    } else if (roll < 0.88) {
      const pending = await app.db.cashes.findMany({ where: { cash_status: CASH_STATUS.PENDING }, select: { id: true, user_id: true, store_id: true } })
      if (!pending.length) return
      const c = pick(pending)
      const pay = () => http(app).put(`/api/Admin/cashes/${c.id}`).set(admin).send({ cash_status: 1 })
      const refuse = () => http(app).put(`/api/Admin/cashes/${c.id}`).set(admin).send({ cash_status: 2, refuse_info: 'no' })
      const cancel = () => (c.user_id ? http(app).put(`/api/user/cashes/${c.id}/cancel`).set(auths.get(c.user_id)!) : http(app).put(`/api/Seller/cashes/${c.id}/cancel`).set(sellerAuth)).send({})
      const racers = extra < 0.3 ? [pay, refuse] : extra < 0.45 ? [pay, cancel] : extra < 0.7 ? [pay] : extra < 0.85 ? [refuse] : [cancel]
      const res = await Promise.all(racers.map((r) => r()))
      res.forEach((r) => answered('cash end', r))
      // At most one end wins (another step of the batch may have ended it first).
      expect(res.filter((r) => r.body.code === 200).length).toBeLessThanOrEqual(1)
    } else {
      const isType = pick([0, 1, 2])
      const money = isType === 2 ? String(Math.floor(rnd() * 200) - 60) : fromCents(Math.floor(rnd() * 100_00) - 30_00)
      if (Number(money) === 0) return
      answered('adjust', await http(app).post(`/api/Admin/users/${user}/money`).set(admin).set(key()).send({ is_type: isType, money, remark: 'random' }))
    }
  }

  for (let i = 0; i < STEPS; i += AT_ONCE) await Promise.all(plan.slice(i, i + AT_ONCE).map(([roll, extra]) => step(roll, extra)))
  for (const o of await app.db.orders.findMany({ where: { order_status: { in: [ORDER_STATUS.RECEIVED, ORDER_STATUS.COMPLETED] }, is_settlement: 0 }, select: { id: true } }))
    await settleOrder(app as never, o.id, LATER())

  for (const what of ['pay 200', 'refund ok', 'settle settled', 'cash 200', 'cash end 200', 'adjust 200', 'store cash 200'])
    expect(Object.keys(tally).some((k) => k.startsWith(what)), `${what}: ${JSON.stringify(tally)}`).toBe(true)
  expect(await app.db.distribution_logs.count({ where: { status: 1 } })).toBeGreaterThan(0)
  expect(await app.db.cashes.count({ where: { cash_status: CASH_STATUS.PAID } })).toBeGreaterThan(0)
  expect(await app.db.cashes.count({ where: { cash_status: { in: [CASH_STATUS.REFUSED, CASH_STATUS.CANCELLED] } } })).toBeGreaterThan(0)

  for (const id of users)
    for (const account of ['money', 'frozen', 'points'] as const) {
      const { column, rows } = await balanceAndRows(app, { kind: 'user', id }, account)
      expect(column, `user ${id} ${account}`).toBe(rows)
      expect(column).toBeGreaterThanOrEqual(0)
    }
  for (const account of ['money', 'frozen'] as const) {
    const { column, rows } = await balanceAndRows(app, { kind: 'store', id: seller.storeId }, account)
    expect(column, `store ${account}`).toBe(rows)
  }
  // Pending withdrawals are exactly what is frozen.
  for (const id of users) {
    const pending = await app.db.cashes.findMany({ where: { user_id: id, cash_status: CASH_STATUS.PENDING } })
    const frozen = await balanceAndRows(app, { kind: 'user', id }, 'frozen')
    const adjusted = await app.db.money_logs.findMany({ where: { user_id: id, is_belong: 0, is_type: 1, ename: 'system' } })
    expect(frozen.column - adjusted.reduce((s, r) => s + decimalToCents(r.money), 0)).toBe(pending.reduce((s, c) => s + decimalToCents(c.money) + decimalToCents(c.commission), 0))
  }
  const settlements = await app.db.order_settlements.findMany()
  expect(settlements.length).toBeGreaterThan(5)
  for (const s of settlements) {
    const logs = await app.db.distribution_logs.findMany({ where: { order_id: s.order_id } })
    expect(decimalToCents(s.distribution_money), `order ${s.order_id}`).toBe(logs.reduce((sum, l) => sum + decimalToCents(l.commission), 0))
    expect(decimalToCents(s.total_price), `order ${s.order_id}`).toBe(
      decimalToCents(s.refund_money) + decimalToCents(s.settlement_price) + decimalToCents(s.commission_money) + decimalToCents(s.distribution_money),
    )
    expect(decimalToCents(s.settlement_price)).toBeGreaterThanOrEqual(0)
  }
}, 300_000)
