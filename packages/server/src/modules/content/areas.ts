// Areas (provinces, cities, districts), kept with their admin resource (resources.ts): the cascader's data (GET
// /api/load_areas, served by the common module), one area's children cached in Redis for a day and dropped when the
// admin writes areas; and an area of a store or an address from the cascader's [province, city, district] ids, whose
// chain must hold and which area_info names.
import { translate, type Locale } from '@qshop/shared'
import type { Db } from '../../core/db/index.ts'
import type { Infra } from '../../core/infra.ts'
import type { Tx } from '../../core/unitOfWork.ts'
import { invalid, notFound } from '../../core/errors.ts'

export type AreaOption = { id: number; name: string; code: string; pid: string; deep: number; has_children: boolean }

const AREAS_TTL_SECONDS = 86400
const PROVINCE = 0

const areasKey = (app: Pick<Infra, 'key'>) => app.key('areas', 'children')

/** Call after any write to areas. */
export async function invalidateAreaCache(app: Pick<Infra, 'redis' | 'key'>): Promise<void> {
  await app.redis.del(areasKey(app))
}

/**
 * Children of one area for a lazy cascader. Addresses and stores hold area ids, so the parent is named by its id
 * (0 = provinces); areas.pid itself holds the parent's code.
 */
export async function areaChildren(app: Pick<Infra, 'db' | 'redis' | 'key'>, parentId: number): Promise<AreaOption[]> {
  const key = areasKey(app)
  const field = String(parentId)
  const hit = await app.redis.hget(key, field)
  if (hit !== null) return JSON.parse(hit) as AreaOption[]
  const value = await loadChildren(app, parentId)
  await app.redis.multi().hset(key, field, JSON.stringify(value)).expire(key, AREAS_TTL_SECONDS).exec()
  return value
}

async function loadChildren(app: Pick<Infra, 'db'>, parentId: number): Promise<AreaOption[]> {
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
}

export type AreaFields = { province_id: number; city_id: number; region_id: number; area_info: string }

export async function areaFields(locale: Locale, db: Db | Tx, area: number[]): Promise<AreaFields> {
  const rows = await db.areas.findMany({ where: { id: { in: area } }, select: { id: true, code: true, pid: true, name: true, deep: true } })
  const [province, city, district] = area.map((id) => rows.find((r) => r.id === id))
  if (!province || !city || !district || province.deep !== PROVINCE || city.pid !== province.code || district.pid !== city.code)
    throw invalid({ area: translate(locale, 'valid.notExists') })
  return { province_id: province.id, city_id: city.id, region_id: district.id, area_info: [province.name, city.name, district.name].join(' ') }
}

/** The cascader value of a stored area ([] when not set). */
export const areaValue = (s: { province_id: number; city_id: number; region_id: number }) =>
  s.province_id ? [s.province_id, s.city_id, s.region_id] : []
