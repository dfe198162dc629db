// The store's referral rates per goods (percent per level; the three together at most the platform's limit, configs
// store.distribution_max) and the referral commissions its settlements paid; every store's for the admin.
import { Code, decimalToCents } from '@qshop/shared'
import * as admin from '@qshop/shared/resources/admin/funds'
import * as seller from '@qshop/shared/resources/seller/funds'
import type { Infra } from '../../core/infra.ts'
import { readGroupConfig } from '../../core/configs.ts'
import { AppError, businessError, notFound } from '../../core/errors.ts'
import type { ServerResource } from '../../core/resource.ts'
import { withGoodsName } from '../catalog/index.ts'


export function sellerDistributionResources(app: Infra): ServerResource[] {
  const rates: ServerResource = {
    decl: seller.sellerDistributions,
    model: 'distributions',
    storeColumn: 'store_id',
    present: withGoodsName(app),
    async beforeWrite(req, data, existing, tx) {
      const storeId = req.actor!.storeId!
      const goodsId = (data.goods_id ?? existing?.goods_id) as number
      // Only the store's own goods; another store's is not found.
      if (data.goods_id !== undefined && !(await tx.goods.count({ where: { id: goodsId, store_id: storeId } }))) throw notFound()
      if (data.goods_id !== undefined && (await tx.distributions.count({ where: { goods_id: goodsId, ...(existing ? { NOT: { id: Number(existing.id) } } : {}) } })))
        throw businessError('msg.distributionTaken')
      const level = (k: 'lev_1' | 'lev_2' | 'lev_3') => decimalToCents(String(data[k] ?? existing?.[k] ?? '0'))
      const max = String((await readGroupConfig(app, 'store')).distribution_max)
      if (level('lev_1') + level('lev_2') + level('lev_3') > decimalToCents(max)) throw new AppError(Code.BUSINESS, 'msg.distributionTooHigh', null, { max })
      return data
    },
  }
  return [
    rates,
    { decl: seller.sellerDistributionLogs, model: 'distribution_logs', storeColumn: 'store_id' },
  ]
}

export function adminDistributionResources(): ServerResource[] {
  return [{ decl: admin.adminDistributionLogs, model: 'distribution_logs' }]
}
