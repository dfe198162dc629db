// Labels of the order lists (seller and admin), keyed like `FieldDecl.label`.
import type { Locale } from './messages.ts'

const zh = {
  'fields.order_no': '订单号',
  'fields.order_name': '商品',
  'fields.order_total': '订单金额',
  'fields.order_status': '订单状态',
  'fields.order_status_0': '已取消',
  'fields.order_status_1': '待付款',
  'fields.order_status_2': '待发货',
  'fields.order_status_3': '待收货',
  'fields.order_status_4': '待评价',
  'fields.order_status_6': '已完成',
  'fields.receive_name': '收件人',
  'fields.receive_tel': '收件人电话',
  'fields.delivery_no': '快递单号',
  'fields.pay_time': '付款时间',
  'fields.order_created_at': '下单时间',
  'fields.order_store_id': '店铺ID',
}

const en: Record<keyof typeof zh, string> = {
  'fields.order_no': 'Order number',
  'fields.order_name': 'Goods',
  'fields.order_total': 'Amount',
  'fields.order_status': 'Status',
  'fields.order_status_0': 'Cancelled',
  'fields.order_status_1': 'Awaiting payment',
  'fields.order_status_2': 'Awaiting shipment',
  'fields.order_status_3': 'Shipped',
  'fields.order_status_4': 'Awaiting review',
  'fields.order_status_6': 'Completed',
  'fields.receive_name': 'Receiver',
  'fields.receive_tel': 'Receiver phone',
  'fields.delivery_no': 'Tracking number',
  'fields.pay_time': 'Paid at',
  'fields.order_created_at': 'Placed at',
  'fields.order_store_id': 'Store id',
}

export const ORDER_FIELD_LABELS: Record<Locale, Record<string, string>> = { 'zh-cn': zh, en }
