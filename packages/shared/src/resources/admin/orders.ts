// Every store's orders for the platform (read, plus shipping and the receiver through the fulfilment routes).
import { defineResource } from '../../resource.ts'
import * as zx from '../../zx.ts'
import { ORDER_LIST_SORT, orderListFields } from '../seller/orders.ts'

export const orders = defineResource({
  name: 'orders',
  area: 'admin',
  actions: ['index'],
  sort: ORDER_LIST_SORT,
  buttons: { show: false, store: false, update: false, deletes: false, destroy: false, import: false },
  fields: {
    store_id: { label: 'fields.order_store_id', input: zx.id(), column: { type: 'text' }, filter: ['eq'], search: 'number' },
    ...orderListFields,
  },
})

export const resources = [orders]
