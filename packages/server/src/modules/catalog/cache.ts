// Redis cache of the storefront's catalog reads: goods detail, the store card beside it, the home page.
//
// Changes of what a search can match (anything but counters) also move the search generation on, retiring the
// cached search counts and category pages (search.ts). Invalidation writes a short-lived tombstone instead of deleting, and fills use SET NX: a reader that loaded
// from the database before a write committed cannot put its stale copy back after the write invalidated it.
// Other modules call these after their commit: `invalidateGoodsCounters` when only counters changed (stock and
// sales on orders, reviews), `invalidateGoods` when anything else of a goods did, `invalidateStoreCard` for a store.
import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { toWire } from '../../core/wire.ts'
import { invalidateCatalogCache } from '../common/service.ts'

const TTL_SECONDS = 600
const TOMBSTONE = '!'
const TOMBSTONE_MS = 3000
/** Keys invalidated per Redis round trip. */
const BATCH = 500

export const goodsDetailKey = (app: FastifyInstance, id: number) => app.key('catalog', 'goods', id)
export const storeCardKey = (app: FastifyInstance, id: number) => app.key('catalog', 'store', id)
export const homeKey = (app: FastifyInstance) => app.key('catalog', 'home')
const searchGenKey = (app: FastifyInstance) => app.key('catalog', 'search_gen')

/** A cached search result (its counts, or a whole category page) under the current search generation: a write
 *  that moves the generation on retires them all, and a fill computed before it lands under a key no one reads. */
export async function cachedSearch<T>(app: FastifyInstance, kind: 'facets' | 'page', params: object, ttl: number, load: () => Promise<T>): Promise<T> {
  const gen = (await app.redis.get(searchGenKey(app))) ?? '0'
  const key = app.key('catalog', kind, gen, createHash('sha1').update(JSON.stringify(params)).digest('hex'))
  const hit = await app.redis.get(key)
  if (hit !== null) return JSON.parse(hit) as T
  const value = toWire(await load()) as T
  await app.redis.set(key, JSON.stringify(value), 'EX', ttl)
  return value
}

/** The cached wire form of `load()` (null included), loading and filling on a miss. */
export async function cachedJson<T>(app: FastifyInstance, key: string, load: () => Promise<T>, ttl = TTL_SECONDS): Promise<T> {
  const hit = await app.redis.get(key)
  if (hit !== null && hit !== TOMBSTONE) return JSON.parse(hit) as T
  const value = toWire(await load()) as T
  if (hit === null) await app.redis.set(key, JSON.stringify(value), 'EX', ttl, 'NX')
  return value
}

/** Several cached values in one round trip; misses are loaded one by one. */
export async function cachedMany<T>(app: FastifyInstance, keys: string[], load: (index: number) => Promise<T>, ttl = TTL_SECONDS): Promise<T[]> {
  const hits = await app.redis.mget(...keys)
  return Promise.all(
    hits.map(async (hit, i) => {
      if (hit !== null && hit !== TOMBSTONE) return JSON.parse(hit) as T
      const value = toWire(await load(i)) as T
      if (hit === null) await app.redis.set(keys[i], JSON.stringify(value), 'EX', ttl, 'NX')
      return value
    }),
  )
}

async function invalidateKeys(app: FastifyInstance, keys: string[], searchable: boolean) {
  if (searchable) await app.redis.incr(searchGenKey(app))
  for (let i = 0; i < keys.length; i += BATCH) {
    const batch = app.redis.multi()
    for (const key of keys.slice(i, i + BATCH)) batch.set(key, TOMBSTONE, 'PX', TOMBSTONE_MS)
    await batch.exec()
  }
}

const goodsKeys = (app: FastifyInstance, goodsIds: number[], storeIds: number[]) => [
  ...goodsIds.map((id) => goodsDetailKey(app, id)),
  ...storeIds.map((id) => storeCardKey(app, id)),
  homeKey(app),
]

/** After a write to goods or their SKUs: their detail, their stores' cards (best sellers), home and search counts. */
export async function invalidateGoods(app: FastifyInstance, goodsIds: number[], storeIds: number[]): Promise<void> {
  await invalidateKeys(app, goodsKeys(app, goodsIds, storeIds), true)
}

/** After a change of counters only (stock, sales, favourites, reviews): what shows them, not the search counts. */
export async function invalidateGoodsCounters(app: FastifyInstance, goodsIds: number[], storeIds: number[]): Promise<void> {
  await invalidateKeys(app, goodsKeys(app, goodsIds, storeIds), false)
}

/** After a change of a store's card (name, logo, ratings) that leaves its visibility as it was. */
export async function invalidateStoreCard(app: FastifyInstance, storeId: number): Promise<void> {
  await invalidateKeys(app, [storeCardKey(app, storeId), homeKey(app)], false)
}

/** After a store became visible or hidden: every goods detail of the store too. */
export async function invalidateStore(app: FastifyInstance, storeId: number): Promise<void> {
  const goods = await app.db.goods.findMany({ where: { store_id: storeId }, select: { id: true } })
  await invalidateGoods(app, goods.map((g) => g.id), [storeId])
}

/** After a category or brand changed: details embed their names, so every cached detail goes (rare admin writes). */
export async function invalidateCatalogNames(app: FastifyInstance): Promise<void> {
  await invalidateCatalogCache(app)
  const pattern = `${app.key('catalog', 'goods')}:*`
  let cursor = '0'
  do {
    const [next, keys] = await app.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000)
    await invalidateKeys(app, keys, false)
    cursor = next
  } while (cursor !== '0')
  await invalidateKeys(app, [homeKey(app)], true)
}
