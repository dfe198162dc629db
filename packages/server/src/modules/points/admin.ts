// Server parts of the points mall's admin resources: a goods' stock change goes through the inventory module (the
// engine writes no stock), a category with goods is not deleted, and a goods must name an existing category.
import * as decl from '@qshop/shared/resources/admin/points'
import { businessError, invalid } from '../../core/errors.ts'
import type { ServerResource } from '../../core/resource.ts'
import { changePointsStock } from '../inventory/index.ts'

const classes: ServerResource = {
  decl: decl.integralGoodsClasses,
  model: 'integral_goods_classes',
  beforeDelete: async (_req, ids, tx) => {
    if (await tx.integral_goods.count({ where: { cid: { in: ids } } })) throw businessError('msg.hasChildren')
  },
}

const goods: ServerResource = {
  decl: decl.integralGoods,
  model: 'integral_goods',
  beforeWrite: async (req, data, _existing, tx) => {
    if (data.cid !== undefined && !(await tx.integral_goods_classes.findUnique({ where: { id: data.cid as number }, select: { id: true } })))
      throw invalid({ cid: req.t('valid.integralClass') })
    return data
  },
  afterWrite: async (_req, row, input, tx) => {
    const delta = input.stock_delta as number | undefined
    if (delta) await changePointsStock(tx, row.id as number, delta)
  },
  beforeDelete: async (_req, ids, tx) => {
    if (await tx.integral_order_goods.count({ where: { goods_id: { in: ids } } })) throw businessError('msg.integralGoodsHasOrders')
  },
}

const orders: ServerResource = { decl: decl.integralOrders, model: 'integral_orders' }

export const POINTS_RESOURCES: ServerResource[] = [classes, goods, orders]
