// The built web app as `pnpm start` serves it: the build's compressed copies (packages/web/precompress.ts) chosen by
// the browser's Accept-Encoding, hashed assets cached for a year, the entry page (also for browser routes) revalidated.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressDir } from '../../web/precompress.ts'
import { ENTRY_PAGE_CACHE, HASHED_ASSET_CACHE } from '../src/plugins/webApp.ts'
import { createTestApp } from './helpers.ts'

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

  it('answers the entry page compressed and revalidated, at / and at every browser route, with the security headers', async () => {
    for (const url of ['/', '/index.html', '/goods/12', '/Admin/login']) {
      const res = await get(url, 'gzip, deflate, br')
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-encoding'], url).toBe('br')
      expect(res.headers['content-type'], url).toMatch(/^text\/html/)
      expect(res.headers['cache-control'], url).toBe(ENTRY_PAGE_CACHE)
      expect(res.headers.vary, url).toMatch(/accept-encoding/i)
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'")
      expect(decoded(res), url).toBe(files['index.html'])
    }
    const plain = await get('/goods/12')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(files['index.html'])
    expect((await get('/goods/12', 'gzip')).headers['content-encoding']).toBe('gzip')
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
