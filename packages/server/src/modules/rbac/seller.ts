// Seller back office: the store's sub-accounts and roles. Both belong to the store owner's user id
// (users.belong_id, user_roles.belong_id), never to an id taken from the request.
import type { FastifyRequest } from 'fastify'
import { SELLER_RESOURCES } from '@qshop/shared/resources/index'
import type { Infra } from '../../core/infra.ts'
import type { Sessions } from '../../core/sessions.ts'
import type { ServerResource } from '../../core/resource.ts'
import { businessError } from '../../core/errors.ts'
import { presentLinks } from './links.ts'
import { SELLER_TABLES, assignRoles, requireAccountsHeld, requireRolesHeld, writeRoleGrants } from './roles.ts'
import { hashSecrets } from './secrets.ts'

/** The store owner's user id: the actor itself, or the owner a sub-account belongs to. */
const ownerUserId = (req: FastifyRequest) => {
  const actor = req.actor!
  return actor.belong_id > 0 ? actor.belong_id : actor.id
}
const ofOwner = (req: FastifyRequest) => ({ belong_id: ownerUserId(req) })

export function sellerResources(app: Infra & Pick<Sessions, 'actors'>): ServerResource[] {
  const R = SELLER_RESOURCES
  const afterCommit = async () => app.actors.invalidate()

  const users: ServerResource = {
    decl: R.users,
    model: 'users',
    scope: ofOwner,
    afterCommit,
    present: presentLinks(app.db, ['role_id', SELLER_TABLES.accountRoles]),
    async beforeWrite(req, data, existing, tx) {
      // Nobody edits (resets the password of) a sub-account holding more than themselves.
      if (existing) await requireAccountsHeld(app, req, tx, SELLER_TABLES, [existing.id], ofOwner(req))
      return hashSecrets(data, 'password')
    },
    async afterWrite(req, row, input, tx) {
      if (input.role_id) await assignRoles(app, req, tx, SELLER_TABLES, row.id, input.role_id as number[], ofOwner(req))
    },
    async beforeDelete(req, ids, tx) {
      if (ids.includes(req.actor!.id)) throw businessError('msg.cannotDeleteSelf')
      await requireAccountsHeld(app, req, tx, SELLER_TABLES, ids, ofOwner(req))
    },
  }

  const roles: ServerResource = {
    decl: R.roles,
    model: 'user_roles',
    scope: ofOwner,
    afterCommit,
    present: presentLinks(app.db, ['menu_id', SELLER_TABLES.roleMenus], ['permission_id', SELLER_TABLES.rolePermissions]),
    async afterWrite(req, row, input, tx) {
      await writeRoleGrants(app, req, tx, SELLER_TABLES, row.id, input)
    },
    beforeDelete: (req, ids, tx) => requireRolesHeld(app, req, tx, SELLER_TABLES, ids, ofOwner(req)),
  }

  return [users, roles]
}
