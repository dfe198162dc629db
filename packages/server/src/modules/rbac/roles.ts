// Roles and role assignment, the same for both back offices (admin_* and user_* tables).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Tx } from '../../core/resource.ts'
import { readLinks, requireHeld, requireKnown, writeLinks, type Link } from './links.ts'

export type RbacTables = {
  roles: 'admin_roles' | 'user_roles'
  menus: 'admin_menus' | 'user_menus'
  permissions: 'admin_permissions' | 'user_permissions'
  accountRoles: Link
  roleMenus: Link
  rolePermissions: Link
}

export const ADMIN_TABLES: RbacTables = {
  roles: 'admin_roles',
  menus: 'admin_menus',
  permissions: 'admin_permissions',
  accountRoles: { table: 'admin_to_roles', owner: 'admin_id', target: 'role_id' },
  roleMenus: { table: 'admin_to_menus', owner: 'role_id', target: 'menu_id' },
  rolePermissions: { table: 'admin_to_permissions', owner: 'role_id', target: 'permission_id' },
}

export const SELLER_TABLES: RbacTables = {
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

/** Writes an account's role_id list. `roleScope` limits the roles it may hold (a seller's own roles).
 *  Roles newly given must not grant more than the acting account holds. */
export async function assignRoles(
  app: FastifyInstance, req: FastifyRequest, tx: Tx, t: RbacTables, accountId: number, roleIds: number[], roleScope: object = {},
): Promise<void> {
  const roles = await model(tx, t.roles).findMany({ where: { id: { in: roleIds }, ...roleScope }, select: { id: true } })
  requireKnown(req, 'role_id', roleIds, roles)
  const before = (await readLinks(tx, t.accountRoles, [accountId])).get(accountId)
  const newRoles = added(roleIds, before)
  if (newRoles.length) {
    const [menus, perms] = await Promise.all([readLinks(tx, t.roleMenus, newRoles), readLinks(tx, t.rolePermissions, newRoles)])
    await requireHeld(app, req, {
      keys: await permissionKeys(tx, t, [...perms.values()].flat()),
      menuIds: [...menus.values()].flat(),
    })
  }
  await writeLinks(tx, t.accountRoles, accountId, roleIds)
}

/** Writes a role's menu_id and permission_id lists (each only when sent). */
export async function writeRoleGrants(
  app: FastifyInstance, req: FastifyRequest, tx: Tx, t: RbacTables, roleId: number, input: { menu_id?: number[]; permission_id?: number[] },
): Promise<void> {
  const { menu_id: menuIds, permission_id: permissionIds } = input
  const [menus, perms] = await Promise.all([readLinks(tx, t.roleMenus, [roleId]), readLinks(tx, t.rolePermissions, [roleId])])
  const grant = { keys: [] as string[], menuIds: [] as number[] }
  if (menuIds) {
    requireKnown(req, 'menu_id', menuIds, await model(tx, t.menus).findMany({ where: { id: { in: menuIds } }, select: { id: true } }))
    grant.menuIds = added(menuIds, menus.get(roleId))
  }
  if (permissionIds) {
    requireKnown(req, 'permission_id', permissionIds, await model(tx, t.permissions).findMany({ where: { id: { in: permissionIds } }, select: { id: true } }))
    grant.keys = await permissionKeys(tx, t, added(permissionIds, perms.get(roleId)))
  }
  await requireHeld(app, req, grant)
  if (menuIds) await writeLinks(tx, t.roleMenus, roleId, menuIds)
  if (permissionIds) await writeLinks(tx, t.rolePermissions, roleId, permissionIds)
}
