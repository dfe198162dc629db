// Storefront goods search (GET /api/goods): plain query parameters, visible goods only.
//
// Two statements: the matching goods grouped by (brand, category), which gives the total and the brands and
// categories to refine by, then the page of rows. Keywords use the FULLTEXT bigram index (searchText.ts) with a LIKE
// keeping exact matches.
// Rows: goods are read first (STRAIGHT_JOIN) so that the sort's index can serve ORDER BY ... LIMIT. For a common word
// walking that index and checking the name reads about (offset + limit) × visible ÷ matches rows, far fewer than the
// matches the FULLTEXT index would hand over to be sorted; for a rare word it is the other way round. The total,
// known from the counts, picks the cheaper plan.
// Cached under the search generation that every catalog write moves on (cache.ts): the grouped counts, which read
// every match, and whole category pages (no keywords), which few filter sets cover. Sales counters move no
// generation, so a page sorted by sales may lag them by a minute at most. The rows' stock is never cached: each page
// reads it by primary key (modules/inventory/live.ts).
import { STOREFRONT_MAX_PAGE, goodsSearchQuery, type GoodsSearchQuery } from '@qshop/shared/schemas/catalog'
import type { Infra } from '../../core/infra.ts'
import { Prisma } from '../../generated/prisma/client.ts'
import { brandList } from '../common/index.ts'
import { classIndex, leafClassIds } from './classes.ts'
import { visibleGoodsSql } from './visibility.ts'
import { searchQuery } from './searchText.ts'
import { likeEscape } from '../../core/listSql.ts'
import { cachedSearch, peekSearch, type CacheHost } from './cache.ts'
import { withLiveStock } from '../inventory/index.ts'

const FACETS_TTL_SECONDS = 300
/** Category pages list by sales too, which counters change without a new generation: they live briefly. */
const PAGE_TTL_SECONDS = 60
/** The number of visible goods is only a plan estimate: refreshed now and then, not on writes. */
const VISIBLE_ESTIMATE_TTL_SECONDS = 600
const MAX_WORDS = 5

const ORDER: Record<GoodsSearchQuery['sort'], Prisma.Sql> = {
  sales: Prisma.sql`g.goods_sale DESC, g.id DESC`,
  price_asc: Prisma.sql`g.goods_price ASC, g.id ASC`,
  price_desc: Prisma.sql`g.goods_price DESC, g.id DESC`,
  new: Prisma.sql`g.id DESC`,
}

export type SearchRow = {
  id: number
  goods_name: string
  goods_subname: string
  goods_master_image: string
  goods_price: unknown
  goods_market_price: unknown
  goods_sale: number
  store_id: number
  store_name: string
}
type FacetRow = { brand_id: number; class_id: number; n: bigint | number }

/** `%`, `_` and `\` taken literally inside a LIKE pattern. */

const keywordsOf = (q: GoodsSearchQuery) => (q.keywords ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_WORDS)

/** Whether the page of a keyword search is cheaper found through the FULLTEXT index (rare words) than by walking the
 *  sort's index (common words); `end` = offset + limit. */
export const rowsByFulltext = (matches: number, visible: number, end: number) => end * visible >= matches * matches

/** The conditions of a search, visibility first; `leaves` are the level-3 categories of class_id (null: no category
 *  filter). Null when nothing can match. */
export function searchConditions(q: GoodsSearchQuery, leaves: number[] | null, opts = { fulltext: true }): Prisma.Sql[] | null {
  const where: Prisma.Sql[] = [visibleGoodsSql('g', 's')]
  const words = keywordsOf(q)
  if (words.length) {
    const fulltext = opts.fulltext && searchQuery(words.join(' '))
    if (fulltext) where.push(Prisma.sql`MATCH(g.search_text) AGAINST(${fulltext} IN BOOLEAN MODE)`)
    for (const w of words) where.push(Prisma.sql`g.goods_name LIKE ${`%${likeEscape(w)}%`}`)
  }
  if (leaves) {
    if (!leaves.length) return null
    where.push(Prisma.sql`g.class_id IN (${Prisma.join(leaves)})`)
  }
  if (q.brand_id !== undefined) where.push(Prisma.sql`g.brand_id = ${q.brand_id}`)
  if (q.store_id !== undefined) where.push(Prisma.sql`g.store_id = ${q.store_id}`)
  if (q.is_recommend !== undefined) where.push(Prisma.sql`g.is_recommend = ${q.is_recommend}`)
  if (q.price_min !== undefined) where.push(Prisma.sql`g.goods_price >= ${q.price_min}`)
  if (q.price_max !== undefined) where.push(Prisma.sql`g.goods_price <= ${q.price_max}`)
  return where
}

/** The page of matching rows (the SQL the floor benchmark repeats). */
export function searchRowsSql(where: Prisma.Sql[], sort: GoodsSearchQuery['sort'], limit: number, offset: number) {
  return Prisma.sql`SELECT g.id, g.goods_name, g.goods_subname, g.goods_master_image, g.goods_price, g.goods_market_price,
      g.goods_sale, g.store_id, s.store_name
    FROM goods g STRAIGHT_JOIN stores s ON s.id = g.store_id
    WHERE ${Prisma.join(where, ' AND ')} ORDER BY ${ORDER[sort]} LIMIT ${limit} OFFSET ${offset}`
}

export const visibleCountSql = () =>
  Prisma.sql`SELECT COUNT(*) AS n FROM goods g STRAIGHT_JOIN stores s ON s.id = g.store_id WHERE ${visibleGoodsSql('g', 's')}`

export function searchFacetsSql(where: Prisma.Sql[]) {
  return Prisma.sql`SELECT g.brand_id, g.class_id, COUNT(*) AS n FROM goods g STRAIGHT_JOIN stores s ON s.id = g.store_id
    WHERE ${Prisma.join(where, ' AND ')} GROUP BY g.brand_id, g.class_id`
}

type Refinements = {
  total: number
  brands: { id: number; name: string; thumb: string; count: number }[]
  classes: { id: number; name: string; pid: number; count: number }[]
}

/** The total and the brands and categories of the matches, most matches first (cached per filter set). */
function refinements(app: Infra, q: GoodsSearchQuery, where: Prisma.Sql[]): Promise<Refinements> {
  const { page: _page, per_page: _perPage, sort: _sort, ...filters } = q
  return cachedSearch(app, 'facets', filters, FACETS_TTL_SECONDS, async () => {
    const [rows, brandRows, index] = await Promise.all([app.db.$queryRaw<FacetRow[]>(searchFacetsSql(where)), brandList(app), classIndex(app)])
    const brands = new Map<number, number>()
    const classes = new Map<number, number>()
    let total = 0
    for (const r of rows) {
      const n = Number(r.n)
      total += n
      if (r.brand_id) brands.set(r.brand_id, (brands.get(r.brand_id) ?? 0) + n)
      classes.set(r.class_id, (classes.get(r.class_id) ?? 0) + n)
    }
    const brandById = new Map(brandRows.map((b) => [b.id, b]))
    const byCount = (a: { count: number }, b: { count: number }) => b.count - a.count
    return {
      total,
      brands: [...brands]
        .filter(([id]) => brandById.has(id))
        .map(([id, count]) => ({ id, name: brandById.get(id)!.name, thumb: brandById.get(id)!.thumb, count }))
        .sort(byCount),
      classes: [...classes]
        .filter(([id]) => index.has(id))
        .map(([id, count]) => ({ id, name: index.get(id)!.name, pid: index.get(id)!.pid, count }))
        .sort(byCount),
    }
  })
}

async function visibleEstimate(app: Infra): Promise<number> {
  const key = app.key('catalog', 'visible_estimate')
  const hit = await app.redis.get(key)
  if (hit !== null) return Number(hit)
  const [{ n }] = await app.db.$queryRaw<{ n: bigint }[]>(visibleCountSql())
  await app.redis.set(key, String(n), 'EX', VISIBLE_ESTIMATE_TTL_SECONDS)
  return Number(n)
}

/** The plain search page's query (/s: no filter, first page, default sort), as the route parses the app's read of it. */
const PLAIN_SEARCH = goodsSearchQuery.parse({})

/** The plain search page's first page of goods, from the cache only (undefined when not cached): the search page's
 *  entry page lists them as text and preloads the first one's picture (modules/pages). */
export async function cachedPlainSearch(app: CacheHost): Promise<SearchRow[] | undefined> {
  return (await peekSearch<{ data: SearchRow[] }>(app, 'page', PLAIN_SEARCH))?.data
}

/** Browsing without keywords (category, brand, store pages) is answered from the cache; keyword searches read rows.
 *  Either way the rows' stock is read now. */
export async function searchGoods(app: Infra, q: GoodsSearchQuery) {
  const found = keywordsOf(q).length ? await runSearch(app, q) : await cachedSearch(app, 'page', q, PAGE_TTL_SECONDS, () => runSearch(app, q))
  return { ...found, data: await withLiveStock(app.db, found.data) }
}

async function runSearch(app: Infra, q: GoodsSearchQuery) {
  const keywords = keywordsOf(q).length > 0
  const leaves = q.class_id === undefined ? null : leafClassIds(await classIndex(app), q.class_id)
  const where = searchConditions(q, leaves)
  const answer = (total: number, data: SearchRow[], refine: Omit<Refinements, 'total'>) => ({
    data,
    count: data.length,
    total,
    per_page: q.per_page,
    last_page: Math.min(STOREFRONT_MAX_PAGE, Math.max(1, Math.ceil(total / q.per_page))),
    current_page: q.page,
    ...refine,
  })
  if (!where) return answer(0, [], { brands: [], classes: [] })
  const offset = (q.page - 1) * q.per_page
  const [{ total, ...refine }, visible] = await Promise.all([refinements(app, q, where), keywords ? visibleEstimate(app) : 0])
  if (offset >= total) return answer(total, [], refine)
  const walk = keywords && !rowsByFulltext(total, visible, offset + q.per_page)
  const rows = await app.db.$queryRaw<SearchRow[]>(searchRowsSql(walk ? searchConditions(q, leaves, { fulltext: false })! : where, q.sort, q.per_page, offset))
  return answer(total, rows, refine)
}
