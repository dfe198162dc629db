// Status numbers and the changes allowed between them (docs/architecture.md). The server applies a change
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
/** orders.refund_status: the type of the open request while orders.open_refunds > 0; FINISHED once every request the
 *  order had is closed (0 also when it never had one). */
export const ORDER_REFUND_STATUS = { REFUND: 0, RETURN: 1, FINISHED: 2 } as const
/** orders.is_settlement */
export const SETTLEMENT_STATUS = { UNSETTLED: 0, SETTLED: 1 } as const
/** order_pays.pay_status */
export const PAY_STATUS = { UNPAID: 0, PAID: 1, CLOSED: 2 } as const
/** order_pays.late_refund_status */
export const LATE_REFUND = { NONE: 0, REFUNDING: 1, REFUNDED: 2 } as const
/** refunds.refund_type */
export const REFUND_TYPE = { MONEY: 0, GOODS: 1 } as const
/** refunds.refund_verify: the seller's decision, the admin's arbitration of a refusal, or closed without a refund
 *  (withdrawn by the shopper, the refusal upheld, closed by the admin, or a return not shipped in time). Open =
 *  pending, arbitrating, or agreed and not yet done. */
export const REFUND_VERIFY = { PENDING: 0, AGREED: 1, REFUSED: 2, ARBITRATING: 3, CLOSED: 4 } as const
/** refunds.refund_step: a return waits for the buyer's shipment, then for the seller to confirm the goods; REFUNDING =
 *  the money is on its way back through the payment gateway (its job has not had the gateway's answer yet); DONE =
 *  the money went back. (qwshop's 2 is "seller re-shipped", of exchanges, which we do not offer: ours is refunding.) */
export const REFUND_STEP = { AWAIT_BUYER_SHIPMENT: 0, AWAIT_SELLER: 1, REFUNDING: 2, DONE: 3 } as const
/** goods.goods_verify */
export const GOODS_VERIFY = { REJECTED: 0, APPROVED: 1, PENDING: 2 } as const
/** stores.store_verify: filling in, verifying, denied (with a reason), passed */
export const STORE_VERIFY = { FILLING: 1, VERIFYING: 2, DENIED: 3, PASSED: 4 } as const

/** integral_orders.order_status: a redemption is paid (in points) when it is created; the admin ships it. */
export const INTEGRAL_ORDER_STATUS = { CANCELLED: 0, PAID: 1, SHIPPED: 2 } as const

/** A status column (`field` of table `model`) and, by current status, the statuses it may change to. */
export type StateMachine = {
  readonly model: string
  readonly field: string
  readonly next: Readonly<Record<number, readonly number[]>>
}

export function canTransition(machine: StateMachine, from: number, to: number): boolean {
  return machine.next[from]?.includes(to) ?? false
}

/** Orders that may take an after-sales request, within their after-sale window (settle_after) and before settlement:
 *  paid, shipped, received, or completed by its reviews (the window stays open whatever the reviews). The server's
 *  guard and check are built from this (server modules/aftersales/eligibility.ts). */
export const REFUNDABLE_ORDER_STATUSES: readonly number[] = [ORDER_STATUS.PAID, ORDER_STATUS.SHIPPED, ORDER_STATUS.RECEIVED, ORDER_STATUS.COMPLETED]

const O = ORDER_STATUS
/** Orders: cancelled (stock back) or paid while unpaid; shipped, received, completed (every line reviewed). A full
 *  refund completes a paid, shipped or received order at once. After-sales requests do not move the order: they are
 *  counted in orders.open_refunds, so a partly refunded order ships, is received and completes normally; status 5 is
 *  qwshop's and never entered. Cancelled and completed are final. */
export const ORDER_FLOW: StateMachine = {
  model: 'orders',
  field: 'order_status',
  next: {
    [O.UNPAID]: [O.CANCELLED, O.PAID],
    [O.PAID]: [O.SHIPPED, O.COMPLETED],
    [O.SHIPPED]: [O.RECEIVED, O.COMPLETED],
    [O.RECEIVED]: [O.COMPLETED],
  },
}

/** Settlement: an order is credited to its store once (0 → 1), by the job or the admin's "settle now". */
export const SETTLEMENT_FLOW: StateMachine = {
  model: 'orders',
  field: 'is_settlement',
  next: { [SETTLEMENT_STATUS.UNSETTLED]: [SETTLEMENT_STATUS.SETTLED] },
}

/** Payments: unpaid → paid, once; a gateway payment may be closed instead, and a closed one still paid when the money
 *  arrived all the same (it then goes back: LATE_REFUND_FLOW). */
export const PAYMENT_FLOW: StateMachine = {
  model: 'order_pays',
  field: 'pay_status',
  next: { [PAY_STATUS.UNPAID]: [PAY_STATUS.PAID, PAY_STATUS.CLOSED], [PAY_STATUS.CLOSED]: [PAY_STATUS.PAID] },
}

/** A gateway payment that arrived for orders no longer payable: refunding in full, then refunded, once. */
export const LATE_REFUND_FLOW: StateMachine = {
  model: 'order_pays',
  field: 'late_refund_status',
  next: { [LATE_REFUND.NONE]: [LATE_REFUND.REFUNDING], [LATE_REFUND.REFUNDING]: [LATE_REFUND.REFUNDED] },
}

const V = REFUND_VERIFY
/** After-sales decision: the seller (or, past the deadline, the auto-agree job) agrees or refuses a pending request;
 *  the shopper withdraws it while pending or takes a refusal to arbitration; the admin agrees or closes it. The admin
 *  may also close any open request whose money has not started back (pending, arbitrating, an agreed return not yet
 *  confirmed: the step is part of that change's guard), and an agreed return the shopper does not ship in time
 *  closes by itself. */
export const REFUND_VERIFY_FLOW: StateMachine = {
  model: 'refunds',
  field: 'refund_verify',
  next: { [V.PENDING]: [V.AGREED, V.REFUSED, V.CLOSED], [V.REFUSED]: [V.ARBITRATING], [V.ARBITRATING]: [V.AGREED, V.CLOSED], [V.AGREED]: [V.CLOSED] },
}

const R = REFUND_STEP
/** After-sales steps of an agreed request: a money-only refund goes back at once (0 → 3 through the ledger, 0 → 2
 *  through a gateway); a return is shipped by the buyer (0 → 1) and refunded once the seller confirms the goods (1 → 3,
 *  or 1 → 2); a gateway refund is done once the gateway says so (2 → 3). */
export const REFUND_STEP_FLOW: StateMachine = {
  model: 'refunds',
  field: 'refund_step',
  next: { [R.AWAIT_BUYER_SHIPMENT]: [R.AWAIT_SELLER, R.REFUNDING, R.DONE], [R.AWAIT_SELLER]: [R.REFUNDING, R.DONE], [R.REFUNDING]: [R.DONE] },
}

/** An open request whose money has not started back, which the admin may close: its refund_verify and its refund_step
 *  both among these (pending and arbitrating requests are at step 0; a refunding one is the gateway's to finish). */
export const REFUND_CLOSABLE = {
  verify: [V.PENDING, V.AGREED, V.ARBITRATING] as readonly number[],
  step: [R.AWAIT_BUYER_SHIPMENT, R.AWAIT_SELLER] as readonly number[],
} as const

export const isRefundClosable = (r: { refund_verify: number; refund_step: number }): boolean =>
  REFUND_CLOSABLE.verify.includes(r.refund_verify) && REFUND_CLOSABLE.step.includes(r.refund_step)

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

/** cashes.cash_status: a withdrawal asked for, paid out by the admin, refused by the admin, or cancelled by whoever
 *  asked for it. */
export const CASH_STATUS = { PENDING: 0, PAID: 1, REFUSED: 2, CANCELLED: 3 } as const

/** Withdrawals: a pending one is paid out, refused or cancelled, once; the three are final (the money moves with the
 *  change, in its unit: server modules/funds/cashes.ts). */
export const CASH_FLOW: StateMachine = {
  model: 'cashes',
  field: 'cash_status',
  next: { [CASH_STATUS.PENDING]: [CASH_STATUS.PAID, CASH_STATUS.REFUSED, CASH_STATUS.CANCELLED] },
}

/** distribution_logs.status: rows are written by the order's settlement, paid (credited) or cancelled (nothing left
 *  after refunds); until then a commission is pending and read from its order line. */
export const DISTRIBUTION_STATUS = { PENDING: 0, PAID: 1, CANCELLED: 2 } as const

/** Points orders: shipped once, by the admin (express company and number written with the change). */
export const INTEGRAL_ORDER_FLOW: StateMachine = {
  model: 'integral_orders',
  field: 'order_status',
  next: { [INTEGRAL_ORDER_STATUS.PAID]: [INTEGRAL_ORDER_STATUS.SHIPPED] },
}

export const COUPON_LOG_STATUS = { UNUSED: 0, USED: 1 } as const
/** A received coupon: used by an order (0 → 1, once: the guarded change decides between two checkouts), and given back
 *  (1 → 0) when the order is cancelled before payment or fully refunded while the coupon is still valid. */
export const COUPON_LOG_FLOW: StateMachine = {
  model: 'coupon_logs',
  field: 'status',
  next: { [COUPON_LOG_STATUS.UNUSED]: [COUPON_LOG_STATUS.USED], [COUPON_LOG_STATUS.USED]: [COUPON_LOG_STATUS.UNUSED] },
}

/** collective_logs.status: an opened group is open until its last seat is paid (filled) or its time runs out unfilled
 *  (failed); both are final (server modules/collectives). */
export const COLLECTIVE_STATUS = { FAILED: 0, FILLED: 1, OPEN: 2 } as const
export const COLLECTIVE_FLOW: StateMachine = {
  model: 'collective_logs',
  field: 'status',
  next: { [COLLECTIVE_STATUS.OPEN]: [COLLECTIVE_STATUS.FILLED, COLLECTIVE_STATUS.FAILED] },
}

/** collective_members.status: a seat is held by its unpaid order, paid with it or released when it is cancelled; a
 *  paid seat of a failed group is refunded, once. */
export const COLLECTIVE_SEAT = { HELD: 0, PAID: 1, RELEASED: 2, REFUNDED: 3 } as const
export const COLLECTIVE_SEAT_FLOW: StateMachine = {
  model: 'collective_members',
  field: 'status',
  next: { [COLLECTIVE_SEAT.HELD]: [COLLECTIVE_SEAT.PAID, COLLECTIVE_SEAT.RELEASED], [COLLECTIVE_SEAT.PAID]: [COLLECTIVE_SEAT.REFUNDED] },
}

export const STATE_MACHINES = [
  ORDER_FLOW, SETTLEMENT_FLOW, PAYMENT_FLOW, LATE_REFUND_FLOW, REFUND_VERIFY_FLOW, REFUND_STEP_FLOW, GOODS_REVIEW_FLOW, STORE_REVIEW_FLOW, CASH_FLOW, INTEGRAL_ORDER_FLOW,
  COUPON_LOG_FLOW, COLLECTIVE_FLOW, COLLECTIVE_SEAT_FLOW,
] as const
