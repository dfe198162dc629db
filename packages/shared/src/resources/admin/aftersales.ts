// Every store's after-sales requests (read-only lists; arbitration has its own route). /Admin/refunds and
// /Admin/refunds/return filter by refund_type like the seller's pages.
import { defineResource } from '../../resource.ts'
import { refundFields } from '../seller/aftersales.ts'

export const refunds = defineResource({
  name: 'refunds',
  area: 'admin',
  actions: ['index', 'show'],
  buttons: { store: false, update: false, deletes: false, import: false },
  sort: '-created_at',
  fields: {
    ...refundFields,
    store_id: { label: 'fields.store', column: false, filter: ['eq'], filterAs: 'int' },
  },
})

export const resources = [refunds]
