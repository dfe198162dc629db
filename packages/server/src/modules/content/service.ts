// Config groups (admin forms over the `configs` table), the public site config, and the storefront's content reads.
import {
  CONFIG_ROW, WEB_CONFIG_KEYS, maskConfig, mergeConfig, normalizeConfig,
  type ConfigGroup, type ConfigValues, type JsonConfigGroup,
} from '@qshop/shared/schemas/configs'
import type { Infra } from '../../core/infra.ts'
import { invalidateConfig, readConfig } from '../../core/configs.ts'
import { useSiteZone } from '../../core/siteCalendar.ts'
import { mapPrismaError } from '../../core/prismaErrors.ts'
import { invalid, notFound } from '../../core/errors.ts'
import { unreadableKeys } from '../../adapters/payment/config.ts'
import { DEFAULT_LOCALE, translate, type Locale } from '@qshop/shared'
import { runUnit, type Tx } from '../../core/unitOfWork.ts'

const IS_STRING = 0
const IS_JSON = 1

function parseJson(content: string | null | undefined): Record<string, unknown> | null {
  if (!content) return null
  try {
    return JSON.parse(content)
  } catch {
    return null
  }
}

/** A group's stored values (defaults where missing), secrets in clear: for the server only. */
async function loadGroup(db: Infra['db'] | Tx, group: ConfigGroup, lock = false): Promise<ConfigValues> {
  if (group === 'web') {
    const rows = await db.configs.findMany({ where: { name: { in: WEB_CONFIG_KEYS } }, select: { name: true, content: true } })
    return normalizeConfig('web', Object.fromEntries(rows.map((r) => [r.name, r.content ?? undefined])))
  }
  const name = CONFIG_ROW[group]
  // Inside the write transaction the row is locked so that two partial updates do not lose each other's changes.
  const rows = lock
    ? await (db as Tx).$queryRaw<{ content: string | null }[]>`SELECT content FROM configs WHERE name = ${name} FOR UPDATE`
    : await db.configs.findMany({ where: { name }, select: { content: true } })
  return normalizeConfig(group, parseJson(rows[0]?.content))
}

/** What the admin form shows: every field, secrets masked. */
export async function configForAdmin(app: Infra, group: ConfigGroup): Promise<ConfigValues> {
  return maskConfig(group, await loadGroup(app.db, group))
}

/** Writes the posted fields of a group (validated by its schema) in one transaction; masked secrets are kept. */
export async function updateConfig(app: Infra, group: ConfigGroup, input: Record<string, unknown>, locale: Locale = DEFAULT_LOCALE): Promise<ConfigValues> {
  let values: ConfigValues
  try {
    values = await runUnit(app, async (tx, unit) => {
      const merged = mergeConfig(group, await loadGroup(tx, group, true), input)
      // The schema saw PEM text; whether it is a key the gateways can sign or verify with is known only here.
      const unreadable = group === 'pay' ? unreadableKeys(merged) : []
      if (unreadable.length) throw invalid(Object.fromEntries(unreadable.map((f) => [f, translate(locale, 'valid.pem')])))
      const rows =
        group === 'web'
          ? Object.keys(input).filter((name) => input[name] !== undefined).map((name) => ({ name, content: String(merged[name]), is_type: IS_STRING }))
          : [{ name: CONFIG_ROW[group as JsonConfigGroup], content: JSON.stringify(merged), is_type: IS_JSON }]
      for (const row of rows) await tx.configs.upsert({ where: { name: row.name }, create: row, update: { content: row.content, is_type: row.is_type } })
      unit.afterCommit(async () => {
        await Promise.all(rows.map((r) => invalidateConfig(app, r.name)))
        // This instance answers on the new zone at once; the others within core/siteCalendar.ts's refresh time.
        if (group === 'web' && input.time_zone !== undefined) useSiteZone(String(merged.time_zone))
      })
      return merged
    })
  } catch (err) {
    throw mapPrismaError(err)
  }
  return maskConfig(group, values)
}

export type PublicSiteConfig = {
  web_name: string
  logo: string
  index_name: string
  keyword: string
  description: string
  mobile: string
  email: string
  icp: string
  close_status: number
  close_reason: string
  /** the IANA zone every time is shown in (core/siteCalendar.ts) */
  time_zone: string
  amap: { key: string; jsapi: string }
}

const PUBLIC_WEB_KEYS = ['web_name', 'logo', 'index_name', 'keyword', 'description', 'mobile', 'email', 'icp', 'close_status', 'close_reason', 'time_zone'] as const

/** The site settings the storefront may see (cached reads; never a secret). */
export async function publicSiteConfig(app: Infra): Promise<PublicSiteConfig> {
  const [map, ...web] = await Promise.all([readConfig(app, CONFIG_ROW.map), ...PUBLIC_WEB_KEYS.map((k) => readConfig<string>(app, k))])
  const site = normalizeConfig('web', Object.fromEntries(PUBLIC_WEB_KEYS.map((k, i) => [k, web[i] ?? undefined])))
  const amap = normalizeConfig('map', map as Record<string, unknown> | null)
  const out = Object.fromEntries(PUBLIC_WEB_KEYS.map((k) => [k, site[k]]))
  return { ...out, amap: { key: amap.key, jsapi: amap.jsapi } } as PublicSiteConfig
}

// ---- storefront reads ----

const ARTICLE_SELECT = { id: true, pid: true, name: true, content: true, click: true, created_at: true, updated_at: true } as const

/** The article titled `name` (the first one if several share it), its view counter incremented in one statement. */
export async function readArticle(app: Infra, name: string) {
  const found = await app.db.articles.findFirst({ where: { name }, orderBy: { id: 'asc' }, select: { id: true } })
  if (!found) throw notFound()
  return app.db.articles.update({ where: { id: found.id }, data: { click: { increment: 1 } }, select: ARTICLE_SELECT })
}

export async function readAgreement(app: Infra, ename: string) {
  const row = await app.db.agreements.findUnique({ where: { ename }, select: { id: true, name: true, ename: true, content: true, updated_at: true } })
  if (!row) throw notFound()
  return row
}

/** Ads of the slot named `name` that are on and within their time window now, highest is_sort first. */
export async function activeAds(app: Infra, name: string) {
  const now = new Date()
  return app.db.advs.findMany({
    where: { space: { name }, status: 1, adv_start: { lte: now }, OR: [{ adv_end: null }, { adv_end: { gte: now } }] },
    orderBy: [{ is_sort: 'desc' }, { id: 'desc' }],
    select: { id: true, name: true, title: true, etitle: true, subtitle: true, esubtitle: true, url: true, image: true, is_type: true, is_sort: true, adv_start: true, adv_end: true },
    take: 100,
  })
}

type MenuNode = { id: number; pid: number; name: string; is_sort: number; children?: MenuNode[] }

/** Article menus as a tree (levels limited by `deep`), ordered by is_sort then id. */
export async function articleMenuTree(app: Infra, deep: number): Promise<MenuNode[]> {
  const rows = await app.db.article_menus.findMany({ select: { id: true, pid: true, name: true, is_sort: true }, orderBy: [{ is_sort: 'asc' }, { id: 'asc' }] })
  const byParent = new Map<number, MenuNode[]>()
  for (const r of rows) byParent.set(r.pid, [...(byParent.get(r.pid) ?? []), { ...r }])
  const build = (pid: number, level: number): MenuNode[] =>
    (byParent.get(pid) ?? []).map((node) => {
      const children = level < deep ? build(node.id, level + 1) : []
      return children.length ? { ...node, children } : node
    })
  return build(0, 1)
}

export function allExpresses(app: Infra) {
  return app.db.expresses.findMany({ select: { id: true, name: true, code: true }, orderBy: { id: 'asc' } })
}

/** The newest version published for a device (null when none). */
export function latestAppVersion(app: Infra, device: 'android' | 'ios') {
  return app.db.app_versions.findFirst({
    where: { device },
    orderBy: [{ version_code: 'desc' }, { id: 'desc' }],
    select: { id: true, name: true, version: true, version_code: true, url: true, device: true, apple_id: true, is_wgt: true, content: true, created_at: true },
  })
}
