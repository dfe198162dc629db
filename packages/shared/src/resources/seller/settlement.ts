// The store's settlements and money log (read-only lists): what each settled order brought the store, and every
// change of the store's money. Labels: i18n/settlement-fields.ts (reasons: the ledger's own `ledger.<reason>`).
import { LEDGER_ACCOUNT, LEDGER_REASONS } from '../../ledger.ts'
import { defineResource, type Dict, type FieldDecl } from '../../resource.ts'

export const LEDGER_REASON_DICT: Dict = LEDGER_REASONS.map((r) => ({ label: `ledger.${r}`, value: r }))
export const LEDGER_ACCOUNT_DICT: Dict = [
  { label: 'fields.ledger_account_money', value: LEDGER_ACCOUNT.money },
  { label: 'fields.ledger_account_frozen', value: LEDGER_ACCOUNT.frozen },
  { label: 'fields.ledger_account_points', value: LEDGER_ACCOUNT.points },
]
const READ_ONLY = { store: false, update: false, deletes: false, destroy: false, import: false } as const
export const READ_ONLY_BUTTONS = READ_ONLY

const money = (label: string, width?: number): FieldDecl => ({ label, column: { type: 'money', ...(width ? { width } : {}) } })
/** A money column whose header has a word as long as "commissions": wider than the default for money. */
export const COMMISSION_COLUMN_WIDTH = 130
const createdAt = (label: string): FieldDecl => ({ label, column: { type: 'text' }, filter: ['between', 'gte', 'lte'], search: 'daterange', sortable: true })

/** The breakdown of one settled order: paid − refunded = commission + paid to the store. */
export const settlementFields = {
  order_id: { label: 'fields.settlement_order_id', column: { type: 'text' }, filter: ['eq'], filterAs: 'int', search: 'text' },
  order_no: { label: 'fields.settlement_order_no', virtual: true, column: { type: 'text' } },
  settlement_no: { label: 'fields.settlement_no', column: { type: 'text' }, filter: ['eq'], filterAs: 'string', search: 'text' },
  total_price: money('fields.settlement_total'),
  refund_money: money('fields.settlement_refund'),
  commission_money: money('fields.settlement_commission', COMMISSION_COLUMN_WIDTH),
  distribution_money: money('fields.settlement_distribution', COMMISSION_COLUMN_WIDTH),
  settlement_price: money('fields.settlement_price'),
  created_at: createdAt('fields.settled_at'),
} satisfies Record<string, FieldDecl>

/** One change of an account: reason, signed amount, the balance after it. */
export const ledgerFields = {
  ename: { label: 'fields.ledger_reason', column: { type: 'dict', dict: LEDGER_REASON_DICT }, filter: ['eq'], filterAs: 'string', search: 'select', form: { type: 'select', dict: LEDGER_REASON_DICT } },
  is_type: { label: 'fields.ledger_account', column: { type: 'dict', dict: LEDGER_ACCOUNT_DICT } },
  money: money('fields.ledger_amount'),
  after_money: money('fields.ledger_after'),
  info: { label: 'fields.ledger_info', column: { type: 'text' } },
  created_at: createdAt('fields.created_at'),
} satisfies Record<string, FieldDecl>

/** Newest first by the time settled: the store's page is read off its (store_id, created_at) index, not sorted. */
export const SETTLEMENT_SORT = '-created_at'

export const sellerSettlements = defineResource({
  name: 'order_settlements',
  area: 'seller',
  actions: ['index', 'show'],
  sort: SETTLEMENT_SORT,
  buttons: READ_ONLY,
  fields: settlementFields,
})

/** The store's ledger (money_logs with is_belong = 1 and user_id = the store). */
export const sellerMoneyLogs = defineResource({
  name: 'money_logs',
  area: 'seller',
  actions: ['index', 'show'],
  buttons: READ_ONLY,
  fields: ledgerFields,
})

export const resources = [sellerSettlements, sellerMoneyLogs]
