// Points earning: the admin's rules, the registration bonus, an order's points on receipt and their return in
// proportion on refunds (never below zero), and the daily sign-in (once a day, also under concurrency) with its streak.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createUser } from '../../../test/factories.ts'
import { readGroupConfig } from '../../core/configs.ts'
import { post } from '../../core/ledger.ts'
import { currentCalendar } from '../../core/siteCalendar.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { confirmReceipt } from '../fulfilment/receipt.ts'
import { agreeRequest } from '../aftersales/decide.ts'
import { openAs, paidWorld, shipOrder } from '../aftersales/testkit.ts'
import { tokenFor } from '../rbac/testkit.ts'

let app: FastifyInstance
let admin: Record<string, string>

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  admin = bearer(await tokenFor(app, 'admin', (await createAdmin(app, { is_super: 1 })).id))
})
afterAll(async () => app?.close())

const setRules = (body: object) => http(app).put('/api/Admin/configs/integral').set(admin).send(body)
const integralOf = async (userId: number) => (await app.db.users.findUniqueOrThrow({ where: { id: userId } })).integral
const pointsRows = (userId: number) =>
  app.db.money_logs.findMany({ where: { user_id: userId, is_belong: 0, is_type: 2 }, orderBy: { id: 'asc' }, select: { ename: true, money: true, idem_key: true, after_money: true } })

describe('the integral config group', () => {
  test('is answered with its defaults and takes a valid subset', async () => {
    const shown = await http(app).get('/api/Admin/configs/integral').set(admin)
    expect(shown.body.data).toEqual({ per_yuan: 1, register: 100, sign_in: 10, sign_in_streak_bonus: 5 })
    const saved = await setRules({ per_yuan: 2, register: 50 })
    expect(saved.body.code).toBe(200)
    expect(saved.body.data).toEqual({ per_yuan: 2, register: 50, sign_in: 10, sign_in_streak_bonus: 5 })
    expect(await readGroupConfig(app, 'integral')).toMatchObject({ per_yuan: 2, register: 50 })
  })

  test.each([
    [{ per_yuan: -1 }, 'per_yuan'],
    [{ register: 'many' }, 'register'],
    [{ sign_in: 1.5 }, 'sign_in'],
    [{ sign_in_streak_bonus: 10_001 }, 'sign_in_streak_bonus'],
    [{ per_yuan: 1, bonus: 3 }, 'bonus'],
  ])('%j is refused with 400 naming the field, nothing written', async (body, field) => {
    const before = await app.db.configs.findMany({ orderBy: { id: 'asc' } })
    const res = await setRules(body)
    expect(res.status).toBe(400)
    expect(res.body.data).toHaveProperty([field])
    expect(await app.db.configs.findMany({ orderBy: { id: 'asc' } })).toEqual(before)
  })
})

test('registering grants the registration bonus through the ledger', async () => {
  await setRules({ register: 50 })
  const res = await http(app).post('/api/register').send({ username: 'Points_001', password: 'Secret@123' })
  expect(res.body.code).toBe(200)
  const user = await app.db.users.findUniqueOrThrow({ where: { username: 'Points_001' } })
  expect(user.integral).toBe(50)
  expect(await pointsRows(user.id)).toEqual([expect.objectContaining({ ename: 'register', idem_key: 'register' })])
})

describe('an order’s points', () => {
  test('are granted once on receipt, per yuan paid', async () => {
    await setRules({ per_yuan: 2 })
    const world = await paidWorld(app) // 2 × 10.00 + 3 × 5.00 = 35.00
    await shipOrder(app, world.orderId)
    expect(await integralOf(world.user.id)).toBe(0)
    const [first, second] = await Promise.all([confirmReceipt(app, world.orderId), confirmReceipt(app, world.orderId)])
    expect([first, second].sort()).toEqual(['not_shipped', 'received'])
    expect(await integralOf(world.user.id)).toBe(70)
    expect(await pointsRows(world.user.id)).toEqual([{ ename: 'order_points', money: expect.anything(), idem_key: `order_points:${world.orderId}`, after_money: expect.anything() }])
    expect(Number((await pointsRows(world.user.id))[0].money)).toBe(70)
  })

  test('are taken back in proportion by refunds, never below zero: what was spent is recorded as unrecovered', async () => {
    await setRules({ per_yuan: 2 })
    const world = await paidWorld(app)
    await shipOrder(app, world.orderId, { receive: true })
    expect(await integralOf(world.user.id)).toBe(70)
    const refund = async (money: string) => {
      const opened = await openAs(app, world.user.id, { order_id: world.orderId, refund_type: 0, lines: [{ order_goods_id: world.lines[0].id, num: 1 }], refund_money: money, refund_remark: 'r' })
      expect(await agreeRequest(app, opened.id, { store_id: world.seller.storeId })).toBe('done')
      return opened.id
    }
    // 10.00 of 35.00: the 25.00 kept earns 50, so 20 go back
    const r1 = await refund('10.00')
    expect(await integralOf(world.user.id)).toBe(50)
    // the shopper spends 45 of the 50
    await runUnit(app, (tx) => post(tx, { owner: { kind: 'user', id: world.user.id }, account: 'points', amount: -45, reason: 'system', source: { type: 'admin', id: 0 }, idemKey: 'spent' }))
    // another 10.00: 15.00 kept earns 30, so 20 more are owed; only 5 are there
    const r2 = await refund('10.00')
    expect(await integralOf(world.user.id)).toBe(0)
    const rows = await pointsRows(world.user.id)
    expect(rows.map((r) => [r.ename, Number(r.money), r.idem_key])).toEqual([
      ['order_points', 70, `order_points:${world.orderId}`],
      ['refund_points', -20, `refund_points:${r1}`],
      ['system', -45, 'spent'],
      ['refund_points', -5, `refund_points:${r2}`],
    ])
    expect(await app.db.order_integrals.findUniqueOrThrow({ where: { order_id: world.orderId } })).toMatchObject({ points: 70, taken: 25, unrecovered: 15 })
  })

  test('a refund done before receipt is left out of the points granted', async () => {
    await setRules({ per_yuan: 1 })
    const world = await paidWorld(app)
    const opened = await openAs(app, world.user.id, { order_id: world.orderId, refund_type: 0, lines: [{ order_goods_id: world.lines[1].id, num: 1 }], refund_money: '5.00', refund_remark: 'r' })
    expect(await agreeRequest(app, opened.id, { store_id: world.seller.storeId })).toBe('done')
    await shipOrder(app, world.orderId, { receive: true })
    expect(await integralOf(world.user.id)).toBe(30)
  })
})

describe('the daily sign-in', () => {
  test('20 parallel sign-ins grant once; the others are refused with nothing written', async () => {
    await setRules({ sign_in: 10, sign_in_streak_bonus: 5 })
    const user = await createUser(app)
    const auth = bearer(await tokenFor(app, 'user', user.id))
    const answers = await Promise.all(Array.from({ length: 20 }, () => http(app).post('/api/user/sign_in').set(auth).send({})))
    const codes = answers.map((a) => a.body.code)
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    expect(codes.filter((c) => c === 402)).toHaveLength(19)
    expect(answers.find((a) => a.body.code === 402)!.body.msg).toBe('今天已经签到过了，明天再来吧')
    expect(answers.find((a) => a.body.code === 200)!.body.data).toEqual({ points: 10, streak: 1, integral: 10 })
    expect(await app.db.user_sign_ins.count({ where: { user_id: user.id } })).toBe(1)
    expect((await pointsRows(user.id)).map((r) => [r.ename, Number(r.money)])).toEqual([['sign_in', 10]])
    expect(await integralOf(user.id)).toBe(10)
    const state = await http(app).get('/api/user/sign_in').set(auth)
    expect(state.body.data).toEqual({ signed_today: true, streak: 1, integral: 10, today_points: 0, next_points: 15 })
  })

  test('a day after yesterday’s sign-in extends the streak, its bonus counted up to 7 days', async () => {
    await setRules({ sign_in: 10, sign_in_streak_bonus: 5 })
    const user = await createUser(app)
    const auth = bearer(await tokenFor(app, 'user', user.id))
    await app.db.$executeRaw`INSERT INTO user_sign_ins (user_id, sign_day, streak, points) VALUES (${user.id}, ${currentCalendar().dayText(currentCalendar().dayStart(new Date(), -1))}, 3, 20)`
    expect((await http(app).get('/api/user/sign_in').set(auth)).body.data).toMatchObject({ signed_today: false, streak: 3, today_points: 25 })
    expect((await http(app).post('/api/user/sign_in').set(auth).send({})).body.data).toEqual({ points: 25, streak: 4, integral: 25 })

    const veteran = await createUser(app)
    await app.db.$executeRaw`INSERT INTO user_sign_ins (user_id, sign_day, streak, points) VALUES (${veteran.id}, ${currentCalendar().dayText(currentCalendar().dayStart(new Date(), -1))}, 30, 40)`
    const res = await http(app).post('/api/user/sign_in').set(bearer(await tokenFor(app, 'user', veteran.id))).send({})
    expect(res.body.data).toEqual({ points: 40, streak: 31, integral: 40 })
  })

  test('the points ledger (the ledger pages\' route, points account) lists sign-ins and grants with their reasons, newest first', async () => {
    const user = await createUser(app)
    const auth = bearer(await tokenFor(app, 'user', user.id))
    await http(app).post('/api/user/sign_in').set(auth).send({})
    await runUnit(app, (tx) => post(tx, { owner: { kind: 'user', id: user.id }, account: 'points', amount: 5, reason: 'system', source: { type: 'admin', id: 0 }, idemKey: 'gift' }))
    const page = await http(app).get('/api/user/money_logs?is_type=2&page=1&per_page=30').set(auth).set('Accept-Language', 'en')
    expect(page.body.data).toMatchObject({ total: 2, current_page: 1, last_page: 1 })
    expect(page.body.data.data.map((r: { name: string; money: string; after_money: string }) => [r.name, r.money, r.after_money])).toEqual([
      ['System adjustment', '5', '15'],
      ['Daily sign-in', '10', '10'],
    ])
    expect((await http(app).get('/api/user/money_logs?is_type=2&per_page=7').set(auth)).status).toBe(400)
    // another shopper sees none of them
    const other = bearer(await tokenFor(app, 'user', (await createUser(app)).id))
    expect((await http(app).get('/api/user/money_logs?is_type=2').set(other)).body.data.total).toBe(0)
  })
})
