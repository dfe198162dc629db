// What a domain module is to the app: the routes it adds to each area and the jobs it declares. app.ts mounts every
// module of modules/index.ts; the worker runs their jobs (jobs/registry.ts). Each module exports its AppModule from
// its public entry, modules/<name>/index.ts.
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AnyJobDef } from './jobs/define.ts'

/** A Fastify scope whose routes are typed by their zod schemas. */
export type Scope = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>
export type ScopePlugin = (app: Scope) => Promise<void>

/** A domain module contributes routes to one or more areas. */
export type AppModule = {
  name: string
  /** mounted at /api (public routes and the shopper's /api/user/...) */
  storefront?: ScopePlugin
  /** mounted at /api/Seller */
  seller?: ScopePlugin
  /** mounted at /api/Admin */
  admin?: ScopePlugin
  /** the module's jobs, run by the worker (jobs/registry.ts) */
  jobs?: AnyJobDef[]
}
