// Status numbers (qwshop-facts §4) and the changes allowed between them (DESIGN.md §2). The server applies a change
// as one guarded update, `WHERE id = ? AND <field> = <from>`, whose row count decides (core/transition.ts); a change
// not listed here is refused before any SQL.

/** orders.order_status */
export const ORDER_STATUS = {
  CANCELLED: 0,
  UNPAID: 1,
  /** paid, awaiting shipment */
  PAID: 2,
  /** shipped, awaiting receipt */
  SHIPPED: 3,
  /** received, awaiting review */
  RECEIVED: 4,
  AFTER_SALE: 5,
  COMPLETED: 6,
} as const
/** orders.refund_status (meaningful only with a refunds row) */
export const ORDER_REFUND_STATUS = { REFUND: 0, RETURN: 1, FINISHED: 2 } as const
/** order_pays.pay_status */
export const PAY_STATUS = { UNPAID: 0, PAID: 1 } as const
/** refunds.refund_type */
export const REFUND_TYPE = { MONEY: 0, GOODS: 1 } as const
/** refunds.refund_verify */
export const REFUND_VERIFY = { PENDING: 0, AGREED: 1, REFUSED: 2 } as const
/** refunds.refund_step */
export const REFUND_STEP = { AWAIT_BUYER_SHIPMENT: 0, AWAIT_SELLER: 1, RESHIPPED: 2, DONE: 3 } as const
/** goods.goods_verify */
export const GOODS_VERIFY = { REJECTED: 0, APPROVED: 1, PENDING: 2 } as const
/** stores.store_verify: filling in, verifying, denied (with a reason), passed */
export const STORE_VERIFY = { FILLING: 1, VERIFYING: 2, DENIED: 3, PASSED: 4 } as const

/** A status column (`field` of table `model`) and, by current status, the statuses it may change to. */
export type StateMachine = {
  readonly model: string
  readonly field: string
  readonly next: Readonly<Record<number, readonly number[]>>
}

export function canTransition(machine: StateMachine, from: number, to: number): boolean {
  return machine.next[from]?.includes(to) ?? false
}

const O = ORDER_STATUS
/** Orders: cancelled (stock back) or paid while unpaid; shipped, received, completed; after-sales from paid,
 *  shipped or received, closed as completed (refunded or refused). Cancelled and completed are final. */
export const ORDER_FLOW: StateMachine = {
  model: 'orders',
  field: 'order_status',
  next: {
    [O.UNPAID]: [O.CANCELLED, O.PAID],
    [O.PAID]: [O.SHIPPED, O.AFTER_SALE],
    [O.SHIPPED]: [O.RECEIVED, O.AFTER_SALE],
    [O.RECEIVED]: [O.COMPLETED, O.AFTER_SALE],
    [O.AFTER_SALE]: [O.COMPLETED],
  },
}

/** Payments: unpaid → paid, once. */
export const PAYMENT_FLOW: StateMachine = { model: 'order_pays', field: 'pay_status', next: { [PAY_STATUS.UNPAID]: [PAY_STATUS.PAID] } }

/** After-sales decision: the seller agrees or refuses a pending request, once. */
export const REFUND_VERIFY_FLOW: StateMachine = {
  model: 'refunds',
  field: 'refund_verify',
  next: { [REFUND_VERIFY.PENDING]: [REFUND_VERIFY.AGREED, REFUND_VERIFY.REFUSED] },
}

const R = REFUND_STEP
/** After-sales steps (qwshop-facts §3.16): the buyer ships the return (0 → 1), the seller re-ships (0 or 1 → 2), the
 *  buyer confirms (2 → 3); an agreed money-only refund is done at once (0 → 3). */
export const REFUND_STEP_FLOW: StateMachine = {
  model: 'refunds',
  field: 'refund_step',
  next: { [R.AWAIT_BUYER_SHIPMENT]: [R.AWAIT_SELLER, R.RESHIPPED, R.DONE], [R.AWAIT_SELLER]: [R.RESHIPPED], [R.RESHIPPED]: [R.DONE] },
}

const G = GOODS_VERIFY
/** Goods review: the admin decides a pending goods (2 → 1 or 0) and may reverse a decision (1 → 0, taken down with a
 *  reason; 0 → 1). A seller's save resubmits (0 or 1 → 2) or, with the review off, approves (0 or 2 → 1); the save
 *  writes that with the goods' other columns under its row lock. */
export const GOODS_REVIEW_FLOW: StateMachine = {
  model: 'goods',
  field: 'goods_verify',
  next: { [G.PENDING]: [G.APPROVED, G.REJECTED], [G.APPROVED]: [G.PENDING, G.REJECTED], [G.REJECTED]: [G.PENDING, G.APPROVED] },
}

const S = STORE_VERIFY
/** Store review: the application is submitted from filling in or denied (1 or 3 → 2); the admin passes or denies a
 *  verifying store (2 → 4 or 3). */
export const STORE_REVIEW_FLOW: StateMachine = {
  model: 'stores',
  field: 'store_verify',
  next: { [S.FILLING]: [S.VERIFYING], [S.DENIED]: [S.VERIFYING], [S.VERIFYING]: [S.PASSED, S.DENIED] },
}

export const STATE_MACHINES = [ORDER_FLOW, PAYMENT_FLOW, REFUND_VERIFY_FLOW, REFUND_STEP_FLOW, GOODS_REVIEW_FLOW, STORE_REVIEW_FLOW] as const
