// Join rows behind the virtual id lists of the RBAC resources (an admin's role_id, a role's menu_id...),
// and the rule that nobody grants more than they hold.
import type { FastifyRequest } from 'fastify'
import type { Infra } from '../../core/infra.ts'
import type { Db } from '../../core/db/index.ts'
import type { Tx } from '../../core/resource.ts'
import { forbidden, invalid } from '../../core/errors.ts'
import { reachableMenuIds } from './menuTree.ts'

type LinkRow = Record<string, number>
type LinkDelegate = {
  findMany(args: object): Promise<LinkRow[]>
  deleteMany(args: object): Promise<unknown>
  createMany(args: object): Promise<unknown>
}

/** A join table: `owner` column → `target` column (admin_to_roles: admin_id → role_id). */
export type Link = { table: string; owner: string; target: string }

const joinTable = (db: Db | Tx, table: string) => (db as unknown as Record<string, LinkDelegate>)[table]

/** Target ids per owner id, ascending. */
export async function readLinks(db: Db | Tx, link: Link, ownerIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(ownerIds.map((id) => [id, []]))
  if (!ownerIds.length) return out
  const rows = await joinTable(db, link.table).findMany({
    where: { [link.owner]: { in: ownerIds } },
    select: { [link.owner]: true, [link.target]: true },
    orderBy: { [link.target]: 'asc' },
  })
  for (const r of rows) out.get(r[link.owner])!.push(r[link.target])
  return out
}

/** Replaces the owner's targets with `ids`. */
export async function writeLinks(tx: Tx, link: Link, ownerId: number, ids: number[]): Promise<void> {
  const table = joinTable(tx, link.table)
  await table.deleteMany({ where: { [link.owner]: ownerId } })
  if (ids.length) await table.createMany({ data: [...new Set(ids)].map((id) => ({ [link.owner]: ownerId, [link.target]: id })) })
}

/** Adds the virtual list `field` (targets of `link`) to answered rows. */
export function presentLinks(db: Db, ...fields: [field: string, link: Link][]) {
  return async <R extends { id: number }>(_req: FastifyRequest, rows: R[]): Promise<R[]> => {
    const ids = rows.map((r) => r.id)
    const maps = await Promise.all(fields.map(([, link]) => readLinks(db, link, ids)))
    return rows.map((r) => Object.assign({ ...r }, ...fields.map(([field], i) => ({ [field]: maps[i].get(r.id) ?? [] }))))
  }
}

/** 400 naming `field` unless every id is among `found`. */
export function requireKnown(req: FastifyRequest, field: string, ids: number[], found: { id: number }[]): void {
  const known = new Set(found.map((r) => r.id))
  if (ids.some((id) => !known.has(id))) throw invalid({ [field]: req.t('valid.enum') })
}

/** What roles hand out: permission keys and menus. */
export type Grant = { keys: string[]; menuIds: number[] }

/** The permission keys and menus a grant would hand out (or a role or account being changed holds) must all be held
 *  by the acting account (super admins and store owners hold everything): otherwise an admin allowed to edit roles
 *  could give himself any permission, or one allowed to edit accounts could take over a stronger one. */
export async function requireHeld(app: Infra, req: FastifyRequest, grant: Grant): Promise<void> {
  const actor = req.actor!
  if (actor.all) return
  if (grant.keys.some((k) => !actor.permissions.has(k))) throw forbidden()
  if (!grant.menuIds.length) return
  const menus = await reachableMenuIds(app, actor)
  if (menus !== 'all' && grant.menuIds.some((id) => !menus.has(id))) throw forbidden()
}
