// Menus, permissions (one per back-office route key, grouped by resource) and the demo roles, per area.
import type { FastifyInstance } from 'fastify'
import { ADMIN_MENUS, ROLE_PAGES, SELLER_MENUS, type MenuSeed } from './menus.ts'
import { syncTree } from './tree.ts'
import { insertRows } from './insert.ts'
import type { Tally } from './tally.ts'

export type RbacArea = 'admin' | 'seller'

const ACTION_NAMES: Record<string, string> = {
  index: '列表', show: '查看', store: '新增', update: '编辑', destroy: '删除', import: '导入', export: '导出',
  status: '状态', verify: '审核', reply: '回复', ship: '发货', handle: '处理', send: '发送', refund: '退款', close: '关闭', pay: '支付分析',
  sales: '销量分析', stores: '店铺分析', users: '会员分析', cancel: '取消', money: '资金调整',
}

/** Resources whose display name no menu gives. */
const RESOURCE_NAMES: Record<string, string> = {
  configs: '系统配置', uploads: '文件上传', load_menu: '菜单加载', load_permission: '权限加载', store_classes: '经营类目',
  goods_specs: '商品规格', goods_skus: '商品SKU', file_space_dirs: '图片空间目录', order_settlement_handle: '手动结算', order_pays: '支付记录',
}

type PermRow = { id: number; pid: number; name: string; apis: string; content: string }
type GroupRow = { id: number; name: string; content: string }

/** The parts of the Prisma delegates used here; admin_* and user_* tables have the same columns. */
type Tables = {
  groups: {
    findMany(args: { select: { id: true; name: true; content: true } }): Promise<GroupRow[]>
    update(args: { where: { id: number }; data: { name: string } }): Promise<unknown>
    deleteMany(args: { where: { id: { in: number[] } } }): Promise<{ count: number }>
  }
  permissions: {
    findMany(args: { select: { id: true; pid: true; name: true; apis: true; content: true } }): Promise<PermRow[]>
    update(args: { where: { id: number }; data: { pid: number; name: string; content: string } }): Promise<unknown>
    deleteMany(args: { where: { id: { in: number[] } } }): Promise<{ count: number }>
  }
  roleMenus: { findMany(args: { where: { role_id: number }; select: { menu_id: true } }): Promise<{ menu_id: number }[]> }
  rolePermissions: { findMany(args: { where: { role_id: number }; select: { permission_id: true } }): Promise<{ permission_id: number }[]> }
  roles: {
    findFirst(args: { where: { belong_id: number; name: string }; select: { id: true } }): Promise<{ id: number } | null>
    create(args: { data: { belong_id: number; name: string; content: string }; select: { id: true } }): Promise<{ id: number }>
  }
}

const TABLE_NAMES = {
  admin: { menus: 'admin_menus', groups: 'admin_permission_groups', permissions: 'admin_permissions', roles: 'admin_roles', roleMenus: 'admin_to_menus', rolePermissions: 'admin_to_permissions' },
  seller: { menus: 'user_menus', groups: 'user_permission_groups', permissions: 'user_permissions', roles: 'user_roles', roleMenus: 'user_to_menus', rolePermissions: 'user_to_permissions' },
} as const

function tables(app: FastifyInstance, area: RbacArea): Tables {
  const db = app.db as unknown as Record<string, unknown>
  const names = TABLE_NAMES[area]
  return { groups: db[names.groups], permissions: db[names.permissions], roles: db[names.roles], roleMenus: db[names.roleMenus], rolePermissions: db[names.rolePermissions] } as Tables
}

export const MENUS: Record<RbacArea, MenuSeed[]> = { admin: ADMIN_MENUS, seller: SELLER_MENUS }

/** Natural key of a menu: its route path, or for a group the path of names from the top. */
export const menuKey = (node: { name: string; apis?: unknown }, parentKey: string) => (node.apis as string) || `${parentKey}/${node.name}`

/** admin.goods_brands.index → goods_brands / index (actions may contain dots). */
export function splitPermission(key: string): { resource: string; action: string } {
  const [, resource = key, ...action] = key.split('.')
  return { resource, action: action.join('.') }
}

/** The permission keys the running app's back-office routes declare (default deny: every route has one). */
export function routePermissionKeys(app: FastifyInstance, area: RbacArea): string[] {
  return [...permissionRoutes(app, area).keys()].sort()
}

/** Permission key → the routes ("GET /api/Admin/roles") it guards. */
function permissionRoutes(app: FastifyInstance, area: RbacArea): Map<string, string[]> {
  const routes = new Map<string, string[]>()
  for (const r of app.routeRecords) {
    if (r.area !== area || !r.permission || r.permission === '*') continue
    routes.set(r.permission, [...(routes.get(r.permission) ?? []), `${r.method} ${r.url}`])
  }
  return routes
}

export type AreaRbac = { area: RbacArea; menuIds: Map<string, number>; permissionIds: Map<string, number> }

export async function seedMenusAndPermissions(app: FastifyInstance, area: RbacArea, tally: Tally): Promise<AreaRbac> {
  const t = tables(app, area)
  const [menus, permissionIds] = await Promise.all([
    syncTree(app, TABLE_NAMES[area].menus, MENUS[area], { fields: ['ename', 'icon', 'apis', 'view', 'is_open'], identity: menuKey, overwrite: true }),
    syncPermissions(app, t, area, tally),
  ])
  tally.add(TABLE_NAMES[area].menus, menus.created + menus.updated)
  return { area, menuIds: menus.ids, permissionIds }
}

function resourceNames(area: RbacArea): Map<string, string> {
  const prefix = area === 'admin' ? '/Admin/' : '/Seller/'
  const names = new Map(Object.entries(RESOURCE_NAMES))
  const walk = (nodes: MenuSeed[]) => {
    for (const n of nodes) {
      if (n.apis.startsWith(prefix) && !n.apis.slice(prefix.length).includes('/')) names.set(n.apis.slice(prefix.length), n.name)
      if (n.children) walk(n.children)
    }
  }
  walk(MENUS[area])
  return names
}

/**
 * One permission per route key, in a group per resource (group.content = the resource, its natural key).
 * Permissions whose route no longer exists are deleted with their role links (foreign keys cascade): a role
 * cannot usefully hold a key no route checks. Groups emptied by that are deleted too.
 */
async function syncPermissions(app: FastifyInstance, t: Tables, area: RbacArea, tally: Tally): Promise<Map<string, number>> {
  const names = TABLE_NAMES[area]
  const routes = permissionRoutes(app, area)
  const keys = [...routes.keys()].sort()
  const display = resourceNames(area)
  const resources = [...new Set(keys.map((k) => splitPermission(k).resource))]
  const groupName = (resource: string) => display.get(resource) ?? resource

  let groups = await t.groups.findMany({ select: { id: true, name: true, content: true } })
  const groupOf = () => new Map(groups.map((g) => [g.content, g]))
  let byResource = groupOf()
  const newGroups = resources.filter((r) => !byResource.has(r)).map((r) => ({ name: groupName(r), content: r }))
  if (newGroups.length) {
    tally.add(names.groups, await insertRows(app, names.groups, newGroups))
    groups = await t.groups.findMany({ select: { id: true, name: true, content: true } })
    byResource = groupOf()
  }
  const renamed = resources.map((r) => byResource.get(r)!).filter((g) => g.name !== groupName(g.content))
  await Promise.all(renamed.map((g) => t.groups.update({ where: { id: g.id }, data: { name: groupName(g.content) } })))
  tally.add(names.groups, renamed.length)

  const want = (key: string) => {
    const { resource, action } = splitPermission(key)
    const name = `${groupName(resource)} ${ACTION_NAMES[action] ?? action}`
    return { pid: byResource.get(resource)!.id, name, apis: key, content: routes.get(key)!.join(', ').slice(0, 255) }
  }
  const select = { id: true, pid: true, name: true, apis: true, content: true } as const
  let perms = await t.permissions.findMany({ select })
  const existing = new Map(perms.map((p) => [p.apis, p]))
  const creates = keys.filter((k) => !existing.has(k)).map(want)
  const changed = keys.filter((k) => existing.has(k)).map((k) => ({ row: existing.get(k)!, want: want(k) }))
    .filter(({ row, want }) => row.pid !== want.pid || row.name !== want.name || row.content !== want.content)
  const keySet = new Set(keys)
  const stale = perms.filter((p) => !keySet.has(p.apis))
  tally.add(names.permissions, await insertRows(app, names.permissions, creates))
  await Promise.all(changed.map(({ row, want }) => t.permissions.update({ where: { id: row.id }, data: { pid: want.pid, name: want.name, content: want.content } })))
  tally.add(names.permissions, changed.length)
  if (stale.length) {
    tally.add(names.permissions, (await t.permissions.deleteMany({ where: { id: { in: stale.map((p) => p.id) } } })).count)
    const used = new Set(keys.map((k) => want(k).pid))
    const emptied = groups.filter((g) => stale.some((p) => p.pid === g.id) && !used.has(g.id))
    if (emptied.length) tally.add(names.groups, (await t.groups.deleteMany({ where: { id: { in: emptied.map((g) => g.id) } } })).count)
  }
  if (creates.length || stale.length) perms = await t.permissions.findMany({ select })
  return new Map(perms.map((p) => [p.apis, p.id]))
}

/** Menu keys of the role's pages with their groups above and sub-pages below. */
function roleMenuKeys(area: RbacArea, pages: readonly string[]): string[] {
  const out = new Set<string>()
  const wanted = new Set(pages)
  const walk = (nodes: MenuSeed[], parentKey: string, ancestors: string[], inside: boolean) => {
    for (const n of nodes) {
      const key = menuKey(n, parentKey)
      const hit = inside || wanted.has(n.apis)
      if (hit) [...ancestors, key].forEach((k) => out.add(k))
      if (n.children) walk(n.children, key, [...ancestors, key], hit)
    }
  }
  walk(MENUS[area], '', [], false)
  return [...out]
}

/**
 * The demo role of the area (admin 运营, seller 客服 of the store owner `belongId`) with its menus and the
 * permissions of those pages' resources. Missing links are added; links an operator added are kept.
 */
export async function seedRole(app: FastifyInstance, rbac: AreaRbac, belongId: number, tally: Tally): Promise<number> {
  const t = tables(app, rbac.area)
  const names = TABLE_NAMES[rbac.area]
  const { name, content, pages } = ROLE_PAGES[rbac.area]
  const found = await t.roles.findFirst({ where: { belong_id: belongId, name }, select: { id: true } })
  const roleId = found?.id ?? (await t.roles.create({ data: { belong_id: belongId, name, content }, select: { id: true } })).id
  if (!found) tally.add(names.roles, 1)
  const [haveMenus, havePerms] = found
    ? await Promise.all([
        t.roleMenus.findMany({ where: { role_id: roleId }, select: { menu_id: true } }).then((rows) => new Set(rows.map((r) => r.menu_id))),
        t.rolePermissions.findMany({ where: { role_id: roleId }, select: { permission_id: true } }).then((rows) => new Set(rows.map((r) => r.permission_id))),
      ])
    : [new Set<number>(), new Set<number>()]
  const resources = new Set(pages.map((p) => p.split('/')[2]))
  const menuLinks = roleMenuKeys(rbac.area, pages).map((k) => rbac.menuIds.get(k)!).filter((id) => !haveMenus.has(id))
    .map((menu_id) => ({ role_id: roleId, menu_id }))
  const permLinks = [...rbac.permissionIds].filter(([key, id]) => resources.has(splitPermission(key).resource) && !havePerms.has(id))
    .map(([, permission_id]) => ({ role_id: roleId, permission_id }))
  const [menus, perms] = await Promise.all([insertRows(app, names.roleMenus, menuLinks), insertRows(app, names.rolePermissions, permLinks)])
  tally.add(names.roleMenus, menus)
  tally.add(names.rolePermissions, perms)
  return roleId
}
