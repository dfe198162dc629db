// Group buys, declared once for the seller's store (resources/seller) and the admin's list of every store's
// (resources/admin): the definition per goods, and the groups shoppers opened on it (read only).
import { z } from 'zod'
import { defineResource, type DictOption, type FieldDecl } from '../../resource.ts'
import { COLLECTIVE_STATUS } from '../../states.ts'
import * as zx from '../../zx.ts'

const COLLECTIVE_FIELDS = {
  goods_id: {
    label: 'fields.goods_id', input: zx.id(), required: true, form: { type: 'number' }, column: { type: 'text' }, filter: ['eq'], filterAs: 'int', search: 'text',
  },
  goods_name: { label: 'fields.collective_goods', virtual: true, column: { type: 'text' } },
  discount: { label: 'fields.collective_discount', input: zx.money({ min: 0, max: 100 }), required: true, form: { type: 'number' }, column: { type: 'text' } },
  need: { label: 'fields.collective_need', input: zx.int().pipe(z.number().min(2).max(100)), required: true, form: { type: 'number' }, column: { type: 'text' } },
  expire_minutes: {
    label: 'fields.collective_expire_minutes', input: zx.int().pipe(z.number().min(5).max(43_200)), required: true, form: { type: 'number' }, column: { type: 'text' },
  },
  created_at: { label: 'fields.created_at', column: { type: 'text' }, filter: ['gte', 'lte', 'between'], sortable: true },
} satisfies Record<string, FieldDecl>

export const sellerCollectives = defineResource({ name: 'collectives', area: 'seller', fields: COLLECTIVE_FIELDS, sort: '-id' })
export const adminCollectives = defineResource({
  name: 'collectives',
  area: 'admin',
  actions: ['index', 'show'],
  buttons: { store: false, update: false, deletes: false, import: false },
  fields: { store_id: { label: 'fields.store_id', column: { type: 'text' }, filter: ['eq'], filterAs: 'int' }, ...COLLECTIVE_FIELDS },
  sort: '-id',
})

export const COLLECTIVE_STATUS_DICT: DictOption[] = [
  { label: 'fields.collective_open', value: COLLECTIVE_STATUS.OPEN },
  { label: 'fields.collective_filled', value: COLLECTIVE_STATUS.FILLED },
  { label: 'fields.collective_failed', value: COLLECTIVE_STATUS.FAILED },
]

/** The groups opened on the store's group buys. */
export const sellerCollectiveLogs = defineResource({
  name: 'collective_logs',
  area: 'seller',
  actions: ['index', 'show'],
  buttons: { store: false, update: false, deletes: false, import: false },
  sort: '-id',
  fields: {
    collective_id: { label: 'fields.collective_id', column: { type: 'text' }, filter: ['eq'], filterAs: 'int' },
    goods_id: { label: 'fields.goods_id', column: { type: 'text' }, filter: ['eq'], filterAs: 'int' },
    user_id: { label: 'fields.collective_opener', column: { type: 'text' }, filter: ['eq'], filterAs: 'int' },
    need: { label: 'fields.collective_need', column: { type: 'text' } },
    join_num: { label: 'fields.collective_join_num', column: { type: 'text' } },
    paid_num: { label: 'fields.collective_paid_num', column: { type: 'text' } },
    status: { label: 'fields.status', column: { type: 'dict_tags', dict: COLLECTIVE_STATUS_DICT }, filter: ['eq'], filterAs: 'int', search: 'select', form: { type: 'select', dict: COLLECTIVE_STATUS_DICT } },
    expire_at: { label: 'fields.collective_expire_at', column: { type: 'text' }, filter: ['gte', 'lte', 'between'], sortable: true },
    created_at: { label: 'fields.created_at', column: { type: 'text' }, filter: ['gte', 'lte', 'between'], sortable: true },
  },
})

export const resources = [sellerCollectives, sellerCollectiveLogs]
