// Test support: paid orders moved on to shipped or received by the fulfilment services.
import type { FastifyInstance } from 'fastify'
import { ORDER_STATUS } from '@qshop/shared'
import { shipOrders } from '../fulfilment/testkit.ts'
import { paidOrders, type FixtureLine } from '../orders/testkit.ts'

/** Moves paid orders to shipped, or on to received. */
export async function advanceOrders(app: FastifyInstance, ids: number[], to: 3 | 4): Promise<void> {
  await shipOrders(app, ids, { receive: to === ORDER_STATUS.RECEIVED })
}

/** Orders of `userId` (pay password 123456) paid and received: one per store of the lines. */
export async function receivedOrders(app: FastifyInstance, userId: number, lines: FixtureLine[]): Promise<number[]> {
  const ids = await paidOrders(app, userId, lines)
  await advanceOrders(app, ids, ORDER_STATUS.RECEIVED)
  return ids
}
