// Giving money back through the gateway that took it. Balance payments are refunded through the ledger by the
// after-sales module; every other payment name needs a PaymentRefunder, registered here by its gateway's driver.
// While no gateway is configured, the after-sales service refuses a gateway refund with a clear message instead of
// pretending it happened (docs/after-checkout.md).

export type RefundRequest = {
  payment_name: string
  /** our payment number (out_trade_no) and the gateway's transaction id */
  pay_no: string
  trade_no: string | null
  /** our request number, sent as out_refund_no: the gateway dedupes on it, so asking twice refunds once */
  refund_no: string
  amount_cents: number
  /** what the payment was in all (gateways ask for it beside the refund) */
  total_cents: number
}

export type RefundResult = { pay_refund_no: string; state: 'done' | 'pending' }

export interface PaymentRefunder {
  refund(request: RefundRequest): Promise<RefundResult>
}

const refunders = new Map<string, PaymentRefunder>()

/** Makes `refunder` the one for payments named `paymentName` (a gateway driver at start-up; a fake in tests). */
export function registerPaymentRefunder(paymentName: string, refunder: PaymentRefunder): () => void {
  refunders.set(paymentName, refunder)
  return () => {
    if (refunders.get(paymentName) === refunder) refunders.delete(paymentName)
  }
}

/** The refunder of a payment name, or undefined when no gateway is configured for it. */
export function paymentRefunderFor(paymentName: string): PaymentRefunder | undefined {
  return refunders.get(paymentName)
}
