// The built web app at /, served as nginx serves it in compose (docker/nginx.conf; test/nginx.test.ts compares them):
// the build's brotli or gzip copy of a file when the browser takes one (packages/web/precompress.ts writes them), the
// hashed files under /assets/ cached for a year, every other file revalidated. Browser routes (/, /goods/1,
// /Admin/login) get the entry page from the not-found handler (envelope.ts), compressed the same way; the home and
// goods pages' with their main picture in it (firstPicture.ts).
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { PageParts } from '../core/entryPage.ts'
import { firstPictureElement } from './firstPicture.ts'

/** Build files named by their content hash never change: caches keep them for a year without asking again. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable'
/** The entry page names one build's hashed files: caches ask again every time (an unchanged page is a 304). */
export const ENTRY_PAGE_CACHE = 'no-cache'
/** The build's folder of hashed files (vite.config.ts names them `assets/[name]-[hash]`). */
export const HASHED_ASSET_DIR = 'assets'

export type EntryPage = { html: string; br: Buffer; gzip: Buffer }

export function entryPage(html: string): EntryPage {
  return { html, br: brotliCompressSync(html), gzip: gzipSync(html) }
}

/** The best encoding both sides have: brotli, then gzip, else none (a `q=0` refuses one). */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    [header ?? ''].flat().join(',').split(',').flatMap((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';')
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
      return name && (q === undefined || Number(q) > 0) ? [name] : []
    }),
  )
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null
}

/** Where the entry page's main picture goes (firstPicture.ts): before the app's root, which the app's first render fills. */
const APP_ROOT = '<div id="root">'

/** A page made for one answer is compressed for it alone: a fast brotli level, not the build's slowest and smallest. */
const compressOnce = {
  br: (html: string) => brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (html: string) => gzipSync(html),
}

/** The build's title, which a page's own head replaces. */
const BUILD_TITLE = /<title>[^<]*<\/title>/
/** The app root's first content (the boot picture, index.html), which a page's main text replaces until the app renders. */
const ROOT_CONTENT = /<div id="root">(<div class="boot"[\s\S]*?<\/svg><\/div>)?/

/** The build's entry page with a page's parts written in. */
export function pageHtml(html: string, parts: PageParts): string {
  const root = (parts.picture ? firstPictureElement(parts.picture) : '') + APP_ROOT + (parts.body ?? '')
  // Functions as replacements: the parts' text is taken as it is, `$&` and the like included.
  return html
    .replace(BUILD_TITLE, () => parts.head)
    .replace(ROOT_CONTENT, (whole, boot: string | undefined) => (parts.body === null ? root + (boot ?? '') : root))
}

/** The entry page for a browser route, with the page's own head, main text, picture and status when it has them. */
export function sendEntryPage(req: FastifyRequest, reply: FastifyReply, page: EntryPage, parts: PageParts | null = null) {
  reply.type('text/html; charset=utf-8').header('cache-control', ENTRY_PAGE_CACHE).header('vary', 'accept-encoding')
  const encoding = acceptedEncoding(req.headers['accept-encoding'])
  if (!parts) return encoding ? reply.header('content-encoding', encoding).send(page[encoding]) : reply.send(page.html)
  const html = pageHtml(page.html, parts)
  reply.status(parts.status)
  return encoding ? reply.header('content-encoding', encoding).send(compressOnce[encoding](html)) : reply.send(html)
}

export default fp(async function webApp(app: FastifyInstance, opts: { root: string }) {
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: '/',
    wildcard: false,
    // The entry page goes out from the not-found handler (envelope.ts), for / too: it may carry the home page's picture.
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      const hashed = path.relative(opts.root, file).startsWith(HASHED_ASSET_DIR + path.sep)
      reply.header('cache-control', hashed ? HASHED_ASSET_CACHE : ENTRY_PAGE_CACHE)
    },
  })
})

/** The build's entry page, ready to send. */
export function readEntryPage(root: string): EntryPage {
  const html = readFileSync(path.join(root, 'index.html'), 'utf8')
  if (!html.includes(APP_ROOT)) throw new Error(`${root}/index.html has no ${APP_ROOT}: the pages' main pictures have no place`)
  return entryPage(html)
}
