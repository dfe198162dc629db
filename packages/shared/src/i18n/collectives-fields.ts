// Labels of the group-buy resources (group buys, opened groups), keyed like `FieldDecl.label`.
import type { Locale } from './messages.ts'

const zh = {
  'fields.collective_goods': '拼团商品',
  'fields.collective_discount': '拼团折扣（减百分之几）',
  'fields.collective_need': '成团人数',
  'fields.collective_expire_minutes': '成团时限（分钟）',
  'fields.collective_id': '拼团活动 ID',
  'fields.collective_opener': '团长用户 ID',
  'fields.collective_join_num': '已占名额',
  'fields.collective_paid_num': '已付款',
  'fields.collective_expire_at': '截止时间',
  'fields.collective_open': '拼团中',
  'fields.collective_filled': '已成团',
  'fields.collective_failed': '未成团',
}

const en: Record<keyof typeof zh, string> = {
  'fields.collective_goods': 'Goods',
  'fields.collective_discount': 'Discount (percent off)',
  'fields.collective_need': 'Group size',
  'fields.collective_expire_minutes': 'Time to fill (minutes)',
  'fields.collective_id': 'Group buy id',
  'fields.collective_opener': 'Opened by (user id)',
  'fields.collective_join_num': 'Seats taken',
  'fields.collective_paid_num': 'Paid',
  'fields.collective_expire_at': 'Expires at',
  'fields.collective_open': 'Open',
  'fields.collective_filled': 'Filled',
  'fields.collective_failed': 'Failed',
}

export const COLLECTIVES_FIELD_LABELS: Record<Locale, Record<string, string>> = { 'zh-cn': zh, en }
