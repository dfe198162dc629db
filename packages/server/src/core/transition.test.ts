// Status changes on the real database: only changes of the table, one winner among concurrent changes of a row, no
// deadlock among changes of different rows, the change's data written in the same statement.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { ORDER_FLOW, ORDER_STATUS, STATE_MACHINES, canTransition } from '@qshop/shared'
import { createTestApp, resetDb } from '../../test/helpers.ts'
import { createSeller, createUser } from '../../test/factories.ts'
import { transition } from './transition.ts'
import { runUnit, type UnitInfra } from './unitOfWork.ts'

let app: FastifyInstance
let infra: UnitInfra
let conflicts: number
let userId: number
let storeId: number
let serial = 0

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  userId = (await createUser(app)).id
  storeId = (await createSeller(app)).storeId
  conflicts = 0
  const warn = (_obj: unknown, msg: string) => void (msg.includes('running it again') && conflicts++)
  infra = { db: app.db, queues: app.queues, log: { ...app.log, warn } as unknown as FastifyInstance['log'] }
})
afterAll(async () => app?.close())

const order = async (order_status: number = ORDER_STATUS.UNPAID) =>
  (await app.db.orders.create({ data: { user_id: userId, store_id: storeId, order_no: `T${++serial}`, order_status } })).id
const statusOf = async (id: number) => (await app.db.orders.findUniqueOrThrow({ where: { id }, select: { order_status: true } })).order_status

describe('transition tables', () => {
  test('every machine names a status column its table has, and only moves between its own statuses', () => {
    for (const m of STATE_MACHINES) {
      const delegate = (app.db as unknown as Record<string, { fields: Record<string, unknown> } | undefined>)[m.model]
      expect(delegate?.fields, `${m.model}`).toHaveProperty(m.field)
      for (const [from, tos] of Object.entries(m.next)) for (const to of tos) expect(Number(from), `${m.model} ${from}→${to}`).not.toBe(to)
    }
    expect(canTransition(ORDER_FLOW, ORDER_STATUS.UNPAID, ORDER_STATUS.PAID)).toBe(true)
    expect(canTransition(ORDER_FLOW, ORDER_STATUS.CANCELLED, ORDER_STATUS.PAID)).toBe(false)
    expect(canTransition(ORDER_FLOW, ORDER_STATUS.PAID, ORDER_STATUS.UNPAID)).toBe(false)
  })

  test('a change the table does not list is refused before any SQL', async () => {
    const id = await order(ORDER_STATUS.CANCELLED)
    await expect(runUnit(infra, (tx) => transition(tx, ORDER_FLOW, id, { from: ORDER_STATUS.CANCELLED, to: ORDER_STATUS.PAID }))).rejects.toThrow(/not an allowed change/)
    await expect(runUnit(infra, (tx) => transition(tx, ORDER_FLOW, id, { from: [ORDER_STATUS.UNPAID, ORDER_STATUS.COMPLETED], to: ORDER_STATUS.PAID }))).rejects.toThrow(/6 → 2/)
    expect(await statusOf(id)).toBe(ORDER_STATUS.CANCELLED)
  })
})

describe('guarded changes', () => {
  test('30 concurrent payments and cancellations of one unpaid order: exactly one applies', async () => {
    const id = await order()
    const counts = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        runUnit(infra, (tx) => transition(tx, ORDER_FLOW, id, { from: ORDER_STATUS.UNPAID, to: i % 2 ? ORDER_STATUS.PAID : ORDER_STATUS.CANCELLED })),
      ),
    )
    expect(counts.filter((c) => c === 1)).toHaveLength(1)
    expect(counts.filter((c) => c === 0)).toHaveLength(29)
    expect([ORDER_STATUS.PAID, ORDER_STATUS.CANCELLED]).toContain(await statusOf(id))
  })

  test('concurrent changes of different orders do not deadlock', async () => {
    const ids = await Promise.all(Array.from({ length: 40 }, () => order()))
    const counts = await Promise.all(
      ids.map((id) =>
        runUnit(infra, async (tx) => {
          const paid = await transition(tx, ORDER_FLOW, id, { from: ORDER_STATUS.UNPAID, to: ORDER_STATUS.PAID })
          return paid + (await transition(tx, ORDER_FLOW, id, { from: ORDER_STATUS.PAID, to: ORDER_STATUS.SHIPPED }))
        }),
      ),
    )
    expect(counts.reduce((a, b) => a + b, 0)).toBe(80)
    expect(conflicts).toBe(0)
  })

  test('the data is written with the change; the conditions and the statuses changed from decide', async () => {
    const [mine, paid, shipped] = [await order(), await order(ORDER_STATUS.PAID), await order(ORDER_STATUS.SHIPPED)]
    const other = (await app.db.orders.create({ data: { user_id: (await createUser(app)).id, store_id: storeId, order_no: `T${++serial}` } })).id
    const payTime = new Date('2026-11-24T08:30:00.123Z')
    const paying = await runUnit(infra, (tx) =>
      transition(tx, ORDER_FLOW, [mine, other, paid], { from: ORDER_STATUS.UNPAID, to: ORDER_STATUS.PAID }, { where: { user_id: userId }, data: { pay_time: payTime, payment_name: 'balance' } }),
    )
    expect(paying).toBe(1)
    expect(await app.db.orders.findUniqueOrThrow({ where: { id: mine }, select: { order_status: true, pay_time: true, payment_name: true } })).toEqual({
      order_status: ORDER_STATUS.PAID, pay_time: payTime, payment_name: 'balance',
    })
    expect(await statusOf(other)).toBe(ORDER_STATUS.UNPAID)
    const fullyRefunded = await runUnit(infra, (tx) =>
      transition(tx, ORDER_FLOW, [mine, paid, shipped], { from: [ORDER_STATUS.PAID, ORDER_STATUS.SHIPPED], to: ORDER_STATUS.COMPLETED }),
    )
    expect(fullyRefunded).toBe(3)
    expect(await runUnit(infra, (tx) => transition(tx, ORDER_FLOW, [], { from: ORDER_STATUS.UNPAID, to: ORDER_STATUS.PAID }))).toBe(0)
    await expect(transition(app.db as never, ORDER_FLOW, mine, { from: ORDER_STATUS.RECEIVED, to: ORDER_STATUS.COMPLETED }, { data: { 'x = 1; --': 1 } })).rejects.toThrow(/column name/)
  })

  test('a condition listing values requires one of them', async () => {
    const [open, settled, other] = [await order(ORDER_STATUS.PAID), await order(ORDER_STATUS.PAID), await order(ORDER_STATUS.PAID)]
    await app.db.orders.update({ where: { id: settled }, data: { is_settlement: 1 } })
    await app.db.orders.update({ where: { id: other }, data: { open_refunds: 3 } })
    const shipping = await runUnit(infra, (tx) =>
      transition(tx, ORDER_FLOW, [open, settled, other], { from: ORDER_STATUS.PAID, to: ORDER_STATUS.SHIPPED }, { where: { is_settlement: 0, open_refunds: [0, 1] } }),
    )
    expect(shipping).toBe(1)
    expect([await statusOf(open), await statusOf(settled), await statusOf(other)]).toEqual([ORDER_STATUS.SHIPPED, ORDER_STATUS.PAID, ORDER_STATUS.PAID])
    await expect(runUnit(infra, (tx) => transition(tx, ORDER_FLOW, open, { from: ORDER_STATUS.SHIPPED, to: ORDER_STATUS.RECEIVED }, { where: { open_refunds: [] } }))).rejects.toThrow(/no value/)
  })
})
