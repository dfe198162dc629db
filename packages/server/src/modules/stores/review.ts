// Admin: the stores list and detail (engine), the review of a verifying store and opening / closing a store.
import { STORE_REVIEW_FLOW } from '@qshop/shared'
import * as decl from '@qshop/shared/resources/admin/catalog'
import { STORE_VERIFY } from '@qshop/shared/schemas/catalog'
import type { Infra } from '../../core/infra.ts'
import type { ServerResource } from '../../core/resource.ts'
import type { RequestContext } from '../../core/context.ts'
import { businessError, notFound } from '../../core/errors.ts'
import { transition } from '../../core/transition.ts'
import { inUnit } from '../../core/unitOfWork.ts'
import { invalidateStore } from '../catalog/index.ts'
import { IDENTITY_FIELDS, signedIdentity } from './identity.ts'
import { PRIVATE_FILES_PERMISSION } from '../uploads/index.ts'

const STORE_OPEN = 1

export function storeResources(app: Infra): ServerResource[] {
  return [
    {
      decl: decl.stores,
      model: 'stores',
      // The categories applied for, as level-3 paths; the identity images as signed URLs for admins who may open
      // them (GET /api/Admin/private_files/{id} needs the same key), left out for the others.
      present: async (req, rows) => {
        const classes = await app.db.store_classes.findMany({ where: { store_id: { in: rows.map((r) => r.id) } }, select: { store_id: true, class_id: true } })
        const actor = req.actor!
        const mayOpen = actor.all || actor.permissions.has(PRIVATE_FILES_PERMISSION)
        const hidden = Object.fromEntries(IDENTITY_FIELDS.map((field) => [field, '']))
        return rows.map((r) => ({ ...r, ...(mayOpen ? signedIdentity(app, r) : hidden), class_id: classes.find((c) => c.store_id === r.id)?.class_id ?? [] }))
      },
    },
  ]
}

/** Pass (4: the store opens) or deny (3, with the reason) a store that is verifying. */
export async function verifyStore(app: Infra, ctx: RequestContext, id: number, decision: { store_verify: 3 | 4; store_refuse_info?: string }) {
  const passed = decision.store_verify === STORE_VERIFY.PASSED
  return inUnit(app, ctx, async (tx, unit) => {
    const decided = await transition(tx, STORE_REVIEW_FLOW, id, { from: STORE_VERIFY.VERIFYING, to: decision.store_verify }, {
      data: passed ? { store_status: STORE_OPEN, store_refuse_info: '' } : { store_refuse_info: decision.store_refuse_info ?? '' },
    })
    const store = await tx.stores.findUnique({ where: { id }, select: { id: true, store_verify: true, store_status: true, store_refuse_info: true } })
    if (!store) throw notFound()
    if (!decided) throw businessError('msg.storeNotVerifying')
    unit.afterCommit(() => invalidateStore(app, id))
    return store
  })
}

/** Opens (1) or closes (0) a store; a closed store and its goods disappear from the storefront. */
export async function setStoreStatus(app: Infra, id: number, status: 0 | 1) {
  const { count } = await app.db.stores.updateMany({ where: { id }, data: { store_status: status } })
  if (!count) throw notFound()
  await invalidateStore(app, id)
  return { id, store_status: status }
}
