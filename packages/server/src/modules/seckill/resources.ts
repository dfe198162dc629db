// The seller's flash sales and the admin's list of every store's (resource engine, core/resource.ts).
// - Saving a sale takes its pool from the goods' stock through the inventory module (InsufficientStock refuses the
//   save); a change of the pool before the sale starts takes or gives the difference; a running sale takes only more
//   stock and a later end (what cannot break a sale shoppers are buying in); an ended sale takes no edit.
// - The goods and SKU are fixed once saved; a sale with orders is not deleted (its unsold units would be two places).
// - After the commit the Redis copy follows (pool.ts), and the end is staged (jobs.ts).
import type { FastifyRequest } from 'fastify'
import { adminSeckills, sellerSeckills } from '@qshop/shared/resources/seller/seckills'
import type { Infra } from '../../core/infra.ts'
import type { ServerResource, Tx } from '../../core/resource.ts'
import { Prisma } from '../../core/db/index.ts'
import type { Unit } from '../../core/unitOfWork.ts'
import { businessError, invalid } from '../../core/errors.ts'
import { fillPool, giveBackStock, resizePool } from '../inventory/index.ts'
import { copyStocks, loadSale, poolKeys, reconcileCopy } from './pool.ts'
import { seckillEndJob } from './jobs.ts'

type Row = Record<string, unknown>

/** The goods is the store's and the SKU one of its own (0 only for goods without SKUs). */
async function checkGoods(req: FastifyRequest, tx: Tx, goodsId: number, skuId: number) {
  const goods = await tx.goods.findFirst({ where: { id: goodsId, store_id: req.actor!.storeId! }, select: { id: true, _count: { select: { goods_skus: true } } } })
  if (!goods) throw invalid({ goods_id: req.t('valid.goodsIds') })
  const skuOk = goods._count.goods_skus ? skuId > 0 && (await tx.goods_skus.count({ where: { id: skuId, goods_id: goodsId } })) > 0 : skuId === 0
  if (!skuOk) throw invalid({ sku_id: req.t('valid.seckillSku') })
}

function checkWindow(req: FastifyRequest, start: Date, end: Date) {
  if (end <= start) throw invalid({ end_time: req.t('valid.endBeforeStart') })
}

/** After the commit: the copy's terms and pool follow the database. */
function followInRedis(app: Infra, unit: Unit, id: number) {
  unit.afterCommit(async () => {
    try {
      await loadSale(app, id, true)
      const sale = await app.db.seckills.findUnique({ where: { id }, select: { stock: true } })
      if (sale) await reconcileCopy(app, id, sale.stock, Date.now())
    } catch (err) {
      app.log.warn({ err, seckill: id }, 'updating the flash-sale copy failed (the reconciliation repairs it)')
    }
  })
}

async function stageEnd(unit: Unit, id: number, end: Date) {
  await unit.stage(seckillEndJob, { seckill_id: id, end_at: end.getTime() }, { runAt: end })
}

/** The changes a sale may take now: any before it starts; more stock and a later end while it runs; none after. */
function checkUpdate(req: FastifyRequest, data: Row, existing: Row, stock: number | undefined) {
  if (existing.returned) throw businessError('msg.seckillEnded')
  for (const field of ['goods_id', 'sku_id'] as const)
    if (data[field] !== undefined && data[field] !== existing[field]) throw invalid({ [field]: req.t('valid.seckillFixed') })
  if ((existing.start_time as Date) > new Date()) return
  const refused: Record<string, string> = {}
  if (stock !== undefined && stock < (existing.stock as number)) refused.stock = req.t('valid.seckillRunning')
  if (data.end_time !== undefined && (data.end_time as Date) < (existing.end_time as Date)) refused.end_time = req.t('valid.seckillRunning')
  if (data.start_time !== undefined && (data.start_time as Date).getTime() !== (existing.start_time as Date).getTime()) refused.start_time = req.t('valid.seckillRunning')
  if (data.price !== undefined && String(data.price) !== String(existing.price)) refused.price = req.t('valid.seckillRunning')
  if (data.limit_num !== undefined && data.limit_num !== existing.limit_num) refused.limit_num = req.t('valid.seckillRunning')
  if (Object.keys(refused).length) throw invalid(refused)
}

export function sellerSeckillResource(app: Infra): ServerResource {
  return {
    decl: sellerSeckills,
    model: 'seckills',
    storeColumn: 'store_id',
    extraSelect: { returned: true, stock: true },
    beforeWrite: async (req, data, existing, tx) => {
      if (!existing) {
        data.sku_id ??= 0
        await checkGoods(req, tx, data.goods_id as number, data.sku_id as number)
        checkWindow(req, data.start_time as Date, data.end_time as Date)
        return data
      }
      checkWindow(req, (data.start_time ?? existing.start_time) as Date, (data.end_time ?? existing.end_time) as Date)
      return data
    },
    afterWrite: async (req, row, input, tx, unit) => {
      const id = row.id as number
      if ('goods_id' in row) {
        // An update: `row` is the sale as it was. The pool (virtual: no column write by the engine) changes by the
        // difference from what it holds now, by a guarded statement (sales take from it meanwhile), and the goods give
        // or take the same units.
        const stock = input.stock as number | undefined
        checkUpdate(req, input, row, stock)
        const delta = stock === undefined ? 0 : stock - (row.stock as number)
        if (delta && !(await resizePool(tx, id, { goods_id: row.goods_id as number, sku_id: row.sku_id as number }, delta))) {
          throw invalid({ stock: req.t('valid.stockChanged') })
        }
      }
      if (!('goods_id' in row)) {
        // The engine writes no stock (the field is virtual): the pool is filled from the goods here.
        await fillPool(tx, id, { goods_id: input.goods_id as number, sku_id: (input.sku_id as number | undefined) ?? 0 }, input.stock as number)
        await stageEnd(unit, id, input.end_time as Date)
      } else if (input.end_time) await stageEnd(unit, id, input.end_time as Date)
      followInRedis(app, unit, id)
    },
    beforeDelete: async (_req, ids, tx, unit) => {
      if (await tx.seckill_orders.count({ where: { seckill_id: { in: ids } } })) throw businessError('msg.inUse')
      // Locked in id order; each unsold pool back to its goods.
      const sales = await tx.$queryRaw<{ id: number; goods_id: number; sku_id: number; stock: number }[]>`SELECT id, goods_id, sku_id, stock FROM seckills
        WHERE id IN (${Prisma.join(ids)}) AND returned = 0 ORDER BY id FOR UPDATE`
      const lines = sales.filter((s) => s.stock > 0).map((s) => ({ goods_id: s.goods_id, sku_id: s.sku_id, qty: s.stock }))
      if (lines.length) await giveBackStock(tx, lines)
      unit.afterCommit(() => Promise.all(ids.map((id) => app.redis.del(...poolKeys(app, id)))))
    },
    present: async (_req, rows) => rows.map(({ returned: _returned, ...r }) => r),
  }
}

/** Every store's sales with the Redis copy's pool beside the database's. */
export function adminSeckillResource(app: Infra): ServerResource {
  return {
    decl: adminSeckills,
    model: 'seckills',
    present: async (_req, rows) => {
      const copies = await copyStocks(app, rows.map((r) => r.id as number))
      return rows.map((r, i) => ({ ...r, redis_stock: copies[i] }))
    },
  }
}
