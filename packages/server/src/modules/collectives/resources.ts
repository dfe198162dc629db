// The back offices' group buys, served by the resource engine (core/resource.ts): the seller's group buy per goods
// (one per goods, of the store's own goods) and the groups opened on them (read only); every store's for the admin.
// Groups copy the discount and size they were opened with, so editing a group buy changes only groups opened later.
import { adminCollectives, sellerCollectiveLogs, sellerCollectives } from '@qshop/shared/resources/seller/collectives'
import type { Infra } from '../../core/infra.ts'
import type { ServerResource } from '../../core/resource.ts'
import { businessError, invalid } from '../../core/errors.ts'
import { withGoodsName } from '../catalog/index.ts'


export function sellerCollectiveResources(app: Infra): ServerResource[] {
  const collectives: ServerResource = {
    decl: sellerCollectives,
    model: 'collectives',
    storeColumn: 'store_id',
    present: withGoodsName(app),
    async beforeWrite(req, data, existing, tx) {
      if (data.goods_id === undefined) return data
      const goodsId = data.goods_id as number
      const own = await tx.goods.count({ where: { id: goodsId, store_id: req.actor!.storeId! } })
      const taken = await tx.collectives.count({ where: { goods_id: goodsId, ...(existing ? { NOT: { id: Number(existing.id) } } : {}) } })
      if (!own || taken) throw invalid({ goods_id: req.t('valid.collectiveGoods') })
      return data
    },
    beforeDelete: async (_req, ids, tx) => {
      if (await tx.collective_logs.count({ where: { collective_id: { in: ids } } })) throw businessError('msg.collectiveInUse')
    },
  }
  return [collectives, { decl: sellerCollectiveLogs, model: 'collective_logs', storeColumn: 'store_id' }]
}

export function adminCollectiveResources(app: Infra): ServerResource[] {
  return [{ decl: adminCollectives, model: 'collectives', present: withGoodsName(app) }]
}
