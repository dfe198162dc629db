// Whose orders a back-office call reaches: a seller only those of its store (a foreign id is 404 like a missing one),
// an admin every store's.
import type { RequestContext } from '../../core/context.ts'
import { notFound } from '../../core/errors.ts'

/** Equality conditions on `orders` for the caller: `{ store_id }` for a seller, none for an admin. */
export function orderScope(ctx: RequestContext): Record<string, number> {
  const actor = ctx.actor
  if (actor?.area === 'admin') return {}
  if (actor?.area === 'seller' && actor.storeId) return { store_id: actor.storeId }
  throw notFound()
}
