// Money out against the real database and Redis: the shopper's ledger pages, the admin's audited adjustments (never
// below zero), real-name details answered masked, and withdrawals — fee, money moved at each step, each step once
// whatever races (ten requests of 60% of a balance, a payout racing a refusal, the daily limit), and every account's
// columns equal to the sums of its ledger rows.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createSeller, createUser } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { balanceAndRows, credit, setStoreConfig } from './testkit.ts'
import { currentCalendar } from '../../core/siteCalendar.ts'

let app: FastifyInstance
let admin: Record<string, string>
let adminId: number
let shopper: number
let auth: Record<string, string>
let key = 0
const idem = () => ({ 'Idempotency-Key': `k${Date.now()}x${++key}` })

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  adminId = (await createAdmin(app)).id
  admin = bearer(await tokenFor(app, 'admin', adminId))
  shopper = (await createUser(app)).id
  auth = bearer(await tokenFor(app, 'user', shopper))
  await setStoreConfig(app, { cash: '10', cash_min: '1.00', cash_daily_limit: 3 })
})
afterAll(async () => app?.close())

const user = (id = shopper) => ({ kind: 'user' as const, id })
const funds = async (id = shopper) => {
  const u = await app.db.users.findUniqueOrThrow({ where: { id }, select: { money: true, frozen_money: true, integral: true } })
  return { money: u.money.toFixed(2), frozen: u.frozen_money.toFixed(2), integral: u.integral }
}
async function expectLedgerExact(owner: { kind: 'user' | 'store'; id: number }) {
  for (const account of owner.kind === 'user' ? (['money', 'frozen', 'points'] as const) : (['money', 'frozen'] as const)) {
    const { column, rows } = await balanceAndRows(app, owner, account)
    expect(column, `${owner.kind} ${owner.id} ${account}`).toBe(rows)
  }
}
const check = () => http(app).post('/api/user/checks').set(auth).send({ name: '张三', id_card: '11010519491231002X', bank_name: '工商银行', card_no: '6222020200112233445' })
const ask = (money: string, headers = auth) => http(app).post('/api/user/cashes').set(headers).set(idem()).send({ money, remark: '' })

describe('ledger pages', () => {
  test('one account at a time, newest first, with the reason in the asker\u2019s language, a date filter and pages', async () => {
    await credit(app, user(), 1000)
    await credit(app, user(), 250)
    await credit(app, user(), 7, 'points')
    const res = await http(app).get('/api/user/money_logs?is_type=0&per_page=30').set(auth).set('Accept-Language', 'en')
    expect(res.body.code).toBe(200)
    expect(res.body.data.total).toBe(2)
    expect(res.body.data.data.map((r: { money: string; after_money: string; name: string }) => [r.money, r.after_money, r.name])).toEqual([
      ['2.50', '12.50', 'System adjustment'],
      ['10.00', '10.00', 'System adjustment'],
    ])
    const points = await http(app).get('/api/user/money_logs?is_type=2').set(auth)
    expect(points.body.data.data.map((r: { money: string; name: string }) => [r.money, r.name])).toEqual([['7', '系统处理']])
    const page2 = await http(app).get('/api/user/money_logs?is_type=0&page=2&per_page=30').set(auth)
    expect(page2.body.data).toMatchObject({ data: [], total: 2, current_page: 2 })
    const old = await http(app).get('/api/user/money_logs?is_type=0&created_at=2001-01-01,2001-01-02').set(auth)
    expect(old.body.data.total).toBe(0)
    const today = currentCalendar().dayText(new Date())
    expect((await http(app).get(`/api/user/money_logs?is_type=0&created_at=${today},${today}`).set(auth)).body.data.total).toBe(2)
    // Another shopper sees none of them.
    const other = bearer(await tokenFor(app, 'user', (await createUser(app)).id))
    expect((await http(app).get('/api/user/money_logs?is_type=0').set(other)).body.data.total).toBe(0)
    expect((await http(app).get('/api/user/money_logs?is_type=3').set(auth)).status).toBe(400)
  })

  test('auth/info answers the balance, frozen funds and points', async () => {
    await credit(app, user(), 1234)
    await credit(app, user(), 5, 'points')
    const info = await http(app).post('/api/auth/info').set(auth).send({})
    expect(info.body.data).toMatchObject({ money: '12.34', frozen_money: '0.00', integral: 5 })
  })
})

describe('admin adjustments', () => {
  const adjust = (body: object, id = shopper, kind = 'users') => http(app).post(`/api/Admin/${kind}/${id}/money`).set(admin).set(idem()).send(body)

  test('credit and debit through the ledger, audited; never below zero; points whole; a reason required', async () => {
    expect((await adjust({ is_type: 0, money: '20.50', remark: 'goodwill' })).body.code).toBe(200)
    const debit = await adjust({ is_type: 0, money: '-5.25', remark: 'correction' })
    expect(debit.body.code).toBe(200)
    expect(await funds()).toMatchObject({ money: '15.25' })
    const over = await adjust({ is_type: 0, money: '-15.26', remark: 'too much' })
    expect(over.body).toMatchObject({ code: 402, msg: '余额不足' })
    expect((await adjust({ is_type: 2, money: '30', remark: 'points' })).body.code).toBe(200)
    expect((await adjust({ is_type: 2, money: '1.5', remark: 'half' })).status).toBe(400)
    expect((await adjust({ is_type: 0, money: '1.00', remark: '' })).status).toBe(400)
    expect((await adjust({ is_type: 0, money: '0', remark: 'zero' })).status).toBe(400)
    expect(await funds()).toEqual({ money: '15.25', frozen: '0.00', integral: 30 })
    const audit = await http(app).get('/api/Admin/money_adjustments').set(admin)
    expect(audit.body.data.data.map((r: { admin_id: number; remark: string; money: string; user_id: number }) => [r.admin_id, r.user_id, r.money, r.remark])).toEqual([
      [adminId, shopper, '30.00', 'points'],
      [adminId, shopper, '-5.25', 'correction'],
      [adminId, shopper, '20.50', 'goodwill'],
    ])
    // The refused debit left no audit row and no ledger row.
    expect(await app.db.money_adjustments.count()).toBe(3)
    const log = await app.db.money_logs.findUniqueOrThrow({ where: { id: audit.body.data.data[1].money_log_id } })
    expect([log.ename, log.money.toFixed(2), log.info, log.source_type]).toEqual(['system', '-5.25', 'correction', 'admin'])
    // No route edits or deletes the audit.
    const id = audit.body.data.data[0].id
    expect((await http(app).put(`/api/Admin/money_adjustments/${id}`).set(admin).send({ remark: 'x' })).status).toBe(404)
    expect((await http(app).delete(`/api/Admin/money_adjustments/${id}`).set(admin)).status).toBe(404)
    await expectLedgerExact(user())
  })

  test("a store's money; a store has no points; an unknown account is not found", async () => {
    const seller = await createSeller(app)
    expect((await adjust({ is_type: 0, money: '8.00', remark: 'bonus' }, seller.storeId, 'stores')).body.code).toBe(200)
    expect((await adjust({ is_type: 2, money: '8', remark: 'bonus' }, seller.storeId, 'stores')).status).toBe(400)
    expect((await adjust({ is_type: 0, money: '8.00', remark: 'bonus' }, 999999)).status).toBe(404)
    await expectLedgerExact({ kind: 'store', id: seller.storeId })
  })
})

describe('withdrawals', () => {
  test('real-name details are answered masked', async () => {
    expect((await http(app).get('/api/user/checks').set(auth)).body.data).toBeNull()
    const saved = await check()
    expect(saved.body.data).toEqual({ name: '张三', id_card: '1101**********002X', bank_name: '工商银行', card_no: '6222***********3445' })
    expect((await http(app).get('/api/user/checks').set(auth)).body.data.card_no).toBe('6222***********3445')
    expect((await http(app).post('/api/user/checks').set(auth).send({ name: 'x', id_card: '123', bank_name: 'b', card_no: '1' })).status).toBe(400)
  })

  test('ask, pay out: the fee taken from the amount; the balance to frozen funds, then out', async () => {
    await credit(app, user(), 10000)
    expect((await ask('10.00')).body).toMatchObject({ code: 402, msg: '请先填写实名与银行卡信息' })
    await check()
    const asked = await ask('40.00')
    expect(asked.body.data).toMatchObject({ amount: '40.00', money: '36.00', commission: '4.00', cash_status: 0, card_no: '6222***********3445', name: '张三' })
    expect(await funds()).toMatchObject({ money: '60.00', frozen: '40.00' })
    const list = await http(app).get('/api/Admin/cashes?cash_status=0').set(admin)
    expect(list.body.data.data[0]).toMatchObject({ user_id: shopper, money: '36.00', commission: '4.00', card_no: '6222020200112233445' })
    const paid = await http(app).put(`/api/Admin/cashes/${asked.body.data.id}`).set(admin).send({ cash_status: 1 })
    expect(paid.body).toMatchObject({ code: 200, data: { cash_status: 1 } })
    expect(await funds()).toMatchObject({ money: '60.00', frozen: '0.00' })
    // Paid is final: no refusal, no cancel, nothing moved.
    expect((await http(app).put(`/api/Admin/cashes/${asked.body.data.id}`).set(admin).send({ cash_status: 2, refuse_info: 'late' })).body.code).toBe(402)
    expect((await http(app).put(`/api/user/cashes/${asked.body.data.id}/cancel`).set(auth).send({})).body).toMatchObject({ code: 402, msg: '该提现已处理，不能再变更' })
    expect(await funds()).toMatchObject({ money: '60.00', frozen: '0.00' })
    await expectLedgerExact(user())
  })

  test('refused (a reason required) or cancelled while pending: everything back, once', async () => {
    await credit(app, user(), 10000)
    await check()
    const a = (await ask('30.00')).body.data.id
    const b = (await ask('20.00')).body.data.id
    expect((await http(app).put(`/api/Admin/cashes/${a}`).set(admin).send({ cash_status: 2 })).status).toBe(400)
    expect((await http(app).put(`/api/Admin/cashes/${a}`).set(admin).send({ cash_status: 2, refuse_info: 'wrong card' })).body.data).toMatchObject({ cash_status: 2, refuse_info: 'wrong card' })
    expect((await http(app).put(`/api/user/cashes/${b}/cancel`).set(auth).send({})).body.data).toMatchObject({ cash_status: 3 })
    expect((await http(app).put(`/api/user/cashes/${b}/cancel`).set(auth).send({})).body.code).toBe(402)
    expect(await funds()).toMatchObject({ money: '100.00', frozen: '0.00' })
    const mine = await http(app).get('/api/user/cashes').set(auth)
    expect(mine.body.data.data.map((c: { cash_status: number }) => c.cash_status)).toEqual([3, 2])
    await expectLedgerExact(user())
  })

  test('minimum amount and the daily limit (asked at once: exactly the limit gets through)', async () => {
    await credit(app, user(), 10000)
    await check()
    await setStoreConfig(app, { cash_min: '5.00', cash_daily_limit: 2 })
    expect((await ask('4.99')).body).toMatchObject({ code: 402, msg: '提现金额不能低于 5.00' })
    const results = await Promise.all(Array.from({ length: 6 }, () => ask('5.00')))
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(2)
    expect(results.filter((r) => r.body.code === 402).every((r) => r.body.msg === '今日提现次数已达上限（2 次）')).toBe(true)
    expect(await app.db.cashes.count()).toBe(2)
    expect(await funds()).toMatchObject({ money: '90.00', frozen: '10.00' })
  })

  test('ten concurrent withdrawals of 60% of the balance: one goes through', async () => {
    await setStoreConfig(app, { cash_daily_limit: 20 })
    await credit(app, user(), 10000)
    await check()
    const results = await Promise.all(Array.from({ length: 10 }, () => ask('60.00')))
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1)
    expect(results.filter((r) => r.body.code === 402)).toHaveLength(9)
    expect(await app.db.cashes.count()).toBe(1)
    expect(await funds()).toMatchObject({ money: '40.00', frozen: '60.00' })
    await expectLedgerExact(user())
  })

  test('a payout racing a refusal: one wins, the money moves once', async () => {
    await credit(app, user(), 10000)
    await check()
    for (let round = 0; round < 3; round++) {
      const id = (await ask('10.00')).body.data.id
      const [pay, refuse] = await Promise.all([
        http(app).put(`/api/Admin/cashes/${id}`).set(admin).send({ cash_status: 1 }),
        http(app).put(`/api/Admin/cashes/${id}`).set(admin).send({ cash_status: 2, refuse_info: 'no' }),
      ])
      expect([pay.body.code, refuse.body.code].sort()).toEqual([200, 402])
      const row = await app.db.cashes.findUniqueOrThrow({ where: { id } })
      expect(row.cash_status).toBe(pay.body.code === 200 ? 1 : 2)
    }
    const paidOut = await app.db.cashes.count({ where: { cash_status: 1 } })
    expect(await funds()).toMatchObject({ money: (100 - 10 * paidOut).toFixed(2), frozen: '0.00' })
    await expectLedgerExact(user())
  })

  test('a store withdraws its money to the card it types; cancels; another store cannot see or cancel it', async () => {
    const seller = await createSeller(app)
    const sellerAuth = bearer(await tokenFor(app, 'seller', seller.id))
    await credit(app, { kind: 'store', id: seller.storeId }, 50000)
    const body = { money: '100.00', name: '李四', bank_name: '建设银行', card_no: '6217000011112222', remark: 'weekly' }
    const asked = await http(app).post('/api/Seller/cashes').set(sellerAuth).set(idem()).send(body)
    expect(asked.body.data).toMatchObject({ money: '90.00', commission: '10.00', card_no: '6217********2222' })
    const list = await http(app).get('/api/Seller/cashes').set(sellerAuth)
    expect(list.body.data.data).toHaveLength(1)
    expect(list.body.data.data[0].card_no).toBe('6217********2222')
    const store = await app.db.stores.findUniqueOrThrow({ where: { id: seller.storeId } })
    expect([store.store_money.toFixed(2), store.store_frozen_money.toFixed(2)]).toEqual(['400.00', '100.00'])
    const other = bearer(await tokenFor(app, 'seller', (await createSeller(app)).id))
    expect((await http(app).put(`/api/Seller/cashes/${asked.body.data.id}/cancel`).set(other).send({})).status).toBe(404)
    expect((await http(app).put(`/api/Seller/cashes/${asked.body.data.id}/cancel`).set(sellerAuth).send({})).body.code).toBe(200)
    const after = await app.db.stores.findUniqueOrThrow({ where: { id: seller.storeId } })
    expect([after.store_money.toFixed(2), after.store_frozen_money.toFixed(2)]).toEqual(['500.00', '0.00'])
    await expectLedgerExact({ kind: 'store', id: seller.storeId })
  })

  test('the same Idempotency-Key asks once', async () => {
    await credit(app, user(), 10000)
    await check()
    const headers = { 'Idempotency-Key': 'same-key-1' }
    const [a, b] = await Promise.all([1, 2].map(() => http(app).post('/api/user/cashes').set(auth).set(headers).send({ money: '10.00' })))
    expect(a.body.data.id).toBe(b.body.data.id)
    expect(await funds()).toMatchObject({ money: '90.00', frozen: '10.00' })
  })
})
