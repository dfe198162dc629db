// docker compose serves the web app and the uploaded files from nginx: its entry page must carry the api's
// security headers, and /uploads must be served as the api serves it on its own (pnpm start), from the shared
// volume, without the private identity documents.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { REPO_ROOT } from '../src/app.ts'
import { APP_SECURITY_HEADERS, helmetHeaders } from '../src/plugins/securityHeaders.ts'
import { DOCUMENT_TYPES, IMAGE_TYPES, PUBLIC_FILE_CACHE, servedFileHeaders } from '../src/core/servedFiles.ts'
import { ENTRY_PAGE_CACHE, HASHED_ASSET_CACHE, HASHED_ASSET_DIR } from '../src/plugins/webApp.ts'

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
