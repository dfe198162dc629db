// The gateways that take money (WeChat Pay API v3 in wechat.ts, Alipay's open-platform gateway v2 in alipay.ts) behind
// one interface; the balance is not one (the ledger pays it). A gateway only talks to its provider: it never touches the
// database, so callers call it outside any unit of work and record what it answered in a unit of their own.
import type { PaymentRefunder, RefundRequest, RefundResult } from './index.ts'

export const GATEWAY_NAMES = ['wechat', 'alipay'] as const
export type GatewayName = (typeof GATEWAY_NAMES)[number]
export const isGatewayName = (name: string): name is GatewayName => (GATEWAY_NAMES as readonly string[]).includes(name)

/** web: a QR code on a computer (WeChat Native, Alipay precreate); wap: a phone's browser (WeChat H5, Alipay wap). */
export type PayDevice = 'web' | 'wap'

export type CreateRequest = {
  pay_no: string
  subject: string
  total_cents: number
  device: PayDevice
  client_ip: string
  notify_url: string
  /** when the gateway stops accepting payment for it */
  expires_at: Date
}

/** What the pay page shows: exactly one of these. */
export type CreateAnswer = { code_url?: string; h5_url?: string; qr_code?: string; pay_url?: string }

export type TradeState =
  | { state: 'paid'; trade_no: string; total_cents: number }
  /** not paid yet, or unknown at the gateway (never opened) */
  | { state: 'unpaid' }
  | { state: 'closed' }

/** A payment the gateway says was made, after every check of its envelope (signature, key id, time, merchant). */
export type PaidNotice = { kind: 'paid'; notify_id: string; pay_no: string; trade_no: string; total_cents: number }
/** A refund finished (or failed) at the gateway. */
export type RefundNotice = { kind: 'refund'; notify_id: string; refund_no: string; pay_refund_no: string; state: 'done' | 'failed' | 'pending' }
/** Authentic, but nothing to do (a trade closed or waiting, a refund echoed on the trade). */
export type OtherNotice = { kind: 'other'; notify_id: string }
export type Notice = PaidNotice | RefundNotice | OtherNotice

/** The request as it arrived: headers lower-cased, the body exactly as sent (signatures cover those bytes). */
export type RawNotification = { headers: Record<string, string | string[] | undefined>; body: string }

/** A notification refused by a check: the reason is logged, the gateway gets its "failed" answer. */
export class NotificationRefused extends Error {
  constructor(readonly reason: string) {
    super(`payment notification refused: ${reason}`)
  }
}

export type RefundQuery = RefundResult | { state: 'failed' } | { state: 'unknown' }

export interface PaymentGateway extends PaymentRefunder {
  readonly name: GatewayName
  create(request: CreateRequest): Promise<CreateAnswer>
  query(payNo: string): Promise<TradeState>
  /** Stops the gateway from taking money for `payNo`; answers 'paid' when it was paid first (nothing closed). */
  close(payNo: string): Promise<'closed' | 'paid'>
  refund(request: RefundRequest & { notify_url?: string }): Promise<RefundResult>
  refundQuery(request: { pay_no: string; refund_no: string }): Promise<RefundQuery>
  /** Checks a notification and answers what it says; throws NotificationRefused on any failed check. */
  verifyNotification(raw: RawNotification, now?: Date): Notice
}
