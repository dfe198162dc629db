// Labels of the points rules form and the points mall's back-office lists, keyed like `FieldDecl.label`.
import type { Locale } from './messages.ts'

const zh = {
  'fields.integral_per_yuan': '每消费 1 元赠送积分',
  'fields.integral_register': '注册赠送积分',
  'fields.integral_sign_in': '每日签到积分',
  'fields.integral_sign_in_streak_bonus': '连续签到每天额外积分（最多计 7 天）',
  'fields.integral_class': '积分商品分类',
  'fields.integral_price': '兑换积分',
  'fields.integral_stock_delta': '库存增减（正数补货，负数减少）',
  'fields.integral_is_recommend': '首页推荐',
  'fields.integral_order_name': '兑换商品',
  'fields.integral_order_price': '消耗积分',
  'fields.integral_order_status': '订单状态',
  'fields.integral_status_awaiting': '待发货',
  'fields.integral_status_shipped': '已发货',
  'fields.integral_status_cancelled': '已取消',
  'fields.integral_user': '买家',
  'fields.integral_delivery_code': '快递公司',
  'fields.integral_receive_area': '收货地区',
  'fields.integral_receive_address': '详细地址',
}

const en: Record<keyof typeof zh, string> = {
  'fields.integral_per_yuan': 'Points per yuan paid',
  'fields.integral_register': 'Points on registration',
  'fields.integral_sign_in': 'Points per daily sign-in',
  'fields.integral_sign_in_streak_bonus': 'Extra points per streak day (up to 7 days)',
  'fields.integral_class': 'Points category',
  'fields.integral_price': 'Points price',
  'fields.integral_stock_delta': 'Stock change (positive adds, negative takes)',
  'fields.integral_is_recommend': 'Featured on the mall home',
  'fields.integral_order_name': 'Goods redeemed',
  'fields.integral_order_price': 'Points spent',
  'fields.integral_order_status': 'Status',
  'fields.integral_status_awaiting': 'Awaiting shipment',
  'fields.integral_status_shipped': 'Shipped',
  'fields.integral_status_cancelled': 'Cancelled',
  'fields.integral_user': 'Buyer',
  'fields.integral_delivery_code': 'Carrier',
  'fields.integral_receive_area': 'Delivery area',
  'fields.integral_receive_address': 'Street address',
}

/** The web merges these into its translations (web/src/resource/fieldLabels.ts). */
export const POINTS_FIELD_LABELS: Record<Locale, Record<string, string>> = { 'zh-cn': zh, en }
