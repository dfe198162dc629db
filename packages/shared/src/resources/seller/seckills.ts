// Flash sales (seckills): the seller's, with their pool and per-shopper limit; the admin sees every store's sales with
// both counters of the pool, the database's and the Redis copy the purchase script takes from (server modules/seckill).
import { z } from 'zod'
import { defineResource, type FieldDecl } from '../../resource.ts'
import * as zx from '../../zx.ts'

const count = (max: number) => zx.int().pipe(z.number().min(0).max(max))

const FIELDS = {
  goods_id: { label: 'fields.seckill_goods_id', input: zx.id(), required: true, form: { type: 'number' }, column: { type: 'text' }, filter: ['eq'], filterAs: 'int' },
  sku_id: { label: 'fields.seckill_sku_id', input: count(2147483647), form: { type: 'number' }, column: { type: 'text' } },
  price: { label: 'fields.seckill_price', input: zx.money({ min: 0.01, max: 9999999.99 }), required: true, form: { type: 'number' }, column: { type: 'money' } },
  /** the pool: virtual, so the engine never writes it; the server fills and resizes it through its inventory module */
  stock: { label: 'fields.seckill_stock', input: count(1_000_000), required: true, virtual: true, form: { type: 'number' }, column: { type: 'text' } },
  limit_num: { label: 'fields.seckill_limit_num', input: count(10_000), form: { type: 'number' }, column: { type: 'text' } },
  sold: { label: 'fields.seckill_sold', column: { type: 'text' } },
  start_time: { label: 'fields.start_time', input: zx.datetime(), required: true, form: { type: 'datetime' }, column: { type: 'text' } },
  end_time: { label: 'fields.end_time', input: zx.datetime(), required: true, form: { type: 'datetime' }, column: { type: 'text' }, filter: ['gte', 'lte', 'between'], sortable: true },
  returned_num: { label: 'fields.seckill_returned_num', column: { type: 'text' } },
  created_at: { label: 'fields.created_at', column: { type: 'text' } },
} satisfies Record<string, FieldDecl>

export const sellerSeckills = defineResource({ name: 'seckills', area: 'seller', sort: '-id', fields: FIELDS, buttons: { destroy: false } })

/** Every store's sales, read only, with the Redis copy of the pool beside the database's. */
export const adminSeckills = defineResource({
  name: 'seckills',
  area: 'admin',
  sort: '-id',
  actions: ['index', 'show'],
  buttons: { store: false, update: false, deletes: false, import: false },
  fields: {
    store_id: { label: 'fields.store_id', column: { type: 'text' }, filter: ['eq'], filterAs: 'int' },
    goods_id: { label: 'fields.seckill_goods_id', column: { type: 'text' }, filter: ['eq'], filterAs: 'int' },
    sku_id: { label: 'fields.seckill_sku_id', column: { type: 'text' } },
    price: { label: 'fields.seckill_price', column: { type: 'money' } },
    stock: { label: 'fields.seckill_stock', column: { type: 'text' } },
    redis_stock: { label: 'fields.seckill_redis_stock', virtual: true, column: { type: 'text' } },
    sold: { label: 'fields.seckill_sold', column: { type: 'text' } },
    limit_num: { label: 'fields.seckill_limit_num', column: { type: 'text' } },
    start_time: { label: 'fields.start_time', column: { type: 'text' } },
    end_time: { label: 'fields.end_time', column: { type: 'text' }, filter: ['gte', 'lte', 'between'], sortable: true },
    returned_num: { label: 'fields.seckill_returned_num', column: { type: 'text' } },
  },
})

export const resources = [sellerSeckills]
