// The wire contract: every answer is {code, msg, data}; messages are translated per request.
import fp from 'fastify-plugin'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { Code, normalizeLocale, translate, type MessageKey, type Locale } from '@qshop/shared'
import { AppError } from '../core/errors.ts'
import { toWire } from '../core/wire.ts'
import { firstPictureOf } from './firstPicture.ts'
import { HASHED_ASSET_DIR, sendEntryPage, type EntryPage } from './webApp.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** index.html of the built web app (plugins/webApp.ts), answered for unknown non-API GETs */
    spaIndex: EntryPage | null
  }
}

export type Ok<T> = { code: 200; msg: string; data: T }

/** Success envelope with data converted to wire form (money strings, formatted times). */
export function ok<T>(req: FastifyRequest, data: T, key: MessageKey = 'msg.success'): Ok<unknown> {
  return { code: Code.OK, msg: req.t(key), data: toWire(data) }
}

type Issue = { keyword: string; instancePath: string; message: string; params: Record<string, unknown> }

function issueMessage(locale: Locale, issue: Issue): string {
  const p = issue.params
  switch (issue.keyword) {
    case 'invalid_type':
      // zod 4 leaves the input out of its issues; a missing value says so in the message.
      return translate(locale, /received undefined$/.test(issue.message) ? 'valid.required' : 'valid.type')
    case 'too_big':
      return p.origin === 'string' || p.origin === 'array'
        ? translate(locale, 'valid.tooLong', { max: String(p.maximum) })
        : translate(locale, 'valid.tooBig', { max: String(p.maximum) })
    case 'too_small':
      if (p.origin === 'string' && p.minimum === 1) return translate(locale, 'valid.required')
      return p.origin === 'string' || p.origin === 'array'
        ? translate(locale, 'valid.tooShort', { min: String(p.minimum) })
        : translate(locale, 'valid.tooSmall', { min: String(p.minimum) })
    case 'unrecognized_keys':
      return translate(locale, 'valid.unknownField')
    case 'invalid_value':
    case 'invalid_union':
      return translate(locale, 'valid.enum')
    case 'custom':
      if (issue.message === 'money') return translate(locale, 'valid.money')
      if (issue.message === 'richTextTooLong') return translate(locale, 'valid.richTextTooLong')
      if (issue.message === 'unknownOp') return translate(locale, 'valid.unknownOp')
      if (issue.message === 'stockTotal') return translate(locale, 'valid.stockTotal', { max: String((p.params as { max: number }).max) })
      // zx.money's bounds
      if (issue.message === 'max') return translate(locale, 'valid.tooBig', { max: String((p.params as { max: number }).max) })
      if (issue.message === 'min') return translate(locale, 'valid.tooSmall', { min: String((p.params as { min: number }).min) })
      return translate(locale, 'valid.format')
    default:
      return issue.message === 'phone' ? translate(locale, 'valid.phone') : translate(locale, 'valid.format')
  }
}

/** zod issues → {field: message}; unknown keys are reported under their own names (`__proto__` too). */
export function fieldErrors(locale: Locale, issues: Issue[]): Record<string, string> {
  const out = new Map<string, string>()
  for (const issue of issues) {
    const base = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
    const keys = issue.keyword === 'unrecognized_keys' ? (issue.params.keys as string[]).map((k) => (base ? `${base}.${k}` : k)) : [base || '_']
    for (const k of keys) if (!out.has(k)) out.set(k, issueMessage(locale, issue))
  }
  return Object.fromEntries(out)
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

export default fp(async function envelope(app: FastifyInstance) {
  app.decorateRequest('locale', 'zh-cn')
  app.decorateRequest('actor', null)
  app.decorateRequest('t', function (this: FastifyRequest, key: MessageKey, params?: Record<string, string | number>) {
    return translate(this.locale, key, params)
  })
  app.addHook('onRequest', async (req) => {
    req.locale = normalizeLocale((req.headers['lang'] as string | undefined) ?? req.headers['accept-language'])
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
      // Without its picture when the cache cannot be read: the page itself still loads and tells the shopper.
      const picture = req.method === 'GET' ? await firstPictureOf(app, req.url).catch((err: unknown) => (req.log.warn({ err }, 'entry page picture'), null)) : null
      return sendEntryPage(req, reply, app.spaIndex, picture)
    }
    return send(reply, Code.NOT_FOUND, req.t('msg.routeNotFound'), null)
  })
})
