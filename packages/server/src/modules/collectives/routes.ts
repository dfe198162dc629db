// Group buys: the storefront's open groups and a goods' group buy (public); the seller's group buys and opened groups,
// the admin's list (resource engine). Ordering is the checkout's (line field collective_id); the group's end is
// jobs.ts.
import { idParam } from '@qshop/shared/schemas/common'
import { openCollectivesQuery } from '@qshop/shared/schemas/collectives'
import type { AppModule } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { resourceRoutes } from '../../core/resource.ts'
import { collectiveExpireJob, collectiveRefundJob } from './jobs.ts'
import { goodsCollective, openCollectives } from './queries.ts'
import { adminCollectiveResources, sellerCollectiveResources } from './resources.ts'

const tags = ['collectives']

const collectives: AppModule = {
  name: 'collectives',
  storefront: async (app) => {
    app.get(
      '/collectives',
      { schema: { querystring: openCollectivesQuery, tags, summary: 'Groups one may join now (open, seats left, not expired), of a goods or all; soonest to expire first' }, config: { public: true } },
      async (req) => ok(req, await openCollectives(app.db, req.query)),
    )
    app.get(
      '/collectives/goods/:id',
      { schema: { params: idParam, tags, summary: "A goods' group buy: discount, group size, time to fill and its group prices" }, config: { public: true } },
      async (req) => ok(req, await goodsCollective(app.db, req.params.id)),
    )
  },
  seller: async (app) => {
    for (const res of sellerCollectiveResources(app)) await app.register(resourceRoutes(res))
  },
  admin: async (app) => {
    for (const res of adminCollectiveResources(app)) await app.register(resourceRoutes(res))
  },
  jobs: [collectiveExpireJob, collectiveRefundJob],
}
export default collectives
