// A stand-in for WeChat Pay API v3, written from its public documentation: requests must carry a valid
// `Authorization: WECHATPAY2-SHA256-RSA2048 ...` header signed with the merchant's key (else 401 SIGN_ERROR);
// answers are signed with the "WeChat Pay public key" pair (Wechatpay-Serial / -Timestamp / -Nonce / -Signature over
// `timestamp\nnonce\nbody\n`); notifications carry an AEAD_AES_256_GCM resource under the API v3 key. Native and H5
// orders, query, close, refunds (deduplicated by out_refund_no, capped by the payment's total) and refund queries.
import { createCipheriv, createSign, createVerify, randomUUID } from 'node:crypto'
import type { WechatConfig } from '../wechat.ts'
import { SandboxServer, randomToken, rsaPair, type SandboxReply, type SandboxRequest } from './http.ts'
import { deliver, scanPage } from './page.ts'

type Trade = { out_trade_no: string; total: number; state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND'; transaction_id: string | null; notify_url: string; description: string }
type Refund = { out_refund_no: string; out_trade_no: string; refund: number; total: number; refund_id: string; status: 'PROCESSING' | 'SUCCESS'; notify_url: string }

export type WechatNotification = { headers: Record<string, string>; body: string }

export class WechatSandbox {
  readonly mch = rsaPair()
  readonly platform = rsaPair()
  readonly mchId = '1900000109'
  readonly appId = 'wxd678efh567hg6787'
  readonly mchSerial = randomToken(40).toUpperCase()
  readonly platformKeyId = `PUB_KEY_ID_${randomToken(16).toUpperCase()}`
  readonly apiV3Key = randomToken(32)
  readonly trades = new Map<string, Trade>()
  readonly refunds = new Map<string, Refund>()
  /** How a refund first answers: WeChat usually says PROCESSING and confirms by notification. */
  refundAnswer: 'PROCESSING' | 'SUCCESS' = 'PROCESSING'
  private seq = 0
  readonly server = new SandboxServer((r) => this.handle(r))

  start(port = 0) {
    return this.server.start(port)
  }
  stop() {
    return this.server.stop()
  }

  /** The merchant settings our side is configured with. */
  config(): WechatConfig {
    return {
      app_id: this.appId, mch_id: this.mchId, api_v3_key: this.apiV3Key, mch_serial_no: this.mchSerial, mch_private_key: this.mch.privateKey,
      platform_public_key: this.platform.publicKey, platform_public_key_id: this.platformKeyId, api_base: this.server.url,
    }
  }

  /** Requests that reached a route (signature checked), for assertions. */
  calls(path: string) {
    return this.server.requests.filter((r) => r.path.split('?')[0] === path || r.path.startsWith(path))
  }

  private signed(status: number, payload: unknown): SandboxReply {
    const body = payload === undefined ? '' : JSON.stringify(payload)
    return { status, headers: this.signatureHeaders(body), body }
  }

  /** Wechatpay-* headers over `body`, as WeChat Pay signs answers and notifications. */
  signatureHeaders(body: string, opts: { timestamp?: number; keyId?: string; privateKey?: string } = {}): Record<string, string> {
    const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000))
    const nonce = randomToken(32)
    const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(opts.privateKey ?? this.platform.privateKey, 'base64')
    return { 'Wechatpay-Timestamp': timestamp, 'Wechatpay-Nonce': nonce, 'Wechatpay-Serial': opts.keyId ?? this.platformKeyId, 'Wechatpay-Signature': signature }
  }

  private error(status: number, code: string, message: string) {
    return this.signed(status, { code, message })
  }

  private checkAuthorization(r: SandboxRequest): string | null {
    const auth = String(r.headers.authorization ?? '')
    if (!auth.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return 'no WECHATPAY2-SHA256-RSA2048 authorization'
    const fields = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]))
    if (fields.mchid !== this.mchId) return `unknown mchid ${fields.mchid}`
    if (fields.serial_no !== this.mchSerial) return `unknown serial_no ${fields.serial_no}`
    if (Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > 300) return 'timestamp expired'
    const message = `${r.method}\n${r.path}\n${fields.timestamp}\n${fields.nonce_str}\n${r.body}\n`
    const ok = createVerify('RSA-SHA256').update(message).verify(this.mch.publicKey, fields.signature ?? '', 'base64')
    return ok ? null : 'signature does not verify'
  }

  private async handle(r: SandboxRequest): Promise<SandboxReply> {
    const page = r.path.match(/^\/sandbox\/wechat\/([^/?]+)(\/pay)?$/)
    if (page) return this.scan(decodeURIComponent(page[1]), r.method === 'POST' && Boolean(page[2]))
    const refused = this.checkAuthorization(r)
    if (refused) return this.error(401, 'SIGN_ERROR', refused)
    const path = r.path.split('?')[0]
    const body = r.body ? JSON.parse(r.body) : {}
    let m: RegExpMatchArray | null
    if (r.method === 'POST' && (path === '/v3/pay/transactions/native' || path === '/v3/pay/transactions/h5')) {
      if (body.mchid !== this.mchId || body.appid !== this.appId) return this.error(400, 'PARAM_ERROR', 'mchid/appid')
      if (!Number.isInteger(body.amount?.total) || body.amount.total <= 0) return this.error(400, 'PARAM_ERROR', 'amount.total')
      if (!body.notify_url?.startsWith('http')) return this.error(400, 'PARAM_ERROR', 'notify_url')
      const known = this.trades.get(body.out_trade_no)
      if (known && known.state !== 'NOTPAY') return this.error(400, known.state === 'SUCCESS' ? 'ORDER_PAID' : 'ORDER_CLOSED', known.state)
      if (known && known.total !== body.amount.total) return this.error(400, 'INVALID_REQUEST', 'out_trade_no reused with another amount')
      this.trades.set(body.out_trade_no, { out_trade_no: body.out_trade_no, total: body.amount.total, state: 'NOTPAY', transaction_id: null, notify_url: body.notify_url, description: body.description })
      const link = `${this.server.url}/sandbox/wechat/${encodeURIComponent(body.out_trade_no)}`
      return this.signed(200, path.endsWith('native') ? { code_url: `weixin://wxpay/bizpayurl?pr=${randomToken(10)}&sandbox=${encodeURIComponent(link)}` } : { h5_url: link })
    }
    if (r.method === 'GET' && (m = path.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/))) {
      const t = this.trades.get(decodeURIComponent(m[1]))
      if (!t) return this.error(404, 'ORDER_NOT_EXIST', 'order does not exist')
      return this.signed(200, this.tradeResource(t))
    }
    if (r.method === 'POST' && (m = path.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/))) {
      const t = this.trades.get(decodeURIComponent(m[1]))
      if (!t) return this.error(404, 'ORDER_NOT_EXIST', 'order does not exist')
      if (t.state === 'SUCCESS' || t.state === 'REFUND') return this.error(400, 'ORDER_PAID', 'order paid')
      t.state = 'CLOSED'
      return this.signed(204, undefined)
    }
    if (r.method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const t = this.trades.get(body.out_trade_no)
      if (!t || (t.state !== 'SUCCESS' && t.state !== 'REFUND')) return this.error(404, 'RESOURCE_NOT_EXISTS', 'no paid order')
      const known = this.refunds.get(body.out_refund_no)
      if (known) return this.signed(200, this.refundResource(known))
      const already = [...this.refunds.values()].filter((x) => x.out_trade_no === t.out_trade_no).reduce((s, x) => s + x.refund, 0)
      if (body.amount?.total !== t.total) return this.error(400, 'PARAM_ERROR', 'amount.total must be the order total')
      if (!Number.isInteger(body.amount?.refund) || body.amount.refund <= 0 || already + body.amount.refund > t.total) return this.error(403, 'NOT_ENOUGH', 'refund exceeds the order')
      const refund: Refund = {
        out_refund_no: body.out_refund_no, out_trade_no: t.out_trade_no, refund: body.amount.refund, total: t.total,
        refund_id: `50000${++this.seq}${randomToken(8)}`, status: this.refundAnswer, notify_url: body.notify_url ?? '',
      }
      this.refunds.set(refund.out_refund_no, refund)
      t.state = 'REFUND'
      return this.signed(200, this.refundResource(refund))
    }
    if (r.method === 'GET' && (m = path.match(/^\/v3\/refund\/domestic\/refunds\/([^/]+)$/))) {
      const known = this.refunds.get(decodeURIComponent(m[1]))
      return known ? this.signed(200, this.refundResource(known)) : this.error(404, 'RESOURCE_NOT_EXISTS', 'no such refund')
    }
    return this.error(404, 'NOT_FOUND', `${r.method} ${path}`)
  }

  /** The "scan to pay" page of the development sandbox; `pay`: the buyer pressed pay (the shop is notified). */
  private async scan(payNo: string, pay: boolean): Promise<SandboxReply> {
    const t = this.trades.get(payNo)
    if (!t) return { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'no such order in the sandbox' }
    if (pay && t.state === 'NOTPAY') await deliver(t.notify_url, this.pay(payNo))
    const html = scanPage('WeChat Pay 微信支付', payNo, (t.total / 100).toFixed(2), t.state, t.state === 'NOTPAY')
    return { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: html }
  }

  private tradeResource(t: Trade) {
    return {
      appid: this.appId, mchid: this.mchId, out_trade_no: t.out_trade_no, transaction_id: t.transaction_id ?? undefined,
      trade_type: 'NATIVE', trade_state: t.state, trade_state_desc: t.state, success_time: t.state === 'SUCCESS' ? new Date().toISOString() : undefined,
      amount: { total: t.total, payer_total: t.total, currency: 'CNY', payer_currency: 'CNY' },
    }
  }

  private refundResource(x: Refund) {
    return {
      refund_id: x.refund_id, out_refund_no: x.out_refund_no, out_trade_no: x.out_trade_no, channel: 'ORIGINAL', status: x.status,
      amount: { refund: x.refund, total: x.total, payer_refund: x.refund, currency: 'CNY' },
    }
  }

  /** The buyer pays: the trade turns SUCCESS (a closed one cannot be paid) and the notification is answered. */
  pay(outTradeNo: string): WechatNotification {
    const t = this.trades.get(outTradeNo)
    if (!t) throw new Error(`wechat sandbox: no order ${outTradeNo}`)
    if (t.state === 'CLOSED') throw new Error(`wechat sandbox: order ${outTradeNo} is closed`)
    if (t.state === 'NOTPAY') {
      t.state = 'SUCCESS'
      t.transaction_id = `42000${Date.now()}${++this.seq}`
    }
    return this.notification('TRANSACTION.SUCCESS', this.tradeResource(t))
  }

  /** The gateway finishes a PROCESSING refund and announces it. */
  finishRefund(outRefundNo: string): WechatNotification {
    const x = this.refunds.get(outRefundNo)
    if (!x) throw new Error(`wechat sandbox: no refund ${outRefundNo}`)
    x.status = 'SUCCESS'
    return this.notification('REFUND.SUCCESS', { mchid: this.mchId, out_trade_no: x.out_trade_no, out_refund_no: x.out_refund_no, refund_id: x.refund_id, refund_status: 'SUCCESS', amount: { total: x.total, refund: x.refund, payer_total: x.total, payer_refund: x.refund } })
  }

  /** A notification of `event` whose encrypted resource is `resource`; `opts` forge what a test needs. */
  notification(event: string, resource: object, opts: { id?: string; timestamp?: number; keyId?: string; privateKey?: string; apiV3Key?: string } = {}): WechatNotification {
    const nonce = randomToken(12)
    const aad = event.startsWith('REFUND') ? 'refund' : 'transaction'
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(opts.apiV3Key ?? this.apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'))
    cipher.setAAD(Buffer.from(aad))
    const encrypted = Buffer.concat([cipher.update(JSON.stringify(resource), 'utf8'), cipher.final(), cipher.getAuthTag()])
    const body = JSON.stringify({
      id: opts.id ?? randomUUID(), create_time: new Date().toISOString(), resource_type: 'encrypt-resource', event_type: event, summary: event,
      resource: { original_type: aad, algorithm: 'AEAD_AES_256_GCM', ciphertext: encrypted.toString('base64'), associated_data: aad, nonce },
    })
    return { headers: { 'Content-Type': 'application/json', ...this.signatureHeaders(body, opts) }, body }
  }

  /** A trade resource as a notification would carry it, for forging tests. */
  resourceOf(outTradeNo: string) {
    return this.tradeResource(this.trades.get(outTradeNo)!)
  }

}
