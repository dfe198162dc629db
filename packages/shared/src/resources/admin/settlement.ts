// Settlements of every store (with the manual "settle now", a custom route), every ledger row (shoppers' and stores'),
// and the payments. Read-only lists. Labels: i18n/settlement-fields.ts.
import { LEDGER_ACCOUNT_DICT, READ_ONLY_BUTTONS, SETTLEMENT_SORT, ledgerFields, settlementFields } from '../seller/settlement.ts'
import { LEDGER_OWNER } from '../../ledger.ts'
import { PAYMENT_NAMES } from '../../schemas/orderQueries.ts'
import { LATE_REFUND, PAY_STATUS } from '../../states.ts'
import { defineResource, type Dict } from '../../resource.ts'

const STORES_DICT: Dict = { url: '/Admin/stores?isAll=1', labelKey: 'store_name', valueKey: 'id' }
const OWNER_DICT: Dict = [
  { label: 'fields.ledger_owner_user', value: LEDGER_OWNER.user },
  { label: 'fields.ledger_owner_store', value: LEDGER_OWNER.store },
]
const PAYMENT_DICT: Dict = PAYMENT_NAMES.map((name) => ({ label: `fields.payment_${name}`, value: name }))
const PAY_STATUS_DICT: Dict = [
  { label: 'fields.pay_status_unpaid', value: PAY_STATUS.UNPAID },
  { label: 'fields.pay_status_paid', value: PAY_STATUS.PAID },
  { label: 'fields.pay_status_closed', value: PAY_STATUS.CLOSED },
]
/** A gateway payment that arrived for orders no longer payable, going back in full (modules/orders/lateRefund.ts). */
const LATE_REFUND_DICT: Dict = [
  { label: 'fields.late_refund_none', value: LATE_REFUND.NONE },
  { label: 'fields.late_refund_refunding', value: LATE_REFUND.REFUNDING },
  { label: 'fields.late_refund_refunded', value: LATE_REFUND.REFUNDED },
]
const PAY_KIND_DICT: Dict = [
  { label: 'fields.pay_kind_order', value: 0 },
  { label: 'fields.pay_kind_recharge', value: 1 },
]

export const adminSettlements = defineResource({
  name: 'order_settlements',
  area: 'admin',
  actions: ['index', 'show'],
  sort: SETTLEMENT_SORT,
  buttons: READ_ONLY_BUTTONS,
  fields: {
    store_id: { label: 'fields.store', column: { type: 'dict', dict: STORES_DICT }, filter: ['eq'], filterAs: 'int', search: 'select', form: { type: 'select', dict: STORES_DICT } },
    user_id: { label: 'fields.buyer_id', column: false, filter: ['eq'], filterAs: 'int' },
    ...settlementFields,
  },
})

/** Every account's changes: filter by owner kind and id, fund, reason and date. */
export const adminMoneyLogs = defineResource({
  name: 'money_logs',
  area: 'admin',
  actions: ['index', 'show'],
  buttons: READ_ONLY_BUTTONS,
  fields: {
    is_belong: { label: 'fields.ledger_owner', column: { type: 'dict_tags', dict: OWNER_DICT }, filter: ['eq'], filterAs: 'int', search: 'select', form: { type: 'select', dict: OWNER_DICT } },
    user_id: { label: 'fields.ledger_owner_id', column: { type: 'text' }, filter: ['eq'], filterAs: 'int', search: 'text' },
    ...ledgerFields,
    is_type: { ...ledgerFields.is_type, filter: ['eq'], filterAs: 'int', search: 'select', form: { type: 'select', dict: LEDGER_ACCOUNT_DICT } },
  },
})

/** Payments (order_pays): the payments dashboard's list. */
export const orderPays = defineResource({
  name: 'order_pays',
  area: 'admin',
  actions: ['index', 'show'],
  buttons: READ_ONLY_BUTTONS,
  fields: {
    pay_no: { label: 'fields.pay_no', column: { type: 'text' }, filter: ['eq', 'like'], filterAs: 'string', search: 'text' },
    trade_no: { label: 'fields.trade_no', column: { type: 'text' }, filter: ['eq'], filterAs: 'string', search: 'text' },
    payment_name: { label: 'fields.payment_name', column: { type: 'dict', dict: PAYMENT_DICT }, filter: ['eq'], filterAs: 'string', search: 'select', form: { type: 'select', dict: PAYMENT_DICT } },
    pay_status: { label: 'fields.pay_status', column: { type: 'dict_tags', dict: PAY_STATUS_DICT }, filter: ['eq'], filterAs: 'int', search: 'select', form: { type: 'select', dict: PAY_STATUS_DICT } },
    is_recharge: { label: 'fields.pay_kind', column: { type: 'dict', dict: PAY_KIND_DICT } },
    total: { label: 'fields.pay_total', column: { type: 'money' } },
    balance: { label: 'fields.pay_balance', column: { type: 'money' } },
    belong_id: { label: 'fields.pay_user_id', column: { type: 'text' }, filter: ['eq'], filterAs: 'int' },
    device: { label: 'fields.pay_device', column: false },
    late_refund_status: {
      label: 'fields.late_refund_status', column: { type: 'dict_tags', dict: LATE_REFUND_DICT }, filter: ['eq'], filterAs: 'int', search: 'select',
      form: { type: 'select', dict: LATE_REFUND_DICT },
    },
    late_refund_no: { label: 'fields.late_refund_no', column: false },
    pay_time: { label: 'fields.pay_time', column: { type: 'text' } },
    created_at: { label: 'fields.created_at', column: { type: 'text' }, filter: ['between', 'gte', 'lte'], search: 'daterange', sortable: true },
  },
})

export const resources = [adminSettlements, adminMoneyLogs, orderPays]
