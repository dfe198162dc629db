// The built web app as `pnpm start` serves it: the build's compressed copies (packages/web/precompress.ts) chosen by
// the browser's Accept-Encoding, hashed assets cached for a year, the entry page (also for browser routes) revalidated.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GOODS_MAIN_SIZES, HOME_SLIDE_SIZES } from '@qshop/shared/pagePictures'
import { precompressDir } from '../../web/precompress.ts'
import { HOME_SLIDES_SLOT } from '../src/modules/catalog/home.ts'
import { createGoods, leafClasses, sellerWithStore } from '../src/modules/catalog/testkit.ts'
import { ENTRY_PAGE_CACHE, HASHED_ASSET_CACHE } from '../src/plugins/webApp.ts'
import { createTestApp, resetDb } from './helpers.ts'

const dist = mkdtempSync(path.join(tmpdir(), 'qshop-web-dist-'))
const files = {
  'index.html': `<!doctype html><html><head><title>QShop</title>${'<link rel="modulepreload" href="/assets/app-3f9a1c.js">'.repeat(30)}</head><body><div id="root"></div></body></html>`,
  'assets/app-3f9a1c.js': `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i % 50}`))};\n`,
  'assets/app-77be01.css': `.a{color:red}\n`.repeat(200),
  'assets/tiny-0a1b2c.js': 'export const a = 1;\n',
  'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`,
}
const font = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))
let app: FastifyInstance

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'))
  mkdirSync(path.join(dist, '.vite'))
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dist, name), content)
  writeFileSync(path.join(dist, 'assets/font-5d2e9f.woff2'), font)
  writeFileSync(path.join(dist, '.vite/chunks.json'), JSON.stringify({ big: 'x'.repeat(4000) }))
  await precompressDir(dist)
  app = await createTestApp({ WEB_DIST: dist })
  // No slides and no goods: the entry page is the build's own until a test adds them.
  await resetDb(app, { demo: false, areas: false })
  await app.db.advs.deleteMany()
})

afterAll(async () => {
  await app?.close()
  rmSync(dist, { recursive: true, force: true })
})

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } })

function decoded(res: Awaited<ReturnType<typeof get>>): string {
  const encoding = res.headers['content-encoding']
  const raw = res.rawPayload
  return (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8')
}

describe('the build’s compressed copies', () => {
  it('are written for text files of 1 KB or more, outside dot folders', () => {
    const written = readdirSync(dist, { recursive: true }).map(String).filter((f) => /\.(br|gz)$/.test(f)).sort()
    expect(written).toEqual(
      ['assets/app-3f9a1c.js', 'assets/app-77be01.css', 'favicon.svg', 'index.html'].flatMap((f) => [`${f}.br`, `${f}.gz`]).sort(),
    )
  })
})

describe('the web app served by the api', () => {
  it('sends a hashed script as brotli to a browser that takes it, cached for a year, varying by Accept-Encoding', async () => {
    const res = await get('/assets/app-3f9a1c.js', 'gzip, deflate, br, zstd')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/)
    expect(res.headers['cache-control']).toBe(HASHED_ASSET_CACHE)
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(decoded(res)).toBe(files['assets/app-3f9a1c.js'])
    expect(res.rawPayload.length).toBeLessThan(files['assets/app-3f9a1c.js'].length / 5)
  })

  it('falls back to gzip, then to the plain file, as the browser refuses brotli or every encoding', async () => {
    const gzip = await get('/assets/app-77be01.css', 'br;q=0, gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.headers['content-type']).toMatch(/^text\/css/)
    expect(decoded(gzip)).toBe(files['assets/app-77be01.css'])
    const plain = await get('/assets/app-77be01.css')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(files['assets/app-77be01.css'])
    expect(plain.headers['cache-control']).toBe(HASHED_ASSET_CACHE)
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
  })

  it('sends small and binary assets as they are, still cached for a year', async () => {
    const tiny = await get('/assets/tiny-0a1b2c.js', 'br, gzip')
    expect(tiny.headers['content-encoding']).toBeUndefined()
    expect(tiny.body).toBe(files['assets/tiny-0a1b2c.js'])
    const woff = await get('/assets/font-5d2e9f.woff2', 'br, gzip')
    expect(woff.headers['content-encoding']).toBeUndefined()
    expect(woff.rawPayload.equals(font)).toBe(true)
    expect(woff.headers['cache-control']).toBe(HASHED_ASSET_CACHE)
  })

  it('answers the entry page compressed and revalidated, at every browser route, with the security headers', async () => {
    for (const url of ['/', '/index.html', '/goods/12', '/carts', '/Admin/login']) {
      const res = await get(url, 'gzip, deflate, br')
      // A storefront page gets its own head (modules/pages; a goods not there is a 404 page), the others the build's.
      expect(res.statusCode, url).toBe(url === '/goods/12' ? 404 : 200)
      expect(res.headers['content-encoding'], url).toBe('br')
      expect(res.headers['content-type'], url).toMatch(/^text\/html/)
      expect(res.headers['cache-control'], url).toBe(ENTRY_PAGE_CACHE)
      expect(res.headers.vary, url).toMatch(/accept-encoding/i)
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'")
      if (['/index.html', '/carts', '/Admin/login'].includes(url)) expect(decoded(res), url).toBe(files['index.html'])
    }
    for (const url of ['/carts', '/goods/12']) {
      const plain = await get(url)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.body.includes('</html>')).toBe(true)
      expect((await get(url, 'gzip')).headers['content-encoding']).toBe('gzip')
    }
    expect((await get('/carts')).body).toBe(files['index.html'])
  })

  it('revalidates unhashed files, and answers 404 for a missing asset instead of the entry page', async () => {
    const favicon = await get('/favicon.svg', 'br')
    expect(favicon.headers['cache-control']).toBe(ENTRY_PAGE_CACHE)
    expect(decoded(favicon)).toBe(files['favicon.svg'])
    // A page still open on an older build asks for its chunks: HTML in place of a script would fail obscurely.
    const missing = await get('/assets/app-000000.js', 'br')
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['content-type']).toMatch(/json/)
  })
})

describe('the home and goods pages’ main picture in the entry page', () => {
  const pictureOf = (html: string) => /<img class="first-picture"[^>]*>(?=<div id="root">)/.exec(html)?.[0]
  const attribute = (element: string | undefined, name: string) => new RegExp(` ${name}="([^"]*)"`).exec(element ?? '')?.[1]
  let onSale: number
  let offShelf: number

  beforeAll(async () => {
    const slot = await app.db.adv_spaces.upsert({ where: { name: HOME_SLIDES_SLOT }, create: { name: HOME_SLIDES_SLOT }, update: {} })
    await app.db.advs.createMany({
      data: [
        { pid: slot.id, name: 'second', image: '/uploads/slides/second.png', is_sort: 1, status: 1 },
        { pid: slot.id, name: 'first', image: '/uploads/slides/first.png', is_sort: 9, status: 1 },
        { pid: slot.id, name: 'off', image: '/uploads/slides/off.png', is_sort: 99, status: 0 },
      ],
    })
    await app.redis.del(app.key('catalog', 'home_ads'))
    const leaves = await leafClasses(app)
    const seller = await sellerWithStore(app, leaves)
    onSale = (await createGoods(app, seller.storeId, leaves[0].id, { goods_name: 'picture' })).id
    offShelf = (await createGoods(app, seller.storeId, leaves[0].id, { goods_name: 'off shelf', goods_status: 0 })).id
    await app.db.goods.update({ where: { id: onSale }, data: { goods_master_image: '', goods_images: '/uploads/goods/main.png,/uploads/goods/second.png' } })
  })

  it('is on the home page once its answer is cached (the home entry page never reads the slides), on a goods page from its detail', async () => {
    expect(pictureOf(decoded(await get('/', 'br')))).toBeUndefined()
    // A goods page reads the goods' detail through the cache its API answer uses (modules/pages/pages.ts).
    expect(attribute(pictureOf(decoded(await get(`/goods/${onSale}`, 'br'))), 'src')).toBe('/uploads/goods/main.png')
    await get('/api/home')
  })

  it('carries the first showing slide on / and a goods’ first picture on its page, with the srcset and sizes the pages give it', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const home = pictureOf(decoded(await get('/', encoding)))
      expect(attribute(home, 'data-page'), encoding).toBe('home')
      expect(attribute(home, 'src')).toBe('/uploads/slides/first.png')
      expect(attribute(home, 'srcset')).toContain('/uploads/slides/first.w800.webp 800w')
      expect(attribute(home, 'sizes')).toBe(HOME_SLIDE_SIZES)
    }
    const goods = await get(`/goods/${onSale}?sku=3`, 'br')
    expect(goods.statusCode).toBe(200)
    expect(goods.headers['cache-control']).toBe(ENTRY_PAGE_CACHE)
    const picture = pictureOf(decoded(goods))
    expect(attribute(picture, 'data-page')).toBe('goods')
    expect(attribute(picture, 'src')).toBe('/uploads/goods/main.png')
    expect(attribute(picture, 'sizes')).toBe(GOODS_MAIN_SIZES)
    // A stand-in for the page's own picture, which names it: nothing for a screen reader to read twice.
    expect(attribute(picture, 'alt')).toBe('')
    expect(attribute(picture, 'aria-hidden')).toBe('true')
  })

  it('is left out for a goods not on sale, an unknown or malformed id (a 404 page), and every other page', async () => {
    for (const url of [`/goods/${offShelf}`, '/goods/999999999', '/goods/99999999999', '/goods/abc']) {
      const res = await get(url, 'br')
      expect(res.statusCode, url).toBe(404)
      expect(pictureOf(decoded(res)), url).toBeUndefined()
    }
    for (const url of [`/goods/${onSale}/reviews`, '/index.html', '/Admin/login']) {
      const res = await get(url, 'br')
      expect(res.statusCode, url).toBe(200)
      expect(decoded(res), url).toBe(files['index.html'])
    }
    expect(pictureOf(decoded(await get('/s', 'br')))).toBeUndefined()
    expect((await app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200)
  })

  it('writes what it copies from the database as attribute text, never as markup', async () => {
    const slot = await app.db.adv_spaces.findUniqueOrThrow({ where: { name: HOME_SLIDES_SLOT } })
    await app.db.advs.create({ data: { pid: slot.id, name: 'hostile', image: 'https://cdn.example.com/a.png?x="><script>alert(1)</script>&y', is_sort: 100, status: 1 } })
    await app.redis.del(app.key('catalog', 'home_ads'))
    await get('/api/home')
    const html = decoded(await get('/', 'br'))
    expect(html).not.toContain('<script>')
    expect(attribute(pictureOf(html), 'src')).toBe('https://cdn.example.com/a.png?x=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;y')
    // Not a stored image: no copies to choose from.
    expect(attribute(pictureOf(html), 'srcset')).toBeUndefined()
  })
})
