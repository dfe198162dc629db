// Referrals: the shopper's summary, members by level and commissions; the store's rates per goods and its commission
// records; every commission record for the admin.
import { distributionLogQuery, membersQuery } from '@qshop/shared/schemas/funds'
import type { AppModule } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { resourceRoutes } from '../../core/resource.ts'
import { listMembers, listOwnCommissions, referralSummary } from './queries.ts'
import { adminDistributionResources, sellerDistributionResources } from './resources.ts'

const tags = ['distribution']

const distribution: AppModule = {
  name: 'distribution',
  storefront: async (app) => {
    app.get('/user/distribution', { schema: { tags, summary: 'Own invite code, inviter, commissions earned and pending, members per level' } }, async (req) =>
      ok(req, await referralSummary(app, req.actor!.id)),
    )
    app.get('/user/distributions', { schema: { querystring: membersQuery, tags, summary: 'Own members at level lev (1, 2 or 3), newest first' } }, async (req) =>
      ok(req, await listMembers(app, req.actor!.id, req.query)),
    )
    app.get('/user/distribution_logs', { schema: { querystring: distributionLogQuery, tags, summary: 'Own commissions: status 0 pending, 1 credited, 2 cancelled' } }, async (req) =>
      ok(req, await listOwnCommissions(app, req.actor!.id, req.query)),
    )
  },
  seller: async (app) => {
    for (const res of sellerDistributionResources(app)) await app.register(resourceRoutes(res))
  },
  admin: async (app) => {
    for (const res of adminDistributionResources()) await app.register(resourceRoutes(res))
  },
}
export default distribution
