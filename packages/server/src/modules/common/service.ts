// Catalog data every storefront page needs (category tree, brands), the area cascader and the cart badge.
// Trees and brands change rarely and are read on every page load: they are cached in Redis and dropped on writes.
import type { Infra } from '../../core/infra.ts'
import { notFound } from '../../core/errors.ts'

export type ClassNode = { id: number; name: string; pid: number; thumb: string; children: ClassNode[] }
export type Brand = { id: number; name: string; thumb: string }
export type AreaOption = { id: number; name: string; code: string; pid: string; deep: number; has_children: boolean }

/** The category tree is used with 3 levels (goods hang on level 3). */
const CLASS_LEVELS = 3
const CATALOG_TTL_SECONDS = 3600
const AREAS_TTL_SECONDS = 86400

const catalogKey = (app: Infra) => app.key('catalog')
const areasKey = (app: Infra) => app.key('areas', 'children')

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

/** Call after any write to areas. */
export async function invalidateAreaCache(app: Infra): Promise<void> {
  await app.redis.del(areasKey(app))
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

/**
 * Children of one area for a lazy cascader. Addresses and stores hold area ids, so the parent is named by its id
 * (0 = provinces); areas.pid itself holds the parent's code.
 */
export function areaChildren(app: Infra, parentId: number): Promise<AreaOption[]> {
  return cached(app, areasKey(app), String(parentId), AREAS_TTL_SECONDS, async () => {
    let parentCode = '0'
    if (parentId > 0) {
      const parent = await app.db.areas.findUnique({ where: { id: parentId }, select: { code: true } })
      if (!parent) throw notFound()
      parentCode = parent.code
    }
    const rows = await app.db.areas.findMany({
      where: { pid: parentCode },
      select: { id: true, name: true, code: true, pid: true, deep: true },
      orderBy: [{ code: 'asc' }],
    })
    if (!rows.length) return []
    const parents = await app.db.areas.groupBy({ by: ['pid'], where: { pid: { in: rows.map((r) => r.code) } } })
    const withChildren = new Set(parents.map((p) => p.pid))
    return rows.map((r) => ({ ...r, has_children: withChildren.has(r.code) }))
  })
}

export function cartCount(app: Infra, userId: number | undefined): Promise<number> {
  return userId ? app.db.carts.count({ where: { user_id: userId } }) : Promise.resolve(0)
}
