// A stand-in for Alipay's open-platform gateway v2 (gateway.do), written from its public documentation: every request
// must be signed RSA2 with the app's key over its parameters sorted by name, `sign` left out (else
// isv.invalid-signature); answers are `{"<method>_response": {...}, "sign": ...}`, the sign RSA2 by the "Alipay public
// key" pair over the response object's text; notifications are form posts signed over their parameters sorted, sign
// and sign_type left out. precreate, wap pay (a page), query, close, refund (deduplicated by out_request_no, capped by
// the trade's total; a test may make a trade's refunds fail for a while) and refund query.
import { createSign, createVerify } from 'node:crypto'
import { decimalToCents, fromCents } from '@qshop/shared'
import type { AlipayConfig } from '../alipay.ts'
import { alipayTime } from '../alipay.ts'
import { SandboxServer, randomToken, rsaPair, type SandboxReply, type SandboxRequest } from './http.ts'
import { deliver, scanPage } from './page.ts'

type Trade = { out_trade_no: string; total_cents: number; status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED'; trade_no: string; notify_url: string; subject: string }
type Refund = { out_request_no: string; out_trade_no: string; cents: number }

export class AlipaySandbox {
  readonly app = rsaPair()
  readonly alipay = rsaPair()
  readonly appId = `2021${String(Date.now()).slice(-12)}`
  readonly sellerId = '2088102147948060'
  readonly trades = new Map<string, Trade>()
  readonly refunds = new Map<string, Refund>()
  /** Trades (out_trade_no) whose next refund calls fail, how many more times: Alipay answering a system error. */
  readonly failingRefunds = new Map<string, number>()
  private seq = 0
  readonly server = new SandboxServer((r) => this.handle(r))

  start(port = 0) {
    return this.server.start(port)
  }
  stop() {
    return this.server.stop()
  }

  config(): AlipayConfig {
    return { app_id: this.appId, app_private_key: this.app.privateKey, alipay_public_key: this.alipay.publicKey, gateway: `${this.server.url}/gateway.do` }
  }

  /** The gateway calls that passed the signature check, by method, with their biz_content parsed. */
  calls(method: string): Record<string, any>[] {
    return this.server.requests
      .map((r) => this.params(r))
      .filter((p) => p.method === method && p.__signed === '1')
      .map((p) => JSON.parse(p.biz_content ?? '{}'))
  }

  private params(r: SandboxRequest): Record<string, string> {
    const url = new URL(r.path, 'http://sandbox')
    const p: Record<string, string> = Object.fromEntries(url.searchParams)
    if (r.body && String(r.headers['content-type'] ?? '').includes('x-www-form-urlencoded')) Object.assign(p, Object.fromEntries(new URLSearchParams(r.body)))
    p.__signed = this.verifyRequest(p) ? '1' : '0'
    return p
  }

  private verifyRequest(p: Record<string, string>): boolean {
    const text = Object.keys(p).filter((k) => k !== 'sign' && k !== '__signed' && p[k] !== '').sort().map((k) => `${k}=${p[k]}`).join('&')
    try {
      return createVerify('RSA-SHA256').update(text, 'utf8').verify(this.app.publicKey, p.sign ?? '', 'base64')
    } catch {
      return false
    }
  }

  private answer(method: string, inner: Record<string, unknown>): SandboxReply {
    const key = `${method.replaceAll('.', '_')}_response`
    const text = JSON.stringify(inner)
    const sign = createSign('RSA-SHA256').update(text, 'utf8').sign(this.alipay.privateKey, 'base64')
    return { status: 200, body: `{"${key}":${text},"sign":"${sign}"}` }
  }

  private async handle(r: SandboxRequest): Promise<SandboxReply> {
    const page = r.path.match(/^\/sandbox\/alipay\/([^/?]+)(\/pay)?$/)
    if (page) return this.scan(decodeURIComponent(page[1]), r.method === 'POST' && Boolean(page[2]))
    const p = this.params(r)
    const method = p.method ?? ''
    if (r.method === 'GET' && method === 'alipay.trade.wap.pay') return this.wapPage(p)
    if (p.__signed !== '1' || p.app_id !== this.appId || p.sign_type !== 'RSA2')
      return this.answer(method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: 'signature does not verify' })
    const biz = JSON.parse(p.biz_content ?? '{}')
    const notFound = () => this.answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: 'trade does not exist' })
    const ok = (x: Record<string, unknown>) => this.answer(method, { code: '10000', msg: 'Success', ...x })
    const t = this.trades.get(biz.out_trade_no)
    switch (method) {
      case 'alipay.trade.precreate': {
        if (!/^\d+(\.\d{1,2})?$/.test(biz.total_amount ?? '') || !p.notify_url?.startsWith('http'))
          return this.answer(method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-parameter' })
        if (t && t.status !== 'WAIT_BUYER_PAY') return this.answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_HAS_SUCCESS' })
        this.open(biz, p.notify_url)
        return ok({ out_trade_no: biz.out_trade_no, qr_code: `https://qr.alipay.com/${randomToken(12)}?sandbox=${encodeURIComponent(`${this.server.url}/sandbox/alipay/${encodeURIComponent(biz.out_trade_no)}`)}` })
      }
      case 'alipay.trade.query':
        if (!t) return notFound()
        return ok({ out_trade_no: t.out_trade_no, trade_no: t.trade_no, trade_status: t.status, total_amount: fromCents(t.total_cents), buyer_logon_id: 'san***@example.com' })
      case 'alipay.trade.close':
        if (!t) return notFound()
        if (t.status !== 'WAIT_BUYER_PAY') return this.answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR' })
        t.status = 'TRADE_CLOSED'
        return ok({ out_trade_no: t.out_trade_no, trade_no: t.trade_no })
      case 'alipay.trade.refund': {
        if (!t || t.status !== 'TRADE_SUCCESS') return notFound()
        const failures = this.failingRefunds.get(t.out_trade_no) ?? 0
        if (failures > 0) {
          this.failingRefunds.set(t.out_trade_no, failures - 1)
          return this.answer(method, { code: '20000', msg: 'Service Currently Unavailable', sub_code: 'aop.ACQ.SYSTEM_ERROR', sub_msg: 'system busy' })
        }
        const requestNo = biz.out_request_no ?? t.out_trade_no
        const cents = decimalToCents(String(biz.refund_amount))
        const refunded = () => [...this.refunds.values()].filter((x) => x.out_trade_no === t.out_trade_no).reduce((s, x) => s + x.cents, 0)
        const known = this.refunds.get(requestNo)
        if (known) return ok({ out_trade_no: t.out_trade_no, trade_no: t.trade_no, refund_fee: fromCents(refunded()), fund_change: 'N' })
        if (cents <= 0 || refunded() + cents > t.total_cents) return this.answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' })
        this.refunds.set(requestNo, { out_request_no: requestNo, out_trade_no: t.out_trade_no, cents })
        return ok({ out_trade_no: t.out_trade_no, trade_no: t.trade_no, refund_fee: fromCents(refunded()), fund_change: 'Y' })
      }
      case 'alipay.trade.fastpay.refund.query': {
        const x = this.refunds.get(biz.out_request_no)
        if (!x) return ok({ out_trade_no: biz.out_trade_no })
        return ok({ out_trade_no: x.out_trade_no, out_request_no: x.out_request_no, refund_amount: fromCents(x.cents), refund_status: 'REFUND_SUCCESS' })
      }
      default:
        return this.answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' })
    }
  }

  /** The "scan to pay" page of the development sandbox; `pay`: the buyer pressed pay (the shop is notified). */
  private async scan(payNo: string, pay: boolean): Promise<SandboxReply> {
    const t = this.trades.get(payNo)
    if (!t) return { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'no such trade in the sandbox' }
    if (pay && t.status === 'WAIT_BUYER_PAY') await deliver(t.notify_url, this.pay(payNo))
    const html = scanPage('Alipay 支付宝', payNo, fromCents(t.total_cents), t.status, t.status === 'WAIT_BUYER_PAY')
    return { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: html }
  }

  private open(biz: { out_trade_no: string; total_amount: string; subject?: string }, notifyUrl: string) {
    this.trades.set(biz.out_trade_no, {
      out_trade_no: biz.out_trade_no, total_cents: decimalToCents(biz.total_amount), status: 'WAIT_BUYER_PAY',
      trade_no: `2026${Date.now()}${++this.seq}`, notify_url: notifyUrl, subject: biz.subject ?? '',
    })
  }

  /** The phone's page of a wap payment: opening it opens the trade (signed like any request). */
  private wapPage(p: Record<string, string>): SandboxReply | Promise<SandboxReply> {
    if (p.__signed !== '1' || p.app_id !== this.appId) return { status: 400, headers: { 'Content-Type': 'text/plain' }, body: 'invalid signature' }
    const biz = JSON.parse(p.biz_content ?? '{}')
    if (!this.trades.has(biz.out_trade_no)) this.open(biz, p.notify_url ?? '')
    return this.scan(biz.out_trade_no, false)
  }

  /** The buyer pays: the trade succeeds (a closed one cannot) and its notification is answered (a form body). */
  pay(outTradeNo: string): { headers: Record<string, string>; body: string } {
    const t = this.trades.get(outTradeNo)
    if (!t) throw new Error(`alipay sandbox: no trade ${outTradeNo}`)
    if (t.status === 'TRADE_CLOSED') throw new Error(`alipay sandbox: trade ${outTradeNo} is closed`)
    t.status = 'TRADE_SUCCESS'
    return this.notification({ out_trade_no: t.out_trade_no, trade_no: t.trade_no, total_amount: fromCents(t.total_cents), trade_status: 'TRADE_SUCCESS', subject: t.subject })
  }

  /** A notification with `fields` over the usual ones, signed (or by `privateKey` to forge one). */
  notification(fields: Record<string, string>, opts: { privateKey?: string } = {}): { headers: Record<string, string>; body: string } {
    const p: Record<string, string> = {
      notify_time: alipayTime(new Date()), notify_type: 'trade_status_sync', notify_id: `ac05099524730693a8b330c5ecf72da${++this.seq}${randomToken(6)}`,
      app_id: this.appId, charset: 'utf-8', version: '1.0', seller_id: this.sellerId, gmt_payment: alipayTime(new Date()), ...fields,
    }
    const text = Object.keys(p).sort().filter((k) => p[k] !== '').map((k) => `${k}=${p[k]}`).join('&')
    const sign = createSign('RSA-SHA256').update(text, 'utf8').sign(opts.privateKey ?? this.alipay.privateKey, 'base64')
    const body = new URLSearchParams({ ...p, sign, sign_type: 'RSA2' }).toString()
    return { headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' }, body }
  }
}
