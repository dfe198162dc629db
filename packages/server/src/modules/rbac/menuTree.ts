// The back-office menu trees: which menus an actor's roles grant, what load_menu shows an actor (and the first page
// of it, auth/info's defaultUrl), and the dictionaries of the role editor.
import type { DictOption } from '@qshop/shared'
import type { Infra } from '../../core/infra.ts'
import type { Actor } from '../../core/context.ts'

export type MenuArea = 'admin' | 'seller'
type MenuRow = { id: number; pid: number; name: string; ename: string; icon: string; view: string; apis: string; is_open: number; is_sort: number }
export type MenuNode = MenuRow & { children: MenuNode[] }

const MENU_SELECT = { id: true, pid: true, name: true, ename: true, icon: true, view: true, apis: true, is_open: true, is_sort: true } as const
const MENU_ORDER = [{ is_sort: 'asc' as const }, { id: 'asc' as const }]

/** Every menu of the area, ordered by is_sort then id. */
export async function menuRows(app: Infra, area: MenuArea): Promise<MenuRow[]> {
  const query = { select: MENU_SELECT, orderBy: MENU_ORDER }
  return area === 'admin' ? app.db.admin_menus.findMany(query) : app.db.user_menus.findMany(query)
}

/** The menus the actor's roles grant: 'all' for super admins and store owners. */
async function allowedMenuIds(app: Infra, actor: Actor): Promise<Set<number> | 'all'> {
  if (actor.area === 'user') return new Set()
  if (actor.all) return 'all'
  const rows =
    actor.area === 'admin'
      ? await app.db.$queryRaw<{ menu_id: number }[]>`SELECT DISTINCT tm.menu_id FROM admin_to_menus tm
          JOIN admin_to_roles tr ON tr.role_id = tm.role_id WHERE tr.admin_id = ${actor.id}`
      : await app.db.$queryRaw<{ menu_id: number }[]>`SELECT DISTINCT tm.menu_id FROM user_to_menus tm
          JOIN user_to_roles tr ON tr.role_id = tm.role_id WHERE tr.user_id = ${actor.id}`
  return new Set(rows.map((r) => Number(r.menu_id)))
}

/** Rows as a tree from the roots (pid 0); rows whose parent is missing are unreachable and left out. */
export function buildTree(rows: MenuRow[]): MenuNode[] {
  const byParent = new Map<number, MenuRow[]>()
  for (const r of rows) byParent.set(r.pid, [...(byParent.get(r.pid) ?? []), r])
  const seen = new Set<number>()
  const level = (pid: number): MenuNode[] =>
    (byParent.get(pid) ?? [])
      .filter((r) => !seen.has(r.id) && seen.add(r.id))
      .map((r) => ({ ...r, children: level(r.id) }))
  return level(0)
}

/** The menus granted to the actor plus the ancestors needed to reach them ('all' for super admins and owners). */
export async function reachableMenuIds(app: Infra, actor: Actor, rows?: MenuRow[]): Promise<Set<number> | 'all'> {
  const allowed = await allowedMenuIds(app, actor)
  if (allowed === 'all') return 'all'
  const parentOf = new Map((rows ?? (await menuRows(app, actor.area as MenuArea))).map((r) => [r.id, r.pid]))
  const out = new Set<number>()
  for (const id of allowed) {
    for (let at: number | undefined = id; at && parentOf.has(at) && !out.has(at); at = parentOf.get(at)) out.add(at)
  }
  return out
}

/** load_menu: the tree the actor may open. */
export async function actorMenuTree(app: Infra, actor: Actor): Promise<MenuNode[]> {
  const rows = await menuRows(app, actor.area as MenuArea)
  const reachable = await reachableMenuIds(app, actor, rows)
  return buildTree(reachable === 'all' ? rows : rows.filter((r) => reachable.has(r.id)))
}

/** The whole tree as cascader options (role editor). */
export function menuOptions(tree: MenuNode[]): DictOption[] {
  return tree.map((n) => ({ label: n.name, value: n.id, ...(n.children.length ? { children: menuOptions(n.children) } : {}) }))
}

/** The first page (depth first, in menu order) of the tree the actor is shown, or '' (auth/info's defaultUrl). */
export async function defaultUrl(app: Infra, actor: Actor): Promise<string> {
  if (actor.area === 'user') return ''
  const first = (nodes: MenuNode[]): string => {
    for (const n of nodes) {
      const found = n.apis || first(n.children)
      if (found) return found
    }
    return ''
  }
  return first(await actorMenuTree(app, actor))
}
