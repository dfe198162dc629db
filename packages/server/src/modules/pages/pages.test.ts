// The storefront pages as a crawler or a link preview reads them, without running script: their own head, JSON-LD that
// matches the goods' price and live stock, the main text, 404 for what is not there, and nothing copied from the
// database that could become markup.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createComment, createGoods, leafClasses, sellerWithStore, type Leaf } from '../catalog/testkit.ts'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { categoryPath } from './searchPaths.ts'

const HOSTILE = `</script><img src=x onerror="alert(1)">'"&`
const ENTRY = '<!doctype html><html lang="zh-cn"><head><meta charset="UTF-8" /><title>QShop</title></head><body><div id="root"><div class="boot" aria-hidden="true"><svg viewBox="0 0 64 64"></svg></div></div><script type="module" src="/assets/app.js"></script></body></html>'

const dist = mkdtempSync(path.join(tmpdir(), 'qshop-pages-'))
let app: FastifyInstance
let leaves: Leaf[]
let storeId: number
let goodsId: number
let skuIds: number[]

beforeAll(async () => {
  writeFileSync(path.join(dist, 'index.html'), ENTRY)
  app = await createTestApp({ WEB_DIST: dist, SITE_URL: 'https://shop.example.com' })
  await resetDb(app, { demo: false, areas: false })
  leaves = await leafClasses(app)
  const seller = await sellerWithStore(app, leaves)
  storeId = seller.storeId
  await app.db.stores.update({ where: { id: storeId }, data: { store_name: `店 ${HOSTILE}`, store_logo: '/uploads/logo.png', store_description: `<p>好店 ${HOSTILE}</p>`, area_info: '浙江省 杭州市', store_address: '文一路 1 号' } })
  const brand = await app.db.goods_brands.create({ data: { name: `牌 ${HOSTILE}` } })
  const goods = await createGoods(app, storeId, leaves[0].id, { goods_name: `鞋 ${HOSTILE}`, brand_id: brand.id, goods_price: '99.00' })
  goodsId = goods.id
  await app.db.goods.update({
    where: { id: goodsId },
    data: { goods_subname: `轻 ${HOSTILE}`, goods_no: 'SN-1', goods_images: '/uploads/a.png,/uploads/b.png', goods_master_image: '', goods_content: `<p>描述 <b>好</b> ${HOSTILE.replace('<img', '&lt;img')}</p><script>evil()</script>` },
  })
  skuIds = []
  for (const [name, price, stock] of [['红色', '99.00', 5], ['蓝色', '109.50', 0]] as const)
    skuIds.push((await app.db.goods_skus.create({ data: { goods_id: goodsId, sku_name: name, goods_price: price, goods_stock: stock } })).id)
  await createComment(app, goodsId, storeId, { score: 4, agree: 5, service: 5, speed: 5 })
  await createComment(app, goodsId, storeId, { score: 5, agree: 5, service: 5, speed: 5 })
})

afterAll(async () => {
  await app?.close()
  rmSync(dist, { recursive: true, force: true })
})

const page = async (url: string) => {
  const res = await app.inject({ method: 'GET', url })
  return { status: res.statusCode, html: res.body, type: res.headers['content-type'] }
}
/** Attribute values as a parser reads them back. */
const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'))
const title = (html: string) => unescape(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')
const meta = (html: string, key: string) => {
  const m = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(headOf(html))
  return m ? unescape(m[1]) : undefined
}
const link = (html: string, rel: string, hreflang?: string) =>
  unescape(new RegExp(`<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ''} href="([^"]*)">`).exec(headOf(html))?.[1] ?? '')
const jsonLds = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, any>)
const mainText = (html: string) => unescape((/<main class="page-text"[\s\S]*?<\/main>/.exec(html)?.[0] ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' '))

/** No element or attribute from the hostile text: the only scripts are the JSON-LD blocks and the app's own. */
function expectNoInjection(html: string) {
  expect(html).not.toContain('<img src=x')
  expect(html).not.toContain('onerror="')
  expect(html).not.toContain('evil()')
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
  expect(scripts.every((s) => s === '<script type="application/ld+json">' || s === '<script type="module" src="/assets/app.js">')).toBe(true)
  expect(html.match(/<\/script>/g)?.length).toBe(scripts.length)
}

describe('a goods page without script', () => {
  it('has its own title, description, canonical, languages and Open Graph tags, all text from the database escaped', async () => {
    const { status, html, type } = await page(`/goods/${goodsId}?sku=3`)
    expect([status, type]).toEqual([200, 'text/html; charset=utf-8'])
    expectNoInjection(html)
    expect(title(html)).toBe(`鞋 ${HOSTILE} - QShop 多商户商城`)
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(meta(html, 'description')).toBe(`轻 ${HOSTILE}`)
    expect(link(html, 'canonical')).toBe(`https://shop.example.com/goods/${goodsId}`)
    expect(link(html, 'alternate', 'zh-cn')).toBe(`https://shop.example.com/goods/${goodsId}`)
    expect(link(html, 'alternate', 'en')).toBe(`https://shop.example.com/goods/${goodsId}?lang=en`)
    expect(meta(html, 'og:title')).toBe(`鞋 ${HOSTILE} - QShop 多商户商城`)
    expect(meta(html, 'og:type')).toBe('product')
    expect(meta(html, 'og:image')).toBe('https://shop.example.com/uploads/a.png')
    expect(meta(html, 'og:locale')).toBe('zh_CN')
  })

  it('carries Product JSON-LD with the SKUs’ prices in CNY, availability from the live stock, the brand and the reviews’ rating', async () => {
    const product = () => page(`/goods/${goodsId}`).then(({ html }) => jsonLds(html).find((d) => d['@type'] === 'Product')!)
    const first = await product()
    expect(first).toMatchObject({
      '@context': 'https://schema.org', name: `鞋 ${HOSTILE}`, sku: 'SN-1', brand: { '@type': 'Brand', name: `牌 ${HOSTILE}` },
      image: ['https://shop.example.com/uploads/a.png', 'https://shop.example.com/uploads/b.png'],
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.50', reviewCount: 2, bestRating: 5 },
    })
    expect(first.offers).toEqual([
      expect.objectContaining({ sku: String(skuIds[0]), name: '红色', price: '99.00', priceCurrency: 'CNY', availability: 'https://schema.org/InStock' }),
      expect.objectContaining({ sku: String(skuIds[1]), name: '蓝色', price: '109.50', priceCurrency: 'CNY', availability: 'https://schema.org/OutOfStock' }),
    ])
    // Stock and prices are read live: a sale that empties one SKU and a refill of the other show on the next view,
    // with no cache dropped. The name comes from the cache: a change behind its back does not show.
    await app.db.goods_skus.update({ where: { id: skuIds[0] }, data: { goods_stock: 0 } })
    await app.db.goods_skus.update({ where: { id: skuIds[1] }, data: { goods_stock: 3, goods_price: '100.00' } })
    await app.db.goods.update({ where: { id: goodsId }, data: { goods_name: 'renamed behind the cache' } })
    const after = await product()
    expect(after.name).toBe(`鞋 ${HOSTILE}`)
    expect(after.offers.map((o: { availability: string; price: string }) => [o.price, o.availability])).toEqual([
      ['99.00', 'https://schema.org/OutOfStock'],
      ['100.00', 'https://schema.org/InStock'],
    ])
    await app.db.goods.update({ where: { id: goodsId }, data: { goods_name: `鞋 ${HOSTILE}` } })
  })

  it('carries the category trail as a BreadcrumbList and the main text: name, price, stock, store and description', async () => {
    const { html } = await page(`/goods/${goodsId}`)
    const trail = jsonLds(html).find((d) => d['@type'] === 'BreadcrumbList')!
    expect(trail.itemListElement.map((i: { name: string }) => i.name)).toEqual(['首页', ...leaves[0].path.map(() => expect.any(String)), `鞋 ${HOSTILE}`])
    expect(trail.itemListElement[3]).toMatchObject({ position: 4, name: leaves[0].name, item: `https://shop.example.com${categoryPath(leaves[0].id)}` })
    const text = mainText(html)
    expect(text).toContain(`鞋 ${HOSTILE}`)
    expect(text).toContain('价格: ¥99.00 - ¥100.00')
    expect(text).toContain(`店铺: 店 ${HOSTILE}`)
    // The description is rich text: its tags dropped, an escaped tag in it read as the text it is.
    expect(text).toContain(`描述 好 <img src=x onerror="alert(1)">'"&`)
    // The main text replaced the boot picture; the main picture stands before the root.
    expect(html).not.toContain('class="boot"')
    expect(html).toMatch(/<img class="first-picture" data-page="goods" src="\/uploads\/a\.png"[^>]*><div id="root"><main class="page-text"/)
  })

  it('in English at ?lang=en: the canonical address and the labels in English', async () => {
    const { html } = await page(`/goods/${goodsId}?lang=en`)
    expect(link(html, 'canonical')).toBe(`https://shop.example.com/goods/${goodsId}?lang=en`)
    expect(meta(html, 'og:locale')).toBe('en_US')
    expect(mainText(html)).toContain('Price: ¥99.00')
    expect(jsonLds(html).find((d) => d['@type'] === 'BreadcrumbList')!.itemListElement[0]).toMatchObject({ name: 'Home', item: 'https://shop.example.com/?lang=en' })
  })

  it('answers 404 with a not-found page for an unknown, malformed, hidden or unapproved goods, and one of a closed store', async () => {
    const hidden = await createGoods(app, storeId, leaves[0].id, { goods_status: 0 })
    const unapproved = await createGoods(app, storeId, leaves[0].id, { goods_verify: 0 })
    const closed = await sellerWithStore(app, leaves, { store_status: 0 })
    const ofClosed = await createGoods(app, closed.storeId, leaves[0].id)
    for (const url of ['/goods/999999999', '/goods/abc', `/goods/${hidden.id}`, `/goods/${unapproved.id}`, `/goods/${ofClosed.id}`, '/store/999999999', `/store/${closed.storeId}`]) {
      const { status, html } = await page(url)
      expect(status, url).toBe(404)
      expect(title(html), url).toBe('页面不存在 - QShop 多商户商城')
      expect(meta(html, 'robots'), url).toBe('noindex, follow')
      expect(mainText(html), url).toContain('返回首页')
      expect(html, url).toContain('<script type="module" src="/assets/app.js">')
    }
    expect((await app.inject({ method: 'HEAD', url: '/goods/999999999' })).statusCode).toBe(404)
  })
})

describe('a store page without script', () => {
  it('has its head, Store JSON-LD with address and rating, and its name, description and goods as text', async () => {
    const { status, html } = await page(`/store/${storeId}`)
    expect(status).toBe(200)
    expectNoInjection(html)
    expect(title(html)).toBe(`店 ${HOSTILE} - QShop 多商户商城`)
    expect(meta(html, 'description')).toBe(`好店 '"&`)
    expect(link(html, 'canonical')).toBe(`https://shop.example.com/store/${storeId}`)
    expect(meta(html, 'og:image')).toBe('https://shop.example.com/uploads/logo.png')
    const store = jsonLds(html).find((d) => d['@type'] === 'Store')!
    expect(store).toMatchObject({
      name: `店 ${HOSTILE}`, url: `https://shop.example.com/store/${storeId}`, logo: 'https://shop.example.com/uploads/logo.png',
      address: { '@type': 'PostalAddress', streetAddress: '浙江省 杭州市 文一路 1 号' }, aggregateRating: { reviewCount: 2 },
    })
    expect(jsonLds(html).find((d) => d['@type'] === 'BreadcrumbList')!.itemListElement.map((i: { name: string }) => i.name)).toEqual(['首页', '店铺街', `店 ${HOSTILE}`])
    const text = mainText(html)
    expect(text).toContain(`店 ${HOSTILE}`)
    expect(text).toContain(`鞋 ${HOSTILE} ¥99.00`)
    expect(html).toContain(`alt="店 ${HOSTILE.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')}"`)
  })

  it('leaves the app’s own store pages (join, application steps) to the app', async () => {
    const { status, html } = await page('/store/join')
    expect(status).toBe(200)
    expect(title(html)).toBe('QShop')
    expect(html).toContain('class="boot"')
  })
})

describe('home, category and search pages', () => {
  it('home: the site’s name and description, WebSite JSON-LD', async () => {
    const { html } = await page('/')
    expect(title(html)).toBe('QShop 多商户商城')
    expect(meta(html, 'description')).toBeTruthy()
    expect(link(html, 'canonical')).toBe('https://shop.example.com/')
    expect(jsonLds(html)[0]).toMatchObject({ '@type': 'WebSite', url: 'https://shop.example.com/' })
    // No main text of its own: the boot picture stays until the app renders.
    expect(html).toContain('class="boot"')
  })

  it('a category: its name, its canonical address whatever else the address holds, the trail of its parents', async () => {
    const leaf = leaves[0]
    const withSort = encodeURIComponent(Buffer.from(JSON.stringify({ class_id: leaf.id, sort: 'price', deep: 1 })).toString('base64'))
    const { html } = await page(`/s/${withSort}`)
    expect(title(html)).toBe(`${leaf.name} - QShop 多商户商城`)
    expect(link(html, 'canonical')).toBe(`https://shop.example.com${categoryPath(leaf.id)}`)
    const trail = jsonLds(html).find((d) => d['@type'] === 'BreadcrumbList')!
    expect(trail.itemListElement).toHaveLength(4)
    expect(trail.itemListElement[3]).toMatchObject({ name: leaf.name, item: `https://shop.example.com${categoryPath(leaf.id)}` })
  })

  it('a keyword search: its words in the title, escaped, and kept out of the index', async () => {
    const raw = encodeURIComponent(Buffer.from(JSON.stringify({ keywords: HOSTILE })).toString('base64'))
    const { status, html } = await page(`/s/${raw}`)
    expect(status).toBe(200)
    expectNoInjection(html)
    expect(title(html)).toBe(`“${HOSTILE}”的搜索结果 - QShop 多商户商城`)
    expect(meta(html, 'robots')).toBe('noindex, follow')
    expect(link(html, 'canonical')).toBe('')
    expect(title((await page('/s')).html)).toBe('搜索 - QShop 多商户商城')
    expect(title((await page('/stores')).html)).toBe('店铺街 - QShop 多商户商城')
    const login = (await page('/login?redirect=%2Fuser')).html
    expect([title(login), link(login, 'canonical')]).toEqual(['登录 - QShop 多商户商城', 'https://shop.example.com/login'])
    expect(meta(login, 'description')).toBeTruthy()
    expect(title((await page('/register?lang=en')).html)).toBe('Register - QShop 多商户商城')
  })

  it('the plain search page lists its goods as text, the first with its picture, from the cached answer of the app’s read only', async () => {
    const other = await sellerWithStore(app, leaves)
    await createGoods(app, other.storeId, leaves[0].id, { goods_name: '热卖第一', goods_sale: 100000 })
    const picture = (html: string) => /<main class="page-text" data-page="search"><h1>[^<]*<\/h1><img src="([^"]*)"(?: srcset="[^"]*" sizes="([^"]*)")? alt="([^"]*)"/.exec(html)?.slice(1)
    // Not read yet: the entry page goes out without them (it never reads the database for them).
    const unread = (await page('/s')).html
    expect(unread).toContain('class="boot"')
    expect(unread).not.toContain('data-page="search"')
    // The app's read of the plain search page (web catalog/searchParams.ts searchQuery), which fills the cache.
    const read = await app.inject({ method: 'GET', url: '/api/goods?sort=sales&page=1&per_page=20' })
    expect(read.json().data.data[0].goods_name).toBe('热卖第一')
    const plain = (await page('/s')).html
    expect(picture(plain)).toEqual(['/uploads/g.png', '(max-width: 768px) 50vw, 240px', '热卖第一'])
    // On phones the first card's picture stands before the root too, where the card will show it.
    expect(plain).toMatch(/<img class="first-picture" data-page="search" src="\/uploads\/g\.png"[^>]* sizes="\(max-width: 768px\) 50vw, 240px"[^>]*><div id="root">/)
    expect(mainText(plain)).toMatch(/^ 搜索 热卖第一 ¥10(\.00)? /)
    expect(meta(plain, 'robots')).toBeUndefined()
    // Filtered, sorted or paged searches show other goods first: no text.
    const sorted = encodeURIComponent(Buffer.from(JSON.stringify({ sort: 'new' })).toString('base64'))
    expect((await page(`/s/${sorted}`)).html).not.toContain('data-page="search"')
  })
})

describe('article and notice pages without script', () => {
  let admin: Record<string, string>
  let articleId: number
  beforeAll(async () => {
    admin = bearer(await tokenFor(app, 'admin', (await createAdmin(app)).id))
    const menu = await http(app).post('/api/Admin/article_menus').set(admin).send({ name: '帮助中心', pid: 0 })
    expect(menu.body.code, menu.body.msg).toBe(200)
    const created = await http(app).post('/api/Admin/articles').set(admin).send({
      pid: menu.body.data.id, name: `关于 ${HOSTILE}`, content: `<p>我们是一家店 ${HOSTILE.replace('<img', '&lt;img')}</p><p>第二段</p>`,
    })
    expect(created.body.code, created.body.msg).toBe(200)
    articleId = created.body.data.id
  })

  it('an article: its head, Article and BreadcrumbList JSON-LD and its text; an edit through the back office shows at once', async () => {
    const { status, html } = await page(`/article/${articleId}`)
    expect(status).toBe(200)
    expectNoInjection(html)
    expect(title(html)).toBe(`关于 ${HOSTILE} - QShop 多商户商城`)
    expect(meta(html, 'description')).toBe(`我们是一家店 <img src=x onerror="alert(1)">'"& 第二段`)
    expect(link(html, 'canonical')).toBe(`https://shop.example.com/article/${articleId}`)
    expect(link(html, 'alternate', 'en')).toBe(`https://shop.example.com/article/${articleId}?lang=en`)
    expect([meta(html, 'og:type'), meta(html, 'og:title')]).toEqual(['article', `关于 ${HOSTILE} - QShop 多商户商城`])
    expect(jsonLds(html).find((d) => d['@type'] === 'Article')).toMatchObject({ headline: `关于 ${HOSTILE}`, articleSection: '帮助中心', url: `https://shop.example.com/article/${articleId}` })
    expect(jsonLds(html).find((d) => d['@type'] === 'BreadcrumbList')!.itemListElement.map((i: { name: string }) => i.name)).toEqual(['首页', `关于 ${HOSTILE}`])
    expect(mainText(html)).toContain(`我们是一家店 <img src=x onerror="alert(1)">'"& 第二段`)
    expect(html).toMatch(/<main class="page-text" data-page="article">[\s\S]*<p>第二段<\/p>/)
    expect(html).not.toContain('class="boot"')

    const edited = await http(app).put(`/api/Admin/articles/${articleId}`).set(admin).send({ name: '关于我们' })
    expect(edited.body.code, edited.body.msg).toBe(200)
    const again = await page(`/article/${articleId}?lang=en`)
    expect(title(again.html)).toBe('关于我们 - QShop 多商户商城')
    expect(jsonLds(again.html).find((d) => d['@type'] === 'BreadcrumbList')!.itemListElement[0]).toMatchObject({ name: 'Home', item: 'https://shop.example.com/?lang=en' })
  })

  it('an unknown or malformed article, and one the admin deleted, answer 404 with the not-found page', async () => {
    const gone = await http(app).post('/api/Admin/articles').set(admin).send({ pid: (await app.db.articles.findUniqueOrThrow({ where: { id: articleId } })).pid, name: '将删除' })
    expect((await page(`/article/${gone.body.data.id}`)).status).toBe(200)
    expect((await http(app).delete(`/api/Admin/articles/${gone.body.data.id}`).set(admin)).body.code).toBe(200)
    for (const url of ['/article/999999999', '/article/abc', `/article/${gone.body.data.id}`, `/article/${gone.body.data.id}?lang=en`]) {
      const { status, html } = await page(url)
      expect(status, url).toBe(404)
      expect(meta(html, 'robots'), url).toBe('noindex, follow')
      expect(mainText(html), url).toContain(url.endsWith('en') ? 'The article you are looking for does not exist' : '您要找的文章不存在')
    }
  })

  it('the notice list: its head and the sent notices’ titles as text, never a notice not sent', async () => {
    for (const [name, is_send] of [[`公告 ${HOSTILE}`, 1], ['草稿公告', 0]] as const) {
      const res = await http(app).post('/api/Admin/notices').set(admin).send({ name, content: '<p>周末发货</p>', is_send })
      expect(res.body.code, res.body.msg).toBe(200)
    }
    const { status, html } = await page('/notices')
    expect(status).toBe(200)
    expectNoInjection(html)
    expect(title(html)).toBe('网站公告 - QShop 多商户商城')
    expect(link(html, 'canonical')).toBe('https://shop.example.com/notices')
    const text = mainText(html)
    expect(text).toContain(`公告 ${HOSTILE}`)
    expect(text).toContain('周末发货')
    expect(text).not.toContain('草稿公告')
    expect(title((await page('/notices?lang=en')).html)).toBe('Site notices - QShop 多商户商城')
  })
})
