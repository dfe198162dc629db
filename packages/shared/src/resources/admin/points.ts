// The points mall's back office (platform-run): categories, goods and orders. Stock is never a column input: a goods'
// form carries a stock change (stock_delta) that the server applies through the inventory module. Orders are read
// here and shipped by their own route (PUT /Admin/integral_orders/{id}/ship). Labels: i18n/points-fields.ts.
import { z } from 'zod'
import { defineResource, type Dict } from '../../resource.ts'
import * as zx from '../../zx.ts'
import { INTEGRAL_ORDER_STATUS } from '../../states.ts'
import { GOODS_STATUS } from './catalog.ts'
import { YES_NO } from './rbac.ts'

const count = (max: number) => zx.int().pipe(z.number().min(0).max(max))
/** The points categories for selects (the public storefront list). */
const INTEGRAL_CLASSES: Dict = { url: '/integral/class', labelKey: 'name', valueKey: 'id' }
export const INTEGRAL_ORDER_STATES: Dict = [
  { label: 'fields.integral_status_awaiting', value: INTEGRAL_ORDER_STATUS.PAID },
  { label: 'fields.integral_status_shipped', value: INTEGRAL_ORDER_STATUS.SHIPPED },
  { label: 'fields.integral_status_cancelled', value: INTEGRAL_ORDER_STATUS.CANCELLED },
]
/** Most units one save may add to or take from a points goods' stock. */
export const MAX_STOCK_DELTA = 1_000_000

export const integralGoodsClasses = defineResource({
  name: 'integral_goods_classes',
  area: 'admin',
  fields: {
    name: { label: 'fields.name', input: zx.text(64, 1), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['like'], search: 'text' },
    created_at: { label: 'fields.created_at', column: { type: 'text' } },
  },
})

export const integralGoods = defineResource({
  name: 'integral_goods',
  area: 'admin',
  sort: '-id',
  fields: {
    goods_master_image: { label: 'fields.goods_master_image', input: zx.text(255), form: { type: 'image' }, column: { type: 'image', width: 80 } },
    goods_name: { label: 'fields.goods_name', input: zx.text(200, 1), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['like'], search: 'text' },
    goods_subname: { label: 'fields.goods_subname', input: zx.text(255), form: { type: 'text' }, column: false },
    cid: {
      label: 'fields.integral_class', input: zx.id(), required: true, form: { type: 'select', dict: INTEGRAL_CLASSES },
      column: { type: 'dict', dict: INTEGRAL_CLASSES }, filter: ['eq'], search: 'select',
    },
    goods_price: { label: 'fields.integral_price', input: count(100_000_000), required: true, form: { type: 'number' }, column: { type: 'text' } },
    goods_market_price: { label: 'fields.goods_market_price', input: zx.money({ min: 0, max: 9_999_999 }), form: { type: 'number' }, column: { type: 'money' } },
    goods_stock: { label: 'fields.goods_stock', column: { type: 'text' } },
    stock_delta: {
      label: 'fields.integral_stock_delta', virtual: true, formOnly: true, writeOnly: true, column: false,
      input: zx.int().pipe(z.number().min(-MAX_STOCK_DELTA).max(MAX_STOCK_DELTA)), form: { type: 'number' },
    },
    goods_sale: { label: 'fields.goods_sale', column: { type: 'text' } },
    goods_status: {
      label: 'fields.goods_status', input: zx.flag(), form: { type: 'radio', dict: GOODS_STATUS },
      column: { type: 'dict_tags', dict: GOODS_STATUS }, filter: ['eq'], search: 'select',
    },
    is_recommend: { label: 'fields.integral_is_recommend', input: zx.flag(), form: { type: 'switch' }, column: { type: 'dict', dict: YES_NO } },
    goods_content: { label: 'fields.goods_content', input: zx.richText(), form: { type: 'editor', span: 24 }, column: false },
    created_at: { label: 'fields.created_at', column: { type: 'text' } },
  },
})

export const integralOrders = defineResource({
  name: 'integral_orders',
  area: 'admin',
  actions: ['index', 'show'],
  sort: '-id',
  buttons: { store: false, update: false, deletes: false, destroy: false, import: false },
  fields: {
    order_no: { label: 'fields.order_no', column: { type: 'text' }, filter: ['eq', 'like'], filterAs: 'string', search: 'text' },
    order_image: { label: 'fields.goods_master_image', column: { type: 'image', width: 60 } },
    order_name: { label: 'fields.integral_order_name', column: { type: 'text' } },
    user_id: { label: 'fields.integral_user', column: { type: 'text' }, filter: ['eq'], filterAs: 'int' },
    total_price: { label: 'fields.integral_order_price', column: { type: 'text' } },
    order_status: {
      label: 'fields.integral_order_status', column: { type: 'dict_tags', dict: INTEGRAL_ORDER_STATES }, filter: ['eq'], filterAs: 'int', search: 'select',
    },
    receive_name: { label: 'fields.receive_name', column: { type: 'text' } },
    receive_tel: { label: 'fields.receive_tel', column: false },
    receive_area: { label: 'fields.integral_receive_area', column: false },
    receive_address: { label: 'fields.integral_receive_address', column: false },
    delivery_code: { label: 'fields.integral_delivery_code', column: { type: 'text' } },
    delivery_no: { label: 'fields.delivery_no', column: { type: 'text' } },
    created_at: { label: 'fields.order_created_at', column: { type: 'text' } },
  },
})

export const resources = [integralGoodsClasses, integralGoods, integralOrders]
