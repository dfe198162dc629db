// Labels of the flash-sale resources (resources/seller/seckills.ts), keyed like `FieldDecl.label`.
import type { Locale } from './messages.ts'

const zh = {
  'fields.seckill_goods_id': '商品 ID',
  'fields.seckill_sku_id': '规格 ID（无规格商品填 0）',
  'fields.seckill_price': '秒杀价',
  'fields.seckill_stock': '秒杀库存（剩余）',
  'fields.seckill_limit_num': '每人限购（0 不限）',
  'fields.seckill_sold': '已占用',
  'fields.seckill_returned_num': '结束后退回商品',
  'fields.seckill_redis_stock': 'Redis 中的剩余库存',
}

const en: Record<keyof typeof zh, string> = {
  'fields.seckill_goods_id': 'Goods id',
  'fields.seckill_sku_id': 'SKU id (0 for goods without SKUs)',
  'fields.seckill_price': 'Flash-sale price',
  'fields.seckill_stock': 'Pool (left)',
  'fields.seckill_limit_num': 'Per shopper (0 = no limit)',
  'fields.seckill_sold': 'Held by orders',
  'fields.seckill_returned_num': 'Returned to the goods at the end',
  'fields.seckill_redis_stock': 'Pool left in Redis',
}

export const SECKILL_FIELD_LABELS: Record<Locale, Record<string, string>> = { 'zh-cn': zh, en }
