// Dashboards: the overview and the sales report for sellers (their store) and admins (the platform), and the admin's
// store and member reports: figures from orders, refunds, stores and accounts, and the day sums the units that pay and
// refund keep (salesDays.ts), built by the `sales-days` timed task (jobs.ts).
import { noQuery } from '@qshop/shared/schemas/common'
import { reportQuery } from '@qshop/shared/schemas/dashboard'
import type { AppModule } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { platformOverview, storeOverview } from './overview.ts'
import { salesReport, storeReport, userReport } from './reports.ts'
import { salesDaysJob } from './jobs.ts'

const dashboard: AppModule = {
  name: 'dashboard',
  jobs: [salesDaysJob],
  seller: async (app) => {
    const tags = ['seller:dashboard']
    app.get('/dashboard', { schema: { querystring: noQuery, tags, summary: "The store's sales now and before, its to-dos, its last 14 days and its best sellers" }, config: { permission: 'seller.dashboard.index' } }, async (req) =>
      ok(req, await storeOverview(app, req.actor!.storeId!)),
    )
    app.get('/dashboard/order', { schema: { querystring: reportQuery, tags, summary: "The store's sales over a period: totals, per day or month, best sellers" }, config: { permission: 'seller.dashboard.sales' } }, async (req) =>
      ok(req, await salesReport(app, req.actor!.storeId!, req.query)),
    )
  },
  admin: async (app) => {
    const tags = ['admin:dashboard']
    app.get('/dashboard', { schema: { querystring: noQuery, tags, summary: "The platform's sales now and before, its to-dos, its last 14 days and its best sellers" }, config: { permission: 'admin.dashboard.index' } }, async (req) =>
      ok(req, await platformOverview(app)),
    )
    app.get('/dashboard/order', { schema: { querystring: reportQuery, tags, summary: "The platform's sales over a period: totals, per day or month, best sellers" }, config: { permission: 'admin.dashboard.sales' } }, async (req) =>
      ok(req, await salesReport(app, null, req.query)),
    )
    app.get('/dashboard/store', { schema: { querystring: reportQuery, tags, summary: 'Open and pending stores, stores opened over a period, the best-selling stores' }, config: { permission: 'admin.dashboard.stores' } }, async (req) =>
      ok(req, await storeReport(app, req.query)),
    )
    app.get('/dashboard/user', { schema: { querystring: reportQuery, tags, summary: 'Members registered and shoppers who bought over a period' }, config: { permission: 'admin.dashboard.users' } }, async (req) =>
      ok(req, await userReport(app, req.query)),
    )
  },
}
export default dashboard
