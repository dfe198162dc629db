// Test support: paid orders moved on to received (2 → 3 → 4) with the columns shipping and receipt set, through the
// guarded transition, until the fulfilment services (ship, confirm receipt) are there to do it.
import type { FastifyInstance } from 'fastify'
import { ORDER_FLOW, ORDER_STATUS } from '@qshop/shared'
import { transition } from '../../core/transition.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { paidOrders, type FixtureLine } from '../orders/testkit.ts'

const DAY_MS = 86_400_000

/** Moves paid orders to shipped, or on to received. */
export async function advanceOrders(app: FastifyInstance, ids: number[], to: 3 | 4): Promise<void> {
  const now = new Date()
  await runUnit(app, async (tx) => {
    await transition(tx, ORDER_FLOW, ids, { from: ORDER_STATUS.PAID, to: ORDER_STATUS.SHIPPED }, { data: { delivery_time: now, delivery_code: 'SF', delivery_no: 'SF100' } })
    if (to === ORDER_STATUS.RECEIVED)
      await transition(tx, ORDER_FLOW, ids, { from: ORDER_STATUS.SHIPPED, to: ORDER_STATUS.RECEIVED }, { data: { receipt_time: now, settle_after: new Date(now.getTime() + 7 * DAY_MS) } })
  })
}

/** Orders of `userId` (pay password 123456) paid and received: one per store of the lines. */
export async function receivedOrders(app: FastifyInstance, userId: number, lines: FixtureLine[]): Promise<number[]> {
  const ids = await paidOrders(app, userId, lines)
  await advanceOrders(app, ids, ORDER_STATUS.RECEIVED)
  return ids
}
