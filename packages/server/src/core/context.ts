import type { FastifyRequest } from 'fastify'
import { DEFAULT_LOCALE, type Locale } from '@qshop/shared'
import type { Unit } from './unitOfWork.ts'

export type AreaName = 'user' | 'seller' | 'admin'

/** Who is calling. Seller actors carry the store their data is scoped by. */
export type Actor = {
  area: AreaName
  id: number
  sid: string
  username: string
  /** seller: the store of the owner (or of the owner the sub-account belongs to) */
  storeId?: number
  /** super admins and store owners hold every permission */
  all: boolean
  permissions: ReadonlySet<string>
  belong_id: number
}

/**
 * What a service knows of the call it serves; services take it first (docs/architecture.md). `unit` is the unit of work the
 * call runs in once one is open (core/unitOfWork.ts, inUnit): a service handed this context joins that transaction.
 */
export type RequestContext = {
  actor: Actor | null
  locale: Locale
  ip: string
  requestId: string
  unit?: Unit
}

/** The context of an API request. */
export function requestContext(req: FastifyRequest): RequestContext {
  return { actor: req.actor ?? null, locale: req.locale, ip: req.ip, requestId: String(req.id) }
}

/** The context of work nobody requested through the API (jobs, sweepers, the seed): no actor. */
export function systemContext(requestId: string): RequestContext {
  return { actor: null, locale: DEFAULT_LOCALE, ip: '', requestId }
}
