// The Redis copy of a flash sale's pool: what the purchase takes from before any database work, so a shopper's repeat
// and a sold-out pool are answered at once. Per sale three hashes: the sale (`start`, `end` in ms, `limit`, `stock`,
// `goods`, `sku`, `price` in cents), the units each shopper holds, and the Idempotency-Keys that took units (`n`) with
// those still in flight (`p`, the time of the take). Every change is one Lua script (core/redisScript.ts), so the window,
// the limit and the pool are checked and taken together. The database stays the judge (buy.ts takes the pool again by
// guarded SQL); Redis holds nothing that cannot be rebuilt from it (loadSale; reconcileCopy).
import type { Infra } from '../../core/infra.ts'
import { redisScript, runScript } from '../../core/redisScript.ts'
import { decimalToCents } from '@qshop/shared'
import { Prisma, type Db } from '../../core/db/index.ts'

/** A take still in flight after this long belongs to a request that died: the reconciliation forgets it. */
export const PENDING_STALE_MS = 5 * 60_000
/** The copy is kept this long after the sale's end (answers "ended" without the database). */
const KEEP_AFTER_END_MS = 86_400_000

export type SaleCopy = { goods_id: number; sku_id: number; price: number; limit_num: number }
export type TakeOutcome = 'ok' | 'repeat' | 'missing' | 'not_started' | 'ended' | 'limit' | 'sold_out'

export function poolKeys(infra: Pick<Infra, 'key'>, seckillId: number): [string, string, string] {
  return [infra.key('seckill', seckillId), infra.key('seckill', seckillId, 'users'), infra.key('seckill', seckillId, 'keys')]
}

// KEYS: sale, users, keys. ARGV: now (ms), user id, units, the Idempotency-Key's field.
const TAKE = redisScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing'} end
local sale = redis.call('HMGET', KEYS[1], 'start', 'end', 'limit', 'stock', 'goods', 'sku', 'price')
local info = {sale[5], sale[6], sale[7], sale[3]}
if redis.call('HEXISTS', KEYS[3], 'n:' .. ARGV[4]) == 1 then return {'repeat', unpack(info)} end
local now = tonumber(ARGV[1])
if now < tonumber(sale[1]) then return {'not_started'} end
if now >= tonumber(sale[2]) then return {'ended'} end
local n = tonumber(ARGV[3])
local limit = tonumber(sale[3])
if limit > 0 and tonumber(redis.call('HGET', KEYS[2], ARGV[2]) or '0') + n > limit then return {'limit'} end
if tonumber(sale[4]) < n then return {'sold_out'} end
redis.call('HINCRBY', KEYS[1], 'stock', -n)
redis.call('HINCRBY', KEYS[2], ARGV[2], n)
redis.call('HSET', KEYS[3], 'n:' .. ARGV[4], n, 'p:' .. ARGV[4], ARGV[1])
return {'ok', unpack(info)}`)

// Units back to the pool and the shopper: a take whose order was not written (ARGV[3] its key's field), or a cancelled
// order's (ARGV[3] ''). KEYS as TAKE. ARGV: user id, units, the key's field or ''. A copy that is gone is rebuilt from
// the database, which already holds the units: nothing to do.
const GIVE_BACK = redisScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if ARGV[3] ~= '' then
  if redis.call('HDEL', KEYS[3], 'n:' .. ARGV[3]) == 0 then return 0 end
  redis.call('HDEL', KEYS[3], 'p:' .. ARGV[3])
end
redis.call('HINCRBY', KEYS[1], 'stock', tonumber(ARGV[2]))
if redis.call('HINCRBY', KEYS[2], ARGV[1], -tonumber(ARGV[2])) <= 0 then redis.call('HDEL', KEYS[2], ARGV[1]) end
return 1`)

// The copy written from the database when it is missing (ARGV[8] '0') or rewritten (ARGV[8] '1': a seller's edit
// keeps the shoppers and the keys). ARGV: start, end, limit, stock, goods, sku, price, overwrite, expire-at (ms), then
// user, units pairs.
const LOAD = redisScript(`
local overwrite = ARGV[8] == '1'
if redis.call('EXISTS', KEYS[1]) == 1 and not overwrite then return 0 end
redis.call('HSET', KEYS[1], 'start', ARGV[1], 'end', ARGV[2], 'limit', ARGV[3], 'goods', ARGV[5], 'sku', ARGV[6], 'price', ARGV[7])
if not overwrite then
  redis.call('HSET', KEYS[1], 'stock', ARGV[4])
  redis.call('DEL', KEYS[2], KEYS[3])
  for i = 10, #ARGV, 2 do redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1]) end
end
for i = 1, 3 do redis.call('PEXPIREAT', KEYS[i], ARGV[9]) end
return 1`)

// KEYS as TAKE. ARGV: the database's pool, now (ms), stale age (ms), then, to set the shoppers' counts too, expire-at
// (ms) and user, units pairs (the database's counts; ARGV[4] '' leaves the counts alone). Stale in-flight takes are
// forgotten; the copy's pool becomes the database's less the units in flight, and each shopper's count the database's
// plus the shopper's units in flight (a key's field starts with the user id). Answers {the copy's pool before, after,
// 1 when a shopper's count changed}, or {} when missing.
const RECONCILE = redisScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return {} end
local now = tonumber(ARGV[2])
local pending = 0
local counts = {}
for i = 5, #ARGV, 2 do counts[ARGV[i]] = tonumber(ARGV[i + 1]) end
local fields = redis.call('HGETALL', KEYS[3])
for i = 1, #fields, 2 do
  local f = fields[i]
  if string.sub(f, 1, 2) == 'p:' then
    local key = string.sub(f, 3)
    if now - tonumber(fields[i + 1]) > tonumber(ARGV[3]) then redis.call('HDEL', KEYS[3], f)
    else
      local n = tonumber(redis.call('HGET', KEYS[3], 'n:' .. key) or '0')
      pending = pending + n
      local user = string.match(key, '^(%d+):')
      if user then counts[user] = (counts[user] or 0) + n end
    end
  end
end
local before = tonumber(redis.call('HGET', KEYS[1], 'stock'))
local after = math.max(0, tonumber(ARGV[1]) - pending)
if before ~= after then redis.call('HSET', KEYS[1], 'stock', after) end
if ARGV[4] == '' then return {before, after, 0} end
local held = redis.call('HGETALL', KEYS[2])
local changed = 0
local seen = {}
for i = 1, #held, 2 do
  local want = counts[held[i]] or 0
  seen[held[i]] = true
  if tonumber(held[i + 1]) ~= want then
    changed = 1
    if want > 0 then redis.call('HSET', KEYS[2], held[i], want) else redis.call('HDEL', KEYS[2], held[i]) end
  end
end
for user, n in pairs(counts) do
  if n > 0 and not seen[user] then
    changed = 1
    redis.call('HSET', KEYS[2], user, n)
  end
end
if changed == 1 then redis.call('PEXPIREAT', KEYS[2], ARGV[4]) end
return {before, after, changed}`)

/** The take: window, the shopper's limit and the pool, checked and taken in one script. */
export async function takeFromCopy(infra: Pick<Infra, 'redis' | 'key'>, seckillId: number, userId: number, units: number, keyField: string, now: number) {
  const [outcome, goods, sku, price, limit] = (await runScript(infra.redis, TAKE, poolKeys(infra, seckillId), [now, userId, units, keyField])) as [TakeOutcome, ...string[]]
  const sale: SaleCopy | null = goods === undefined ? null : { goods_id: Number(goods), sku_id: Number(sku), price: Number(price), limit_num: Number(limit) }
  return { outcome, sale }
}

/** A take whose order is written (committed): no longer in flight. */
export async function settleTake(infra: Pick<Infra, 'redis' | 'key'>, seckillId: number, keyField: string): Promise<void> {
  await infra.redis.hdel(poolKeys(infra, seckillId)[2], `p:${keyField}`)
}

/** Units back to the copy: a take whose unit failed (`keyField`), or a cancelled order's (`keyField` ''). */
export async function giveBackToCopy(infra: Pick<Infra, 'redis' | 'key'>, seckillId: number, userId: number, units: number, keyField: string): Promise<void> {
  await runScript(infra.redis, GIVE_BACK, poolKeys(infra, seckillId), [userId, units, keyField])
}

type SaleRow = { id: number; goods_id: number; sku_id: number; price: Prisma.Decimal; stock: number; limit_num: number; start_time: Date; end_time: Date }

/** Writes the copy of the sale from the database: when missing (a Redis restart, a new sale), or its terms only
 *  (`overwrite`: a seller's edit). Answers false when the sale does not exist. */
export async function loadSale(infra: Pick<Infra, 'redis' | 'key'> & { db: Db }, seckillId: number, overwrite = false): Promise<boolean> {
  const [[sale], buyers] = await Promise.all([
    infra.db.$queryRaw<SaleRow[]>`SELECT id, goods_id, sku_id, price, stock, limit_num, start_time, end_time FROM seckills WHERE id = ${seckillId}`,
    overwrite ? [] : infra.db.$queryRaw<{ user_id: number; bought: number }[]>`SELECT user_id, bought FROM seckill_buyers WHERE seckill_id = ${seckillId} AND bought > 0`,
  ])
  if (!sale) return false
  const args = [
    sale.start_time.getTime(), sale.end_time.getTime(), sale.limit_num, sale.stock, sale.goods_id, sale.sku_id, decimalToCents(sale.price),
    overwrite ? '1' : '0', sale.end_time.getTime() + KEEP_AFTER_END_MS, ...buyers.flatMap((b) => [b.user_id, b.bought]),
  ]
  await runScript(infra.redis, LOAD, poolKeys(infra, seckillId), args)
  return true
}

/** Sets the copy's pool to the database's less what is in flight, and with `shoppers` their counts to the database's
 *  (`buyers`, user id → units bought) plus what they have in flight; answers {before, after, shoppers: whether a
 *  shopper's count changed}, or null when missing. */
export async function reconcileCopy(
  infra: Pick<Infra, 'redis' | 'key'>, seckillId: number, dbStock: number, now: number, shoppers?: { endTime: Date; buyers: ReadonlyMap<number, number> },
) {
  const counts = shoppers ? [shoppers.endTime.getTime() + KEEP_AFTER_END_MS, ...[...shoppers.buyers].flatMap(([user, n]) => [user, n])] : ['']
  const args = [dbStock, now, PENDING_STALE_MS, ...counts]
  const answer = (await runScript(infra.redis, RECONCILE, poolKeys(infra, seckillId), args)) as number[]
  return answer.length ? { before: answer[0], after: answer[1], shoppers: answer[2] === 1 } : null
}

/** The copy's pool of each sale (null where there is none): the admin's second counter. */
export async function copyStocks(infra: Pick<Infra, 'redis' | 'key'>, ids: readonly number[]): Promise<(number | null)[]> {
  if (!ids.length) return []
  const values = await Promise.all(ids.map((id) => infra.redis.hget(poolKeys(infra, id)[0], 'stock')))
  return values.map((v) => (v === null ? null : Number(v)))
}
