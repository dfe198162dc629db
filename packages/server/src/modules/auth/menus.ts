// Which back-office menus an actor's roles grant (the rbac module builds load_menu and defaultUrl from it).
import type { Infra } from '../../core/infra.ts'
import type { Actor } from '../../core/context.ts'

/** 'all' for super admins and store owners; otherwise the menus of the actor's roles. */
export async function allowedMenuIds(app: Infra, actor: Actor): Promise<Set<number> | 'all'> {
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
