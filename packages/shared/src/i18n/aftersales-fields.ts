// Labels of the after-sales resources (refunds), keyed like `FieldDecl.label`.
import type { Locale } from './messages.ts'

const zh = {
  'fields.refund_no': '售后单号',
  'fields.refund_order_id': '订单ID',
  'fields.refund_type': '售后类型',
  'fields.refund_type_money': '仅退款',
  'fields.refund_type_goods': '退货退款',
  'fields.refund_verify': '售后状态',
  'fields.refund_verify_pending': '等待审核',
  'fields.refund_verify_agreed': '已同意',
  'fields.refund_verify_refused': '已拒绝',
  'fields.refund_verify_arbitrating': '平台仲裁中',
  'fields.refund_verify_closed': '已关闭',
  'fields.refund_step': '售后进度',
  'fields.refund_step_await_buyer': '等待用户发货',
  'fields.refund_step_await_seller': '等待商家确认',
  'fields.refund_step_refunding': '退款处理中',
  'fields.refund_step_done': '售后处理完成',
  'fields.refund_money': '退款金额',
  'fields.agree_deadline': '自动同意时间',
}

const en: Record<keyof typeof zh, string> = {
  'fields.refund_no': 'Request no.',
  'fields.refund_order_id': 'Order id',
  'fields.refund_type': 'Type',
  'fields.refund_type_money': 'Refund only',
  'fields.refund_type_goods': 'Return and refund',
  'fields.refund_verify': 'State',
  'fields.refund_verify_pending': 'Awaiting review',
  'fields.refund_verify_agreed': 'Agreed',
  'fields.refund_verify_refused': 'Refused',
  'fields.refund_verify_arbitrating': 'In platform arbitration',
  'fields.refund_verify_closed': 'Closed',
  'fields.refund_step': 'Progress',
  'fields.refund_step_await_buyer': 'Waiting for the buyer to ship',
  'fields.refund_step_await_seller': 'Waiting for the seller to confirm',
  'fields.refund_step_refunding': 'Refund in progress',
  'fields.refund_step_done': 'After-sales completed',
  'fields.refund_money': 'Refund amount',
  'fields.agree_deadline': 'Agreed automatically at',
}

export const AFTERSALES_FIELD_LABELS: Record<Locale, Record<string, string>> = { 'zh-cn': zh, en }
