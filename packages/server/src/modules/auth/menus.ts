// Which back-office menus an actor may open (auth/info's defaultUrl; the rbac module's load_menu reuses it).
import type { FastifyInstance } from 'fastify'
import type { Actor } from '../../core/context.ts'

/** 'all' for super admins and store owners; otherwise the menus of the actor's roles. */
export async function allowedMenuIds(app: FastifyInstance, actor: Actor): Promise<Set<number> | 'all'> {
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

type MenuNode = { id: number; pid: number; apis: string }

/** The first page of the menu tree (ordered by is_sort, id; depth first) the actor may open, or ''. */
export async function defaultUrl(app: FastifyInstance, actor: Actor): Promise<string> {
  if (actor.area === 'user') return ''
  const allowed = await allowedMenuIds(app, actor)
  const query = { select: { id: true, pid: true, apis: true }, orderBy: [{ is_sort: 'asc' as const }, { id: 'asc' as const }] }
  const menus: MenuNode[] = actor.area === 'admin' ? await app.db.admin_menus.findMany(query) : await app.db.user_menus.findMany(query)
  const children = new Map<number, MenuNode[]>()
  for (const m of menus) {
    const siblings = children.get(m.pid)
    if (siblings) siblings.push(m)
    else children.set(m.pid, [m])
  }
  const seen = new Set<number>()
  const may = (m: MenuNode) => allowed === 'all' || allowed.has(m.id)
  // Only through menus the actor holds, like the menu tree it is shown.
  const visit = (pid: number): string => {
    for (const m of children.get(pid) ?? []) {
      if (!may(m) || seen.has(m.id)) continue
      seen.add(m.id)
      if (m.apis) return m.apis
      const found = visit(m.id)
      if (found) return found
    }
    return ''
  }
  return visit(0)
}
