// The store's withdrawals (a custom page asks for and cancels them), its goods' referral rates, and the referral
// commissions paid from its settlements. Labels: i18n/money-out-fields.ts.
import * as zx from '../../zx.ts'
import { CASH_STATUS, DISTRIBUTION_STATUS } from '../../states.ts'
import { defineResource, type Dict, type FieldDecl } from '../../resource.ts'
import { COMMISSION_COLUMN_WIDTH, READ_ONLY_BUTTONS } from './settlement.ts'

export const CASH_STATUS_DICT: Dict = [
  { label: 'fields.cash_status_pending', value: CASH_STATUS.PENDING },
  { label: 'fields.cash_status_paid', value: CASH_STATUS.PAID },
  { label: 'fields.cash_status_refused', value: CASH_STATUS.REFUSED },
  { label: 'fields.cash_status_cancelled', value: CASH_STATUS.CANCELLED },
]
export const DISTRIBUTION_STATUS_DICT: Dict = [
  { label: 'fields.distribution_status_pending', value: DISTRIBUTION_STATUS.PENDING },
  { label: 'fields.distribution_status_paid', value: DISTRIBUTION_STATUS.PAID },
  { label: 'fields.distribution_status_cancelled', value: DISTRIBUTION_STATUS.CANCELLED },
]
const money = (label: string): FieldDecl => ({ label, column: { type: 'money' } })
const createdAt = (label = 'fields.created_at'): FieldDecl => ({ label, column: { type: 'text' }, filter: ['between', 'gte', 'lte'], search: 'daterange', sortable: true })

/** A withdrawal: net paid out, the fee, the payee, its status. */
export const cashFields = {
  money: money('fields.cash_money'),
  commission: money('fields.cash_commission'),
  cash_status: {
    label: 'fields.cash_status', column: { type: 'dict_tags', dict: CASH_STATUS_DICT }, filter: ['eq'], filterAs: 'int', search: 'select',
    form: { type: 'select', dict: CASH_STATUS_DICT },
  },
  name: { label: 'fields.cash_name', column: { type: 'text' } },
  bank_name: { label: 'fields.cash_bank_name', column: { type: 'text' } },
  card_no: { label: 'fields.cash_card_no', column: { type: 'text' } },
  refuse_info: { label: 'fields.cash_refuse_info', column: { type: 'text' } },
  remark: { label: 'fields.cash_remark', column: { type: 'text' } },
  created_at: createdAt(),
} satisfies Record<string, FieldDecl>

export const sellerCashes = defineResource({
  name: 'cashes',
  area: 'seller',
  actions: ['index', 'show'],
  buttons: READ_ONLY_BUTTONS,
  fields: cashFields,
})

/** A rate: percent with two decimals, 0–100 (the platform's limit on the three together is checked by the server). */
const rate = (label: string): FieldDecl => ({ label, input: zx.money({ min: 0, max: 100 }), required: true, form: { type: 'number' }, column: { type: 'text' } })

export const sellerDistributions = defineResource({
  name: 'distributions',
  area: 'seller',
  fields: {
    goods_id: {
      label: 'fields.distribution_goods_id', input: zx.id(), required: true, form: { type: 'number' }, column: { type: 'text' },
      filter: ['eq'], filterAs: 'int', search: 'text',
    },
    goods_name: { label: 'fields.distribution_goods_name', virtual: true, column: { type: 'text' } },
    lev_1: rate('fields.distribution_lev_1'),
    lev_2: rate('fields.distribution_lev_2'),
    lev_3: rate('fields.distribution_lev_3'),
    created_at: { label: 'fields.created_at', column: { type: 'text' } },
  },
})

/** A referral commission paid (or cancelled) by an order's settlement. */
export const distributionLogFields = {
  name: { label: 'fields.distribution_level', column: { type: 'text' } },
  user_id: { label: 'fields.distribution_user_id', column: { type: 'text' }, filter: ['eq'], filterAs: 'int', search: 'text' },
  order_id: { label: 'fields.settlement_order_id', column: { type: 'text' }, filter: ['eq'], filterAs: 'int', search: 'text' },
  money: money('fields.distribution_base'),
  lev: { label: 'fields.distribution_rate', column: { type: 'text' } },
  commission: { label: 'fields.distribution_commission', column: { type: 'money', width: COMMISSION_COLUMN_WIDTH } },
  status: {
    label: 'fields.distribution_status', column: { type: 'dict_tags', dict: DISTRIBUTION_STATUS_DICT }, filter: ['eq'], filterAs: 'int', search: 'select',
    form: { type: 'select', dict: DISTRIBUTION_STATUS_DICT },
  },
  created_at: { label: 'fields.created_at', column: { type: 'text' } },
} satisfies Record<string, FieldDecl>

export const sellerDistributionLogs = defineResource({
  name: 'distribution_logs',
  area: 'seller',
  actions: ['index', 'show'],
  buttons: READ_ONLY_BUTTONS,
  fields: distributionLogFields,
})

export const resources = [sellerCashes, sellerDistributions, sellerDistributionLogs]
