// What the gateways post us (docs/payments.md): checked by the gateway's driver (signature over the raw body, key id,
// time, decryption, merchant and app id), then matched to our payment (number, channel, amount in cents) and recorded
// once (orders/settle.ts). Each gateway gets the answer it expects: WeChat Pay 204 on success and a 4xx with
// {code, message} on a failed check (it sends again later); Alipay the literal `success` or `fail`.
import type { Infra } from '../../core/infra.ts'
import { NotificationRefused, type GatewayName, type Notice, type RawNotification } from '../../adapters/payment/gateway.ts'
import { gatewayFor } from '../../adapters/payment/config.ts'
import { PaymentMismatch, finishLateRefundByNumber, settleGatewayPayment } from '../orders/index.ts'
import { confirmGatewayRefundByNumber } from '../aftersales/index.ts'

/** What to answer the gateway: accepted, or refused with a reason (logged, and told to WeChat Pay). */
export type NotifyResult = { ok: true } | { ok: false; status: number; reason: string }

/** A refund done is stored once by the unit that finishes it, a late payment's or an after-sales request's. */
async function applyRefundNotice(infra: Infra, provider: GatewayName, notice: Extract<Notice, { kind: 'refund' }>, raw: RawNotification): Promise<NotifyResult> {
  if (notice.state !== 'done') {
    // A refund the gateway could not make stays refunding, in sight of the admins: nothing moves back by itself.
    if (notice.state === 'failed') infra.log.error({ refund_no: notice.refund_no }, 'the gateway reports a failed refund')
    return { ok: true }
  }
  const notified = { provider, delivery: { notify_id: notice.notify_id, raw: raw.body } }
  const late = await finishLateRefundByNumber(infra, notice.refund_no, notified)
  if (late !== null) return { ok: true }
  const request = await confirmGatewayRefundByNumber(infra, notice.refund_no, notice.pay_refund_no, notified)
  if (request === null) return { ok: false, status: 404, reason: `unknown out_refund_no ${notice.refund_no}` }
  return { ok: true }
}

/** Handles one notification of `provider` (`expect`: the kind the route takes). */
export async function handleNotification(infra: Infra, provider: GatewayName, raw: RawNotification, expect: 'paid' | 'refund'): Promise<NotifyResult> {
  const gateway = await gatewayFor(infra, provider)
  if (!gateway) return { ok: false, status: 404, reason: `${provider} is not configured` }
  let notice: Notice
  try {
    notice = gateway.verifyNotification(raw)
  } catch (err) {
    if (!(err instanceof NotificationRefused)) throw err
    infra.log.warn({ provider, reason: err.reason }, 'payment notification refused')
    return { ok: false, status: 401, reason: err.reason }
  }
  if (notice.kind === 'other') return { ok: true }
  if (notice.kind !== expect && provider === 'wechat') return { ok: false, status: 400, reason: `a ${notice.kind} notification on the ${expect} URL` }
  if (notice.kind === 'refund') return applyRefundNotice(infra, provider, notice, raw)
  try {
    await settleGatewayPayment(infra, provider, notice, { notify_id: notice.notify_id, raw: raw.body })
    return { ok: true }
  } catch (err) {
    if (!(err instanceof PaymentMismatch)) throw err
    infra.log.warn({ provider, reason: err.reason }, 'payment notification does not match the payment')
    return { ok: false, status: 400, reason: err.reason }
  }
}
