// "May this order take a refund request now" is written once (eligibility.ts): the SQL condition the opening's guarded
// update runs and the TypeScript check the caps preview and the refusal message use agree on every order status,
// settlement and after-sale window, evaluated by the database on real order rows.
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { ORDER_STATUS, SETTLEMENT_STATUS } from '@qshop/shared'
import { Prisma } from '../../generated/prisma/client.ts'
import { createTestApp, resetDb } from '../../../test/helpers.ts'
import { createSeller, createUser } from '../../../test/factories.ts'
import { refundOpenableSql, refundRefusal } from './eligibility.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false, areas: false })
})
afterAll(async () => app?.close())

test('the SQL guard and the TypeScript check agree on every order status, settlement and window', async () => {
  const now = new Date()
  const windows = { none: null, ended: new Date(now.getTime() - 60_000), endsNow: now, open: new Date(now.getTime() + 60_000) }
  const buyer = await createUser(app)
  const seller = await createSeller(app)
  const cases = Object.values(ORDER_STATUS).flatMap((order_status) =>
    Object.values(SETTLEMENT_STATUS).flatMap((is_settlement) => Object.entries(windows).map(([window, settle_after]) => ({ order_status, is_settlement, window, settle_after }))),
  )
  const rows = []
  for (const [i, c] of cases.entries()) {
    const { id } = await app.db.orders.create({
      data: { user_id: buyer.id, store_id: seller.storeId, order_no: `E${now.getTime()}${i}`, order_status: c.order_status, is_settlement: c.is_settlement, settle_after: c.settle_after },
      select: { id: true },
    })
    rows.push({ id, ...c })
  }
  const passed = await app.db.$queryRaw<{ id: number }[]>`SELECT id FROM orders WHERE id IN (${Prisma.join(rows.map((r) => r.id))}) AND ${refundOpenableSql(now)}`
  const bySql = new Set(passed.map((r) => r.id))
  const disagreements = rows.filter((r) => bySql.has(r.id) !== (refundRefusal(r, now) === null))
  expect(disagreements).toEqual([])

  // What they agree on: paid, shipped, received or completed (by reviews), not settled, the window not over.
  const open = rows.filter((r) => bySql.has(r.id)).map((r) => `${r.order_status}/${r.window}`)
  expect(open.sort()).toEqual(['2/none', '2/open', '3/none', '3/open', '4/none', '4/open', '6/none', '6/open'])
  const refusals = new Map(rows.map((r) => [`${r.order_status}/${r.is_settlement}/${r.window}`, refundRefusal(r, now)]))
  expect(refusals.get('1/0/none')).toBe('msg.refundUnpaid')
  expect(refusals.get('0/0/none')).toBe('msg.refundUnpaid')
  expect(refusals.get('6/1/open')).toBe('msg.refundSettled')
  expect(refusals.get('6/0/endsNow')).toBe('msg.refundWindowClosed')
  expect(refusals.get('5/0/open')).toBe('msg.refundWindowClosed')
})
