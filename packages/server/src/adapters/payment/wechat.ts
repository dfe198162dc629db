// WeChat Pay API v3 (docs/payments.md). Requests are signed by wechatpay-node-v3 (its Authorization header), sent by our
// own HTTP layer through its createHttp hook, so that the configured api_base is used and every answer's signature is
// checked. The SDK's own checks are not used (it fetches certificates over the network for an unknown serial,
// re-serializes the body it verifies and decrypts without checking the GCM tag): signatures are verified here with
// node:crypto against the configured WeChat Pay public key chosen by its id, over the raw body, and resources are
// decrypted with the tag checked.
import { createDecipheriv, createVerify } from 'node:crypto'
import WxPay from 'wechatpay-node-v3'
import type { RefundRequest, RefundResult } from './index.ts'
import {
  NotificationRefused, type CreateAnswer, type CreateRequest, type Notice, type PaymentGateway, type RawNotification, type RefundQuery, type TradeState,
} from './gateway.ts'

export type WechatConfig = {
  app_id: string
  mch_id: string
  api_v3_key: string
  mch_serial_no: string
  mch_private_key: string
  platform_public_key: string
  platform_public_key_id: string
  api_base: string
}

const SDK_BASE = 'https://api.mch.weixin.qq.com'
/** A notification or answer signed longer ago than this is refused (a replay). */
export const WECHAT_MAX_SKEW_S = 5 * 60

const header = (headers: RawNotification['headers'], name: string): string => {
  const v = headers[name]
  return (Array.isArray(v) ? v[0] : v) ?? ''
}

/** The Wechatpay-* signature over `timestamp\nnonce\nbody\n`, checked against `publicKeyPem` for key id `keyId`. */
export function checkWechatSignature(
  headers: RawNotification['headers'], body: string, opts: { publicKeyPem: string; keyId: string; now?: Date },
): void {
  const serial = header(headers, 'wechatpay-serial')
  const signature = header(headers, 'wechatpay-signature')
  const timestamp = header(headers, 'wechatpay-timestamp')
  const nonce = header(headers, 'wechatpay-nonce')
  if (!serial || !signature || !timestamp || !nonce) throw new NotificationRefused('missing Wechatpay-* headers')
  if (serial !== opts.keyId) throw new NotificationRefused(`unknown key id ${serial}`)
  const seconds = Number(timestamp)
  const now = (opts.now ?? new Date()).getTime() / 1000
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now - seconds) > WECHAT_MAX_SKEW_S) throw new NotificationRefused(`timestamp ${timestamp} out of range`)
  let ok = false
  try {
    ok = createVerify('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).verify(opts.publicKeyPem, signature, 'base64')
  } catch {
    ok = false
  }
  if (!ok) throw new NotificationRefused('bad signature')
}

/** AEAD_AES_256_GCM as WeChat Pay uses it: the tag is the ciphertext's last 16 bytes, and it is checked. */
export function decryptWechatResource(r: { ciphertext: string; associated_data?: string; nonce: string }, apiV3Key: string): string {
  const data = Buffer.from(r.ciphertext, 'base64')
  if (data.length < 17) throw new NotificationRefused('resource too short')
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'))
  decipher.setAuthTag(data.subarray(data.length - 16))
  decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'))
  try {
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8')
  } catch {
    throw new NotificationRefused('resource does not decrypt')
  }
}

type Answer = { status: number; data?: any; error?: any }

export class WechatGateway implements PaymentGateway {
  readonly name = 'wechat' as const
  private readonly sdk: WxPay

  constructor(private readonly cfg: WechatConfig, private readonly timeoutMs = 8000) {
    this.sdk = new WxPay({
      appid: cfg.app_id,
      mchid: cfg.mch_id,
      serial_no: cfg.mch_serial_no,
      // The SDK wants a public key beside the private one; it only uses it to name a serial we give anyway.
      publicKey: Buffer.from(cfg.platform_public_key),
      privateKey: Buffer.from(cfg.mch_private_key),
    })
    const send = (method: 'GET' | 'POST') => (url: string, params: Record<string, unknown> | undefined, headers: Record<string, string>) =>
      this.send(method, url, params, headers)
    this.sdk.createHttp({
      post: (url, params, headers) => send('POST')(url, params, headers),
      get: (url, headers) => send('GET')(url, undefined, headers),
      upload: () => Promise.reject(new Error('uploads are not used')),
    })
  }

  /** One call to the gateway: the SDK signed `params` as JSON.stringify gives them, so they are sent that way. */
  private async send(method: 'GET' | 'POST', sdkUrl: string, params: Record<string, unknown> | undefined, headers: Record<string, string>): Promise<Answer> {
    const url = this.cfg.api_base.replace(/\/+$/, '') + sdkUrl.slice(SDK_BASE.length)
    const res = await fetch(url, {
      method,
      headers: { ...headers, Accept: 'application/json' },
      body: method === 'POST' ? JSON.stringify(params ?? {}) : undefined,
      signal: AbortSignal.timeout(this.timeoutMs),
    })
    const text = await res.text()
    // Every answer is signed by WeChat Pay, errors included: an unsigned one did not come from it.
    const respHeaders: Record<string, string> = {}
    res.headers.forEach((v, k) => (respHeaders[k] = v))
    checkWechatSignature(respHeaders, text, { publicKeyPem: this.cfg.platform_public_key, keyId: this.cfg.platform_public_key_id })
    const data = text ? JSON.parse(text) : undefined
    return res.ok ? { status: res.status, data } : { status: res.status, error: data }
  }

  private fail(what: string, a: Answer): never {
    throw new Error(`wechat ${what}: HTTP ${a.status} ${JSON.stringify(a.error ?? a.data)}`)
  }

  async create(r: CreateRequest): Promise<CreateAnswer> {
    const common = {
      description: r.subject.slice(0, 127),
      out_trade_no: r.pay_no,
      notify_url: r.notify_url,
      time_expire: r.expires_at.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      amount: { total: r.total_cents, currency: 'CNY' },
    }
    if (r.device === 'wap') {
      const a = (await this.sdk.transactions_h5({ ...common, scene_info: { payer_client_ip: r.client_ip, h5_info: { type: 'Wap' } } } as never)) as Answer
      if (a.status !== 200 || !a.data?.h5_url) this.fail('h5 create', a)
      return { h5_url: a.data.h5_url }
    }
    const a = (await this.sdk.transactions_native(common as never)) as Answer
    if (a.status !== 200 || !a.data?.code_url) this.fail('native create', a)
    return { code_url: a.data.code_url }
  }

  async query(payNo: string): Promise<TradeState> {
    const a = (await this.sdk.query({ out_trade_no: payNo })) as Answer
    if (a.status === 404 || a.error?.code === 'ORDER_NOT_EXIST') return { state: 'unpaid' }
    if (a.status !== 200) this.fail('query', a)
    const d = a.data
    if (d.mchid !== this.cfg.mch_id || d.out_trade_no !== payNo) throw new Error(`wechat query answered another trade (${d.mchid}/${d.out_trade_no})`)
    if (d.trade_state === 'SUCCESS') return { state: 'paid', trade_no: String(d.transaction_id), total_cents: Number(d.amount?.total) }
    // REFUND: paid, then refunded (by us): it was paid.
    if (d.trade_state === 'REFUND') return { state: 'paid', trade_no: String(d.transaction_id), total_cents: Number(d.amount?.total) }
    if (d.trade_state === 'CLOSED' || d.trade_state === 'REVOKED' || d.trade_state === 'PAYERROR') return { state: 'closed' }
    return { state: 'unpaid' }
  }

  async close(payNo: string): Promise<'closed' | 'paid'> {
    const a = (await this.sdk.close(payNo)) as Answer
    if (a.status === 204 || a.status === 200) return 'closed'
    if (a.error?.code === 'ORDER_PAID') return 'paid'
    if (a.error?.code === 'ORDER_CLOSED' || a.error?.code === 'ORDER_NOT_EXIST') return 'closed'
    this.fail('close', a)
  }

  async refund(r: RefundRequest & { notify_url?: string }): Promise<RefundResult> {
    const a = (await this.sdk.refunds({
      out_trade_no: r.pay_no,
      out_refund_no: r.refund_no,
      ...(r.notify_url ? { notify_url: r.notify_url } : {}),
      amount: { refund: r.amount_cents, total: r.total_cents, currency: 'CNY' },
    } as never)) as Answer
    if (a.status !== 200) this.fail('refund', a)
    return { pay_refund_no: String(a.data.refund_id), state: a.data.status === 'SUCCESS' ? 'done' : 'pending' }
  }

  async refundQuery(r: { pay_no: string; refund_no: string }): Promise<RefundQuery> {
    const a = (await this.sdk.find_refunds(r.refund_no)) as Answer
    if (a.status === 404) return { state: 'unknown' }
    if (a.status !== 200) this.fail('refund query', a)
    if (a.data.status === 'SUCCESS') return { pay_refund_no: String(a.data.refund_id), state: 'done' }
    if (a.data.status === 'CLOSED' || a.data.status === 'ABNORMAL') return { state: 'failed' }
    return { pay_refund_no: String(a.data.refund_id), state: 'pending' }
  }

  verifyNotification(raw: RawNotification, now = new Date()): Notice {
    checkWechatSignature(raw.headers, raw.body, { publicKeyPem: this.cfg.platform_public_key, keyId: this.cfg.platform_public_key_id, now })
    let body: { id?: unknown; event_type?: unknown; resource?: { algorithm?: string; ciphertext: string; associated_data?: string; nonce: string } }
    try {
      body = JSON.parse(raw.body)
    } catch {
      throw new NotificationRefused('body is not JSON')
    }
    const id = typeof body.id === 'string' ? body.id : ''
    const event = typeof body.event_type === 'string' ? body.event_type : ''
    if (!id || !body.resource || body.resource.algorithm !== 'AEAD_AES_256_GCM') throw new NotificationRefused('no id or resource')
    let res: Record<string, any>
    try {
      res = JSON.parse(decryptWechatResource(body.resource, this.cfg.api_v3_key))
    } catch (err) {
      if (err instanceof NotificationRefused) throw err
      throw new NotificationRefused('resource is not JSON')
    }
    if (res.mchid !== this.cfg.mch_id) throw new NotificationRefused(`other merchant ${res.mchid}`)
    if (event.startsWith('TRANSACTION.')) {
      if (res.appid !== this.cfg.app_id) throw new NotificationRefused(`other app ${res.appid}`)
      if (res.trade_state !== 'SUCCESS') return { kind: 'other', notify_id: id }
      return { kind: 'paid', notify_id: id, pay_no: String(res.out_trade_no), trade_no: String(res.transaction_id), total_cents: Number(res.amount?.total) }
    }
    if (event.startsWith('REFUND.')) {
      const state = res.refund_status === 'SUCCESS' ? 'done' : res.refund_status === 'PROCESSING' ? 'pending' : 'failed'
      return { kind: 'refund', notify_id: id, refund_no: String(res.out_refund_no), pay_refund_no: String(res.refund_id), state }
    }
    return { kind: 'other', notify_id: id }
  }
}
