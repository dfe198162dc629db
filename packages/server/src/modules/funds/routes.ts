// Money out: the shopper's ledger pages and withdrawals (with the real-name and bank details they are paid to), the
// store's withdrawals, the admin's review of withdrawals and manual adjustments of any account.
import { idParam, noBody } from '@qshop/shared/schemas/common'
import { adjustBody, cashReviewBody, checkBody, moneyLogQuery, pageQuery, sellerCashBody, userCashBody } from '@qshop/shared/schemas/funds'
import { CASH_STATUS } from '@qshop/shared'
import type { AppModule } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { requestContext } from '../../core/context.ts'
import { idempotencyKeyOf } from '../../core/idempotency.ts'
import { resourceRoutes } from '../../core/resource.ts'
import { listOwnMoneyLogs } from './ledgerPages.ts'
import { readCheck, saveCheck } from './checks.ts'
import { cancelCash, listOwnCashes, readOwnCash, requestCash, reviewCash } from './cashes.ts'
import { adjustFunds } from './adjust.ts'
import { adminFundsResources, sellerFundsResources } from './resources.ts'

const tags = ['funds']

const funds: AppModule = {
  name: 'funds',
  storefront: async (app) => {
    const user = (id: number) => ({ kind: 'user' as const, id })
    app.get('/user/money_logs', { schema: { querystring: moneyLogQuery, tags, summary: 'Own ledger of one account: is_type 0 balance, 1 frozen funds, 2 points; newest first' } }, async (req) =>
      ok(req, await listOwnMoneyLogs(app, req.locale, req.actor!.id, req.query)),
    )
    app.get('/user/checks', { schema: { tags, summary: 'Own real-name and bank details, masked (null when none)' } }, async (req) => ok(req, await readCheck(app, req.actor!.id)))
    app.post('/user/checks', { schema: { body: checkBody, tags, summary: 'Save own real-name and bank details' } }, async (req) =>
      ok(req, await saveCheck(app, requestContext(req), req.body), 'msg.checkSaved'),
    )
    app.get('/user/cashes', { schema: { querystring: pageQuery, tags, summary: 'Own withdrawals, newest first' } }, async (req) =>
      ok(req, await listOwnCashes(app, user(req.actor!.id), req.query)),
    )
    app.post('/user/cashes', { schema: { body: userCashBody, tags, summary: 'Ask for a withdrawal to the real-name bank card; header Idempotency-Key required' } }, async (req) =>
      ok(req, await requestCash(app, requestContext(req), user(req.actor!.id), idempotencyKeyOf(req, true), req.body), 'msg.cashRequested'),
    )
    app.get('/user/cashes/:id', { schema: { params: idParam, tags } }, async (req) => ok(req, await readOwnCash(app, user(req.actor!.id), req.params.id)))
    app.put('/user/cashes/:id/cancel', { schema: { params: idParam, body: noBody, tags, summary: 'Cancel an own pending withdrawal: the money goes back' } }, async (req) =>
      ok(req, await cancelCash(app, user(req.actor!.id), req.params.id), 'msg.cashCancelled'),
    )
  },
  seller: async (app) => {
    for (const res of sellerFundsResources()) await app.register(resourceRoutes(res))
    const store = (storeId: number | undefined) => ({ kind: 'store' as const, id: storeId! })
    app.post(
      '/cashes',
      { schema: { body: sellerCashBody, tags, summary: "Ask for a withdrawal of the store's money; header Idempotency-Key required" }, config: { permission: 'seller.cashes.store' } },
      async (req) => ok(req, await requestCash(app, requestContext(req), store(req.actor!.storeId), idempotencyKeyOf(req, true), req.body), 'msg.cashRequested'),
    )
    app.put(
      '/cashes/:id/cancel',
      { schema: { params: idParam, body: noBody, tags, summary: 'Cancel a pending withdrawal of the store: the money goes back' }, config: { permission: 'seller.cashes.cancel' } },
      async (req) => ok(req, await cancelCash(app, store(req.actor!.storeId), req.params.id), 'msg.cashCancelled'),
    )
  },
  admin: async (app) => {
    for (const res of adminFundsResources()) await app.register(resourceRoutes(res))
    app.put(
      '/cashes/:id',
      { schema: { params: idParam, body: cashReviewBody, tags, summary: 'Pay out (cash_status 1) or refuse (2, refuse_info required) a pending withdrawal' }, config: { permission: 'admin.cashes.update' } },
      async (req) => ok(req, await reviewCash(app, req.params.id, req.body), req.body.cash_status === CASH_STATUS.PAID ? 'msg.cashPaid' : 'msg.cashRefused'),
    )
    for (const kind of ['user', 'store'] as const)
      app.post(
        `/${kind}s/:id/money`,
        {
          schema: { params: idParam, body: adjustBody, tags, summary: `Change a ${kind}'s funds by a signed amount with a reason (audited); header Idempotency-Key required` },
          config: { permission: `admin.${kind}s.money` },
        },
        async (req) => ok(req, await adjustFunds(app, requestContext(req), { kind, id: req.params.id }, idempotencyKeyOf(req, true), req.body), 'msg.adjustDone'),
      )
  },
}
export default funds
