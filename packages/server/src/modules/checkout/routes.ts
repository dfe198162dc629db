// Checkout: /api/user/order/before (the preview per store) and /api/user/order/create (one order per store, under an
// Idempotency-Key).
import { orderBeforeBody, orderCreateBody, type OrderCreate } from '@qshop/shared/schemas/orders'
import type { AppModule } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { requestContext } from '../../core/context.ts'
import { idempotencyKeyOf } from '../../core/idempotency.ts'
import { createOrders, previewOrder } from './service.ts'

const tags = ['checkout']

const checkout: AppModule = {
  name: 'checkout',
  storefront: async (app) => {
    app.post(
      '/user/order/before',
      { schema: { body: orderBeforeBody, tags, summary: 'Price the lines per store (goods, freight to the address or the default one, discounts)' } },
      async (req) => ok(req, await previewOrder(app, requestContext(req), req.body)),
    )
    app.post(
      '/user/order/create',
      {
        schema: { body: orderCreateBody, tags, summary: 'One unpaid order per store; header Idempotency-Key required; answers {order_id, order_no}' },
        // A flash-sale purchase also counts in its own class (modules/seckill).
        config: { rateLimit: 'money', rateLimitAlso: { class: 'seckill', when: (req) => (req.body as OrderCreate).order.some((l) => l.seckill_id) } },
      },
      async (req) => ok(req, await createOrders(app, requestContext(req), idempotencyKeyOf(req, true), req.body)),
    )
  },
}
export default checkout
