// Referral commissions against the real database and Redis: the tree (no self, no loop), the seller's rates (own
// goods, capped by the platform's limit), rates and beneficiaries frozen at checkout, pending amounts reduced by
// refunds, three levels paid exactly at settlement (percent, half away from zero) and deducted from the store, a full
// refund cancelling them, each paid once however many settlers race, and paid = refunded + store + platform +
// referral commissions for every settled order.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { decimalToCents } from '@qshop/shared'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createUser } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { createGoods, leafClasses, sellerWithStore, type TestSeller } from '../catalog/testkit.ts'
import { settleOrder } from '../settlement/settle.ts'
import { refundFully } from '../settlement/testkit.ts'
import { balanceAndRows, setStoreConfig } from '../funds/testkit.ts'
import { boughtAndReceived, refundLine } from './testkit.ts'
import { referralCommission } from './settle.ts'

let app: FastifyInstance
let store: TestSeller
let sellerAuth: Record<string, string>
let admin: Record<string, string>
let goods: { id: number }
/** a ← b ← c ← buyer: c invited the buyer, b invited c, a invited b */
let a: number, b: number, c: number, buyer: number

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  await setStoreConfig(app, { commission_rate: '5', distribution_max: '30' })
  const leaves = await leafClasses(app)
  store = await sellerWithStore(app, leaves)
  sellerAuth = bearer(await tokenFor(app, 'seller', store.id))
  admin = bearer(await tokenFor(app, 'admin', (await createAdmin(app)).id))
  goods = await createGoods(app, store.storeId, leaves[0].id, { goods_price: '33.33', goods_stock: 1000 })
  a = (await createUser(app)).id
  b = (await createUser(app)).id
  c = (await createUser(app)).id
  buyer = (await createUser(app, { pay_password: '123456' })).id
  await app.db.users.update({ where: { id: b }, data: { inviter_id: a } })
  await app.db.users.update({ where: { id: c }, data: { inviter_id: b } })
  await app.db.users.update({ where: { id: buyer }, data: { inviter_id: c } })
})
afterAll(async () => app?.close())

const rates = (body: object) => http(app).post('/api/Seller/distributions').set(sellerAuth).send(body)
const moneyOf = async (id: number) => (await app.db.users.findUniqueOrThrow({ where: { id }, select: { money: true } })).money.toFixed(2)
const summaryOf = async (id: number) => (await http(app).get('/api/user/distribution').set(bearer(await tokenFor(app, 'user', id)))).body.data

/** paid = refunded + store credit + platform commission + referral commissions, for every settled order. */
async function identityHolds() {
  for (const s of await app.db.order_settlements.findMany()) {
    const referral = await app.db.distribution_logs.aggregate({ where: { order_id: s.order_id }, _sum: { commission: true } })
    expect(decimalToCents(s.distribution_money)).toBe(decimalToCents(referral._sum.commission ?? '0'))
    expect(decimalToCents(s.total_price)).toBe(
      decimalToCents(s.refund_money) + decimalToCents(s.settlement_price) + decimalToCents(s.commission_money) + decimalToCents(s.distribution_money),
    )
  }
}
async function ledgersExact(ids: number[]) {
  for (const id of ids) {
    const { column, rows } = await balanceAndRows(app, { kind: 'user', id }, 'money')
    expect(column).toBe(rows)
  }
  const s = await balanceAndRows(app, { kind: 'store', id: store.storeId }, 'money')
  expect(s.column).toBe(s.rows)
}

describe('the tree', () => {
  test('an admin cannot make a user their own inviter or put them under their own downline', async () => {
    const put = (id: number, inviter_id: number) => http(app).put(`/api/Admin/users/${id}`).set(admin).send({ inviter_id })
    expect((await put(a, a)).body).toMatchObject({ code: 402, msg: '不能把自己设为邀请人' })
    expect((await put(a, buyer)).body).toMatchObject({ code: 402, msg: '邀请人不能是该用户自己的下级' })
    expect((await put(b, buyer)).body.code).toBe(402)
    expect((await put(a, 999999)).body).toMatchObject({ code: 402, msg: '邀请人不存在' })
    const outsider = (await createUser(app)).id
    expect((await put(a, outsider)).body.code).toBe(200)
    expect((await app.db.users.findUniqueOrThrow({ where: { id: a } })).inviter_id).toBe(outsider)
  })

  test('two edits that would close a loop between them, at once: at most one passes', async () => {
    const x = (await createUser(app)).id
    const y = (await createUser(app)).id
    const [one, two] = await Promise.all([
      http(app).put(`/api/Admin/users/${x}`).set(admin).send({ inviter_id: y }),
      http(app).put(`/api/Admin/users/${y}`).set(admin).send({ inviter_id: x }),
    ])
    expect([one.body.code, two.body.code].filter((code) => code === 200)).toHaveLength(1)
  })

  test('registration takes the inviter; members by level', async () => {
    const res = await http(app).post('/api/register').send({ username: 'newbie01', password: 'Secret@123', inviter_id: buyer })
    expect(res.body.code).toBe(200)
    expect((await app.db.users.findUniqueOrThrow({ where: { username: 'newbie01' } })).inviter_id).toBe(buyer)
    const auth = bearer(await tokenFor(app, 'user', b))
    const lev = async (n: number) => (await http(app).get(`/api/user/distributions?lev=${n}`).set(auth)).body.data
    expect((await lev(1)).data.map((m: { id: number }) => m.id)).toEqual([c])
    expect((await lev(2)).data.map((m: { id: number }) => m.id)).toEqual([buyer])
    expect((await lev(3)).total).toBe(1)
    expect((await summaryOf(b)).members).toEqual({ lev_1: 1, lev_2: 1, lev_3: 1 })
  })
})

describe("the seller's rates", () => {
  test('own goods only, one row per goods, the three together at most the platform limit', async () => {
    expect((await rates({ goods_id: goods.id, lev_1: '20', lev_2: '10', lev_3: '0.01' })).body).toMatchObject({ code: 402, msg: '三级佣金比例之和不能超过 30.00%' })
    const made = await rates({ goods_id: goods.id, lev_1: '10', lev_2: '5', lev_3: '2.5' })
    expect(made.body.code).toBe(200)
    expect((await rates({ goods_id: goods.id, lev_1: '1', lev_2: '1', lev_3: '1' })).body.code).toBe(402)
    const other = await sellerWithStore(app, await leafClasses(app))
    const foreign = await createGoods(app, other.storeId, (await leafClasses(app))[0].id)
    expect((await rates({ goods_id: foreign.id, lev_1: '1', lev_2: '1', lev_3: '1' })).status).toBe(404)
    const list = await http(app).get('/api/Seller/distributions').set(sellerAuth)
    expect(list.body.data.data).toMatchObject([{ goods_id: goods.id, lev_1: '10.00', lev_2: '5.00', lev_3: '2.50' }])
    expect((await http(app).put(`/api/Seller/distributions/${made.body.data.id}`).set(sellerAuth).send({ lev_1: '25' })).body.code).toBe(402)
  })
})

describe('commissions', () => {
  test('rounding: each level on its own, half away from zero', () => {
    const line = { total_price: '99.99', discount_money: '0.00', refunded_money: '0.00' }
    expect(referralCommission(line, '10').commission).toBe(1000) // 9.999
    expect(referralCommission(line, '5').commission).toBe(500) // 4.9995
    expect(referralCommission(line, '2.5').commission).toBe(250) // 2.49975
    expect(referralCommission({ total_price: '0.10', discount_money: '0', refunded_money: '0' }, '5').commission).toBe(1) // 0.5 cent
    expect(referralCommission({ total_price: '0.10', discount_money: '0', refunded_money: '0' }, '4.99').commission).toBe(0) // 0.499 cent
  })

  test('three levels exactly, frozen at checkout, pending until settlement, then credited once and taken from the store', async () => {
    await rates({ goods_id: goods.id, lev_1: '10', lev_2: '5', lev_3: '2.5' })
    const [order] = await boughtAndReceived(app, buyer, [{ goods_id: goods.id, buy_num: 3 }])
    // Changes after checkout do not touch the placed order.
    await app.db.distributions.updateMany({ data: { lev_1: '20' } })
    await app.db.users.update({ where: { id: buyer }, data: { inviter_id: a } })
    expect(await summaryOf(c)).toMatchObject({ pending: '10.00', earned: '0.00' })
    expect(await summaryOf(b)).toMatchObject({ pending: '5.00' })
    const pending = await http(app).get('/api/user/distribution_logs?status=0').set(bearer(await tokenFor(app, 'user', a)))
    expect(pending.body.data.data).toMatchObject([{ order_id: order, level: 3, lev: '2.50', money: '99.99', commission: '2.50', status: 0 }])

    const settled = await Promise.all(Array.from({ length: 5 }, () => settleOrder(app, order, new Date())))
    expect(settled.filter((s) => s.outcome === 'settled')).toHaveLength(1)
    expect([await moneyOf(c), await moneyOf(b), await moneyOf(a)]).toEqual(['10.00', '5.00', '2.50'])
    const s = await app.db.order_settlements.findUniqueOrThrow({ where: { order_id: order } })
    expect([s.total_price, s.commission_money, s.distribution_money, s.settlement_price].map((d) => d.toFixed(2))).toEqual(['99.99', '5.00', '17.50', '77.49'])
    const st = await app.db.stores.findUniqueOrThrow({ where: { id: store.storeId } })
    expect(st.store_money.toFixed(2)).toBe('77.49')
    expect(await app.db.distribution_logs.count()).toBe(3)
    expect(await summaryOf(c)).toMatchObject({ pending: '0.00', earned: '10.00' })
    const credited = await http(app).get('/api/user/distribution_logs?status=1').set(bearer(await tokenFor(app, 'user', c)))
    expect(credited.body.data.data).toMatchObject([{ order_id: order, level: 1, commission: '10.00', status: 1 }])
    const ledger = await http(app).get('/api/user/money_logs?is_type=0').set(bearer(await tokenFor(app, 'user', c)))
    expect(ledger.body.data.data).toMatchObject([{ ename: 'distribution', name: '会员分销', money: '10.00', order_id: order }])
    const sellerLogs = await http(app).get('/api/Seller/distribution_logs').set(sellerAuth)
    expect(sellerLogs.body.data.total).toBe(3)
    expect((await http(app).get('/api/Admin/distribution_logs').set(admin)).body.data.total).toBe(3)
    await identityHolds()
    await ledgersExact([a, b, c, buyer])
  })

  test('a partial refund reduces the commissions in proportion; a full refund cancels them', async () => {
    await rates({ goods_id: goods.id, lev_1: '10', lev_2: '5', lev_3: '2.5' })
    const [partly] = await boughtAndReceived(app, buyer, [{ goods_id: goods.id, buy_num: 3 }])
    const [fully] = await boughtAndReceived(app, buyer, [{ goods_id: goods.id, buy_num: 1 }])
    const line = await app.db.order_goods.findFirstOrThrow({ where: { order_id: partly } })
    await refundLine(app, line.id, 3333)
    // 66.66 left: 6.666 → 6.67, 3.333 → 3.33, 1.6665 → 1.67
    expect(await summaryOf(c)).toMatchObject({ pending: (6.67 + 3.33).toFixed(2) })
    const fullLine = await app.db.order_goods.findFirstOrThrow({ where: { order_id: fully } })
    await app.db.order_goods.update({ where: { id: fullLine.id }, data: { refunded_money: '33.33' } })
    await refundFully(app, fully)
    for (const id of [partly, fully]) expect((await settleOrder(app, id, new Date())).outcome).toBe('settled')
    expect([await moneyOf(c), await moneyOf(b), await moneyOf(a)]).toEqual(['6.67', '3.33', '1.67'])
    const logs = await app.db.distribution_logs.findMany({ where: { order_id: fully } })
    expect(logs.map((l) => [l.status, l.commission.toFixed(2)])).toEqual([[2, '0.00'], [2, '0.00'], [2, '0.00']])
    const s = await app.db.order_settlements.findUniqueOrThrow({ where: { order_id: fully } })
    expect([s.distribution_money.toFixed(2), s.settlement_price.toFixed(2)]).toEqual(['0.00', '0.00'])
    await identityHolds()
    await ledgersExact([a, b, c, buyer])
  })

  test('orders without referral rates settle as before, each once', async () => {
    const [order] = await boughtAndReceived(app, buyer, [{ goods_id: goods.id, buy_num: 1 }])
    expect((await settleOrder(app, order, new Date())).outcome).toBe('settled')
    expect((await settleOrder(app, order, new Date())).outcome).toBe('already_settled')
    expect(await app.db.distribution_logs.count()).toBe(0)
    await identityHolds()
  })
})
