// The order_comments columns both back offices list (seller: own store; admin: every store). A reply is the update:
// the server part stamps reply_time.
import { REPLY_TEXT_MAX } from '../reviewRules.ts'
import type { FieldDecl } from '../resource.ts'
import * as zx from '../zx.ts'

// As wide as the longest word of their headers ("described", "综合评分") with the header cell's padding.
const score = (label: string): FieldDecl => ({ label, column: { type: 'text', width: 120 } })

export const reviewFields = {
  goods_image: { label: 'fields.goods_image', virtual: true, column: { type: 'image', width: 100 } },
  goods_name: { label: 'fields.goods_name', virtual: true, column: { type: 'text', width: 200 } },
  nickname: { label: 'fields.review_user', virtual: true, column: { type: 'text' } },
  goods_id: { label: 'fields.goods_id', column: false, filter: ['eq'], filterAs: 'int', search: 'number' },
  score: score('fields.review_score'),
  agree: score('fields.review_agree'),
  service: score('fields.review_service'),
  speed: score('fields.review_speed'),
  content: { label: 'fields.review_content', column: { type: 'text', width: 240 } },
  image: { label: 'fields.review_images', column: { type: 'images' } },
  reply: { label: 'fields.review_reply', input: zx.text(REPLY_TEXT_MAX, 1), required: true, form: { type: 'textarea', maxLength: REPLY_TEXT_MAX }, column: { type: 'text', width: 200 } },
  reply_time: { label: 'fields.reply_time', column: { type: 'text' } },
  created_at: { label: 'fields.created_at', column: { type: 'text' } },
} satisfies Record<string, FieldDecl>
