// A stand-in gateway for tests: remembers every refund asked and, like a real gateway, answers the same refund for a
// repeated out_refund_no instead of paying twice.
import type { PaymentRefunder, RefundRequest, RefundResult } from './index.ts'

export class FakePaymentRefunder implements PaymentRefunder {
  readonly asked: RefundRequest[] = []
  private readonly done = new Map<string, RefundResult>()
  constructor(private readonly state: RefundResult['state'] = 'done') {}

  async refund(request: RefundRequest): Promise<RefundResult> {
    this.asked.push(request)
    const known = this.done.get(request.refund_no)
    if (known) return known
    if (request.amount_cents <= 0 || request.amount_cents > request.total_cents) throw new Error(`fake gateway: bad amount ${request.amount_cents}`)
    const result: RefundResult = { pay_refund_no: `FAKE${request.refund_no}`, state: this.state }
    this.done.set(request.refund_no, result)
    return result
  }

  /** Money refunded per refund number (each counted once). */
  refunded(): Map<string, number> {
    const out = new Map<string, number>()
    for (const r of this.asked) out.set(r.refund_no, r.amount_cents)
    return out
  }
}
