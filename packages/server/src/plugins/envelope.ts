// The wire contract: every answer is {code, msg, data}; messages are translated per request. This plugin gives requests
// their locale and translator and answers every refusal and error in the envelope; the helpers routes answer with
// (ok, fieldErrors) are core/envelope.ts.
import fp from 'fastify-plugin'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { Code, normalizeLocale, translate, type MessageKey } from '@qshop/shared'
import { AppError } from '../core/errors.ts'
import { fieldErrors, type Issue } from '../core/envelope.ts'
import type { PageLookup } from '../core/entryPage.ts'
import { HASHED_ASSET_DIR, sendEntryPage, type EntryPage } from './webApp.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** index.html of the built web app (plugins/webApp.ts), answered for unknown non-API GETs */
    spaIndex: EntryPage | null
  }
}

const STATUS_KEYS: Record<number, MessageKey> = {
  400: 'msg.invalid',
  401: 'msg.unauthenticated',
  403: 'msg.forbidden',
  404: 'msg.notFound',
  409: 'msg.conflict',
  413: 'msg.tooLarge',
  415: 'msg.invalid',
  429: 'msg.tooMany',
}

function send(reply: FastifyReply, code: number, msg: string, data: unknown) {
  // A business refusal is a successful HTTP exchange; everything else keeps its real status.
  const status = code === Code.BUSINESS || code === Code.SILENT ? 200 : code
  return reply.status(status).send({ code, msg, data })
}

/**
 * page: what a browser route's page adds to its entry page (app.ts passes modules/pages'); siteUrl: the site's address
 * for the pages' canonical links, else the one the request came to.
 */
export default fp(async function envelope(app: FastifyInstance, opts: { page?: PageLookup; siteUrl?: string }) {
  const pageOf = opts.page ?? (async () => null)
  app.decorateRequest('locale', 'zh-cn')
  app.decorateRequest('actor', null)
  app.decorateRequest('t', function (this: FastifyRequest, key: MessageKey, params?: Record<string, string | number>) {
    return translate(this.locale, key, params)
  })
  // Stopping (main.ts closes the app on SIGTERM): Fastify's close() stops listening first, so new connections are
  // refused, and lets the requests in flight finish. A request that still arrives on an open keep-alive connection is
  // answered 503 in the envelope, its connection closed, for the load balancer to send it elsewhere (app.ts turns
  // Fastify's own bare 503 off).
  let stopping = false
  app.addHook('preClose', async () => {
    stopping = true
  })
  // The requests in flight are answered with `Connection: close`: a kept-alive connection would hold the close for
  // the keep-alive timeout (72 s) after its last answer.
  app.addHook('onSend', async (_req, reply) => {
    if (stopping) reply.header('connection', 'close')
  })
  app.addHook('onRequest', async (req, reply) => {
    req.locale = normalizeLocale((req.headers['lang'] as string | undefined) ?? req.headers['accept-language'])
    if (stopping) {
      reply.header('connection', 'close')
      return send(reply, Code.UNAVAILABLE, req.t('msg.stopping'), null)
    }
  })

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.code >= 500) req.log.error({ err }, 'internal error')
      if (err.retryAfter !== undefined) reply.header('retry-after', err.retryAfter)
      return send(reply, err.code, req.t(err.msgKey, err.params), err.data)
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return send(reply, Code.INVALID, req.t('msg.invalid'), fieldErrors(req.locale, err.validation as unknown as Issue[]))
    }
    const status = err.statusCode ?? 500
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (malformed JSON, body too large, bad media type) keep their status.
      const code = status === 415 ? Code.INVALID : status
      return send(reply, code, req.t(STATUS_KEYS[status] ?? 'msg.invalid'), null)
    }
    req.log.error({ err }, 'unhandled error')
    return send(reply, Code.INTERNAL, req.t('msg.internal'), null)
  })

  // Browser routes (/goods/1, /Admin/login, ...) belong to the single-page app when it is served here; a missing
  // build file (a chunk of an older build) is a 404, as nginx answers it, not the entry page in place of a script.
  app.decorate('spaIndex', null)
  const notPages = ['/api/', '/uploads/', `/${HASHED_ASSET_DIR}/`]
  app.setNotFoundHandler(async (req, reply) => {
    if (app.spaIndex && (req.method === 'GET' || req.method === 'HEAD') && !notPages.some((prefix) => req.url.startsWith(prefix))) {
      // The build's own page when the page's data cannot be read: the app itself still loads and tells the shopper.
      const origin = opts.siteUrl || `${req.protocol}://${req.host}`
      const parts = await pageOf(req.url, origin).catch((err: unknown) => (req.log.warn({ err }, 'entry page parts'), null))
      return sendEntryPage(req, reply, app.spaIndex, parts)
    }
    return send(reply, Code.NOT_FOUND, req.t('msg.routeNotFound'), null)
  })
})
