// A cancelled flash-sale order's units (modules/orders/cancel.ts, inside its unit, after the order's guarded change
// 1 → 0 that makes this run once per order): the seckill_orders row's guarded change 1 → 0 decides, the units go back
// to the pool and to the shopper's limit while the sale's unsold stock has not gone back to the goods, and to the goods
// (the caller gives back what this answers) once it has. The Redis copy follows after the commit.
import type { Infra } from '../../core/infra.ts'
import type { Tx, Unit } from '../../core/unitOfWork.ts'
import { returnToPool, type StockLine } from '../inventory/index.ts'
import { giveBackToCopy } from './pool.ts'

/** Gives back the order's flash-sale units; answers the lines whose stock goes back to the goods. */
export async function giveBackSeckill(infra: Pick<Infra, 'redis' | 'key' | 'log'>, tx: Tx, unit: Unit, orderId: number, lines: StockLine[]): Promise<StockLine[]> {
  const [held] = await tx.$queryRaw<{ seckill_id: number; user_id: number; buy_num: number }[]>`SELECT seckill_id, user_id, buy_num FROM seckill_orders
    WHERE order_id = ${orderId} AND status = 1 FOR UPDATE`
  if (!held) return lines
  const n = held.buy_num
  const [, toPool] = await Promise.all([
    tx.$executeRaw`UPDATE seckill_orders SET status = 0, updated_at = CURRENT_TIMESTAMP(3) WHERE order_id = ${orderId} AND status = 1`,
    returnToPool(tx, held.seckill_id, n),
    tx.$executeRaw`UPDATE seckill_buyers SET bought = bought - ${n}, updated_at = CURRENT_TIMESTAMP(3)
      WHERE seckill_id = ${held.seckill_id} AND user_id = ${held.user_id} AND bought >= ${n}`,
  ])
  unit.afterCommit(() =>
    giveBackToCopy(infra, held.seckill_id, held.user_id, toPool ? n : 0, '').catch((err: unknown) => infra.log.warn({ err, seckill: held.seckill_id }, 'giving units back to the flash-sale copy failed')),
  )
  return toPool ? [] : lines
}
