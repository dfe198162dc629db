// Settlement: the stores' settlements and money logs (seller), every settlement, ledger row and payment (admin), the
// admin's "settle now", the payments summary of the payments dashboard, and the order-settle job.
import { noBody, noQuery } from '@qshop/shared/schemas/common'
import { fromCents } from '@qshop/shared'
import type { AppModule } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { resourceRoutes } from '../../core/resource.ts'
import { adminSettlementResources, sellerSettlementResources } from './resources.ts'
import { orderSettleJob, settleDue } from './settleJob.ts'
import { reportQuery } from '@qshop/shared/schemas/dashboard'
import { paymentSummary } from './paySummary.ts'

/** "Settle now" goes on until nothing due is left (at most this many queries of due orders). */
const SETTLE_NOW_BATCHES = 1000

const settlement: AppModule = {
  name: 'settlement',
  jobs: [orderSettleJob],
  seller: async (app) => {
    for (const res of sellerSettlementResources(app)) await app.register(resourceRoutes(res))
  },
  admin: async (app) => {
    for (const res of adminSettlementResources(app)) await app.register(resourceRoutes(res))
    const tags = ['admin:order_settlements']
    const settleNow = async () => {
      const run = await settleDue(app, new Date(), SETTLE_NOW_BATCHES)
      return { ...run, settlement_money: fromCents(run.settlement_money), commission_money: fromCents(run.commission_money) }
    }
    const summary = 'Settle every order due now (received or completed, after-sale window over, no open request); answers the batch number, how many orders and how much'
    const config = { permission: 'admin.order_settlement_handle.handle' }
    app.get('/order_settlement_handle', { schema: { querystring: noQuery, tags, summary }, config }, async (req) => ok(req, await settleNow(), 'msg.settleDone'))
    app.post('/order_settlement_handle', { schema: { querystring: noQuery, body: noBody, tags, summary }, config }, async (req) => ok(req, await settleNow(), 'msg.settleDone'))
    app.get('/dashboard/pay', { schema: { querystring: reportQuery, tags: ['admin:dashboard'], summary: 'Paid payments per method and per day over a period' }, config: { permission: 'admin.dashboard.pay' } }, async (req) =>
      ok(req, await paymentSummary(app, req.query)),
    )
  },
}
export default settlement
