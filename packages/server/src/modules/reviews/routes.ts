// Reviews of order lines: the shopper's review pages and posting (service.ts, queries.ts); the seller's and the
// admin's lists with replies (resources.ts). The goods page's statistics and list are the catalog's (catalog/reviews.ts).
import { idParam } from '@qshop/shared/schemas/common'
import { ownReviewsQuery, reviewBody } from '@qshop/shared/schemas/reviews'
import type { AppModule } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { requestContext } from '../../core/context.ts'
import { resourceRoutes } from '../../core/resource.ts'
import { lineReview, orderReviews, ownReviews } from './queries.ts'
import { reviewResources } from './resources.ts'
import { postReview } from './service.ts'

const tags = ['reviews']

const reviews: AppModule = {
  name: 'reviews',
  storefront: async (app) => {
    app.get('/user/order/comment/:id', { schema: { params: idParam, tags, summary: "An own order's lines with their reviews and whether each may be reviewed now" } }, async (req) =>
      ok(req, await orderReviews(app, req.actor!.id, req.params.id)),
    )
    app.get('/user/comment/add/:id', { schema: { params: idParam, tags, summary: 'One own order line (order_goods id) with its review, for its review form' } }, async (req) =>
      ok(req, await lineReview(app, req.actor!.id, req.params.id)),
    )
    app.get('/user/comments', { schema: { querystring: ownReviewsQuery, tags, summary: 'Own reviews, newest first' } }, async (req) =>
      ok(req, await ownReviews(app, req.actor!.id, req.query.page, req.query.per_page)),
    )
    app.post(
      '/user/comments',
      { schema: { body: reviewBody, tags, summary: 'Review one line of an own received or completed order; the last line owed a review completes the order' } },
      async (req) => ok(req, await postReview(app, requestContext(req), req.body), 'msg.reviewPosted'),
    )
  },
  seller: async (app) => {
    await app.register(resourceRoutes(reviewResources(app).seller))
  },
  admin: async (app) => {
    await app.register(resourceRoutes(reviewResources(app).admin))
  },
}
export default reviews
