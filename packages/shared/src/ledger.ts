// The ledger's vocabulary (money_logs): whose account, which balance, why it changed and what caused it. Reasons are
// qwshop's labels; money_logs.ename holds the reason and money_logs.name its Chinese label, and
// `ledger.<reason>` translates it.

/** money_logs.is_belong */
export const LEDGER_OWNER = { user: 0, store: 1 } as const
export type LedgerOwnerKind = keyof typeof LEDGER_OWNER

/** money_logs.is_type: balance, frozen funds, points (stores have no points). */
export const LEDGER_ACCOUNT = { money: 0, frozen: 1, points: 2 } as const
export type LedgerAccount = keyof typeof LEDGER_ACCOUNT

export const LEDGER_REASONS = [
  'order_pay', 'recharge', 'refund', 'commission', 'settlement', 'withdraw', 'withdraw_paid', 'withdraw_refused',
  'store_withdraw', 'withdraw_cancelled', 'points_order', 'system', 'distribution',
  'order_points', 'refund_points', 'register', 'sign_in',
  // promotions
  'platform_coupon',
] as const
export type LedgerReason = (typeof LEDGER_REASONS)[number]

/** money_logs.source_type: the kind of row that caused the change (source_id is its id). */
export const LEDGER_SOURCES = ['order', 'order_pay', 'refund', 'settlement', 'cash', 'distribution', 'integral_order', 'admin', 'seed', 'sign_in', 'user'] as const
export type LedgerSource = (typeof LEDGER_SOURCES)[number]
