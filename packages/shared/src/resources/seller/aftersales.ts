// After-sales requests of the store (read-only lists: decisions have their own routes). /Seller/refunds lists refunds
// (refund_type 0), /Seller/refunds/return returns (refund_type 1) through the refund_type filter.
import { defineResource, type FieldDecl } from '../../resource.ts'

export const REFUND_TYPES = [
  { label: 'fields.refund_type_money', value: 0 },
  { label: 'fields.refund_type_goods', value: 1 },
]
export const REFUND_VERIFIES = [
  { label: 'fields.refund_verify_pending', value: 0 },
  { label: 'fields.refund_verify_agreed', value: 1 },
  { label: 'fields.refund_verify_refused', value: 2 },
  { label: 'fields.refund_verify_arbitrating', value: 3 },
  { label: 'fields.refund_verify_closed', value: 4 },
]
export const REFUND_STEPS = [
  { label: 'fields.refund_step_await_buyer', value: 0 },
  { label: 'fields.refund_step_await_seller', value: 1 },
  { label: 'fields.refund_step_refunding', value: 2 },
  { label: 'fields.refund_step_done', value: 3 },
]

/** The columns both back offices list. */
export const refundFields = {
  refund_no: { label: 'fields.refund_no', column: { type: 'text' }, filter: ['eq'], filterAs: 'string', search: 'text' },
  order_id: { label: 'fields.refund_order_id', column: false, filter: ['eq'], filterAs: 'int' },
  refund_type: { label: 'fields.refund_type', column: { type: 'dict_tags', dict: REFUND_TYPES }, filter: ['eq'], filterAs: 'int', search: 'select', form: { type: 'select', dict: REFUND_TYPES } },
  refund_verify: {
    label: 'fields.refund_verify', column: { type: 'dict_tags', dict: REFUND_VERIFIES }, filter: ['eq'], filterAs: 'int', search: 'select', form: { type: 'select', dict: REFUND_VERIFIES },
  },
  refund_step: { label: 'fields.refund_step', column: { type: 'dict', dict: REFUND_STEPS } },
  refund_money: { label: 'fields.refund_money', column: { type: 'money' } },
  agree_deadline: { label: 'fields.agree_deadline', column: { type: 'text' } },
  created_at: { label: 'fields.created_at', column: { type: 'text' }, sortable: true },
} satisfies Record<string, FieldDecl>

export const refunds = defineResource({
  name: 'refunds',
  area: 'seller',
  actions: ['index', 'show'],
  buttons: { store: false, update: false, deletes: false, import: false },
  sort: '-created_at',
  fields: refundFields,
})

export const resources = [refunds]
