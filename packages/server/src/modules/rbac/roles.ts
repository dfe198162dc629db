// Roles and role assignment, the same for both back offices (admin_* and user_* tables).
import type { FastifyRequest } from 'fastify'
import type { Infra } from '../../core/infra.ts'
import type { Tx } from '../../core/resource.ts'
import { readLinks, requireHeld, requireKnown, writeLinks, type Grant, type Link } from './links.ts'

export type RbacTables = {
  accounts: 'admins' | 'users'
  roles: 'admin_roles' | 'user_roles'
  menus: 'admin_menus' | 'user_menus'
  permissions: 'admin_permissions' | 'user_permissions'
  accountRoles: Link
  roleMenus: Link
  rolePermissions: Link
}

export const ADMIN_TABLES: RbacTables = {
  accounts: 'admins',
  roles: 'admin_roles',
  menus: 'admin_menus',
  permissions: 'admin_permissions',
  accountRoles: { table: 'admin_to_roles', owner: 'admin_id', target: 'role_id' },
  roleMenus: { table: 'admin_to_menus', owner: 'role_id', target: 'menu_id' },
  rolePermissions: { table: 'admin_to_permissions', owner: 'role_id', target: 'permission_id' },
}

export const SELLER_TABLES: RbacTables = {
  accounts: 'users',
  roles: 'user_roles',
  menus: 'user_menus',
  permissions: 'user_permissions',
  accountRoles: { table: 'user_to_roles', owner: 'user_id', target: 'role_id' },
  roleMenus: { table: 'user_to_menus', owner: 'role_id', target: 'menu_id' },
  rolePermissions: { table: 'user_to_permissions', owner: 'role_id', target: 'permission_id' },
}

type IdModel = { findMany(args: object): Promise<{ id: number; apis?: string }[]> }
const model = (tx: Tx, name: string) => (tx as unknown as Record<string, IdModel>)[name]

const added = (ids: number[], before: number[] | undefined) => ids.filter((id) => !before?.includes(id))

async function permissionKeys(tx: Tx, t: RbacTables, permissionIds: number[]): Promise<string[]> {
  if (!permissionIds.length) return []
  const rows = await model(tx, t.permissions).findMany({ where: { id: { in: permissionIds } }, select: { id: true, apis: true } })
  return rows.map((r) => r.apis!)
}

/** Everything the roles grant: their permission keys and menus. */
async function grantsOf(tx: Tx, t: RbacTables, roleIds: number[]): Promise<Grant> {
  const [menus, perms] = await Promise.all([readLinks(tx, t.roleMenus, roleIds), readLinks(tx, t.rolePermissions, roleIds)])
  return { keys: await permissionKeys(tx, t, [...perms.values()].flat()), menuIds: [...menus.values()].flat() }
}

/** 403 unless the actor holds everything the roles (those within `scope`) grant: nobody renames, strips or deletes a
 *  role more powerful than themselves. */
export async function requireRolesHeld(
  app: Infra, req: FastifyRequest, tx: Tx, t: RbacTables, roleIds: number[], scope: object = {},
): Promise<void> {
  if (req.actor!.all) return
  const roles = await model(tx, t.roles).findMany({ where: { id: { in: roleIds }, ...scope }, select: { id: true } })
  await requireHeld(app, req, await grantsOf(tx, t, roles.map((r) => r.id)))
}

/** 403 unless the actor holds everything the accounts' (those within `scope`) roles grant: nobody edits, resets the
 *  password of or deletes an account more powerful than themselves. */
export async function requireAccountsHeld(
  app: Infra, req: FastifyRequest, tx: Tx, t: RbacTables, accountIds: number[], scope: object = {},
): Promise<void> {
  if (req.actor!.all) return
  const accounts = await model(tx, t.accounts).findMany({ where: { id: { in: accountIds }, ...scope }, select: { id: true } })
  const roles = await readLinks(tx, t.accountRoles, accounts.map((a) => a.id))
  await requireHeld(app, req, await grantsOf(tx, t, [...new Set([...roles.values()].flat())]))
}

/** Writes an account's role_id list. `roleScope` limits the roles it may hold (a seller's own roles).
 *  Roles newly given must not grant more than the acting account holds. */
export async function assignRoles(
  app: Infra, req: FastifyRequest, tx: Tx, t: RbacTables, accountId: number, roleIds: number[], roleScope: object = {},
): Promise<void> {
  const roles = await model(tx, t.roles).findMany({ where: { id: { in: roleIds }, ...roleScope }, select: { id: true } })
  requireKnown(req, 'role_id', roleIds, roles)
  const before = (await readLinks(tx, t.accountRoles, [accountId])).get(accountId)
  const newRoles = added(roleIds, before)
  if (newRoles.length) await requireHeld(app, req, await grantsOf(tx, t, newRoles))
  await writeLinks(tx, t.accountRoles, accountId, roleIds)
}

/** Writes a role's menu_id and permission_id lists (each only when sent). The role as it was and as it will be
 *  must both be within what the editor holds, whatever else the edit changes. */
export async function writeRoleGrants(
  app: Infra, req: FastifyRequest, tx: Tx, t: RbacTables, roleId: number, input: { menu_id?: number[]; permission_id?: number[] },
): Promise<void> {
  const { menu_id: menuIds = [], permission_id: permissionIds = [] } = input
  if (input.menu_id) requireKnown(req, 'menu_id', menuIds, await model(tx, t.menus).findMany({ where: { id: { in: menuIds } }, select: { id: true } }))
  if (input.permission_id) {
    requireKnown(req, 'permission_id', permissionIds, await model(tx, t.permissions).findMany({ where: { id: { in: permissionIds } }, select: { id: true } }))
  }
  const before = await grantsOf(tx, t, [roleId])
  await requireHeld(app, req, { keys: [...before.keys, ...(await permissionKeys(tx, t, permissionIds))], menuIds: [...before.menuIds, ...menuIds] })
  if (input.menu_id) await writeLinks(tx, t.roleMenus, roleId, menuIds)
  if (input.permission_id) await writeLinks(tx, t.rolePermissions, roleId, permissionIds)
}
