// An area (of a store, of an address) from the cascader's [province, city, district] ids: the chain must hold, and
// area_info names it.
import { translate, type Locale } from '@qshop/shared'
import type { Db } from '../../core/db/index.ts'
import type { Tx } from '../../core/resource.ts'
import { invalid } from '../../core/errors.ts'

const PROVINCE = 0

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
