// Flash sales: the storefront's list (public), the seller's sales and the admin's list of every store's (resource
// engine), and the jobs that end sales and keep the Redis copies equal to the database. Buying goes through the
// checkout (a line with seckill_id, buy.ts).
import { seckillsQuery } from '@qshop/shared/schemas/seckills'
import type { AppModule } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { resourceRoutes } from '../../core/resource.ts'
import { adminSeckillResource, sellerSeckillResource } from './resources.ts'
import { listSeckills } from './queries.ts'
import { seckillEndJob, seckillReconcileJob } from './jobs.ts'

const tags = ['seckill']

const seckill: AppModule = {
  name: 'seckill',
  jobs: [seckillEndJob, seckillReconcileJob],
  storefront: async (app) => {
    app.get(
      '/seckills',
      { schema: { querystring: seckillsQuery, tags, summary: "Flash sales of an hour slot (start_time: 0 running now, N the hour N hours on), or a goods' running and coming ones" }, config: { public: true } },
      async (req) => ok(req, await listSeckills(app.db, req.query)),
    )
  },
  seller: async (app) => {
    await app.register(resourceRoutes(sellerSeckillResource(app)))
  },
  admin: async (app) => {
    await app.register(resourceRoutes(adminSeckillResource(app)))
  },
}
export default seckill
