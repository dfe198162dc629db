// robots.txt and the sitemaps as a crawler fetches them: their content types, what is kept out, only what the
// storefront shows (a goods the admin refuses leaves at once), lastmod from updated_at, and the split at 50,000.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { createGoods, leafClasses, sellerWithStore, type Leaf } from '../catalog/testkit.ts'
import { categoryPath } from './searchPaths.ts'
import { SITEMAP_URLS } from './crawl.ts'

const SITE = 'https://shop.example.com'
let app: FastifyInstance
let leaves: Leaf[]

beforeAll(async () => {
  app = await createTestApp({ SITE_URL: SITE })
  await resetDb(app, { demo: false, areas: false })
  leaves = await leafClasses(app)
})
afterAll(async () => {
  await app?.close()
})

const get = (url: string) => app.inject({ method: 'GET', url })
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'))

describe('robots.txt', () => {
  it('is plain text that keeps crawlers out of the back offices, the shopper’s pages and the API, and names the sitemap', async () => {
    const res = await get('/robots.txt')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    const lines = res.body.split('\n')
    expect(lines[0]).toBe('User-agent: *')
    for (const path of ['/Admin/', '/Seller/', '/user', '/carts', '/order/', '/api/']) expect(lines).toContain(`Disallow: ${path}`)
    // The storefront's pages stay open to them.
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length))
    for (const page of ['/', '/goods/1', '/store/3', '/article/2', '/notices', '/stores', '/login', '/register', `/s/${encodeURIComponent('eyJjbGFzc19pZCI6M30=')}`]) expect(disallowed.filter((d) => page.startsWith(d)), page).toEqual([])
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`)
  })
})

describe('the sitemaps', () => {
  it('list the shown goods, the open stores and the categories, with lastmod; never a hidden, unapproved or closed store’s goods', async () => {
    const open = await sellerWithStore(app, leaves)
    const closed = await sellerWithStore(app, leaves, { store_status: 0 })
    const shown = await createGoods(app, open.storeId, leaves[0].id)
    await app.db.goods.update({ where: { id: shown.id }, data: { updated_at: new Date('2026-03-04T10:00:00Z') } })
    const offShelf = await createGoods(app, open.storeId, leaves[0].id, { goods_status: 0 })
    const unapproved = await createGoods(app, open.storeId, leaves[0].id, { goods_verify: 0 })
    const ofClosed = await createGoods(app, closed.storeId, leaves[0].id)
    const later = await createGoods(app, open.storeId, leaves[1].id)

    const index = await get('/sitemap.xml')
    expect(index.statusCode).toBe(200)
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(index.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/)
    expect(locs(index.body)).toEqual([`${SITE}/sitemaps/goods-1.xml`, `${SITE}/sitemaps/stores-1.xml`, `${SITE}/sitemaps/categories-1.xml`, `${SITE}/sitemaps/articles-1.xml`])

    const goods = await get('/sitemaps/goods-1.xml')
    expect(goods.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(locs(goods.body)).toEqual([`${SITE}/goods/${shown.id}`, `${SITE}/goods/${later.id}`])
    expect(goods.body).toContain(`<url><loc>${SITE}/goods/${shown.id}</loc><lastmod>2026-03-04</lastmod></url>`)
    for (const hidden of [offShelf, unapproved, ofClosed]) expect(goods.body).not.toContain(`/goods/${hidden.id}<`)

    expect(locs((await get('/sitemaps/stores-1.xml')).body)).toEqual([`${SITE}/store/${open.storeId}`])
    const categories = locs((await get('/sitemaps/categories-1.xml')).body)
    expect(categories).toContain(`${SITE}${categoryPath(leaves[0].id)}`.replace(/&/g, '&'))
    expect(categories.length).toBe((await app.db.goods_classes.count()))

    // The admin refuses a goods: the cached list is retired with the catalog's search generation, it leaves at once.
    const admin = bearer(await tokenFor(app, 'admin', (await createAdmin(app)).id))
    const refused = await http(app).put(`/api/Admin/goods/${later.id}/verify`).set(admin).send({ goods_verify: 0, refuse_info: '图片不清' })
    expect(refused.body.code).toBe(200)
    expect(locs((await get('/sitemaps/goods-1.xml')).body)).toEqual([`${SITE}/goods/${shown.id}`])
  })

  it('list the articles with lastmod; one the admin deletes leaves at once', async () => {
    const admin = bearer(await tokenFor(app, 'admin', (await createAdmin(app)).id))
    const menu = await http(app).post('/api/Admin/article_menus').set(admin).send({ name: '帮助中心', pid: 0 })
    // The seed's help articles, and two more.
    const ids = (await app.db.articles.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((a) => a.id)
    for (const name of ['关于我们', '其他合作']) ids.push((await http(app).post('/api/Admin/articles').set(admin).send({ pid: menu.body.data.id, name })).body.data.id)
    const added = ids.slice(-2)
    const today = new Date().toISOString().slice(0, 10)
    const part = await get('/sitemaps/articles-1.xml')
    expect(part.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(locs(part.body)).toEqual(ids.map((id) => `${SITE}/article/${id}`))
    expect(part.body).toContain(`<url><loc>${SITE}/article/${added[0]}</loc><lastmod>${today}</lastmod></url>`)
    expect((await http(app).delete(`/api/Admin/articles/${added[0]}`).set(admin)).body.code).toBe(200)
    expect(locs((await get('/sitemaps/articles-1.xml')).body)).toEqual(ids.filter((id) => id !== added[0]).map((id) => `${SITE}/article/${id}`))
    expect((await get('/sitemaps/articles-2.xml')).statusCode).toBe(404)
  })

  it('answer 404 past a kind’s last part and for a file that is not theirs', async () => {
    for (const url of ['/sitemaps/goods-2.xml', '/sitemaps/orders-1.xml', '/sitemaps/goods-0.xml', '/sitemaps/goods-1.txt']) expect((await get(url)).statusCode, url).toBe(404)
  })

  it('split a kind at 50,000 addresses', async () => {
    const seller = await sellerWithStore(app, leaves)
    const before = locs((await get('/sitemaps/goods-1.xml')).body).length
    const add = SITEMAP_URLS + 1 - before
    await app.db.$executeRawUnsafe(
      `INSERT INTO goods (store_id, class_id, goods_name, search_text, goods_price, goods_market_price, goods_stock, goods_status, goods_verify, goods_master_image)
       SELECT ?, ?, CONCAT('批量 ', seq), '', 1.00, 1.00, 1, 1, 1, '/uploads/g.png' FROM seq_1_to_${add}`,
      seller.storeId, leaves[0].id,
    )
    // A direct insert: the search generation moves on as the catalog's writers move it.
    await app.redis.incr(app.key('catalog', 'search_gen'))
    expect(locs((await get('/sitemap.xml')).body).filter((l) => l.includes('/goods-'))).toEqual([`${SITE}/sitemaps/goods-1.xml`, `${SITE}/sitemaps/goods-2.xml`])
    expect(locs((await get('/sitemaps/goods-1.xml')).body)).toHaveLength(SITEMAP_URLS)
    expect(locs((await get('/sitemaps/goods-2.xml')).body)).toHaveLength(1)
  }, 120_000)
})
