// Test support: paid orders shipped through the shipping service (by an admin, carrier sf) and, when asked, received
// by their shopper through the receipt service — the way the routes move them, staged jobs included.
import type { FastifyInstance } from 'fastify'
import type { RequestContext } from '../../core/context.ts'
import { confirmReceipt } from './receipt.ts'
import { shipOrder } from './ship.ts'

const admin: RequestContext = {
  actor: { area: 'admin', id: 1, sid: 'testkit', username: 'testkit', all: true, permissions: new Set(), belong_id: 0 },
  locale: 'zh-cn', ip: '127.0.0.1', requestId: 'testkit',
}

/** Ships each paid order of `ids`; `receive`: each is then received by its shopper. */
export async function shipOrders(app: FastifyInstance, ids: readonly number[], opts: { receive?: boolean } = {}): Promise<void> {
  for (const id of ids) {
    await shipOrder(app, admin, id, { delivery_code: 'sf', delivery_no: `SF${id}` })
    if (!opts.receive) continue
    const outcome = await confirmReceipt(app, id)
    if (outcome !== 'received') throw new Error(`order ${id}: ${outcome}`)
  }
}
