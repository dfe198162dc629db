// Points (docs/points.md): the shopper's daily sign-in and points ledger; the points mall's storefront (public reads,
// redemption with an Idempotency-Key, the shopper's points orders) and its back office (categories, goods, orders,
// shipping).
import { z } from 'zod'
import { idParam, noBody } from '@qshop/shared/schemas/common'
import { integralPayBody, integralSearchQuery, integralShipBody, pointsPageQuery } from '@qshop/shared/schemas/points'
import type { AppModule } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { requestContext } from '../../core/context.ts'
import { idempotencyKeyOf } from '../../core/idempotency.ts'
import { resourceRoutes } from '../../core/resource.ts'
import { POINTS_RESOURCES } from './admin.ts'
import { integralClasses, integralGoodsDetail, integralHome, integralSearch } from './mall.ts'
import { ownIntegralOrder, ownIntegralOrders, shipIntegralOrder } from './orders.ts'
import { redeem } from './redeem.ts'
import { signIn, signInState } from './signIn.ts'

const tags = ['points']
const pub = { public: true }

const points: AppModule = {
  name: 'points',
  storefront: async (app) => {
    app.get('/integral/home', { schema: { tags, summary: 'The points mall home: recommended goods and each category with its first goods' }, config: pub }, async (req) =>
      ok(req, await integralHome(app)),
    )
    app.get('/integral/class', { schema: { querystring: z.strictObject({}), tags, summary: 'The points categories' }, config: pub }, async (req) =>
      ok(req, await integralClasses(app)),
    )
    app.get('/integral/goods', { schema: { querystring: integralSearchQuery, tags, summary: 'On-shelf points goods by category and name' }, config: pub }, async (req) =>
      ok(req, await integralSearch(app, req.query)),
    )
    app.get('/integral/goods/:id', { schema: { params: idParam, tags, summary: 'One on-shelf points goods' }, config: pub }, async (req) =>
      ok(req, await integralGoodsDetail(app, req.params.id)),
    )
    app.post(
      '/integral/pay',
      { schema: { body: integralPayBody, tags, summary: 'Redeem a points goods (Idempotency-Key): stock and points taken together, or nothing' } },
      async (req) => ok(req, await redeem(app, requestContext(req), idempotencyKeyOf(req, true), req.body)),
    )
    app.get('/user/integral_orders', { schema: { querystring: pointsPageQuery, tags, summary: 'Own points orders, newest first' } }, async (req) =>
      ok(req, await ownIntegralOrders(app, req.actor!.id, req.query)),
    )
    app.get('/user/integral_orders/:id', { schema: { params: idParam, tags, summary: 'One own points order' } }, async (req) =>
      ok(req, await ownIntegralOrder(app, req.actor!.id, req.params.id)),
    )
    app.get('/user/sign_in', { schema: { tags, summary: 'Whether today is signed in, the streak and the points of the next sign-in' } }, async (req) =>
      ok(req, await signInState(app, req.actor!.id)),
    )
    app.post('/user/sign_in', { schema: { body: noBody, tags, summary: 'Sign in for today (once a day), earning points' } }, async (req) =>
      ok(req, await signIn(app, req.actor!.id)),
    )
  },
  admin: async (app) => {
    for (const res of POINTS_RESOURCES) await app.register(resourceRoutes(res))
    app.put(
      '/integral_orders/:id/ship',
      { schema: { params: idParam, body: integralShipBody, tags }, config: { permission: 'admin.integral_orders.ship' } },
      async (req) => ok(req, await shipIntegralOrder(app, req.params.id, req.body)),
    )
  },
}
export default points
