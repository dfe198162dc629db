// Labels of the review resources (order_comments), keyed like `FieldDecl.label`.
import type { Locale } from './messages.ts'

const zh = {
  'fields.goods_image': '商品图片',
  'fields.goods_id': '商品ID',
  'fields.store_id': '店铺ID',
  'fields.review_user': '评价用户',
  'fields.review_score': '综合评分',
  'fields.review_agree': '描述相符',
  'fields.review_service': '服务态度',
  'fields.review_speed': '发货速度',
  'fields.review_content': '评价内容',
  'fields.review_images': '评价图片',
  'fields.review_reply': '回复内容',
  'fields.reply_time': '回复时间',
}

const en: Record<keyof typeof zh, string> = {
  'fields.goods_image': 'Goods image',
  'fields.goods_id': 'Goods id',
  'fields.store_id': 'Store id',
  'fields.review_user': 'Reviewer',
  'fields.review_score': 'Overall',
  'fields.review_agree': 'As described',
  'fields.review_service': 'Service',
  'fields.review_speed': 'Shipping speed',
  'fields.review_content': 'Review',
  'fields.review_images': 'Pictures',
  'fields.review_reply': 'Reply',
  'fields.reply_time': 'Replied at',
}

export const REVIEW_FIELD_LABELS: Record<Locale, Record<string, string>> = { 'zh-cn': zh, en }
