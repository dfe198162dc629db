// Redis cache of the storefront's catalog reads: goods detail, the store card beside it, the home page, and (under
// a generation number) search counts, category pages and the sitemaps (modules/pages/crawl.ts).
//
// Invalidation writes a short-lived tombstone instead of deleting, and fills use SET NX: a reader that loaded from the
// database before a write committed cannot put its stale copy back after the write invalidated it. Changes of what a
// search can match or show (anything but counters) also move the search generation on (search.ts).
// Other modules call these after their commit: `invalidateGoodsCounters` when only counters changed (sales on orders,
// favourites, reviews), `invalidateGoods` when anything else of a goods did. Stock is never cached: the goods page
// reads its stock and prices per request, search its rows' stock (modules/inventory/live.ts).
import { createHash } from 'node:crypto'
import type { Infra } from '../../core/infra.ts'
import { toWire } from '../../core/wire.ts'
import { invalidateCatalogCache } from '../common/index.ts'

/** What invalidation needs: the api's app or a worker's infra. */
export type CacheHost = Pick<Infra, 'redis' | 'key'>

const TTL_SECONDS = 600
const TOMBSTONE = '!'
const TOMBSTONE_MS = 3000
/** Keys invalidated per Redis round trip. */
const BATCH = 500

export const goodsDetailKey = (app: CacheHost, id: number) => app.key('catalog', 'goods', id)
export const storeCardKey = (app: CacheHost, id: number) => app.key('catalog', 'store', id)
export const homeKey = (app: CacheHost) => app.key('catalog', 'home')
const searchGenKey = (app: CacheHost) => app.key('catalog', 'search_gen')

/** A cached search result (its counts, or a whole category page), stamped with the search generation read before
 *  computing it: a write that moves the generation on retires them all, and a fill computed before that write carries
 *  the old stamp, which no reader accepts. Generation and value come in one round trip. */
type SearchKind = 'facets' | 'page' | 'sitemap'
const searchKey = (app: CacheHost, kind: SearchKind, params: object) => app.key('catalog', kind, createHash('sha1').update(JSON.stringify(params)).digest('hex'))

export async function cachedSearch<T>(app: Infra, kind: SearchKind, params: object, ttl: number, load: () => Promise<T>): Promise<T> {
  const key = searchKey(app, kind, params)
  const [gen, hit] = await app.redis.mget(searchGenKey(app), key)
  const stamp = gen ?? '0'
  if (hit !== null) {
    const cached = JSON.parse(hit) as { gen: string; value: T }
    if (cached.gen === stamp) return cached.value
  }
  const value = toWire(await load()) as T
  await app.redis.set(key, JSON.stringify({ gen: stamp, value }), 'EX', ttl)
  return value
}

/** What cachedSearch holds for `params` under the current search generation, without loading it: undefined on a miss. */
export async function peekSearch<T>(app: CacheHost, kind: SearchKind, params: object): Promise<T | undefined> {
  const [gen, hit] = await app.redis.mget(searchGenKey(app), searchKey(app, kind, params))
  if (hit === null) return undefined
  const cached = JSON.parse(hit) as { gen: string; value: T }
  return cached.gen === (gen ?? '0') ? cached.value : undefined
}

/** The cached wire form of `load()` (null included), loading and filling on a miss. */
export async function cachedJson<T>(app: Infra, key: string, load: () => Promise<T>, ttl = TTL_SECONDS): Promise<T> {
  const hit = await app.redis.get(key)
  if (hit !== null && hit !== TOMBSTONE) return JSON.parse(hit) as T
  const value = toWire(await load()) as T
  if (hit === null) await app.redis.set(key, JSON.stringify(value), 'EX', ttl, 'NX')
  return value
}

/** What cachedJson holds under `key` (null included), without loading it on a miss: undefined then. */
export async function peekJson<T>(app: CacheHost, key: string): Promise<T | undefined> {
  const hit = await app.redis.get(key)
  return hit === null || hit === TOMBSTONE ? undefined : (JSON.parse(hit) as T)
}

async function invalidateKeys(app: CacheHost, keys: string[], searchable: boolean) {
  if (searchable) await app.redis.incr(searchGenKey(app))
  for (let i = 0; i < keys.length; i += BATCH) {
    // Tombstones need no MULTI: each stands on its own.
    const batch = app.redis.pipeline()
    for (const key of keys.slice(i, i + BATCH)) batch.set(key, TOMBSTONE, 'PX', TOMBSTONE_MS)
    await batch.exec()
  }
}

const goodsKeys = (app: CacheHost, goodsIds: number[], storeIds: number[]) => [
  ...goodsIds.map((id) => goodsDetailKey(app, id)),
  ...storeIds.map((id) => storeCardKey(app, id)),
  homeKey(app),
]

/** After a write to goods or their SKUs: their detail, their stores' cards (best sellers), home and search counts. */
export async function invalidateGoods(app: CacheHost, goodsIds: number[], storeIds: number[]): Promise<void> {
  await invalidateKeys(app, goodsKeys(app, goodsIds, storeIds), true)
}

/** After a change of counters only (sales, favourites, reviews): what shows them, not the search counts. */
export async function invalidateGoodsCounters(app: CacheHost, goodsIds: number[], storeIds: number[]): Promise<void> {
  await invalidateKeys(app, goodsKeys(app, goodsIds, storeIds), false)
}

/** After a change of a store's settings (name, logo...) that leaves its visibility as it was; search rows show its name. */
export async function invalidateStoreCard(app: Infra, storeId: number): Promise<void> {
  await invalidateKeys(app, [storeCardKey(app, storeId), homeKey(app)], true)
}

/** After a store became visible or hidden: every goods detail of the store too. */
export async function invalidateStore(app: Infra, storeId: number): Promise<void> {
  const goods = await app.db.goods.findMany({ where: { store_id: storeId }, select: { id: true } })
  await invalidateGoods(app, goods.map((g) => g.id), [storeId])
}

/** After a category or brand changed: details embed their names, so every cached detail goes (rare admin writes). */
export async function invalidateCatalogNames(app: Infra): Promise<void> {
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
