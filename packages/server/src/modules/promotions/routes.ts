// Promotions: the seller's coupons, received coupons and full reductions, the admin's platform coupons (resource
// engine), and the storefront's coupons: on offer (public), received by the shopper, and receiving one.
import { couponReceiveBody, offeredCouponsQuery, userCouponsQuery } from '@qshop/shared/schemas/promotions'
import type { AppModule } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { requestContext } from '../../core/context.ts'
import { resourceRoutes } from '../../core/resource.ts'
import { adminCouponResource, sellerCouponLogResource, sellerCouponResource, sellerFullReductionResource } from './resources.ts'
import { receiveCoupon, shopperOf } from './receive.ts'
import { offeredCoupons, userCoupons } from './queries.ts'

const tags = ['promotions']

const promotions: AppModule = {
  name: 'promotions',
  storefront: async (app) => {
    app.get(
      '/coupons',
      { schema: { querystring: offeredCouponsQuery, tags, summary: 'Coupons one may receive now: of a store, covering a goods, or all (the coupon centre)' }, config: { public: true } },
      async (req) => ok(req, await offeredCoupons(app.db, req.query)),
    )
    app.post(
      '/user/coupon/receive',
      { schema: { body: couponReceiveBody, tags, summary: "Receive a coupon: its stock and the shopper's limit by guarded updates; answers the received coupon's {id}" } },
      async (req) => ok(req, await receiveCoupon(app, requestContext(req), req.body.id), 'msg.couponReceived'),
    )
    app.get(
      '/user/coupons',
      { schema: { querystring: userCouponsQuery, tags, summary: "The shopper's received coupons: unused (still valid), used or expired" } },
      async (req) => ok(req, await userCoupons(app.db, shopperOf(requestContext(req)), req.query)),
    )
  },
  seller: async (app) => {
    await app.register(resourceRoutes(sellerCouponResource))
    await app.register(resourceRoutes(sellerCouponLogResource))
    await app.register(resourceRoutes(sellerFullReductionResource))
  },
  admin: async (app) => {
    await app.register(resourceRoutes(adminCouponResource))
  },
}
export default promotions
