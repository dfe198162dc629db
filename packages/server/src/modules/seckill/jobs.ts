// The flash sales' timed work (docs/promotions-ii.md):
// - `seckill-end`, staged at each end the seller saves: the unsold pool goes back to the goods, once — the guarded
//   change of `returned` 0 → 1 decides, with the pool row locked, so a cancel giving units back (giveBack.ts) comes
//   either before (its units are in the pool returned here) or after (they go to the goods). Its sweeper ends every
//   sale past its end, so an end Redis lost, or one moved later by an edit, still happens.
// - `seckill-reconcile`, every 30 s: each live sale's Redis copy is made equal to the database (its pool less the takes
//   in flight, each shopper's count plus the shopper's takes in flight), and rebuilt from the database where it is
//   missing (a Redis restart).
import { z } from 'zod'
import { defineJob } from '../../core/jobs/define.ts'
import { QUEUE_ORDERS } from '../../core/jobs/queues.ts'
import type { Infra } from '../../core/infra.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { closePool } from '../inventory/index.ts'
import { loadSale, reconcileCopy } from './pool.ts'

export const SECKILL_SWEEP_EVERY_MS = 60_000
export const RECONCILE_EVERY_MS = 30_000
const SWEEP_BATCH = 200

export type EndOutcome = 'returned' | 'not_due' | 'done'

/** Ends the sale when its end has passed: its unsold units back to the goods, once. */
export async function endSale(infra: Infra, seckillId: number, now = new Date()): Promise<{ outcome: EndOutcome; returned: number }> {
  const result = await runUnit(infra, { label: `seckill-end ${seckillId}` }, async (tx, unit) => {
    const [sale] = await tx.$queryRaw<{ goods_id: number; sku_id: number; stock: number; end_time: Date; returned: number }[]>`SELECT goods_id, sku_id, stock, end_time, returned
      FROM seckills WHERE id = ${seckillId} FOR UPDATE`
    if (!sale || sale.returned) return { outcome: 'done' as const, returned: 0 }
    if (sale.end_time > now) return { outcome: 'not_due' as const, returned: 0 }
    await closePool(tx, seckillId, sale, sale.stock)
    unit.afterCommit(() =>
      loadSale(infra, seckillId, true)
        .then(() => reconcileCopy(infra, seckillId, 0, now.getTime()))
        .catch((err: unknown) => infra.log.warn({ err, seckill: seckillId }, 'emptying the flash-sale copy failed')),
    )
    return { outcome: 'returned' as const, returned: sale.stock }
  })
  return result
}

/** Ends every sale past its end whose stock has not gone back yet; answers how many it ended. */
export async function sweepEndedSales(infra: Infra, now = new Date()): Promise<{ ended: number }> {
  const due = await infra.db.$queryRaw<{ id: number }[]>`SELECT id FROM seckills WHERE returned = 0 AND end_time <= ${now} ORDER BY end_time LIMIT ${SWEEP_BATCH}`
  let ended = 0
  for (const { id } of due) if ((await endSale(infra, id, now)).outcome === 'returned') ended++
  return { ended }
}

export const seckillEndJob = defineJob({
  queue: QUEUE_ORDERS,
  name: 'seckill-end',
  payload: z.object({ seckill_id: z.number().int().positive(), end_at: z.number().int().nonnegative() }),
  key: (p) => `${p.seckill_id}.${p.end_at}`,
  process: (infra, p) => endSale(infra, p.seckill_id),
  sweep: { every: SECKILL_SWEEP_EVERY_MS, run: (infra) => sweepEndedSales(infra) },
})

/** Every live sale's copy equal to the database (its pool and each shopper's count); missing copies rebuilt. Answers
 *  how many it changed and rebuilt. */
export async function reconcileSales(infra: Infra, now = new Date()): Promise<{ repaired: number; rebuilt: number }> {
  const live = await infra.db.$queryRaw<{ id: number; stock: number; end_time: Date }[]>`SELECT id, stock, end_time FROM seckills WHERE returned = 0 AND end_time > ${now}`
  let repaired = 0
  let rebuilt = 0
  for (const sale of live) {
    const bought = await infra.db.$queryRaw<{ user_id: number; bought: number }[]>`SELECT user_id, bought FROM seckill_buyers WHERE seckill_id = ${sale.id} AND bought > 0`
    const buyers = new Map(bought.map((b) => [b.user_id, b.bought]))
    const copy = await reconcileCopy(infra, sale.id, sale.stock, now.getTime(), { endTime: sale.end_time, buyers })
    if (!copy) {
      if (await loadSale(infra, sale.id)) rebuilt++
    } else if (copy.before !== copy.after || copy.shoppers) repaired++
  }
  return { repaired, rebuilt }
}

export const seckillReconcileJob = defineJob({
  queue: QUEUE_ORDERS,
  name: 'seckill-reconcile',
  payload: z.object({}),
  every: RECONCILE_EVERY_MS,
  process: (infra) => reconcileSales(infra),
})
