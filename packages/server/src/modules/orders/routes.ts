// The shopper's orders after checkout: pay by balance and poll, list with status counts, detail. The checkout (POST
// /api/user/order/before, /create) is the checkout module's; cancelling an unpaid order and confirming the receipt of a
// shipped one (PUT /api/user/order/{id}) are the fulfilment module's route, which calls cancelOrder from here.
import { idParam } from '@qshop/shared/schemas/common'
import { checkBody, orderListQuery, payBody, payInfoQuery } from '@qshop/shared/schemas/orderQueries'
import type { AppModule } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { requestContext } from '../../core/context.ts'
import { idempotencyKeyOf } from '../../core/idempotency.ts'
import { orderCancelJob } from './cancelJob.ts'
import { payOrders } from './pay.ts'
import { closeOpenPayments, payOrdersByGateway } from './gatewayPay.ts'
import { payQueryJob } from './payQuery.ts'
import { lateRefundJob } from './lateRefund.ts'
import type { Infra } from '../../core/infra.ts'
import type { RequestContext } from '../../core/context.ts'
import type { PayBody } from '@qshop/shared/schemas/orderQueries'
import { checkPaid, listOrders, orderCounts, orderDetail, payInfo } from './queries.ts'

const tags = ['orders']

/** A balance payment closes the gateway orders opened for the same orders first, once the pay password is right:
 *  none of them can take money after. */
function payByBalance(app: Infra, ctx: RequestContext, key: string, body: PayBody) {
  return payOrders(app, ctx, key, body, { beforePaying: (ids) => closeOpenPayments(app, ctx.actor!.id, ids) })
}

const orders: AppModule = {
  name: 'orders',
  jobs: [orderCancelJob, payQueryJob, lateRefundJob],
  storefront: async (app) => {
    app.get('/user/order/pay_info', { schema: { querystring: payInfoQuery, tags, summary: "The pay page: own orders, what paying takes, balance and methods" } }, async (req) =>
      ok(req, await payInfo(app, req.actor!.id, req.query.order_id)),
    )
    app.post(
      '/user/order/pay',
      {
        schema: {
          body: payBody, tags,
          summary: 'Pay own unpaid orders by balance (pay password) or through wechat / alipay (device web: a QR code, wap: a phone redirect); header Idempotency-Key required; answers {pay_no, total, code_url?|h5_url?|qr_code?|pay_url?}',
        },
        config: { rateLimit: 'money' },
      },
      async (req) => {
        const ctx = requestContext(req)
        const key = idempotencyKeyOf(req, true)
        if (req.body.payment_name !== 'balance') return ok(req, await payOrdersByGateway(app, ctx, key, req.body), 'msg.payStarted')
        return ok(req, await payByBalance(app, ctx, key, req.body), 'msg.paid')
      },
    )
    app.post(
      '/user/order/check',
      { schema: { body: checkBody, tags, summary: 'Whether own orders are paid (the pay page polls it)' }, config: { rateLimit: 'read' } },
      async (req) => ok(req, await checkPaid(app, req.actor!.id, req.body.order_id)),
    )
    app.get('/user/orders', { schema: { querystring: orderListQuery, tags, summary: 'Own orders, newest first; order_status -1 = all' } }, async (req) =>
      ok(req, await listOrders(app, req.actor!.id, req.query)),
    )
    app.get('/user/order/counts', { schema: { tags, summary: 'Own orders counted by status' } }, async (req) => ok(req, await orderCounts(app, req.actor!.id)))
    app.get('/user/order/:id', { schema: { params: idParam, tags, summary: 'One own order with lines, address and times' } }, async (req) =>
      ok(req, await orderDetail(app, req.actor!.id, req.params.id)),
    )
  },
}
export default orders
