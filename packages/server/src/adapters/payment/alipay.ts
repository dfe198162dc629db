// Alipay's open-platform gateway v2 (docs/payments.md) through alipay-sdk: RSA2 in public-key mode, every answer's
// signature checked (validateSign), notifications checked by checkNotifySignV2 (which signs the values as sent: the
// first version decodes them and fails on a '%'), then their app id compared here. Amounts are yuan with two decimals
// on this gateway, cents everywhere else.
import { AlipaySdk } from 'alipay-sdk'
import { decimalToCents, fromCents } from '@qshop/shared'
import type { RefundRequest, RefundResult } from './index.ts'
import {
  NotificationRefused, type CreateAnswer, type CreateRequest, type Notice, type PaymentGateway, type RawNotification, type RefundQuery, type TradeState,
} from './gateway.ts'

export type AlipayConfig = { app_id: string; app_private_key: string; alipay_public_key: string; gateway: string }

const pemKind = (pem: string) => (pem.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8')

const yuan = (cents: number) => fromCents(cents)

type Result = { code?: string; msg?: string; subCode?: string; sub_code?: string; [k: string]: unknown }

export class AlipayGateway implements PaymentGateway {
  readonly name = 'alipay' as const
  private readonly sdk: AlipaySdk

  constructor(private readonly cfg: AlipayConfig, timeoutMs = 8000) {
    this.sdk = new AlipaySdk({
      appId: cfg.app_id,
      privateKey: cfg.app_private_key,
      keyType: pemKind(cfg.app_private_key),
      alipayPublicKey: cfg.alipay_public_key,
      gateway: cfg.gateway,
      signType: 'RSA2',
      camelcase: false,
      timeout: timeoutMs,
    })
  }

  private async exec(method: string, biz: Record<string, unknown>, extra: Record<string, string> = {}): Promise<Result> {
    return (await this.sdk.exec(method, { ...extra, bizContent: biz }, { validateSign: true })) as Result
  }

  private fail(what: string, r: Result): never {
    throw new Error(`alipay ${what}: ${r.code} ${r.msg} ${r.sub_code ?? r.subCode ?? ''}`)
  }

  async create(r: CreateRequest): Promise<CreateAnswer> {
    const biz = { out_trade_no: r.pay_no, total_amount: yuan(r.total_cents), subject: r.subject.slice(0, 256), time_expire: alipayTime(r.expires_at) }
    if (r.device === 'wap') {
      // A URL the phone opens at the gateway: signed here, no call made.
      const url = this.sdk.pageExecute('alipay.trade.wap.pay', 'GET', { bizContent: { ...biz, product_code: 'QUICK_WAP_WAY' }, notify_url: r.notify_url })
      return { pay_url: url }
    }
    const res = await this.exec('alipay.trade.precreate', biz, { notify_url: r.notify_url })
    if (res.code !== '10000' || typeof res.qr_code !== 'string') this.fail('precreate', res)
    return { qr_code: res.qr_code }
  }

  async query(payNo: string): Promise<TradeState> {
    const res = await this.exec('alipay.trade.query', { out_trade_no: payNo })
    if (res.code === '40004' && res.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'unpaid' }
    if (res.code !== '10000') this.fail('query', res)
    if (res.out_trade_no !== payNo) throw new Error(`alipay query answered another trade (${String(res.out_trade_no)})`)
    const status = String(res.trade_status)
    if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED')
      return { state: 'paid', trade_no: String(res.trade_no), total_cents: decimalToCents(String(res.total_amount)) }
    if (status === 'TRADE_CLOSED') return { state: 'closed' }
    return { state: 'unpaid' }
  }

  async close(payNo: string): Promise<'closed' | 'paid'> {
    const res = await this.exec('alipay.trade.close', { out_trade_no: payNo })
    if (res.code === '10000') return 'closed'
    // Never opened (a QR code nobody scanned): there is nothing the gateway could take money for.
    if (res.sub_code === 'ACQ.TRADE_NOT_EXIST') return 'closed'
    if (res.sub_code === 'ACQ.TRADE_STATUS_ERROR') {
      const q = await this.query(payNo)
      if (q.state === 'paid') return 'paid'
      if (q.state === 'closed') return 'closed'
    }
    this.fail('close', res)
  }

  async refund(r: RefundRequest): Promise<RefundResult> {
    const res = await this.exec('alipay.trade.refund', { out_trade_no: r.pay_no, refund_amount: yuan(r.amount_cents), out_request_no: r.refund_no })
    if (res.code !== '10000') this.fail('refund', res)
    // fund_change N on a repeat of a refund already made: done all the same; a first one answering N is confirmed by
    // the refund query.
    if (res.fund_change === 'Y') return { pay_refund_no: r.refund_no, state: 'done' }
    const q = await this.refundQuery({ pay_no: r.pay_no, refund_no: r.refund_no })
    return 'pay_refund_no' in q ? q : { pay_refund_no: r.refund_no, state: 'pending' }
  }

  async refundQuery(r: { pay_no: string; refund_no: string }): Promise<RefundQuery> {
    const res = await this.exec('alipay.trade.fastpay.refund.query', { out_trade_no: r.pay_no, out_request_no: r.refund_no, query_options: ['gmt_refund_pay'] })
    if (res.code !== '10000') this.fail('refund query', res)
    if (res.refund_status === 'REFUND_SUCCESS') return { pay_refund_no: r.refund_no, state: 'done' }
    if (!res.refund_amount) return { state: 'unknown' }
    return { pay_refund_no: r.refund_no, state: 'pending' }
  }

  verifyNotification(raw: RawNotification): Notice {
    const params = Object.fromEntries(new URLSearchParams(raw.body)) as Record<string, string>
    if (!params.sign || !this.sdk.checkNotifySignV2(params)) throw new NotificationRefused('bad signature')
    if (params.app_id !== this.cfg.app_id) throw new NotificationRefused(`other app ${params.app_id}`)
    const id = params.notify_id
    if (!id) throw new NotificationRefused('no notify_id')
    // A partial refund is announced on the trade (refund_fee set): the refund's own answer already said it.
    if (params.refund_fee || params.out_biz_no) return { kind: 'other', notify_id: id }
    if (params.trade_status !== 'TRADE_SUCCESS' && params.trade_status !== 'TRADE_FINISHED') return { kind: 'other', notify_id: id }
    if (!/^\d+(\.\d{1,2})?$/.test(params.total_amount ?? '')) throw new NotificationRefused(`bad total_amount ${params.total_amount}`)
    return { kind: 'paid', notify_id: id, pay_no: params.out_trade_no ?? '', trade_no: params.trade_no ?? '', total_cents: decimalToCents(params.total_amount) }
  }
}

/** yyyy-MM-dd HH:mm:ss in China time, as Alipay reads its times. */
export function alipayTime(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ')
}
