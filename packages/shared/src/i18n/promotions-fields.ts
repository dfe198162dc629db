// Labels of the promotions resources (coupons, coupon logs, full reductions), keyed like `FieldDecl.label`.
import type { Locale } from './messages.ts'

const zh = {
  'fields.coupon_name': '优惠券名称',
  'fields.coupon_money': '面额',
  'fields.coupon_use_money': '使用门槛',
  'fields.coupon_stock': '剩余数量',
  'fields.coupon_limit_num': '每人限领（0 不限）',
  'fields.coupon_valid_days': '领取后有效天数（0 至结束时间）',
  'fields.coupon_goods_ids': '适用商品 ID（空为全部）',
  'fields.coupon_id': '优惠券 ID',
  'fields.coupon_unused': '未使用',
  'fields.coupon_used': '已使用',
  'fields.user_id': '用户 ID',
  'fields.order_id': '订单 ID',
  'fields.start_time': '开始时间',
  'fields.end_time': '结束时间',
  'fields.full_reduction_name': '满减名称',
  'fields.full_reduction_money': '减免金额',
  'fields.full_reduction_use_money': '满足金额',
}

const en: Record<keyof typeof zh, string> = {
  'fields.coupon_name': 'Coupon name',
  'fields.coupon_money': 'Face value',
  'fields.coupon_use_money': 'Minimum spend',
  'fields.coupon_stock': 'Left to issue',
  'fields.coupon_limit_num': 'Per shopper (0 = no limit)',
  'fields.coupon_valid_days': 'Valid days after receipt (0 = until the end time)',
  'fields.coupon_goods_ids': 'Goods ids (empty = all)',
  'fields.coupon_id': 'Coupon id',
  'fields.coupon_unused': 'Unused',
  'fields.coupon_used': 'Used',
  'fields.user_id': 'User id',
  'fields.order_id': 'Order id',
  'fields.start_time': 'Start time',
  'fields.end_time': 'End time',
  'fields.full_reduction_name': 'Name',
  'fields.full_reduction_money': 'Amount off',
  'fields.full_reduction_use_money': 'Spend at least',
}

export const PROMOTIONS_FIELD_LABELS: Record<Locale, Record<string, string>> = { 'zh-cn': zh, en }
