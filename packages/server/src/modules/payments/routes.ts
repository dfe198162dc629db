// Gateway payments' public side: the gateways' notify URLs (/api/payment/wechat/notify, /wechat/refund_notify,
// /alipay/notify: public, not rate limited, the body kept raw for its signature), and the shopper's top-up
// (POST /api/user/recharge), the gateways it may choose (GET /api/user/recharge/gateways) and its state
// (GET /api/user/recharge/{pay_no}). Paying orders is the orders module's route.
import { rechargeBody, rechargeParam } from '@qshop/shared/schemas/orderQueries'
import { toCents } from '@qshop/shared'
import type { AppModule, Scope } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { requestContext } from '../../core/context.ts'
import { idempotencyKeyOf } from '../../core/idempotency.ts'
import type { RawNotification } from '../../adapters/payment/gateway.ts'
import { readyGateways } from '../../adapters/payment/config.ts'
import { rechargeByGateway, rechargeState } from '../orders/index.ts'
import { handleNotification } from './notify.ts'
import { refundQueryJob } from './refundQuery.ts'

const tags = ['payments']
/** A gateway's notification is a few KB. */
const NOTIFY_BODY_LIMIT = 64 * 1024

async function notifyRoutes(scope: Scope) {
  // Whatever the content type, the body arrives as the exact text sent: the signature covers those bytes.
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) => done(null, body))
  const config = { public: true, rateLimit: false as const }
  const rawOf = (req: { headers: RawNotification['headers']; body: unknown }): RawNotification => ({ headers: req.headers, body: typeof req.body === 'string' ? req.body : '' })

  for (const [path, expect] of [['/payment/wechat/notify', 'paid'], ['/payment/wechat/refund_notify', 'refund']] as const)
    scope.post(path, { schema: { tags, summary: `WeChat Pay's ${expect} notifications (signed; 204, or 4xx {code, message} on a failed check)` }, config }, async (req, reply) => {
      const result = await handleNotification(scope, 'wechat', rawOf(req), expect)
      if (result.ok) return reply.code(204).send()
      return reply.code(result.status).type('application/json').send(JSON.stringify({ code: 'FAIL', message: result.reason }))
    })

  scope.post('/payment/alipay/notify', { schema: { tags, summary: "Alipay's notifications (signed form; answers success or fail)" }, config }, async (req, reply) => {
    const result = await handleNotification(scope, 'alipay', rawOf(req), 'paid')
    return reply.code(200).type('text/plain').send(result.ok ? 'success' : 'fail')
  })
}

const payments: AppModule = {
  name: 'payments',
  jobs: [refundQueryJob],
  storefront: async (app) => {
    await app.register(notifyRoutes)
    app.post(
      '/user/recharge',
      {
        schema: { body: rechargeBody, tags, summary: 'Top up the balance through wechat or alipay; header Idempotency-Key required; answers {pay_no, total, code_url?|h5_url?|qr_code?|pay_url?}' },
        config: { rateLimit: 'money' },
      },
      async (req) =>
        ok(req, await rechargeByGateway(app, requestContext(req), idempotencyKeyOf(req, true), { cents: toCents(req.body.money), payment_name: req.body.payment_name, device: req.body.device }), 'msg.payStarted'),
    )
    // The gateways the pay page offers (orders/queries.ts payInfo reads the same list): the top-up dialog's choice.
    app.get(
      '/user/recharge/gateways',
      { schema: { tags, summary: 'The gateways a top-up may go through now (enabled and complete): {gateways: ("wechat"|"alipay")[]}' }, config: { rateLimit: 'read' } },
      async (req) => ok(req, { gateways: await readyGateways(app) }),
    )
    app.get(
      '/user/recharge/:pay_no',
      {
        schema: { params: rechargeParam, tags, summary: "Own top-up's state by pay_no (the top-up dialog polls it): {pay_no, total, payment_name, pay_status, paid, expires_at}" },
        config: { rateLimit: 'read' },
      },
      async (req) => ok(req, await rechargeState(app, req.actor!.id, req.params.pay_no)),
    )
  },
}
export default payments
