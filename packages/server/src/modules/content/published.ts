// What the storefront shows of the admin's articles and notices: an article by id, the articles of each article menu
// (the footer's links), the published notices page by page, and the articles' sitemap entries. Every read is cached
// under the content generation, which each admin write of articles, article menus or notices moves on (resources.ts,
// afterCommit): a value is stamped with the generation read before loading it, and a fill computed before a write
// carries the old stamp, which no reader accepts (the rule of modules/catalog/cache.ts cachedSearch). Page views and
// the server-rendered heads (modules/pages) thus read Redis, not the database.
import { createHash } from 'node:crypto'
import { RICH_TEXT_SEPARATOR } from '@qshop/shared/constants'
import type { ListAnswer } from '@qshop/shared'
import type { Infra } from '../../core/infra.ts'
import { toWire } from '../../core/wire.ts'

const TTL_SECONDS = 600
/** A notice is shown once the admin has sent (published) it. */
const NOTICE_SENT = 1
/** Links per article menu in the footer. */
const FOOTER_ARTICLES = 8

type CacheHost = Pick<Infra, 'redis' | 'key'>
const genKey = (app: CacheHost) => app.key('content', 'gen')

async function cached<T>(app: Infra, params: object, load: () => Promise<T>): Promise<T> {
  const key = app.key('content', 'published', createHash('sha1').update(JSON.stringify(params)).digest('hex'))
  const [gen, hit] = await app.redis.mget(genKey(app), key)
  const stamp = gen ?? '0'
  if (hit !== null) {
    const value = JSON.parse(hit) as { gen: string; value: T }
    if (value.gen === stamp) return value.value
  }
  const value = toWire(await load()) as T
  await app.redis.set(key, JSON.stringify({ gen: stamp, value }), 'EX', TTL_SECONDS)
  return value
}

/** After a committed write of articles, article menus or notices: every cached read retires. */
export async function invalidatePublished(app: CacheHost): Promise<void> {
  await app.redis.incr(genKey(app))
}

/** The html part of stored rich text (the editor's JSON after the separator is the editor's alone). */
const htmlOf = (content: string | null) => {
  const text = content ?? ''
  const at = text.indexOf(RICH_TEXT_SEPARATOR)
  return at < 0 ? text : text.slice(0, at)
}

export type PublicArticle = { id: number; name: string; content: string; menu: { id: number; name: string } | null; created_at: string; updated_at: string }

/** The article `id` as the storefront shows it, or null when there is none. */
export function publicArticle(app: Infra, id: number): Promise<PublicArticle | null> {
  return cached(app, { article: id }, async () => {
    const row = await app.db.articles.findUnique({ where: { id }, select: { id: true, pid: true, name: true, content: true, created_at: true, updated_at: true } })
    if (!row) return null
    const menu = row.pid ? await app.db.article_menus.findUnique({ where: { id: row.pid }, select: { id: true, name: true } }) : null
    return { id: row.id, name: row.name, content: htmlOf(row.content), menu, created_at: row.created_at, updated_at: row.updated_at } as unknown as PublicArticle
  })
}

export type ArticleMenuLinks = { id: number; name: string; articles: { id: number; name: string }[] }

/** Each article menu that holds articles, with its first articles (menu and article order: is_sort, then id). */
export function articleLinks(app: Infra): Promise<ArticleMenuLinks[]> {
  return cached(app, { links: true }, async () => {
    const [menus, articles] = await Promise.all([
      app.db.article_menus.findMany({ select: { id: true, name: true }, orderBy: [{ is_sort: 'asc' }, { id: 'asc' }] }),
      app.db.articles.findMany({ select: { id: true, pid: true, name: true }, orderBy: { id: 'asc' } }),
    ])
    return menus
      .map((menu) => ({ ...menu, articles: articles.filter((a) => a.pid === menu.id).slice(0, FOOTER_ARTICLES).map(({ id, name }) => ({ id, name })) }))
      .filter((menu) => menu.articles.length > 0)
  })
}

export type PublicNotice = { id: number; tag: string; name: string; content: string; created_at: string }

/** The sent notices, newest first. */
export function publishedNotices(app: Infra, q: { page: number; per_page: number }): Promise<ListAnswer<PublicNotice>> {
  return cached(app, { notices: q.page, per_page: q.per_page }, async () => {
    const where = { is_send: NOTICE_SENT }
    const [total, rows] = await Promise.all([
      app.db.notices.count({ where }),
      app.db.notices.findMany({
        where, orderBy: [{ created_at: 'desc' }, { id: 'desc' }], skip: (q.page - 1) * q.per_page, take: q.per_page,
        select: { id: true, tag: true, name: true, content: true, created_at: true },
      }),
    ])
    const data = rows.map((r) => ({ ...r, content: htmlOf(r.content) })) as unknown as PublicNotice[]
    return { data, count: data.length, total, per_page: q.per_page, last_page: Math.max(1, Math.ceil(total / q.per_page)), current_page: q.page }
  })
}

/** How many articles the sitemap lists, and a part of them (by id) with the day (UTC) each last changed. */
export function articleSitemap(app: Infra, offset: number, limit: number): Promise<{ total: number; entries: { id: number; lastmod: string }[] }> {
  return cached(app, { sitemap: offset, limit }, async () => {
    const [total, rows] = await Promise.all([
      app.db.articles.count(),
      app.db.articles.findMany({ select: { id: true, updated_at: true }, orderBy: { id: 'asc' }, skip: offset, take: limit }),
    ])
    return { total, entries: rows.map((r) => ({ id: r.id, lastmod: r.updated_at.toISOString().slice(0, 10) })) }
  })
}
