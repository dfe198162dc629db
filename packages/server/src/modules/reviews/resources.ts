// The back offices' review lists (resource engine): the seller's scoped to the store, the admin's over every store.
// A reply is the update ({reply}); the reply's time is stamped here. Deleting (admin) changes the goods' statistics.
import type { FastifyRequest } from 'fastify'
import { orderComments as sellerDecl } from '@qshop/shared/resources/seller/reviews'
import { orderComments as adminDecl } from '@qshop/shared/resources/admin/reviews'
import type { Infra } from '../../core/infra.ts'
import type { ServerResource } from '../../core/resource.ts'
import { invalidateGoodsCounters, splitList } from '../catalog/index.ts'

type Row = Record<string, unknown> & { id: number }

/** The reviewed line's goods, the reviewer's nickname and (admin) the store's name, read beside the page. */
const present = (app: Infra, withStore: boolean) => async (_req: FastifyRequest, rows: Row[]): Promise<Row[]> => {
  const ids = (key: string) => [...new Set(rows.map((r) => r[key] as number))]
  const [lines, users, stores] = await Promise.all([
    app.db.order_goods.findMany({ where: { id: { in: ids('order_goods_id') } }, select: { id: true, goods_name: true, goods_image: true } }),
    app.db.users.findMany({ where: { id: { in: ids('user_id') } }, select: { id: true, nickname: true } }),
    withStore ? app.db.stores.findMany({ where: { id: { in: ids('store_id') } }, select: { id: true, store_name: true } }) : Promise.resolve([]),
  ])
  return rows.map((row) => {
    const line = lines.find((l) => l.id === row.order_goods_id)
    return {
      ...row,
      image: splitList(row.image as string | null),
      goods_name: line?.goods_name ?? '',
      goods_image: line?.goods_image ?? '',
      nickname: users.find((u) => u.id === row.user_id)?.nickname ?? '',
      ...(withStore ? { store_name: stores.find((s) => s.id === row.store_id)?.store_name ?? '' } : {}),
    }
  })
}

const LINKS = { order_goods_id: true, user_id: true, store_id: true }

const stampReply: ServerResource['beforeWrite'] = async (_req, data) => (data.reply === undefined ? data : { ...data, reply_time: new Date() })

export function reviewResources(app: Infra): { seller: ServerResource; admin: ServerResource } {
  const seller: ServerResource = {
    decl: sellerDecl,
    model: 'order_comments',
    storeColumn: 'store_id',
    extraSelect: LINKS,
    beforeWrite: stampReply,
    present: present(app, false),
  }
  const admin: ServerResource = {
    decl: adminDecl,
    model: 'order_comments',
    extraSelect: LINKS,
    beforeWrite: stampReply,
    present: present(app, true),
    beforeDelete: async (_req, ids, tx, unit) => {
      const rows = await tx.order_comments.findMany({ where: { id: { in: ids } }, select: { goods_id: true, store_id: true } })
      const goodsIds = [...new Set(rows.map((r) => r.goods_id))]
      const storeIds = [...new Set(rows.map((r) => r.store_id))]
      unit.afterCommit(() => invalidateGoodsCounters(app, goodsIds, storeIds))
    },
  }
  return { seller, admin }
}
