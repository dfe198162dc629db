// Fulfilment: the back office's order lists and detail, shipping, the receiver before shipping, tracking; the
// shopper's tracking, and PUT /api/user/order/{id}, which confirms the receipt of a shipped order or cancels an unpaid
// one (the orders module's cancelOrder). The order-confirm job.
import { ORDER_STATUS } from '@qshop/shared'
import { idParam } from '@qshop/shared/schemas/common'
import { orderStatusBody } from '@qshop/shared/schemas/orderQueries'
import { receiverBody, shipBody } from '@qshop/shared/schemas/fulfilment'
import { orders as sellerOrderList } from '@qshop/shared/resources/seller/orders'
import { orders as adminOrderList } from '@qshop/shared/resources/admin/orders'
import type { AppModule, Scope } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { requestContext } from '../../core/context.ts'
import { resourceRoutes, type ServerResource } from '../../core/resource.ts'
import { businessError, notFound } from '../../core/errors.ts'
import { cancelOrder } from '../orders/index.ts'
import { orderConfirmJob } from './confirmJob.ts'
import { backOfficeOrder } from './detail.ts'
import { confirmReceipt } from './receipt.ts'
import { orderScope } from './scope.ts'
import { editReceiver, shipOrder } from './ship.ts'
import { orderTracking } from './tracking.ts'

const sellerOrders: ServerResource = { decl: sellerOrderList, model: 'orders', storeColumn: 'store_id' }
const adminOrders: ServerResource = { decl: adminOrderList, model: 'orders' }

/** The same order routes for both back-office areas; the caller's scope (orderScope) decides which orders answer. */
function backOffice(area: 'seller' | 'admin', list: ServerResource) {
  const tags = [`${area}:orders`]
  const perm = (action: string) => ({ permission: `${area}.orders.${action}` })
  return async (app: Scope) => {
    await app.register(resourceRoutes(list))
    app.get('/orders/:id', { schema: { params: idParam, tags, summary: 'One order: lines, receiver, payment, times, delivery, after-sales summary' }, config: perm('show') }, async (req) =>
      ok(req, await backOfficeOrder(app, requestContext(req), req.params.id)),
    )
    app.get('/orders/:id/tracking', { schema: { params: idParam, tags, summary: "The order's tracking timeline" }, config: perm('show') }, async (req) =>
      ok(req, await orderTracking(app, req.params.id, orderScope(requestContext(req)))),
    )
    app.put(
      '/orders/:id/ship',
      { schema: { params: idParam, body: shipBody, tags, summary: 'Ship a paid order with a carrier (expresses.code) and its tracking number' }, config: perm('ship') },
      async (req) => ok(req, await shipOrder(app, requestContext(req), req.params.id, req.body), 'msg.orderShipped'),
    )
    app.put(
      '/orders/:id/receiver',
      { schema: { params: idParam, body: receiverBody, tags, summary: 'Change the receiver of an order awaiting shipment' }, config: perm('update') },
      async (req) => ok(req, await editReceiver(app, requestContext(req), req.params.id, req.body)),
    )
  }
}

const fulfilment: AppModule = {
  name: 'fulfilment',
  jobs: [orderConfirmJob],
  seller: backOffice('seller', sellerOrders),
  admin: backOffice('admin', adminOrders),
  storefront: async (app) => {
    app.get('/user/order/:id/tracking', { schema: { params: idParam, tags: ['orders'], summary: "An own order's tracking timeline" } }, async (req) =>
      ok(req, await orderTracking(app, req.params.id, { user_id: req.actor!.id })),
    )
    app.put('/user/order/:id', { schema: { params: idParam, body: orderStatusBody, tags: ['orders'], summary: 'Cancel an own unpaid order (order_status 0: stock goes back) or confirm the receipt of a shipped one (4)' } }, async (req) => {
      if (req.body.order_status === ORDER_STATUS.RECEIVED) {
        const received = await confirmReceipt(app, req.params.id, { userId: req.actor!.id })
        if (received === 'not_found') throw notFound()
        if (received !== 'received') throw businessError('msg.orderNotReceivable')
        return ok(req, { id: req.params.id, order_status: ORDER_STATUS.RECEIVED }, 'msg.orderReceived')
      }
      const outcome = await cancelOrder(app, req.params.id, { userId: req.actor!.id })
      if (outcome === 'not_found') throw notFound()
      if (outcome !== 'cancelled') throw businessError('msg.orderNotCancellable')
      return ok(req, { id: req.params.id, order_status: 0 }, 'msg.orderCancelled')
    })
  },
}
export default fulfilment
