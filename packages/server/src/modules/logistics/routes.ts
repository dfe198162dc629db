// Logistics: the seller's freight templates (one default template per store, plus regional ones).
import { freights } from '@qshop/shared/resources/seller/logistics'
import type { AppModule } from '../../core/module.ts'
import { resourceRoutes, type ServerResource } from '../../core/resource.ts'
import { businessError } from '../../core/errors.ts'

const freightTemplates: ServerResource = {
  decl: freights,
  model: 'freights',
  storeColumn: 'store_id',
  // A store keeps exactly one default template: making another one default demotes the previous one.
  afterWrite: async (req, row, input, tx) => {
    if (input.is_type === 0)
      await tx.freights.updateMany({ where: { store_id: req.actor!.storeId!, is_type: 0, id: { not: row.id } }, data: { is_type: 1 } })
  },
  beforeDelete: async (req, ids, tx) => {
    const used = await tx.goods.count({ where: { store_id: req.actor!.storeId!, freight_id: { in: ids } } })
    if (used) throw businessError('msg.inUse')
  },
}

const logistics: AppModule = {
  name: 'logistics',
  seller: async (app) => {
    await app.register(resourceRoutes(freightTemplates))
  },
}
export default logistics
