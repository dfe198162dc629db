// What crawlers ask for first: robots.txt (the back offices, the shopper's own pages and the API kept out, the sitemap
// named) and the sitemaps: an index naming one file per kind and part (goods, stores, categories, articles; at most
// 50,000 addresses each, the protocol's limit), lastmod from the rows' updated_at. Only what the storefront shows is
// listed (modules/catalog/visibility.ts). The catalog's lists are cached under its search generation (catalog/cache.ts),
// which every change of what the storefront shows moves on: a goods hidden or a store closed leaves them at once; the
// articles' under the content's generation (content/published.ts), which every admin write of an article moves on.
import { Prisma } from '../../generated/prisma/client.ts'
import type { Infra } from '../../core/infra.ts'
import { cachedSearch, classIndex, visibleGoodsSql, visibleStoreSql } from '../catalog/index.ts'
import { articleSitemap } from '../content/index.ts'
import { categoryPath } from './searchPaths.ts'

/** The sitemap protocol's limit of addresses per file. */
export const SITEMAP_URLS = 50_000
const CACHE_SECONDS = 3600
export const SITEMAP_KINDS = ['goods', 'stores', 'categories', 'articles'] as const
const CATALOG_KINDS = ['goods', 'stores', 'categories'] as const
type CatalogKind = (typeof CATALOG_KINDS)[number]
export type SitemapKind = (typeof SITEMAP_KINDS)[number]

/** Pages no crawler should index: back offices, the shopper's own pages, the cart and the order steps, the store
 *  application, the API. The login and register pages stay open: a shopper may search for them. */
const DISALLOWED = ['/Admin/', '/Seller/', '/user', '/carts', '/order/', '/forget_password', '/store/join', '/store/step_', '/api/']

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n')
}

type Entry = { path: string; lastmod: string | null }

const day = (d: Date | string | null) => (d ? new Date(d).toISOString().slice(0, 10) : null)

async function countOf(app: Infra, kind: CatalogKind): Promise<number> {
  if (kind === 'categories') return (await classIndex(app)).size
  const [row] =
    kind === 'goods'
      ? await app.db.$queryRaw<{ n: bigint }[]>`SELECT COUNT(*) AS n FROM goods g JOIN stores s ON s.id = g.store_id WHERE ${visibleGoodsSql('g', 's')}`
      : await app.db.$queryRaw<{ n: bigint }[]>`SELECT COUNT(*) AS n FROM stores s WHERE ${visibleStoreSql('s')}`
  return Number(row.n)
}

async function entriesOf(app: Infra, kind: CatalogKind, part: number): Promise<Entry[]> {
  const offset = (part - 1) * SITEMAP_URLS
  if (kind === 'goods') {
    const rows = await app.db.$queryRaw<{ id: number; updated_at: Date }[]>`SELECT g.id, g.updated_at FROM goods g JOIN stores s ON s.id = g.store_id
      WHERE ${visibleGoodsSql('g', 's')} ORDER BY g.id LIMIT ${SITEMAP_URLS} OFFSET ${offset}`
    return rows.map((r) => ({ path: `/goods/${r.id}`, lastmod: day(r.updated_at) }))
  }
  if (kind === 'stores') {
    const rows = await app.db.$queryRaw<{ id: number; updated_at: Date }[]>`SELECT s.id, s.updated_at FROM stores s
      WHERE ${visibleStoreSql('s')} ORDER BY s.id LIMIT ${SITEMAP_URLS} OFFSET ${offset}`
    return rows.map((r) => ({ path: `/store/${r.id}`, lastmod: day(r.updated_at) }))
  }
  const ids = [...(await classIndex(app)).keys()].sort((a, b) => a - b).slice(offset, offset + SITEMAP_URLS)
  if (!ids.length) return []
  const rows = await app.db.$queryRaw<{ id: number; updated_at: Date }[]>`SELECT id, updated_at FROM goods_classes WHERE id IN (${Prisma.join(ids)})`
  const updated = new Map(rows.map((r) => [r.id, day(r.updated_at)]))
  return ids.map((id) => ({ path: categoryPath(id), lastmod: updated.get(id) ?? null }))
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'

export const sitemapFile = (kind: SitemapKind, part: number) => `/sitemaps/${kind}-${part}.xml`

/** The sitemap index: every kind's parts (a kind with nothing to list has one empty part, so it stays named). */
export async function sitemapIndex(app: Infra, origin: string): Promise<string> {
  const [catalog, articles] = await Promise.all([
    cachedSearch(app, 'sitemap', { index: true }, CACHE_SECONDS, async () =>
      Object.fromEntries(await Promise.all(CATALOG_KINDS.map(async (kind) => [kind, await countOf(app, kind)] as const))),
    ),
    articleSitemap(app, 0, 0),
  ])
  const counts: Record<string, number> = { ...catalog, articles: articles.total }
  const files = SITEMAP_KINDS.flatMap((kind) => Array.from({ length: Math.max(1, Math.ceil(counts[kind] / SITEMAP_URLS)) }, (_, i) => sitemapFile(kind, i + 1)))
  return `${HEAD}<sitemapindex ${NS}>${files.map((f) => `<sitemap><loc>${xml(origin + f)}</loc></sitemap>`).join('')}</sitemapindex>\n`
}

/** One part of a kind's sitemap, or null past its last part. */
export async function sitemapPart(app: Infra, origin: string, kind: SitemapKind, part: number): Promise<string | null> {
  const entries =
    kind === 'articles'
      ? (await articleSitemap(app, (part - 1) * SITEMAP_URLS, SITEMAP_URLS)).entries.map((a) => ({ path: `/article/${a.id}`, lastmod: a.lastmod }))
      : await cachedSearch(app, 'sitemap', { kind, part }, CACHE_SECONDS, () => entriesOf(app, kind, part))
  if (!entries.length && part > 1) return null
  const urls = entries.map((e) => `<url><loc>${xml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`)
  return `${HEAD}<urlset ${NS}>${urls.join('')}</urlset>\n`
}
