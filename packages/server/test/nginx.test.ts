// docker compose serves the web app and the uploaded files from nginx: its entry page must carry the api's
// security headers, and /uploads must be served as the api serves it on its own (pnpm start), from the shared
// volume, without the private identity documents.
import type { ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_LOCALE, translate, type MessageKey } from '@qshop/shared'
import { REPO_ROOT } from '../src/app.ts'
import { APP_SECURITY_HEADERS, helmetHeaders } from '../src/plugins/securityHeaders.ts'
import { DOCUMENT_TYPES, IMAGE_TYPES, PUBLIC_FILE_CACHE, servedFileHeaders } from '../src/core/servedFiles.ts'
import { ENTRY_PAGE_CACHE, HASHED_ASSET_CACHE, HASHED_ASSET_DIR } from '../src/plugins/webApp.ts'
import { precompressDir } from '../../web/precompress.ts'
import { createTestApp, resetDb } from './helpers.ts'
import { nginxBinary, startNginxFront } from './nginxFront.ts'

const conf = readFileSync(path.join(REPO_ROOT, 'docker/nginx.conf'), 'utf8')
const compose = readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')

/** The body of `location <match> {…}` (nested blocks included). */
function location(match: string): string {
  const start = conf.indexOf(`location ${match} {`)
  expect(start, `location ${match}`).toBeGreaterThanOrEqual(0)
  let depth = 0
  for (let i = conf.indexOf('{', start); i < conf.length; i++) {
    if (conf[i] === '{') depth++
    else if (conf[i] === '}' && --depth === 0) return conf.slice(conf.indexOf('{', start) + 1, i)
  }
  throw new Error(`unclosed location ${match}`)
}

const headersOf = (block: string) =>
  Object.fromEntries([...block.matchAll(/add_header ([\w-]+) "([^"]*)";/g)].map(([, name, value]) => [name.toLowerCase(), value]))

/** The content type nginx sends per extension: its `types` block, with the charset for the `charset_types`. */
function typesOf(block: string): Record<string, string> {
  const types = /types \{([^}]*)\}/.exec(block)?.[1] ?? ''
  const charset = /\bcharset ([\w-]+);/.exec(block)?.[1]
  const charsetTypes = new Set(/charset_types ([^;]+);/.exec(block)?.[1].split(/\s+/) ?? [])
  const out: Record<string, string> = {}
  for (const [, mime, exts] of types.matchAll(/([\w.+/-]+)\s+([\w\s]+);/g))
    for (const ext of exts.trim().split(/\s+/)) out[ext] = charset && charsetTypes.has(mime) ? `${mime}; charset=${charset}` : mime
  return out
}

/** A service's block of docker-compose.yml. */
function service(name: string): string {
  const start = compose.indexOf(`\n  ${name}:\n`)
  expect(start, name).toBeGreaterThanOrEqual(0)
  const rest = compose.slice(start + 1)
  const end = rest.slice(1).search(/\n {2}\S|\n\S/)
  return end < 0 ? rest : rest.slice(0, end + 1)
}

describe('docker/nginx.conf', () => {
  test('index.html goes out with the api’s policy, frame and sniffing headers, and is revalidated', () => {
    const api = helmetHeaders(APP_SECURITY_HEADERS)
    const nginx = headersOf(location('= /index.html'))
    expect(nginx['cache-control']).toBe(ENTRY_PAGE_CACHE)
    expect(location('= /index.html')).toMatch(/^\s*gzip_static on;$/m)
    for (const name of ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy'])
      expect(nginx[name], name).toBe(api[name])
  })

  test('the storefront pages crawlers read, robots.txt and the sitemaps come from the api; other browser routes do not', () => {
    for (const exact of ['= /', '= /robots.txt', '= /sitemap.xml', '/sitemaps/']) expect(location(exact), exact).toMatch(/^\s*proxy_pass \$api;\s*$/)
    const pages = [...conf.matchAll(/location ~ (\S+) \{\s*proxy_pass \$api;\s*\}/g)].map((m) => new RegExp(m[1]))
    expect(pages).toHaveLength(2)
    const matches = (uri: string) => pages.some((re) => re.test(uri))
    const toApi = ['/goods/1', '/goods/42/', '/store/7', '/article/5', '/notices', '/store/join', '/stores', '/stores/', '/s', '/s/', '/s/eyJrZXl3b3JkcyI6IngifQ==', '/s/ab/cd+ef=', '/login', '/register']
    for (const uri of toApi) expect(matches(uri), uri).toBe(true)
    for (const uri of ['/goods', '/goods/1/reviews', '/article', '/article/1/x', '/user/article/1', '/assets/goods/1', '/store/1/x', '/search', '/sx', '/user/orders', '/carts', '/Admin/login', '/Seller/login', '/login/x']) expect(matches(uri), uri).toBe(false)
  })

  test('hashed build files go out as the build’s gzip copies, cached as long as the api caches them, never as the entry page', () => {
    const block = location(`/${HASHED_ASSET_DIR}/`)
    expect(headersOf(block)).toEqual({ 'cache-control': HASHED_ASSET_CACHE })
    expect(block).toMatch(/^\s*gzip_static on;$/m)
    expect(block).not.toContain('try_files')
    // Whichever copy is sent, caches keep one per Accept-Encoding.
    expect(conf).toMatch(/^\s*gzip_vary on;$/m)
  })

  test('images under /uploads are served from the volume inline, with the api’s types and cache life', () => {
    const match = '~* ^/uploads/.+\\.(?:jpg|png|gif|webp)$'
    expect(match).toContain(`(?:${Object.keys(IMAGE_TYPES).join('|')})`)
    const block = location(match)
    expect(block).toMatch(/^\s*root \/srv;$/m)
    expect(block).not.toContain('proxy_pass')
    expect(typesOf(block)).toEqual(IMAGE_TYPES)
    for (const ext of Object.keys(IMAGE_TYPES)) expect(servedFileHeaders(`a.${ext}`)['content-disposition']).toBe('inline')
    expect(headersOf(block)).toEqual({ 'cache-control': PUBLIC_FILE_CACHE, 'content-disposition': 'inline', 'x-content-type-options': 'nosniff' })
  })

  test('every other file under /uploads is a download of the api’s type for it (bytes when unknown)', () => {
    const block = location('/uploads/')
    expect(block).toMatch(/^\s*root \/srv;$/m)
    expect(block).not.toContain('proxy_pass')
    expect(typesOf(block)).toEqual(DOCUMENT_TYPES)
    expect(block).toMatch(/^\s*default_type application\/octet-stream;$/m)
    expect(servedFileHeaders('page.html')).toEqual({ 'content-type': 'application/octet-stream', 'content-disposition': 'attachment' })
    for (const ext of Object.keys(DOCUMENT_TYPES)) expect(servedFileHeaders(`a.${ext}`)).toEqual({ 'content-type': DOCUMENT_TYPES[ext], 'content-disposition': 'attachment' })
    expect(headersOf(block)).toEqual({ 'cache-control': PUBLIC_FILE_CACHE, 'content-disposition': 'attachment', 'x-content-type-options': 'nosniff' })
  })
})

/** nginx's own refusals: the status it answers, the page it sends instead of its HTML, and the envelope's message. */
const REFUSALS: { nginxCode: number; status: number; page: string; key: MessageKey }[] = [
  { nginxCode: 400, status: 400, page: 'bad_request', key: 'msg.invalid' },
  { nginxCode: 413, status: 413, page: 'body_too_large', key: 'msg.tooLarge' },
  { nginxCode: 414, status: 414, page: 'uri_too_long', key: 'msg.uriTooLong' },
  // nginx's internal code for request headers beyond large_client_header_buffers
  { nginxCode: 494, status: 431, page: 'headers_too_large', key: 'msg.headersTooLarge' },
]
const envelopeOf = (status: number, key: MessageKey) => ({ code: status, msg: translate(DEFAULT_LOCALE, key), data: null })
/** The headers every refusal carries: the api's security headers on its JSON answers, and no caching. */
function refusalHeaders(): Record<string, string> {
  const api = helmetHeaders(APP_SECURITY_HEADERS)
  const names = ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy']
  return { 'cache-control': 'no-store', ...Object.fromEntries(names.map((name) => [name, api[name]])) }
}

describe('nginx refusals answer the JSON envelope', () => {
  test('each refusal has an internal page answering the envelope with its status, the api’s security headers and no caching', () => {
    for (const { nginxCode, status, page, key } of REFUSALS) {
      const redirect = status === nginxCode ? '' : `=${status} `
      expect(conf, `error_page ${nginxCode}`).toMatch(new RegExp(`^\\s*error_page ${nginxCode} ${redirect}/_errors/${page};$`, 'm'))
      const block = location(`= /_errors/${page}`)
      expect(block).toMatch(/^\s*internal;$/m)
      expect(block).toMatch(/^\s*default_type "application\/json; charset=utf-8";$/m)
      const body = new RegExp(`^\\s*return ${status} '([^']*)';$`, 'm').exec(block)?.[1]
      expect(JSON.parse(body ?? 'null'), page).toEqual(envelopeOf(status, key))
      const headers = Object.fromEntries([...block.matchAll(/add_header ([\w-]+) "([^"]*)" always;/g)].map(([, name, value]) => [name.toLowerCase(), value]))
      expect(headers, page).toEqual(refusalHeaders())
    }
  })
})

// docker compose runs docker/nginx.conf in its own image; here nginx runs the same file (test/nginxFront.ts) in front of
// an api listening as compose's does. CI installs nginx (.ci/run); elsewhere these tests run where it is installed.
const nginx = nginxBinary()
describe.skipIf(!nginx && !process.env.CI)('a running nginx with docker/nginx.conf', () => {
  let dir: string
  let port: number
  let server: ChildProcess
  let api: FastifyInstance
  // Two copies of a build, told apart: the entry page the api sends (with a page's main picture) and nginx's own.
  const entryPage = (copy: string) => `<!doctype html><html><head><title>QShop</title></head><body><!-- ${copy} --><div id="root"></div></body></html>`
  const script = `export const words = ${JSON.stringify(Array.from({ length: 800 }, (_, i) => `word${i % 40}`))};\n`

  /** The raw answer to `request`: status, headers and body. */
  const ask = (request: Buffer | string) =>
    new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
      // The client does not half-close: nginx would answer a request whose announced body can no longer come otherwise.
      const socket = connect(port, '127.0.0.1', () => socket.write(request))
      let raw = Buffer.alloc(0)
      /** The answer once all of it has come (nginx may keep reading an announced body before it closes). */
      const parsed = () => {
        const end = raw.indexOf('\r\n\r\n')
        if (end < 0) return null
        const [statusLine, ...lines] = raw.subarray(0, end).toString('utf8').split('\r\n')
        const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]))
        const body = raw.subarray(end + 4)
        if (body.length < Number(headers['content-length'] ?? 0)) return null
        return { status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') }
      }
      socket.on('data', (chunk) => {
        raw = Buffer.concat([raw, chunk])
        const answer = parsed()
        if (answer) {
          socket.destroy()
          resolve(answer)
        }
      })
      socket.on('error', reject)
      socket.on('close', () => reject(new Error(`connection closed before a whole answer: ${raw.toString('utf8').slice(0, 200)}`)))
    })
  const get = (url: string, headers: Record<string, string> = {}) =>
    ask(`GET ${url} HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`)

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'qshop-nginx-'))
    const [web, apiWeb, uploads] = ['web', 'api-web', 'volume/uploads'].map((name) => path.join(dir, name))
    for (const [root, copy] of [[web, 'nginx copy'], [apiWeb, 'api copy']]) {
      mkdirSync(path.join(root, HASHED_ASSET_DIR), { recursive: true })
      writeFileSync(path.join(root, 'index.html'), entryPage(copy))
      writeFileSync(path.join(root, HASHED_ASSET_DIR, 'app-3f9a1c.js'), script)
      await precompressDir(root)
    }
    mkdirSync(uploads, { recursive: true })
    writeFileSync(path.join(uploads, 'a1b2.png'), Buffer.from('89504e470d0a1a0a', 'hex'))
    writeFileSync(path.join(uploads, 'c3d4.pdf'), '%PDF-1.4')
    api = await createTestApp({ WEB_DIST: apiWeb })
    // The entry pages carry pictures of what the worker's Redis caches: none left by an earlier file.
    await resetDb(api, { demo: false, areas: false })
    const apiUrl = await api.listen({ port: 0, host: '127.0.0.1' })
    port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number }
        probe.close(() => resolve(free))
      })
    })
    server = await startNginxFront(nginx ?? 'nginx', { port, api: apiUrl, web, uploadsRoot: path.dirname(uploads), dir: path.join(dir, 'nginx') })
  })
  afterAll(async () => {
    server?.kill()
    await api?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  const expectEnvelope = (answer: Awaited<ReturnType<typeof ask>>, status: number, key: MessageKey) => {
    expect(answer.status).toBe(status)
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(JSON.parse(answer.body)).toEqual(envelopeOf(status, key))
    for (const [name, value] of Object.entries(refusalHeaders())) expect(answer.headers[name], name).toBe(value)
  }

  test('a URI beyond the header buffers: 414 with the envelope', async () => {
    expectEnvelope(await ask(`GET /api/goods?q=${'a'.repeat(10_000)} HTTP/1.1\r\nHost: shop\r\n\r\n`), 414, 'msg.uriTooLong')
  })
  test('a header beyond the header buffers: 431 with the envelope', async () => {
    expectEnvelope(await ask(`GET /api/goods HTTP/1.1\r\nHost: shop\r\nCookie: ${'b'.repeat(10_000)}\r\n\r\n`), 431, 'msg.headersTooLarge')
  })
  test('a malformed request: 400 with the envelope', async () => {
    expectEnvelope(await ask('GARBAGE\r\n\r\n'), 400, 'msg.invalid')
  })
  test('a body beyond client_max_body_size: 413 with the envelope', async () => {
    expectEnvelope(await ask(`POST /api/uploads HTTP/1.1\r\nHost: shop\r\nConnection: close\r\nContent-Length: ${13 * 1024 * 1024}\r\n\r\n`), 413, 'msg.tooLarge')
  })
  test('the pages cannot be asked for directly', async () => {
    expect((await get('/_errors/uri_too_long')).status).toBe(404)
  })

  test('the storefront pages come from the api (a goods or store not there a 404), every other browser route is the build’s entry page, both with the api’s headers', async () => {
    const security = helmetHeaders(APP_SECURITY_HEADERS)
    for (const [url, copy, status] of [
      ['/', 'api copy', 200], ['/goods/12', 'api copy', 404], ['/goods/12/', 'api copy', 404], ['/goods/12?sku=3', 'api copy', 404], ['/store/9', 'api copy', 404],
      ['/stores', 'api copy', 200], ['/s', 'api copy', 200], ['/s/goods/1', 'api copy', 200], ['/s/eyJjbGFzc19pZCI6M30%3D', 'api copy', 200], ['/store/join', 'api copy', 200], ['/login', 'api copy', 200],
      ['/goods', 'nginx copy', 200], ['/goods/12/reviews', 'nginx copy', 200], ['/carts', 'nginx copy', 200], ['/Admin/login', 'nginx copy', 200],
    ] as const) {
      const answer = await get(url)
      expect(answer.status, url).toBe(status)
      // The api's pages carry their own head and text; the copy's marker is in its body either way.
      expect(answer.body.includes(copy), url).toBe(true)
      if (copy === 'nginx copy') expect(answer.body, url).toBe(entryPage(copy))
      expect(answer.headers['cache-control'], url).toBe(ENTRY_PAGE_CACHE)
      for (const name of ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy']) expect(answer.headers[name], `${url} ${name}`).toBe(security[name])
    }
  })

  test('robots.txt and the sitemaps come from the api through it, with their content types', async () => {
    const robots = await get('/robots.txt')
    expect([robots.status, robots.headers['content-type']]).toEqual([200, 'text/plain; charset=utf-8'])
    expect(robots.body).toContain('Sitemap: http://shop/sitemap.xml')
    for (const url of ['/sitemap.xml', '/sitemaps/stores-1.xml']) {
      const answer = await get(url)
      expect([answer.status, answer.headers['content-type']], url).toEqual([200, 'application/xml; charset=utf-8'])
    }
    expect((await get('/sitemaps/stores-9.xml')).status).toBe(404)
  })

  test('the api answers under /api/ through it', async () => {
    const answer = await get('/api/health')
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ code: 200 })
  })

  test('a hashed build file goes out as its gzip copy and is kept for a year; a missing one is a 404, not the entry page', async () => {
    const answer = await get(`/${HASHED_ASSET_DIR}/app-3f9a1c.js`, { 'Accept-Encoding': 'gzip, br' })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(Number(answer.headers['content-length'])).toBe(statSync(path.join(dir, 'web', HASHED_ASSET_DIR, 'app-3f9a1c.js.gz')).size)
    expect(answer.headers['cache-control']).toBe(HASHED_ASSET_CACHE)
    expect(answer.headers['content-type']).toMatch(/javascript/)
    const missing = await get(`/${HASHED_ASSET_DIR}/app-000000.js`)
    expect(missing.status).toBe(404)
    expect(missing.body).not.toContain('<div id="root">')
  })

  test('uploaded files come from the volume: images shown inline, other files as downloads', async () => {
    const image = await get('/uploads/a1b2.png')
    expect([image.status, image.headers['content-type'], image.headers['content-disposition'], image.headers['cache-control']]).toEqual([200, 'image/png', 'inline', PUBLIC_FILE_CACHE])
    const document = await get('/uploads/c3d4.pdf')
    expect([document.status, document.headers['content-type'], document.headers['content-disposition']]).toEqual([200, 'application/pdf', 'attachment'])
    expect((await get('/uploads/none.png')).status).toBe(404)
  })
})

describe('docker-compose.yml', () => {
  test('nginx reads the uploads volume where its root says, read-only, and has no access to the private uploads', () => {
    const web = service('web')
    expect(web).toContain('volumes: [uploads:/srv/uploads:ro]')
    expect(web).not.toContain('private-uploads')
    const api = service('api')
    expect(api).toContain('UPLOAD_DIR: /srv/uploads')
    expect(api).toContain('PRIVATE_UPLOAD_DIR: /srv/private-uploads')
    expect(api).toContain('volumes: [uploads:/srv/uploads, private-uploads:/srv/private-uploads, secrets:/srv/secrets]')
    const worker = service('worker')
    expect(worker).toContain('uploads:/srv/uploads')
    expect(worker).not.toContain('private-uploads')
  })
})
