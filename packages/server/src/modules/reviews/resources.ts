// The back offices' review lists (resource engine): the seller's scoped to the store, the admin's over every store.
// A reply is the update ({reply}); the reply's time is stamped here. Deleting (admin) changes the goods' statistics.
import type { FastifyRequest } from 'fastify'
import { orderComments as sellerDecl } from '@qshop/shared/resources/seller/reviews'
import { orderComments as adminDecl } from '@qshop/shared/resources/admin/reviews'
import type { ServerResource } from '../../core/resource.ts'
import { splitList } from '../catalog/format.ts'
import { invalidateGoodsCounters } from '../catalog/cache.ts'

type Row = Record<string, unknown> & { id: number }
type Joined = Row & { order_goods?: { goods_name: string; goods_image: string }; user?: { nickname: string }; store?: { store_name: string } }

const JOINED = { order_goods: { select: { goods_name: true, goods_image: true } }, user: { select: { nickname: true } } }

async function present(_req: FastifyRequest, rows: Row[]): Promise<Row[]> {
  return (rows as Joined[]).map(({ order_goods, user, store, ...row }) => ({
    ...row,
    image: splitList(row.image as string | null),
    goods_name: order_goods?.goods_name ?? '',
    goods_image: order_goods?.goods_image ?? '',
    nickname: user?.nickname ?? '',
    ...(store ? { store_name: store.store_name } : {}),
  }))
}

const stampReply: ServerResource['beforeWrite'] = async (_req, data) => (data.reply === undefined ? data : { ...data, reply_time: new Date() })

export const sellerReviews: ServerResource = {
  decl: sellerDecl,
  model: 'order_comments',
  storeColumn: 'store_id',
  extraSelect: JOINED,
  beforeWrite: stampReply,
  present,
}

export const adminReviews: ServerResource = {
  decl: adminDecl,
  model: 'order_comments',
  extraSelect: { ...JOINED, store: { select: { store_name: true } } },
  beforeWrite: stampReply,
  present,
  beforeDelete: async (req, ids, tx, unit) => {
    const rows = await tx.order_comments.findMany({ where: { id: { in: ids } }, select: { goods_id: true, store_id: true } })
    const goodsIds = [...new Set(rows.map((r) => r.goods_id))]
    const storeIds = [...new Set(rows.map((r) => r.store_id))]
    unit.afterCommit(() => invalidateGoodsCounters(req.server, goodsIds, storeIds))
  },
}
