// The store's orders (read only: shipping and the receiver have routes of their own in the fulfilment module).
// The status tabs of the page filter order_status; /Seller/orders/wait is the tab "awaiting shipment" (status 2).
import { z } from 'zod'
import { defineResource, type DictOption, type FieldDecl } from '../../resource.ts'
import * as zx from '../../zx.ts'

export const ORDER_STATUS_DICT: DictOption[] = [
  { label: 'fields.order_status_0', value: 0 },
  { label: 'fields.order_status_1', value: 1 },
  { label: 'fields.order_status_2', value: 2 },
  { label: 'fields.order_status_3', value: 3 },
  { label: 'fields.order_status_4', value: 4 },
  { label: 'fields.order_status_6', value: 6 },
]

/** Newest first by the time placed: the orders' indexes that lead with the store or the status end with created_at (and
 *  the id), so a page of a store's or a status's orders is read off the index; by id it was every such order sorted
 *  (bench/lists.ts, docs/scaling.md). */
export const ORDER_LIST_SORT = '-created_at'

/** The fields both the seller's and the admin's order lists show. */
export const orderListFields = {
  order_no: { label: 'fields.order_no', input: zx.text(32), column: { type: 'text' }, filter: ['eq'], search: 'text' },
  order_name: { label: 'fields.order_name', column: { type: 'text' } },
  total_price: { label: 'fields.order_total', column: { type: 'money' } },
  order_status: { label: 'fields.order_status', input: zx.int().pipe(z.number().min(0).max(6)), column: { type: 'dict_tags', dict: ORDER_STATUS_DICT }, filter: ['eq', 'in'] },
  receive_name: { label: 'fields.receive_name', input: zx.text(64), column: { type: 'text' }, filter: ['like'], search: 'text' },
  receive_tel: { label: 'fields.receive_tel', input: zx.text(20), column: { type: 'text' }, filter: ['like'], search: 'text' },
  delivery_no: { label: 'fields.delivery_no', column: { type: 'text' } },
  pay_time: { label: 'fields.pay_time', column: { type: 'text' } },
  created_at: { label: 'fields.order_created_at', column: { type: 'text' }, filter: ['between'], search: 'daterange', sortable: true },
} satisfies Record<string, FieldDecl>

export const orders = defineResource({
  name: 'orders',
  area: 'seller',
  actions: ['index'],
  sort: ORDER_LIST_SORT,
  buttons: { show: false, store: false, update: false, deletes: false, destroy: false, import: false },
  fields: orderListFields,
})

export const resources = [orders]
