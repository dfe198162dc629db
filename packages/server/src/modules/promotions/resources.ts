// The back offices' coupons and full reductions, served by the resource engine (core/resource.ts): the seller's
// coupons, the coupons its shoppers received (read only) and its full reductions; the admin's platform coupons
// (store_id NULL). Writes are checked across fields: the window's end after its start, a face value within a
// threshold, a goods scope of the store's own goods (any goods for a platform coupon).
import type { FastifyRequest } from 'fastify'
import { toCents } from '@qshop/shared'
import { adminCoupons, scopeGoodsIds, sellerCouponLogs, sellerCoupons, sellerFullReductions } from '@qshop/shared/resources/seller/promotions'
import type { ServerResource, Tx } from '../../core/resource.ts'
import { businessError, invalid } from '../../core/errors.ts'
import { dropGate } from './receiveGate.ts'

type Row = Record<string, unknown> | null

function checkWindow(req: FastifyRequest, data: Record<string, unknown>, existing: Row) {
  const start = (data.start_time ?? existing?.start_time) as Date | undefined
  const end = (data.end_time ?? existing?.end_time) as Date | undefined
  if (start && end && end <= start) throw invalid({ end_time: req.t('valid.endBeforeStart') })
}

/** A face value above a threshold (other than none) would make the order pay less than nothing for its goods. */
function checkMoney(req: FastifyRequest, data: Record<string, unknown>, existing: Row, strict: boolean) {
  const money = toCents(String(data.money ?? existing?.money ?? '0'))
  const threshold = toCents(String(data.use_money ?? existing?.use_money ?? '0'))
  if ((strict || threshold > 0) && money > threshold) throw invalid({ money: req.t('valid.couponMoney') })
}

async function checkGoods(req: FastifyRequest, data: Record<string, unknown>, tx: Tx, storeId: number | null) {
  if (typeof data.goods_ids !== 'string') return
  const ids = [...new Set(scopeGoodsIds(data.goods_ids))]
  data.goods_ids = ids.join(',')
  if (!ids.length) return
  const found = await tx.goods.count({ where: { id: { in: ids }, ...(storeId === null ? {} : { store_id: storeId }) } })
  if (found !== ids.length) throw invalid({ goods_ids: req.t('valid.goodsIds') })
}

/** A coupon some shopper received stays: its received rows point at it. */
async function notReceived(ids: number[], tx: Tx) {
  if (await tx.coupon_logs.count({ where: { coupon_id: { in: ids } } })) throw businessError('msg.inUse')
}

/** A changed coupon (its stock, limit or window) drops the receive gate's counters once committed (receiveGate.ts). */
const dropGateAfter: NonNullable<ServerResource['afterWrite']> = async (req, row, _input, _tx, unit) => unit.afterCommit(() => dropGate(req.server, [row.id]))

export const sellerCouponResource: ServerResource = {
  decl: sellerCoupons,
  model: 'coupons',
  storeColumn: 'store_id',
  beforeWrite: async (req, data, existing, tx) => {
    checkWindow(req, data, existing)
    checkMoney(req, data, existing, false)
    await checkGoods(req, data, tx, req.actor!.storeId!)
    return data
  },
  afterWrite: dropGateAfter,
  beforeDelete: async (_req, ids, tx) => notReceived(ids, tx),
}

export const sellerCouponLogResource: ServerResource = { decl: sellerCouponLogs, model: 'coupon_logs', storeColumn: 'store_id' }

export const sellerFullReductionResource: ServerResource = {
  decl: sellerFullReductions,
  model: 'full_reductions',
  storeColumn: 'store_id',
  beforeWrite: async (req, data, existing) => {
    checkWindow(req, data, existing)
    checkMoney(req, data, existing, true)
    return data
  },
}

export const adminCouponResource: ServerResource = {
  decl: adminCoupons,
  model: 'coupons',
  scope: () => ({ store_id: null }),
  beforeWrite: async (req, data, existing, tx) => {
    checkWindow(req, data, existing)
    checkMoney(req, data, existing, false)
    await checkGoods(req, data, tx, null)
    return data
  },
  afterWrite: dropGateAfter,
  beforeDelete: async (_req, ids, tx) => notReceived(ids, tx),
}
