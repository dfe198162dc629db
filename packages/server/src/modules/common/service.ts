// Catalog data every storefront page needs (category tree, brands) and the cart badge. The tree and the brands change
// rarely and are read on every page load: they are cached in Redis and dropped on writes (modules/catalog). The area
// cascader's data is the content module's, with the areas (modules/content/areas.ts).
import type { Infra } from '../../core/infra.ts'

export type ClassNode = { id: number; name: string; pid: number; thumb: string; children: ClassNode[] }
export type Brand = { id: number; name: string; thumb: string }

/** The category tree is used with 3 levels (goods hang on level 3). */
const CLASS_LEVELS = 3
const CATALOG_TTL_SECONDS = 3600

const catalogKey = (app: Infra) => app.key('catalog')

async function cached<T>(app: Infra, key: string, field: string, ttl: number, load: () => Promise<T>): Promise<T> {
  const hit = await app.redis.hget(key, field)
  if (hit !== null) return JSON.parse(hit) as T
  const value = await load()
  await app.redis.multi().hset(key, field, JSON.stringify(value)).expire(key, ttl).exec()
  return value
}

/** Call after any write to goods_classes or goods_brands. */
export async function invalidateCatalogCache(app: Infra): Promise<void> {
  await app.redis.del(catalogKey(app))
}

export function classTree(app: Infra): Promise<ClassNode[]> {
  return cached(app, catalogKey(app), 'classes', CATALOG_TTL_SECONDS, async () => {
    const rows = await app.db.goods_classes.findMany({
      select: { id: true, name: true, pid: true, thumb: true },
      orderBy: [{ is_sort: 'asc' }, { id: 'asc' }],
    })
    const byParent = new Map<number, typeof rows>()
    for (const row of rows) byParent.set(row.pid, [...(byParent.get(row.pid) ?? []), row])
    const build = (pid: number, level: number): ClassNode[] =>
      (byParent.get(pid) ?? []).map((r) => ({ ...r, children: level < CLASS_LEVELS ? build(r.id, level + 1) : [] }))
    return build(0, 1)
  })
}

export function brandList(app: Infra): Promise<Brand[]> {
  return cached(app, catalogKey(app), 'brands', CATALOG_TTL_SECONDS, () =>
    app.db.goods_brands.findMany({ select: { id: true, name: true, thumb: true }, orderBy: [{ is_sort: 'asc' }, { id: 'asc' }] }),
  )
}

export function cartCount(app: Infra, userId: number | undefined): Promise<number> {
  return userId ? app.db.carts.count({ where: { user_id: userId } }) : Promise.resolve(0)
}
