// After-sales routes: the shopper opens and follows requests, the seller decides its store's, the admin arbitrates
// refusals and closes open requests. Lists and details of the back offices come from the resource engine (the
// `refunds` resources).
import { idParam, noBody } from '@qshop/shared/schemas/common'
import {
  refundAdminDecisionBody, refundArbitrateBody, refundCloseBody, refundListQuery, refundOpenBody, refundRefuseBody, refundShipBody,
} from '@qshop/shared/schemas/aftersales'
import { refunds as sellerRefunds } from '@qshop/shared/resources/seller/aftersales'
import { refunds as adminRefunds } from '@qshop/shared/resources/admin/aftersales'
import type { MessageKey } from '@qshop/shared'
import type { FastifyRequest } from 'fastify'
import type { AppModule } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { requestContext } from '../../core/context.ts'
import { idempotencyKeyOf } from '../../core/idempotency.ts'
import { resourceRoutes, type ServerResource } from '../../core/resource.ts'
import { refundAgreeJob } from './agreeJob.ts'
import { agreeRequest, arbitrate, askArbitration, closeRequestByAdmin, confirmReturned, refuseRequest, shipReturn, withdrawRequest, type Outcome } from './decide.ts'
import { refundPaybackJob } from './payback.ts'
import { refundReturnCloseJob } from './returnCloseJob.ts'
import { openRefund, refundCapsOf } from './open.ts'
import { listOwnRefunds, ownRefund, presentRefunds } from './queries.ts'

const tags = ['aftersales']

/** The message a decision answers with. */
const MESSAGE: Record<Outcome | 'not_due', MessageKey> = {
  done: 'msg.refundDone', refunding: 'msg.refundPending', agreed: 'msg.refundAgreed', refused: 'msg.refundRefused', closed: 'msg.refundClosed',
  withdrawn: 'msg.refundWithdrawn', shipped: 'msg.refundShipped', arbitrating: 'msg.refundArbitrating', not_due: 'msg.success',
}
const decided = (req: FastifyRequest, id: number, outcome: Outcome | 'not_due') => ok(req, { id, outcome }, MESSAGE[outcome])

const present: ServerResource['present'] = async (req, rows) => presentRefunds(req.server.db, rows) as never

const sellerResource: ServerResource = { decl: sellerRefunds, model: 'refunds', storeColumn: 'store_id', present, presentOnWire: true }
const adminResource: ServerResource = { decl: adminRefunds, model: 'refunds', present, presentOnWire: true }

const aftersales: AppModule = {
  name: 'aftersales',
  jobs: [refundAgreeJob, refundPaybackJob, refundReturnCloseJob],
  storefront: async (app) => {
    app.get('/user/order/:id/refund_caps', { schema: { params: idParam, tags, summary: 'What may be asked back of an own order, per line, and whether a request may be opened now' } }, async (req) =>
      ok(req, await refundCapsOf(app, requestContext(req), req.params.id)),
    )
    app.post(
      '/user/order/refund',
      {
        schema: { body: refundOpenBody, tags, summary: 'Open an after-sales request on lines of an own order (header Idempotency-Key); answers {id, refund_no, refund_money}' },
        config: { rateLimit: 'money' },
      },
      async (req) => ok(req, await openRefund(app, requestContext(req), idempotencyKeyOf(req, true), req.body), 'msg.refundOpened'),
    )
    app.get('/user/refunds', { schema: { querystring: refundListQuery, tags, summary: 'Own after-sales requests, newest first' } }, async (req) =>
      ok(req, await listOwnRefunds(app, req.actor!.id, req.query)),
    )
    app.get('/user/refunds/:id', { schema: { params: idParam, tags, summary: 'One own request with its lines' } }, async (req) => ok(req, await ownRefund(app, req.actor!.id, req.params.id)))
    app.put('/user/refunds/:id/withdraw', { schema: { params: idParam, body: noBody, tags, summary: 'Withdraw an own pending request' } }, async (req) =>
      decided(req, req.params.id, await withdrawRequest(app, req.params.id, req.actor!.id)),
    )
    app.put('/user/refunds/:id/ship', { schema: { params: idParam, body: refundShipBody, tags, summary: "Ship an agreed return: the carrier's code and the tracking number" } }, async (req) =>
      decided(req, req.params.id, await shipReturn(app, req.params.id, req.actor!.id, req.body)),
    )
    app.put('/user/refunds/:id/arbitrate', { schema: { params: idParam, body: refundArbitrateBody, tags, summary: 'Take a refused request to the platform, with the case' } }, async (req) =>
      decided(req, req.params.id, await askArbitration(app, req.params.id, req.actor!.id, req.body.arbitration_remark)),
    )
  },
  seller: async (app) => {
    await app.register(resourceRoutes(sellerResource))
    app.put('/refunds/:id/agree', { schema: { params: idParam, body: noBody, tags }, config: { permission: 'seller.refunds.verify' } }, async (req) =>
      decided(req, req.params.id, await agreeRequest(app, req.params.id, { store_id: req.actor!.storeId! })),
    )
    app.put('/refunds/:id/refuse', { schema: { params: idParam, body: refundRefuseBody, tags }, config: { permission: 'seller.refunds.verify' } }, async (req) =>
      decided(req, req.params.id, await refuseRequest(app, req.params.id, req.actor!.storeId!, req.body.refuse_remark)),
    )
    app.put('/refunds/:id/confirm', { schema: { params: idParam, body: noBody, tags }, config: { permission: 'seller.refunds.handle' } }, async (req) =>
      decided(req, req.params.id, await confirmReturned(app, req.params.id, req.actor!.storeId!)),
    )
  },
  admin: async (app) => {
    await app.register(resourceRoutes(adminResource))
    app.put('/refunds/:id/arbitrate', { schema: { params: idParam, body: refundAdminDecisionBody, tags }, config: { permission: 'admin.refunds.verify' } }, async (req) =>
      decided(req, req.params.id, await arbitrate(app, req.params.id, req.actor!.id, req.body.decision, req.body.admin_remark)),
    )
    app.put(
      '/refunds/:id/close',
      { schema: { params: idParam, body: refundCloseBody, tags, summary: 'Close an open request without a refund (pending, in arbitration, or an agreed return not yet confirmed), saying why' }, config: { permission: 'admin.refunds.close' } },
      async (req) => decided(req, req.params.id, await closeRequestByAdmin(app, req.params.id, req.actor!.id, req.body.admin_remark)),
    )
  },
}
export default aftersales
