// Admin back office: administrators, roles, permissions, both menu trees and platform users.
import type { FastifyRequest } from 'fastify'
import { ADMIN_RESOURCES } from '@qshop/shared/resources/index'
import type { Infra } from '../../core/infra.ts'
import type { Sessions } from '../../core/sessions.ts'
import type { ServerResource, Tx } from '../../core/resource.ts'
import { businessError, forbidden, invalid } from '../../core/errors.ts'
import { hashPayPassword } from '../../core/payPassword.ts'
import { hashSecrets } from './secrets.ts'
import { presentLinks } from './links.ts'
import { ADMIN_TABLES, assignRoles, requireAccountsHeld, requireRolesHeld, writeRoleGrants } from './roles.ts'
import { checkInviter } from '../distribution/index.ts'

type MenuModel = 'admin_menus' | 'user_menus'
type MenuDelegate = {
  findFirst(args: object): Promise<{ id: number; pid: number } | null>
  findMany(args: object): Promise<{ id: number; pid: number }[]>
}
const menuModel = (tx: Tx, m: MenuModel) => tx[m] as unknown as MenuDelegate

/** What a user proves to be the account's owner with (logins, SMS codes, payments). */
const ACCOUNT_PROOFS = ['password', 'pay_password', 'phone'] as const

/** A menu tree resource: the parent must exist and must not be the menu itself or one of its descendants;
 *  a menu with children cannot be deleted. */
function menuResource(decl: ServerResource['decl'], model: MenuModel, afterCommit: ServerResource['afterCommit']): ServerResource {
  return {
    decl,
    model,
    afterCommit,
    async beforeWrite(req, data, existing, tx) {
      const pid = data.pid as number | undefined
      if (!pid) return data
      const menus = menuModel(tx, model)
      const parentOf = new Map((await menus.findMany({ select: { id: true, pid: true } })).map((m) => [m.id, m.pid]))
      let cyclic = false
      for (let at: number | undefined = pid, steps = 0; at && steps <= parentOf.size; at = parentOf.get(at), steps++) {
        if (at === existing?.id) cyclic = true
      }
      if (!parentOf.has(pid) || cyclic) throw invalid({ pid: req.t('valid.enum') })
      return data
    },
    async beforeDelete(_req, ids, tx) {
      const child = await menuModel(tx, model).findFirst({ where: { pid: { in: ids }, id: { notIn: ids } }, select: { id: true, pid: true } })
      if (child) throw businessError('msg.hasChildren')
    },
  }
}

export function adminResources(app: Infra & Pick<Sessions, 'actors'>): ServerResource[] {
  const R = ADMIN_RESOURCES
  // Any change here may change what an admin or seller may do: cached actors are dropped at once.
  const afterCommit = async () => app.actors.invalidate()
  const isSuper = (req: FastifyRequest) => req.actor!.all

  const admins: ServerResource = {
    decl: R.admins,
    model: 'admins',
    afterCommit,
    present: presentLinks(app.db, ['role_id', ADMIN_TABLES.accountRoles]),
    async beforeWrite(req, data, existing, tx) {
      // Only a super admin may create or edit a super admin, or change is_super; nobody edits a stronger admin.
      const becomesSuper = (data.is_super ?? existing?.is_super ?? 0) === 1
      if (!isSuper(req) && (existing?.is_super === 1 || becomesSuper)) throw forbidden()
      if (existing) await requireAccountsHeld(app, req, tx, ADMIN_TABLES, [existing.id])
      else data.belong_id = req.actor!.id
      return hashSecrets(data, 'password')
    },
    async afterWrite(req, row, input, tx) {
      if (input.role_id) await assignRoles(app, req, tx, ADMIN_TABLES, row.id, input.role_id as number[])
    },
    async beforeDelete(req, ids, tx) {
      if (ids.includes(req.actor!.id)) throw businessError('msg.cannotDeleteSelf')
      if (!isSuper(req) && (await tx.admins.count({ where: { id: { in: ids }, is_super: 1 } }))) throw forbidden()
      await requireAccountsHeld(app, req, tx, ADMIN_TABLES, ids)
    },
  }

  const roles: ServerResource = {
    decl: R.roles,
    model: 'admin_roles',
    afterCommit,
    present: presentLinks(app.db, ['menu_id', ADMIN_TABLES.roleMenus], ['permission_id', ADMIN_TABLES.rolePermissions]),
    async afterWrite(req, row, input, tx) {
      await writeRoleGrants(app, req, tx, ADMIN_TABLES, row.id, input)
    },
    beforeDelete: (req, ids, tx) => requireRolesHeld(app, req, tx, ADMIN_TABLES, ids),
  }

  // Only super admins write permission rows and groups (their declarations' `superOnly`).
  const permissions: ServerResource = {
    decl: R.permissions,
    model: 'admin_permissions',
    afterCommit,
    async beforeWrite(req, data, _existing, tx) {
      if (data.pid !== undefined && !(await tx.admin_permission_groups.count({ where: { id: data.pid as number } }))) {
        throw invalid({ pid: req.t('valid.enum') })
      }
      return data
    },
  }

  const users: ServerResource = {
    decl: R.users,
    model: 'users',
    afterCommit,
    async beforeWrite(req, data, existing, tx) {
      // Whoever sets a platform user's password, pay password or phone can act as that user (and in the seller
      // back office of the store the user owns): only super admins hold that much.
      if (existing && !isSuper(req) && ACCOUNT_PROOFS.some((k) => data[k] !== undefined)) throw forbidden()
      const inviter = data.inviter_id as number | undefined
      if (inviter) await checkInviter(tx, existing ? Number(existing.id) : null, inviter)
      if (typeof data.pay_password === 'string') data.pay_password = hashPayPassword(req.server.config.PAY_PASSWORD_KEY, data.pay_password)
      return hashSecrets(data, 'password')
    },
  }

  return [
    admins,
    roles,
    { decl: R.permission_groups, model: 'admin_permission_groups', afterCommit },
    permissions,
    menuResource(R.menus, 'admin_menus', afterCommit),
    menuResource(R.seller_menus, 'user_menus', afterCommit),
    users,
  ]
}
