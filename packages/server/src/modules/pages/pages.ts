// The storefront pages whose entry page carries their own head and, for goods, stores, articles and the notices, their
// main text: home, search (a category when it names one), goods, store, the store list, an article and the notice list.
// Everything comes from the catalog's and the content's cached reads (modules/catalog/cache.ts,
// modules/content/published.ts) except the goods' stock and prices, which are read live by key as the goods
// page's own answer reads them (modules/inventory/live.ts): the JSON-LD offers must say what can be bought now.
import { normalizeLocale, translate, type Locale, type MessageKey } from '@qshop/shared'
import { idParam } from '@qshop/shared/schemas/common'
import type { PageParts } from '../../core/entryPage.ts'
import { AppError } from '../../core/errors.ts'
import type { Infra } from '../../core/infra.ts'
import { GOODS_CARD_SIZES } from '@qshop/shared/pagePictures'
import { sizedSrcSet } from '@qshop/shared/sizedImages'
import { cachedPlainSearch, classIndex, classPath, firstPictureOf, goodsDetail, storeCard } from '../catalog/index.ts'
import { publicArticle, publicSiteConfig, publishedNotices } from '../content/index.ts'
import { localePath, renderHead, type PageHead } from './head.ts'
import { clip, paragraphsOf, plainText } from './markup.ts'
import { PAGE_STYLE, articleText, goodsText, noticesText, notFoundText, searchText, storeText } from './text.ts'
import { categoryPath, decodeSearch } from './searchPaths.ts'

const DESCRIPTION_MAX = 160
const SCORE_MAX = 5

type Ctx = { app: Infra; origin: string; locale: Locale; siteName: string; siteDescription: string }
type Found = { status: 200 | 404; head: PageHead; body?: string | null; picture?: PageParts['picture'] }

const t = (ctx: Ctx, key: MessageKey, params?: Record<string, string | number>) => translate(ctx.locale, key, params)
const absolute = (ctx: Ctx, src: string) => (src.startsWith('/') ? ctx.origin + src : src)
const titled = (ctx: Ctx, title: string) => `${title} - ${ctx.siteName}`

function breadcrumbs(ctx: Ctx, items: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: ctx.origin + localePath(item.path, ctx.locale) })),
  }
}

function rating(count: number, score: string | null) {
  return count > 0 && score !== null
    ? { '@type': 'AggregateRating', ratingValue: score, reviewCount: count, bestRating: SCORE_MAX, worstRating: 1 }
    : undefined
}

function notFoundPage(ctx: Ctx, path: string, textKey: MessageKey = 'page.notFoundText'): Found {
  return {
    status: 404,
    head: { title: titled(ctx, t(ctx, 'page.notFound')), description: t(ctx, textKey), path, noindex: true },
    body: notFoundText({ title: t(ctx, 'page.notFound'), text: t(ctx, textKey), home: t(ctx, 'page.backHome'), homePath: localePath('/', ctx.locale) }),
  }
}

const isNotFound = (err: unknown) => err instanceof AppError && err.code === 404

async function goodsPage(ctx: Ctx, id: number): Promise<Found> {
  const path = `/goods/${id}`
  const goods = await goodsDetail(ctx.app, id, undefined).catch((err: unknown) => {
    if (isNotFound(err)) return null
    throw err
  })
  if (!goods) return notFoundPage(ctx, path)
  const images = [goods.goods_master_image, ...goods.goods_images].filter(Boolean)
  const description = clip(goods.goods_subname || plainText(goods.goods_content) || goods.goods_name, DESCRIPTION_MAX)
  const url = ctx.origin + localePath(path, ctx.locale)
  // What can be bought: each SKU, or the goods itself when it has none.
  const lines = goods.skus.length
    ? goods.skus.map((sku) => ({ id: sku.id, name: sku.sku_name, price: sku.goods_price, stock: sku.goods_stock }))
    : [{ id: 0, name: '', price: goods.goods_price, stock: goods.goods_stock }]
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: goods.goods_name,
    description,
    image: images.map((src) => absolute(ctx, src)),
    ...(goods.goods_no ? { sku: goods.goods_no } : {}),
    ...(goods.brand ? { brand: { '@type': 'Brand', name: goods.brand.name } } : {}),
    offers: lines.map((line) => ({
      '@type': 'Offer',
      ...(line.id ? { sku: String(line.id), name: line.name } : {}),
      price: line.price,
      priceCurrency: 'CNY',
      availability: `https://schema.org/${line.stock > 0 ? 'InStock' : 'OutOfStock'}`,
      url,
      seller: { '@type': 'Organization', name: goods.store.store_name },
    })),
    ...(() => {
      const r = rating(goods.comment_statistics.total, goods.comment_statistics.averages.score)
      return r ? { aggregateRating: r } : {}
    })(),
  }
  const trail = [{ name: t(ctx, 'page.home'), path: '/' }, ...goods.classes.map((c) => ({ name: c.name, path: categoryPath(c.id) })), { name: goods.goods_name, path }]
  const price = goods.price_min === goods.price_max ? `¥${goods.price_min}` : `¥${goods.price_min} - ¥${goods.price_max}`
  return {
    status: 200,
    head: { title: titled(ctx, goods.goods_name), description, path, image: images[0] && absolute(ctx, images[0]), ogType: 'product', jsonLd: [product, breadcrumbs(ctx, trail)] },
    body: goodsText({
      name: goods.goods_name, subname: goods.goods_subname, image: images[0] ?? null, price, priceLabel: t(ctx, 'page.price'),
      stock: t(ctx, goods.goods_stock > 0 || goods.skus.some((s) => s.goods_stock > 0) ? 'page.inStock' : 'page.outOfStock'),
      store: { name: goods.store.store_name, path: localePath(`/store/${goods.store.id}`, ctx.locale), label: t(ctx, 'page.store') },
      description: clip(plainText(goods.goods_content), 2000),
      trail: trail.slice(0, -1).map((c) => ({ name: c.name, path: localePath(c.path, ctx.locale) })),
    }),
    picture: images[0] ? { page: 'goods', src: images[0] } : null,
  }
}

async function storePage(ctx: Ctx, id: number): Promise<Found> {
  const path = `/store/${id}`
  const store = await storeCard(ctx.app, id)
  if (!store) return notFoundPage(ctx, path)
  const description = clip(plainText(store.store_description) || t(ctx, 'page.storeGoods', { name: store.store_name }), DESCRIPTION_MAX)
  const image = store.store_logo || store.store_face_image
  const r = rating(store.comments, store.score)
  const org = {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name: store.store_name,
    description,
    url: ctx.origin + localePath(path, ctx.locale),
    ...(image ? { image: absolute(ctx, image), logo: absolute(ctx, image) } : {}),
    ...(store.area_info || store.store_address
      ? { address: { '@type': 'PostalAddress', streetAddress: `${store.area_info} ${store.store_address}`.trim(), addressCountry: 'CN' } }
      : {}),
    ...(r ? { aggregateRating: r } : {}),
  }
  const trail = [{ name: t(ctx, 'page.home'), path: '/' }, { name: t(ctx, 'page.stores'), path: '/stores' }, { name: store.store_name, path }]
  return {
    status: 200,
    head: { title: titled(ctx, store.store_name), description, path, image: image ? absolute(ctx, image) : undefined, ogType: 'profile', jsonLd: [org, breadcrumbs(ctx, trail)] },
    body: storeText({
      name: store.store_name, logo: image || null, description: plainText(store.store_description),
      goods: store.best_sellers.map((g) => ({ name: g.goods_name, path: localePath(`/goods/${g.id}`, ctx.locale), price: `¥${String(g.goods_price)}` })),
    }),
  }
}

async function searchPage(ctx: Ctx, raw: string | undefined): Promise<Found> {
  const search = decodeSearch(raw)
  const base = { title: titled(ctx, t(ctx, 'page.search')), description: ctx.siteDescription, path: '/s' }
  if (search.keywords) {
    const title = t(ctx, 'page.searchFor', { keywords: search.keywords })
    return { status: 200, head: { ...base, title: titled(ctx, title), description: title, noindex: true } }
  }
  if (search.class_id) {
    const index = await classIndex(ctx.app)
    const ids = classPath(index, search.class_id)
    if (ids.length) {
      const name = index.get(search.class_id)!.name
      const trail = [{ name: t(ctx, 'page.home'), path: '/' }, ...ids.map((id) => ({ name: index.get(id)!.name, path: categoryPath(id) }))]
      return {
        status: 200,
        head: { title: titled(ctx, name), description: clip(`${t(ctx, 'page.categoryGoods', { name })} - ${ctx.siteDescription}`, DESCRIPTION_MAX), path: categoryPath(search.class_id), jsonLd: [breadcrumbs(ctx, trail)] },
      }
    }
  }
  // Sorted, priced or paged variants of the whole catalogue: one page for the index.
  const plain = raw === undefined || raw === ''
  const goods = plain ? await cachedPlainSearch(ctx.app) : undefined
  if (!goods?.length) return { status: 200, head: { ...base, noindex: !plain } }
  // The plain page's goods as text (readers without script, crawlers), the first with its card's picture. The app
  // replaces the text in its first render, before the first paint of a fast load, so on phones the entry page also
  // carries the first card's picture outside the app's root, where the card will show it (the phone's largest paint).
  const picture = goods[0].goods_master_image
  return {
    status: 200,
    head: base,
    picture: picture ? { page: 'search', src: picture } : null,
    body: searchText({
      title: t(ctx, 'page.search'),
      goods: goods.map((g) => ({ name: g.goods_name, path: localePath(`/goods/${g.id}`, ctx.locale), price: `¥${String(g.goods_price)}` })),
      picture: picture ? { src: picture, srcset: sizedSrcSet(picture), sizes: GOODS_CARD_SIZES } : null,
    }),
  }
}

/** Characters of an article's text in its first HTML. */
const ARTICLE_TEXT_MAX = 5000
/** Notices on the notice list's first HTML: its first page as the app shows it. */
const NOTICES_SHOWN = 30

async function articlePage(ctx: Ctx, id: number): Promise<Found> {
  const path = `/article/${id}`
  const article = await publicArticle(ctx.app, id)
  if (!article) return notFoundPage(ctx, path, 'page.articleNotFoundText')
  const text = plainText(article.content)
  const description = clip(text || article.name, DESCRIPTION_MAX)
  const url = ctx.origin + localePath(path, ctx.locale)
  const iso = (wire: string) => wire.replace(' ', 'T')
  const trail = [{ name: t(ctx, 'page.home'), path: '/' }, { name: article.name, path }]
  let left = ARTICLE_TEXT_MAX
  const paragraphs = paragraphsOf(article.content).flatMap((p) => {
    if (left <= 0) return []
    const kept = clip(p, left)
    left -= kept.length
    return [kept]
  })
  return {
    status: 200,
    head: {
      title: titled(ctx, article.name), description, path, ogType: 'article',
      jsonLd: [
        {
          '@context': 'https://schema.org', '@type': 'Article', headline: clip(article.name, 110), description, url,
          datePublished: iso(article.created_at), dateModified: iso(article.updated_at),
          ...(article.menu ? { articleSection: article.menu.name } : {}),
          publisher: { '@type': 'Organization', name: ctx.siteName },
        },
        breadcrumbs(ctx, trail),
      ],
    },
    body: articleText({ name: article.name, paragraphs, date: article.updated_at.slice(0, 10), trail: [{ name: trail[0].name, path: localePath('/', ctx.locale) }] }),
  }
}

async function noticesPage(ctx: Ctx): Promise<Found> {
  const title = t(ctx, 'page.notices')
  const notices = await publishedNotices(ctx.app, { page: 1, per_page: NOTICES_SHOWN })
  const trail = [{ name: t(ctx, 'page.home'), path: '/' }, { name: title, path: '/notices' }]
  return {
    status: 200,
    head: { title: titled(ctx, title), description: clip(t(ctx, 'page.noticesText', { site: ctx.siteName }), DESCRIPTION_MAX), path: '/notices', jsonLd: [breadcrumbs(ctx, trail)] },
    body: noticesText({ title, notices: notices.data.map((n) => ({ name: n.name, date: n.created_at.slice(0, 10), text: clip(plainText(n.content), DESCRIPTION_MAX) })) }),
  }
}

/** The account pages a shopper may land on from a search: a title and the site's description. */
const ACCOUNT_PAGES: Record<string, MessageKey> = { '/login': 'page.login', '/register': 'page.register' }
const GOODS = /^\/goods\/([^/]+)\/?$/
const STORE = /^\/store\/([^/]+)\/?$/
const SEARCH = /^\/s(?:\/([^/]*))?\/?$/
const ARTICLE = /^\/article\/([^/]+)\/?$/

async function route(ctx: Ctx, path: string): Promise<Found | null> {
  if (path === '/') {
    const picture = await firstPictureOf(ctx.app, '/')
    const site = ctx.siteName
    return {
      status: 200,
      head: {
        title: site, description: ctx.siteDescription, path: '/',
        jsonLd: [{ '@context': 'https://schema.org', '@type': 'WebSite', name: site, url: ctx.origin + localePath('/', ctx.locale) }],
      },
      picture,
    }
  }
  if (path === '/stores' || path === '/stores/') return { status: 200, head: { title: titled(ctx, t(ctx, 'page.stores')), description: ctx.siteDescription, path: '/stores' } }
  const account = ACCOUNT_PAGES[path.replace(/\/$/, '')]
  if (account) return { status: 200, head: { title: titled(ctx, t(ctx, account)), description: ctx.siteDescription, path: path.replace(/\/$/, '') } }
  const goods = GOODS.exec(path)
  if (goods) {
    const id = idParam.safeParse({ id: goods[1] })
    return id.success ? goodsPage(ctx, id.data.id) : notFoundPage(ctx, path)
  }
  const store = STORE.exec(path)
  // /store/join and the application steps are the app's own pages.
  if (store && /^\d+$/.test(store[1])) {
    const id = idParam.safeParse({ id: store[1] })
    return id.success ? storePage(ctx, id.data.id) : notFoundPage(ctx, path)
  }
  const search = SEARCH.exec(path)
  if (search) return searchPage(ctx, search[1])
  const article = ARTICLE.exec(path)
  if (article) {
    const id = idParam.safeParse({ id: article[1] })
    return id.success ? articlePage(ctx, id.data.id) : notFoundPage(ctx, path, 'page.articleNotFoundText')
  }
  if (path === '/notices' || path === '/notices/') return noticesPage(ctx)
  return null
}

/** The page parts of `url` (a browser route with its query), or null for a page the app alone renders. */
export async function pageParts(app: Infra, url: string, origin: string): Promise<PageParts | null> {
  const [path, query = ''] = url.split('#', 1)[0].split('?', 2)
  const lang = new URLSearchParams(query).get('lang')
  const locale = lang ? normalizeLocale(lang) : 'zh-cn'
  const site = await publicSiteConfig(app)
  const ctx: Ctx = { app, origin, locale, siteName: site.web_name || 'QShop', siteDescription: site.description || site.web_name || 'QShop' }
  const found = await route(ctx, path)
  if (!found) return null
  return {
    status: found.status,
    head: renderHead(found.head, ctx) + PAGE_STYLE,
    body: found.body ?? null,
    picture: found.picture ?? null,
  }
}
