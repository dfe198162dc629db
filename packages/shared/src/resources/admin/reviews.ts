// Every store's reviews (/Admin/order_comments): listed, viewed, replied to (PUT {reply}) and deleted.
import { defineResource } from '../../resource.ts'
import { reviewFields } from '../reviewFields.ts'

export const orderComments = defineResource({
  name: 'order_comments',
  area: 'admin',
  actions: ['index', 'show', 'update', 'destroy'],
  buttons: { store: false, update: false, import: false },
  fields: {
    store_name: { label: 'fields.store_name', virtual: true, column: { type: 'text' } },
    store_id: { label: 'fields.store_id', column: false, filter: ['eq'], filterAs: 'int', search: 'number' },
    ...reviewFields,
  },
})

export const resources = [orderComments]
