// Menu-driven permissions: load_menu (what the actor may open), load_permission (role editor dictionaries)
// and the account / role / permission / menu resources of both back offices.
import { z } from 'zod'
import type { FastifyInstance } from 'fastify'
import type { DictOption } from '@qshop/shared'
import type { AppModule, ScopePlugin } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { resourceRoutes, type ServerResource } from '../../core/resource.ts'
import { actorMenuTree, buildTree, menuOptions, menuRows, type MenuArea } from './menuTree.ts'
import { adminResources } from './admin.ts'
import { sellerResources } from './seller.ts'

const menuQuery = z.strictObject({ type: z.string().max(32).optional() })
const permissionQuery = z.strictObject({ part: z.enum(['menus', 'permissions', 'keys']).optional() })

type Group = { id: number; name: string; permissions: { id: number; name: string }[] }

async function permissionGroups(app: FastifyInstance, area: MenuArea): Promise<Group[]> {
  const perms = { select: { id: true, name: true }, orderBy: { id: 'asc' as const } }
  if (area === 'admin') {
    const rows = await app.db.admin_permission_groups.findMany({ select: { id: true, name: true, admin_permissions: perms }, orderBy: { id: 'asc' } })
    return rows.map((g) => ({ id: g.id, name: g.name, permissions: g.admin_permissions }))
  }
  const rows = await app.db.user_permission_groups.findMany({ select: { id: true, name: true, user_permissions: perms }, orderBy: { id: 'asc' } })
  return rows.map((g) => ({ id: g.id, name: g.name, permissions: g.user_permissions }))
}

/** Groups → permissions as cascader options; a group's value is `group:<id>` so it never equals a permission id. */
const permissionOptions = (groups: Group[]): DictOption[] =>
  groups.map((g) => ({ label: g.name, value: `group:${g.id}`, children: g.permissions.map((p) => ({ label: p.name, value: p.id })) }))

/** Every permission key the area's routes declare (for the permission editor). */
const permissionKeys = (app: FastifyInstance, area: MenuArea) =>
  [...new Set(app.routeRecords.filter((r) => r.area === area && r.permission && r.permission !== '*').map((r) => r.permission!))].sort()

function rbacScope(area: MenuArea, resources: (app: FastifyInstance) => ServerResource[]): ScopePlugin {
  return async (app) => {
    app.get('/load_menu', { schema: { querystring: menuQuery }, config: { permission: '*' } }, async (req) =>
      ok(req, await actorMenuTree(app, req.actor!)),
    )
    app.get('/load_permission', { schema: { querystring: permissionQuery }, config: { permission: `${area}.roles.index` } }, async (req) => {
      const part = req.query.part
      const menus = part === undefined || part === 'menus' ? menuOptions(buildTree(await menuRows(app, area))) : []
      const permissions = part === undefined || part === 'permissions' ? permissionOptions(await permissionGroups(app, area)) : []
      if (part === 'menus') return ok(req, menus)
      if (part === 'permissions') return ok(req, permissions)
      if (part === 'keys') return ok(req, permissionKeys(app, area))
      return ok(req, { menus, permissions, keys: permissionKeys(app, area) })
    })
    for (const res of resources(app as unknown as FastifyInstance)) await app.register(resourceRoutes(res))
  }
}

const rbac: AppModule = {
  name: 'rbac',
  admin: rbacScope('admin', adminResources),
  seller: rbacScope('seller', sellerResources),
}
export default rbac
