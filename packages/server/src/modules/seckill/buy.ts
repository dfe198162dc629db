// Buying in a flash sale: a checkout line with `seckill_id`, ordered on its own (docs/promotions-ii.md).
//
// 1. Before any database work, one Redis script (pool.ts) checks the window, the shopper's limit and the pool and takes
//    the units: a repeat past the limit, a sold-out pool, a sale not started or ended is answered at once, with no
//    database statement (the checkout reads its settings only after the hold). A copy missing (a Redis restart, a new
//    sale) is rebuilt from the database first, once per instance however many attempts find it missing.
// 2. The checkout's unit then takes the pool again by guarded SQL — the second line of defence: the pool row
//    (`stock >= n`, inside the window) and the shopper's counter row (`bought + n <= limit_num`) — and writes the
//    seckill_orders row. The goods' own stock is not taken: the pool was taken from it when the sale was saved.
// 3. A unit that fails gives the Redis take back; one that commits marks it settled.
import { Code, decimalToCents, fromCents, type MessageKey } from '@qshop/shared'
import type { CheckoutLine } from '@qshop/shared/schemas/orders'
import type { Infra } from '../../core/infra.ts'
import { Prisma, type Db, type Tx } from '../../core/db/index.ts'
import { AppError, businessError, notFound } from '../../core/errors.ts'
import { loadSale, poolKeys, settleTake, takeFromCopy, giveBackToCopy, type SaleCopy, type TakeOutcome } from './pool.ts'
import { takeFromPool } from '../inventory/index.ts'

/** The checkout's flash-sale line, or null; a flash-sale line shares its checkout with no other line. */
export function seckillLineOf(lines: readonly CheckoutLine[]): (CheckoutLine & { seckill_id: number }) | null {
  const line = lines.find((l) => l.seckill_id)
  if (!line) return null
  if (lines.length > 1) throw businessError('msg.seckillAlone')
  return line as CheckoutLine & { seckill_id: number }
}

const REFUSALS: Record<Exclude<TakeOutcome, 'ok' | 'repeat' | 'missing'>, MessageKey> = {
  not_started: 'msg.seckillNotStarted',
  ended: 'msg.seckillEnded',
  limit: 'msg.seckillLimit',
  sold_out: 'msg.seckillSoldOut',
}

/** The line names the sale's goods and SKU, and no more than one shopper may hold. */
function checkLine(sale: SaleCopy, line: CheckoutLine) {
  if (sale.goods_id !== line.goods_id || sale.sku_id !== line.sku_id) throw businessError('msg.seckillGoods')
  if (sale.limit_num > 0 && line.buy_num > sale.limit_num) throw businessError('msg.seckillLimit')
}

/** The sale of a preview (order/before), read from the database: refused as the purchase would be. */
export async function saleForPreview(db: Db, line: CheckoutLine & { seckill_id: number }, now = new Date()): Promise<SaleCopy> {
  const [sale] = await db.$queryRaw<{ goods_id: number; sku_id: number; price: Prisma.Decimal; stock: number; limit_num: number; start_time: Date; end_time: Date }[]>`
    SELECT goods_id, sku_id, price, stock, limit_num, start_time, end_time FROM seckills WHERE id = ${line.seckill_id}`
  if (!sale) throw notFound()
  const copy = { goods_id: sale.goods_id, sku_id: sale.sku_id, price: decimalToCents(sale.price), limit_num: sale.limit_num }
  checkLine(copy, line)
  if (sale.start_time > now) throw businessError('msg.seckillNotStarted')
  if (sale.end_time <= now) throw businessError('msg.seckillEnded')
  if (sale.stock < line.buy_num) throw businessError('msg.seckillSoldOut')
  return copy
}

export type SeckillHold = {
  seckill_id: number
  buy_num: number
  sale: SaleCopy
  /** Units back to the Redis copy: the order was not written. */
  release(): Promise<void>
  /** The order is written: the take is no longer in flight. */
  settle(): Promise<void>
  /** In the checkout's unit, once the order is inserted: the guarded pool and limit, and the seckill_orders row. */
  take(tx: Tx, orderId: number, now: Date): Promise<void>
}

/** Loads of missing copies in flight, by the copy's key: the attempts that find a copy missing together (a sale's
 *  first instant brings as many as are in flight) wait on one load rather than each reading the database. */
const loads = new Map<string, Promise<boolean>>()

function loadMissingSale(infra: Pick<Infra, 'redis' | 'key' | 'db'>, id: number): Promise<boolean> {
  const key = poolKeys(infra, id)[0]
  let load = loads.get(key)
  if (!load) {
    load = loadSale(infra, id).finally(() => loads.delete(key))
    loads.set(key, load)
  }
  return load
}

/**
 * Step 1 of the purchase: the units taken in Redis under the request's Idempotency-Key. A repeat of a key that took
 * units takes none (its checkout answers the first answer); the request then holds nothing to give back.
 */
export async function holdSeckill(infra: Pick<Infra, 'redis' | 'key' | 'db' | 'log'>, userId: number, key: string, line: CheckoutLine & { seckill_id: number }): Promise<SeckillHold> {
  const id = line.seckill_id
  const keyField = `${userId}:${key}`
  let taken = await takeFromCopy(infra, id, userId, line.buy_num, keyField, Date.now())
  if (taken.outcome === 'missing') {
    if (!(await loadMissingSale(infra, id))) throw notFound()
    taken = await takeFromCopy(infra, id, userId, line.buy_num, keyField, Date.now())
  }
  const { outcome, sale } = taken
  if (outcome !== 'ok' && outcome !== 'repeat') throw businessError(REFUSALS[outcome as keyof typeof REFUSALS] ?? 'msg.seckillSoldOut')
  const held = outcome === 'ok'
  const hold: SeckillHold = {
    seckill_id: id,
    buy_num: line.buy_num,
    sale: sale!,
    release: async () => {
      if (held) await giveBackToCopy(infra, id, userId, line.buy_num, keyField).catch((err: unknown) => infra.log.error({ err, seckill: id }, 'giving a flash-sale take back failed'))
    },
    settle: async () => {
      if (held) await settleTake(infra, id, keyField).catch((err: unknown) => infra.log.warn({ err, seckill: id }, 'settling a flash-sale take failed'))
    },
    take: (tx, orderId, now) => takePool(tx, hold, userId, orderId, now),
  }
  try {
    checkLine(hold.sale, line)
  } catch (err) {
    await hold.release()
    throw err
  }
  return hold
}

/** Step 2, in the checkout's unit: all sent at once (the pool row is locked first), checked in order. */
async function takePool(tx: Tx, hold: SeckillHold, userId: number, orderId: number, now: Date): Promise<void> {
  const n = hold.buy_num
  const [pool, , counted] = await Promise.all([
    takeFromPool(tx, hold.seckill_id, n, { goods_id: hold.sale.goods_id, sku_id: hold.sale.sku_id, price: fromCents(hold.sale.price), now }),
    tx.$executeRaw`INSERT IGNORE INTO seckill_buyers (seckill_id, user_id, bought) VALUES (${hold.seckill_id}, ${userId}, 0)`,
    tx.$executeRaw`UPDATE seckill_buyers SET bought = bought + ${n}, updated_at = CURRENT_TIMESTAMP(3)
      WHERE seckill_id = ${hold.seckill_id} AND user_id = ${userId} AND (${hold.sale.limit_num} = 0 OR bought + ${n} <= ${hold.sale.limit_num})`,
    tx.$executeRaw`INSERT INTO seckill_orders (seckill_id, user_id, order_id, buy_num, status) VALUES (${hold.seckill_id}, ${userId}, ${orderId}, ${n}, 1)`,
  ])
  if (!pool) throw new AppError(Code.BUSINESS, 'msg.seckillSoldOut')
  if (!counted) throw businessError('msg.seckillLimit')
}

/** What the sale saves on its line (cents): the goods' price less the flash-sale price, per unit. */
export function seckillSaving(sale: SaleCopy, unitPrice: number, units: number): number {
  return Math.max(0, unitPrice - sale.price) * units
}
