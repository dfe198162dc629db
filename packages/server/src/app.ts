// buildApp(config): plugins, then the three area scopes with every module's routes. No listen (tests use it).
import Fastify, { type FastifyInstance } from 'fastify'
import swaggerUi from '@fastify/swagger-ui'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import type { Config } from './config.ts'
import type { Db } from './core/db/index.ts'
import type { AreaName } from './core/context.ts'
import type { ServerResource } from './core/resource.ts'
import { routeClassOf, type RouteClass } from './core/rateLimits.ts'
import { REPO_ROOT } from './core/paths.ts'
import { ConciseRequestLog } from './core/requestLog.ts'
import envelope from './plugins/envelope.ts'
import infra from './plugins/infra.ts'
import auth from './plugins/auth.ts'
import form from './plugins/form.ts'
import security from './plugins/security.ts'
import securityHeaders, { APP_SECURITY_HEADERS, helmetHeaders } from './plugins/securityHeaders.ts'
import { parserErrorAnswer, routerErrorAnswer } from './plugins/clientErrors.ts'
import docs from './plugins/docs.ts'
import uploads from './plugins/uploads.ts'
import webApp, { readEntryPage } from './plugins/webApp.ts'
import queues from './plugins/queues.ts'
import { modules } from './modules/index.ts'
import { crawlRoutes, pageParts } from './modules/pages/index.ts'
import { IDS_PARAM_MAX_LENGTH, noQuery } from '@qshop/shared/schemas/common'
import type { ScopePlugin } from './core/module.ts'

export type RouteRecord = {
  method: string
  url: string
  area: AreaName
  permission?: string
  public: boolean
  superOnly: boolean
  rateLimit: RouteClass | null
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its area and permission key (seed, permission matrix tests, docs). */
    routeRecords: RouteRecord[]
    /** Every resource the engine serves (the permission, index and column-bound walks in the tests). */
    servedResources: ServerResource[]
  }
}

export { REPO_ROOT } from './core/paths.ts'

const AREAS: { area: AreaName; prefix: string; key: 'storefront' | 'seller' | 'admin' }[] = [
  { area: 'user', prefix: '/api', key: 'storefront' },
  { area: 'seller', prefix: '/api/Seller', key: 'seller' },
  { area: 'admin', prefix: '/api/Admin', key: 'admin' },
]

export type BuildOptions = { db?: Db; redis?: Redis; logger?: boolean }

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const headers = helmetHeaders(APP_SECURITY_HEADERS)
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.LOG_LEVEL },
    logController: new ConciseRequestLog(),
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID(),
    bodyLimit: 2 * 1024 * 1024,
    // A request arriving while the app closes is answered by plugins/envelope.ts, in the envelope.
    return503OnClosing: false,
    // The longest URL parameter is a batch delete's `:ids`; a longer one is answered 414.
    routerOptions: { caseSensitive: true, maxParamLength: IDS_PARAM_MAX_LENGTH },
    frameworkErrors: routerErrorAnswer(headers),
    clientErrorHandler: parserErrorAnswer(headers),
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id)
  })

  const records: RouteRecord[] = []
  app.decorate('routeRecords', records)
  app.decorate('servedResources', [] as ServerResource[])
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return
    // A query parameter the route does not declare is refused, also on routes that take none (docs/architecture.md).
    route.schema = { ...route.schema, querystring: route.schema?.querystring ?? noQuery }
    if (route.method === 'HEAD') return
    const area: AreaName = route.url.startsWith('/api/Admin/') ? 'admin' : route.url.startsWith('/api/Seller/') ? 'seller' : 'user'
    const rateLimit = routeClassOf(route.url, route.method, route.config?.rateLimit)
    for (const method of [route.method].flat())
      records.push({
        method, url: route.url, area, permission: route.config?.permission, public: Boolean(route.config?.public), superOnly: Boolean(route.config?.superOnly), rateLimit,
      })
  })

  // The entry pages' heads, main text and pictures come from the catalog's cached answers (modules/pages).
  await app.register(envelope, { page: (url, origin) => pageParts(app, url, origin), siteUrl: config.SITE_URL })
  await app.register(infra, { config, db: opts.db, redis: opts.redis })
  await app.register(security)
  // The API docs page runs Swagger UI's inline scripts.
  await app.register(securityHeaders, { policy: APP_SECURITY_HEADERS, byPrefix: { '/api/docs': { contentSecurityPolicy: false } } })
  await app.register(form)
  await app.register(auth)
  await app.register(queues)
  if (config.API_DOCS) await app.register(docs)

  await app.register(async (api) => {
    await api.register(uploads)
    for (const { area, prefix, key } of AREAS) {
      await api.register(
        async (scope) => {
          // Authorization before validation: a caller without the permission learns nothing about the input rules.
          scope.addHook('preValidation', app.guard(area))
          for (const mod of modules) {
            const plugin = mod[key] as ScopePlugin | undefined
            if (plugin) await scope.register(plugin as never)
          }
        },
        { prefix },
      )
    }
    await api.register(crawlRoutes)
    const webDist = path.resolve(REPO_ROOT, config.WEB_DIST)
    if (existsSync(path.join(webDist, 'index.html'))) {
      await api.register(webApp, { root: webDist })
      app.spaIndex = readEntryPage(webDist)
    }
  })

  if (config.API_DOCS) await app.register(swaggerUi, { routePrefix: '/api/docs' })
  return app
}
