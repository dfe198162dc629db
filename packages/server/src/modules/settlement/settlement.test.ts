// Settlement to stores against the real database, Redis and BullMQ: the amounts (refunds deducted, commission at the
// frozen rate rounded half away from zero, a fully refunded order settled with 0), who waits (an open request, the
// after-sale window, orders not yet received), exactly once whatever races (20 "settle now" and the job; a worker
// stopped while settlements fell due), and the store's balance equal to the sum of its ledger rows.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Job } from 'bullmq'
import { decimalToCents, sumCents } from '@qshop/shared'
import { bearer, createTestApp, eventually, http, resetDb, startQueueWorker } from '../../../test/helpers.ts'
import { createAdmin, createUser } from '../../../test/factories.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { sendStaged } from '../../core/jobs/outbox.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { createGoods, leafClasses, sellerWithStore, type TestSeller } from '../catalog/testkit.ts'
import { settleOrder, settlementAmounts } from './settle.ts'
import { QUEUE_SETTLEMENT } from '../../core/jobs/queues.ts'
import { orderSettleJob, scheduleOrderSettle, settleDue } from './settleJob.ts'
import { closeRequest, completeOrder, openRequest, receivedOrders, refundFully } from './testkit.ts'
import { rebuildSettledSales } from './settledSales.ts'
import { salesFigures } from '../dashboard/sales.ts'

let app: FastifyInstance
let storeA: TestSeller
let storeB: TestSeller
/** 33.33 in store A, 10.05 in store B */
let tea: { id: number }
let cup: { id: number }
let shopper: number
let admin: Record<string, string>

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  const leaves = await leafClasses(app)
  storeA = await sellerWithStore(app, leaves)
  storeB = await sellerWithStore(app, leaves)
  tea = await createGoods(app, storeA.storeId, leaves[0].id, { goods_price: '33.33', goods_stock: 1000 })
  cup = await createGoods(app, storeB.storeId, leaves[0].id, { goods_price: '10.05', goods_stock: 1000 })
  shopper = (await createUser(app, { pay_password: '123456' })).id
  admin = bearer(await tokenFor(app, 'admin', (await createAdmin(app)).id))
})
afterAll(async () => app?.close())

const order = async (id: number) => app.db.orders.findUniqueOrThrow({ where: { id } })
const settlementOf = (orderId: number) => app.db.order_settlements.findUnique({ where: { order_id: orderId } })
const storeLedger = (storeId: number) =>
  app.db.money_logs.findMany({ where: { user_id: storeId, is_belong: 1 }, orderBy: { id: 'asc' }, select: { ename: true, money: true, idem_key: true, source_type: true } })
const storeMoney = async (storeId: number) => (await app.db.stores.findUniqueOrThrow({ where: { id: storeId } })).store_money.toFixed(2)
const ledgerRows = async (storeId: number) => (await storeLedger(storeId)).map((r) => [r.ename, r.money.toFixed(2), r.idem_key])
const settleNow = () => http(app).post('/api/Admin/order_settlement_handle').set(admin).send({})

/** The store's balance equals the sum of its ledger rows. */
async function expectBalanced(storeId: number) {
  const rows = await storeLedger(storeId)
  expect(decimalToCents(await storeMoney(storeId))).toBe(sumCents(rows.map((r) => decimalToCents(r.money))))
}

describe('amounts', () => {
  test('paid − refunded, commission at the frozen rate rounded half away from zero: a credit and a commission debit, the breakdown row', async () => {
    // 3 × 33.33 = 99.99 at 5.5 %: 5.49945 → 5.50 commission, 94.49 to the store.
    const [a] = await receivedOrders(app, shopper, [{ goods_id: tea.id, buy_num: 3 }], { rate: '5.50' })
    // 10 × 10.05 = 100.50, 30.00 refunded, at 0.5 %: 70.50 × 0.005 = 0.3525 → 0.35, 70.15 to the store.
    const [b] = await receivedOrders(app, shopper, [{ goods_id: cup.id, buy_num: 10 }], { rate: '0.50' })
    await openRequest(app, b)
    await closeRequest(app, b, '30.00')

    expect(await settleOrder(app, a, new Date())).toEqual({ outcome: 'settled', settlement_price: 9449, commission_money: 550, distribution_money: 0 })
    expect(await settleOrder(app, b, new Date())).toEqual({ outcome: 'settled', settlement_price: 7015, commission_money: 35, distribution_money: 0 })

    const sa = (await settlementOf(a))!
    expect([sa.store_id, sa.user_id, sa.total_price, sa.refund_money, sa.commission_money, sa.settlement_price].map(String)).toEqual([String(storeA.storeId), String(shopper), '99.99', '0', '5.5', '94.49'])
    const sb = (await settlementOf(b))!
    expect([sb.total_price, sb.refund_money, sb.commission_money, sb.settlement_price].map(String)).toEqual(['100.5', '30', '0.35', '70.15'])
    expect(await ledgerRows(storeA.storeId)).toEqual([['settlement', '99.99', `settlement:${a}`], ['commission', '-5.50', `settlement:${a}:commission`]])
    expect(await ledgerRows(storeB.storeId)).toEqual([['settlement', '70.50', `settlement:${b}`], ['commission', '-0.35', `settlement:${b}:commission`]])
    expect([await storeMoney(storeA.storeId), await storeMoney(storeB.storeId)]).toEqual(['94.49', '70.15'])
    expect([(await order(a)).is_settlement, (await order(b)).is_settlement]).toEqual([1, 1])
    // paid = refunded + to the store + commission
    expect(decimalToCents(sb.total_price)).toBe(sumCents([sb.refund_money, sb.settlement_price, sb.commission_money].map(decimalToCents)))
    await expectBalanced(storeA.storeId)
    await expectBalanced(storeB.storeId)
  })

  test('half a cent of commission rounds up, never down', () => {
    expect(settlementAmounts({ total_price: '10.05', refund_money: '0', settlement_rate: '10' })).toMatchObject({ commission: 101, settlement: 904 })
    expect(settlementAmounts({ total_price: '10.04', refund_money: '0', settlement_rate: '10' })).toMatchObject({ commission: 100, settlement: 904 })
    expect(settlementAmounts({ total_price: '50.00', refund_money: '50.00', settlement_rate: '10' })).toMatchObject({ amount: 0, commission: 0, settlement: 0 })
    expect(() => settlementAmounts({ total_price: '5.00', refund_money: '5.01', settlement_rate: '0' })).toThrow()
  })

  test('a rate of 0 credits the whole amount and writes no commission row', async () => {
    const [id] = await receivedOrders(app, shopper, [{ goods_id: tea.id, buy_num: 1 }], { rate: '0' })
    await settleOrder(app, id, new Date())
    expect(await ledgerRows(storeA.storeId)).toEqual([['settlement', '33.33', `settlement:${id}`]])
    expect(await storeMoney(storeA.storeId)).toBe('33.33')
  })

  test('a fully refunded order settles with 0: the breakdown row, the flag, and no ledger row', async () => {
    const [id] = await receivedOrders(app, shopper, [{ goods_id: tea.id, buy_num: 2 }], { rate: '5', settleAfter: new Date(Date.now() + 86400_000) })
    await refundFully(app, id)
    expect((await order(id)).order_status).toBe(6)
    expect(await settleDue(app)).toMatchObject({ settled: 1, settlement_money: 0, commission_money: 0 })
    const row = (await settlementOf(id))!
    expect([row.total_price, row.refund_money, row.commission_money, row.settlement_price].map(String)).toEqual(['66.66', '66.66', '0', '0'])
    expect((await order(id)).is_settlement).toBe(1)
    expect(await storeLedger(storeA.storeId)).toEqual([])
    expect(await storeMoney(storeA.storeId)).toBe('0.00')
  })
})

describe('who waits', () => {
  test('not before the after-sale window ends, not before receipt; completed orders settle like received ones', async () => {
    const [later] = await receivedOrders(app, shopper, [{ goods_id: tea.id, buy_num: 1 }], { settleAfter: new Date(Date.now() + 3600_000) })
    const [paidOnly] = await receivedOrders(app, shopper, [{ goods_id: cup.id, buy_num: 1 }])
    await app.db.orders.update({ where: { id: paidOnly }, data: { order_status: 3 } })
    const [completed] = await receivedOrders(app, shopper, [{ goods_id: cup.id, buy_num: 2 }])
    await completeOrder(app, completed)

    expect(await settleOrder(app, later, new Date())).toEqual({ outcome: 'not_due' })
    expect(await settleOrder(app, paidOnly, new Date())).toEqual({ outcome: 'not_completed' })
    expect(await settleDue(app)).toMatchObject({ settled: 1 })
    expect(await settlementOf(completed)).not.toBeNull()
    expect([await settlementOf(later), await settlementOf(paidOnly)]).toEqual([null, null])
    // Once the window is over it is due.
    expect(await settleOrder(app, later, new Date(Date.now() + 3601_000))).toMatchObject({ outcome: 'settled' })
    expect(await settleOrder(app, 999999, new Date())).toEqual({ outcome: 'not_found' })
  })

  test('an order with an open request waits; once the request closes with a refund it settles once, the refund deducted', async () => {
    const [id] = await receivedOrders(app, shopper, [{ goods_id: tea.id, buy_num: 3 }], { rate: '10' })
    await openRequest(app, id)
    expect(await settleOrder(app, id, new Date())).toEqual({ outcome: 'refunds_open' })
    expect(await settleDue(app)).toMatchObject({ settled: 0 })
    expect(await settlementOf(id)).toBeNull()

    await closeRequest(app, id, '33.33')
    expect(await settleDue(app)).toMatchObject({ settled: 1, settlement_money: 5999, commission_money: 667 })
    expect(await settleDue(app)).toMatchObject({ settled: 0 })
    expect(await ledgerRows(storeA.storeId)).toEqual([['settlement', '66.66', `settlement:${id}`], ['commission', '-6.67', `settlement:${id}:commission`]])
    await expectBalanced(storeA.storeId)
  })

  test('a refused request that closed leaves nothing open: the order settles in full', async () => {
    const [id] = await receivedOrders(app, shopper, [{ goods_id: cup.id, buy_num: 1 }])
    await openRequest(app, id)
    await closeRequest(app, id)
    expect(await settleOrder(app, id, new Date())).toMatchObject({ outcome: 'settled', settlement_price: 1005 })
  })
})

describe('exactly once', () => {
  test('20 concurrent "settle now" and the job of each order: one settlement row and one pair of ledger rows per order', async () => {
    const ids = [
      ...(await receivedOrders(app, shopper, [{ goods_id: tea.id, buy_num: 1 }, { goods_id: cup.id, buy_num: 1 }], { rate: '3' })),
      ...(await receivedOrders(app, shopper, [{ goods_id: tea.id, buy_num: 2 }], { rate: '3' })),
      ...(await receivedOrders(app, shopper, [{ goods_id: cup.id, buy_num: 3 }], { rate: '3' })),
    ]
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => settleNow()),
      ...ids.map((id) => orderSettleJob.process(app, { order_id: id }, {} as Job)),
    ])
    const routeAnswers = answers.slice(0, 20) as Awaited<ReturnType<typeof settleNow>>[]
    for (const res of routeAnswers) expect(res.body.code, JSON.stringify(res.body)).toBe(200)
    const jobSettled = (answers.slice(20) as { outcome: string }[]).filter((a) => a.outcome === 'settled').length
    const routeSettled = routeAnswers.reduce((n, res) => n + (res.body.data.settled as number), 0)
    expect(routeSettled + jobSettled).toBe(ids.length)

    expect(await app.db.order_settlements.count()).toBe(ids.length)
    for (const id of ids) {
      const logs = await app.db.money_logs.findMany({ where: { is_belong: 1, idem_key: { startsWith: `settlement:${id}` } } })
      expect(logs.map((l) => l.ename).sort()).toEqual(['commission', 'settlement'])
    }
    expect(await app.db.orders.count({ where: { id: { in: ids }, is_settlement: 1 } })).toBe(ids.length)
    // tea 33.33 + 66.66 = 99.99 at 3 %: 1.00 + 2.00 → 96.99; cups 10.05 + 30.15 at 3 %: 0.30 + 0.90 → 39.00
    expect([await storeMoney(storeA.storeId), await storeMoney(storeB.storeId)]).toEqual(['96.99', '39.00'])
    await expectBalanced(storeA.storeId)
    await expectBalanced(storeB.storeId)
  })

  test('"settle now" answers how many and how much; again, nothing', async () => {
    await receivedOrders(app, shopper, [{ goods_id: tea.id, buy_num: 3 }], { rate: '5.50' })
    await receivedOrders(app, shopper, [{ goods_id: cup.id, buy_num: 1 }], { rate: '0' })
    const first = await settleNow()
    expect(first.body).toMatchObject({ code: 200, msg: '结算完成', data: { settled: 2, settlement_money: '104.54', commission_money: '5.50' } })
    expect(first.body.data.settlement_no).toMatch(/^S\d{26}$/)
    const rows = await app.db.order_settlements.findMany()
    expect(new Set(rows.map((r) => r.settlement_no))).toEqual(new Set([first.body.data.settlement_no]))
    const again = await http(app).get('/api/Admin/order_settlement_handle').set(admin)
    expect(again.body.data).toMatchObject({ settled: 0, settlement_money: '0.00', commission_money: '0.00' })
  })

  test('worker stopped while settlements fell due, then started with the sweeper racing it: each order settled once', async () => {
    const now = Date.now()
    const due = [
      ...(await receivedOrders(app, shopper, [{ goods_id: tea.id, buy_num: 1 }], { rate: '1', settleAfter: new Date(now - 120_000) })),
      ...(await receivedOrders(app, shopper, [{ goods_id: cup.id, buy_num: 2 }], { rate: '1', settleAfter: new Date(now - 60_000) })),
    ]
    const [later] = await receivedOrders(app, shopper, [{ goods_id: cup.id, buy_num: 1 }], { settleAfter: new Date(now + 3600_000) })
    // The receipts staged each order's job at the end of the real window; this test set the windows' ends itself, so
    // it stages the jobs again at those: where settle_after was set (twice for one order: still one job), and sent
    // while no worker ran.
    await app.queues.get(QUEUE_SETTLEMENT).obliterate({ force: true })
    await app.db.outbox.deleteMany({ where: { queue: QUEUE_SETTLEMENT } })
    await runUnit(app, async (_tx, unit) => {
      for (const id of [...due, later]) await scheduleOrderSettle(unit, id, (await order(id)).settle_after!)
      await scheduleOrderSettle(unit, due[0], new Date(now - 120_000))
    })
    const staged = await app.db.outbox.findMany({ where: { queue: QUEUE_SETTLEMENT }, orderBy: { id: 'asc' } })
    expect(staged.map((r) => r.job_id)).toEqual([...due, later].map((id) => `order-settle-${id}`))
    await sendStaged(app.db, app.queues, staged.map((r) => r.id))
    expect(await app.queues.get(QUEUE_SETTLEMENT).getJobCounts('delayed', 'waiting')).toEqual({ delayed: 1, waiting: 2 })

    const worker = startQueueWorker(app, QUEUE_SETTLEMENT)
    try {
      const swept = await settleDue(app)
      await eventually(async () => (await app.queues.get(QUEUE_SETTLEMENT).getJobCounts('completed')).completed === 2)
      expect(swept.settled).toBeLessThanOrEqual(2)
      expect(await settleDue(app)).toMatchObject({ settled: 0 })
    } finally {
      await worker.close()
    }
    expect(await app.db.order_settlements.findMany({ select: { order_id: true }, orderBy: { order_id: 'asc' } })).toEqual(due.map((order_id) => ({ order_id })))
    expect(await app.db.money_logs.count({ where: { is_belong: 1, ename: 'settlement' } })).toBe(2)
    expect((await order(later)).is_settlement).toBe(0)
    await expectBalanced(storeA.storeId)
    await expectBalanced(storeB.storeId)
  })

  test('a replayed settlement of an order already settled changes nothing', async () => {
    const [id] = await receivedOrders(app, shopper, [{ goods_id: tea.id, buy_num: 1 }], { rate: '10' })
    await settleOrder(app, id, new Date())
    const before = [await ledgerRows(storeA.storeId), await storeMoney(storeA.storeId)]
    // Even with the flag put back by hand, the unique settlement row and the ledger keys refuse a second credit.
    await app.db.orders.update({ where: { id }, data: { is_settlement: 0 } })
    await expect(settleOrder(app, id, new Date())).rejects.toThrow()
    expect([await ledgerRows(storeA.storeId), await storeMoney(storeA.storeId)]).toEqual(before)
    expect(await app.db.order_settlements.count()).toBe(1)
  })
})

describe("the stores' settled sales", () => {
  const rows = () => app.db.store_settled_sales.findMany({ select: { store_id: true, orders: true, sales: true }, orderBy: { store_id: 'asc' } })
  const allTime = async () => Promise.all([storeA.storeId, storeB.storeId, null].map(async (id) => (await salesFigures(app, { from: 'orders', stamp: '' }, id)).sales.all_time))

  test("settling adds the order to its store's row, the dashboards' all-time sales stay what they were, and the rebuild finds the same rows", async () => {
    // Store A: 3 × 33.33 = 99.99 with 9.99 refunded, and 2 × 33.33; store B: 4 × 10.05.
    const [a] = await receivedOrders(app, shopper, [{ goods_id: tea.id, buy_num: 3 }], { rate: '5' })
    await openRequest(app, a)
    await closeRequest(app, a, '9.99')
    await receivedOrders(app, shopper, [{ goods_id: tea.id, buy_num: 2 }], { rate: '5' })
    const [c] = await receivedOrders(app, shopper, [{ goods_id: cup.id, buy_num: 4 }], { rate: '5' })
    expect(await allTime()).toEqual(['156.66', '40.20', '196.86'])
    expect(await rows()).toEqual([])

    expect(await settleOrder(app, a, new Date())).toMatchObject({ outcome: 'settled' })
    expect(await settleOrder(app, c, new Date())).toMatchObject({ outcome: 'settled' })
    const settled = [
      { store_id: storeA.storeId, orders: 1, sales: '90.00' },
      { store_id: storeB.storeId, orders: 1, sales: '40.20' },
    ]
    expect((await rows()).map((r) => ({ ...r, sales: r.sales.toFixed(2) }))).toEqual(settled)
    expect(await allTime()).toEqual(['156.66', '40.20', '196.86'])

    await app.db.store_settled_sales.deleteMany()
    expect(await rebuildSettledSales(app)).toEqual({ stores: 2, orders: 2 })
    expect((await rows()).map((r) => ({ ...r, sales: r.sales.toFixed(2) }))).toEqual(settled)
    expect(await allTime()).toEqual(['156.66', '40.20', '196.86'])
  })
})
