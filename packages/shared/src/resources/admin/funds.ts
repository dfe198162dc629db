// Every withdrawal (reviewed on a custom page), the audit log of the admins' manual adjustments (read-only: no route
// edits it), and every referral commission. Labels: i18n/money-out-fields.ts.
import { LEDGER_ACCOUNT_DICT, READ_ONLY_BUTTONS } from '../seller/settlement.ts'
import { cashFields, distributionLogFields } from '../seller/funds.ts'
import { LEDGER_OWNER } from '../../ledger.ts'
import { defineResource, type Dict } from '../../resource.ts'

const OWNER_DICT: Dict = [
  { label: 'fields.ledger_owner_user', value: LEDGER_OWNER.user },
  { label: 'fields.ledger_owner_store', value: LEDGER_OWNER.store },
]

export const adminCashes = defineResource({
  name: 'cashes',
  area: 'admin',
  actions: ['index', 'show'],
  buttons: READ_ONLY_BUTTONS,
  fields: {
    user_id: { label: 'fields.cash_user_id', column: { type: 'text' }, filter: ['eq'], filterAs: 'int', search: 'text' },
    store_id: { label: 'fields.cash_store_id', column: { type: 'text' }, filter: ['eq'], filterAs: 'int', search: 'text' },
    ...cashFields,
  },
})

export const adminMoneyAdjustments = defineResource({
  name: 'money_adjustments',
  area: 'admin',
  actions: ['index', 'show'],
  buttons: READ_ONLY_BUTTONS,
  fields: {
    admin_id: { label: 'fields.adjust_admin_id', column: { type: 'text' }, filter: ['eq'], filterAs: 'int', search: 'text' },
    is_belong: { label: 'fields.ledger_owner', column: { type: 'dict', dict: OWNER_DICT } },
    user_id: { label: 'fields.ledger_owner_id', column: { type: 'text' }, filter: ['eq'], filterAs: 'int', search: 'text' },
    is_type: { label: 'fields.ledger_account', column: { type: 'dict', dict: LEDGER_ACCOUNT_DICT } },
    money: { label: 'fields.ledger_amount', column: { type: 'text' } },
    remark: { label: 'fields.adjust_remark', column: { type: 'text' } },
    money_log_id: { label: 'fields.adjust_money_log_id', column: { type: 'text' } },
    created_at: { label: 'fields.created_at', column: { type: 'text' }, filter: ['between', 'gte', 'lte'], search: 'daterange', sortable: true },
  },
})

export const adminDistributionLogs = defineResource({
  name: 'distribution_logs',
  area: 'admin',
  actions: ['index', 'show'],
  buttons: READ_ONLY_BUTTONS,
  fields: {
    store_id: { label: 'fields.cash_store_id', column: { type: 'text' }, filter: ['eq'], filterAs: 'int', search: 'text' },
    ...distributionLogFields,
    created_at: { label: 'fields.created_at', column: { type: 'text' }, filter: ['between', 'gte', 'lte'], search: 'daterange', sortable: true },
  },
})

export const resources = [adminCashes, adminMoneyAdjustments, adminDistributionLogs]
