// Coupons and full reductions, declared once for the seller's store (resources/seller) and the platform
// (resources/admin: platform coupons, valid in every store, their cost borne by the platform).
import { z } from 'zod'
import { defineResource, type FieldDecl } from '../../resource.ts'
import * as zx from '../../zx.ts'

/** Coupon stock and limits: whole numbers a seller types. */
const count = (max: number) => zx.int().pipe(z.number().min(0).max(max))
/** Goods the coupon applies to: comma separated ids, '' = all. */
export const goodsIdsInput = () => zx.text(2000).regex(/^(\d{1,10}(,\d{1,10})*)?$/, { message: 'format' })

/** The goods ids a coupon's `goods_ids` names (empty: every goods). */
export function scopeGoodsIds(goodsIds: string): number[] {
  return goodsIds ? goodsIds.split(',').map(Number) : []
}

const COUPON_FIELDS = {
  name: { label: 'fields.coupon_name', input: zx.text(64, 1), required: true, form: { type: 'text' }, column: { type: 'text' } },
  money: { label: 'fields.coupon_money', input: zx.money({ min: 0.01, max: 9999999.99 }), required: true, form: { type: 'number' }, column: { type: 'money' } },
  use_money: { label: 'fields.coupon_use_money', input: zx.money({ max: 9999999.99 }), form: { type: 'number' }, column: { type: 'money' } },
  stock: { label: 'fields.coupon_stock', input: count(10_000_000), required: true, form: { type: 'number' }, column: { type: 'text' } },
  limit_num: { label: 'fields.coupon_limit_num', input: count(10_000), form: { type: 'number' }, column: { type: 'text' } },
  valid_days: { label: 'fields.coupon_valid_days', input: count(3650), form: { type: 'number' }, column: { type: 'text' } },
  goods_ids: { label: 'fields.coupon_goods_ids', input: goodsIdsInput(), form: { type: 'text', maxLength: 2000 }, column: { type: 'text' } },
  content: { label: 'fields.content', input: zx.text(255), form: { type: 'textarea', maxLength: 255 }, column: false },
  start_time: { label: 'fields.start_time', input: zx.datetime(), required: true, form: { type: 'datetime' }, column: { type: 'text' } },
  end_time: { label: 'fields.end_time', input: zx.datetime(), required: true, form: { type: 'datetime' }, column: { type: 'text' }, filter: ['gte', 'lte', 'between'], sortable: true },
  created_at: { label: 'fields.created_at', column: { type: 'text' } },
} satisfies Record<string, FieldDecl>

export const sellerCoupons = defineResource({ name: 'coupons', area: 'seller', fields: COUPON_FIELDS })
export const adminCoupons = defineResource({ name: 'coupons', area: 'admin', fields: COUPON_FIELDS })

const COUPON_LOG_STATUS = [
  { label: 'fields.coupon_unused', value: 0 },
  { label: 'fields.coupon_used', value: 1 },
]

/** Coupons the store's shoppers received: read only. */
export const sellerCouponLogs = defineResource({
  name: 'coupon_logs',
  area: 'seller',
  actions: ['index', 'show'],
  buttons: { store: false, update: false, deletes: false, import: false },
  fields: {
    name: { label: 'fields.coupon_name', column: { type: 'text' } },
    coupon_id: { label: 'fields.coupon_id', column: { type: 'text' }, filter: ['eq'], filterAs: 'int' },
    user_id: { label: 'fields.user_id', column: { type: 'text' }, filter: ['eq'], filterAs: 'int' },
    order_id: { label: 'fields.order_id', column: { type: 'text' } },
    money: { label: 'fields.coupon_money', column: { type: 'money' } },
    use_money: { label: 'fields.coupon_use_money', column: { type: 'money' } },
    status: { label: 'fields.status', column: { type: 'dict_tags', dict: COUPON_LOG_STATUS } },
    start_time: { label: 'fields.start_time', column: { type: 'text' } },
    end_time: { label: 'fields.end_time', column: { type: 'text' } },
    created_at: { label: 'fields.created_at', column: { type: 'text' }, filter: ['gte', 'lte', 'between'], sortable: true },
  },
})

/** Spend-X-save-Y rules of the store; several at once act as tiers, the best saving applies. */
export const sellerFullReductions = defineResource({
  name: 'full_reductions',
  area: 'seller',
  fields: {
    name: { label: 'fields.full_reduction_name', input: zx.text(64, 1), required: true, form: { type: 'text' }, column: { type: 'text' } },
    money: { label: 'fields.full_reduction_money', input: zx.money({ min: 0.01, max: 9999999.99 }), required: true, form: { type: 'number' }, column: { type: 'money' } },
    use_money: { label: 'fields.full_reduction_use_money', input: zx.money({ min: 0.01, max: 9999999.99 }), required: true, form: { type: 'number' }, column: { type: 'money' } },
    start_time: { label: 'fields.start_time', input: zx.datetime(), required: true, form: { type: 'datetime' }, column: { type: 'text' } },
    end_time: { label: 'fields.end_time', input: zx.datetime(), required: true, form: { type: 'datetime' }, column: { type: 'text' }, filter: ['gte', 'lte', 'between'], sortable: true },
    created_at: { label: 'fields.created_at', column: { type: 'text' } },
  },
})

export const resources = [sellerCoupons, sellerCouponLogs, sellerFullReductions]
