// Idempotent sync of a seeded tree (menus, categories) into an id/pid table: one level at a time, a bulk insert
// of the missing rows per level, then one re-read to learn their ids. Rows are matched by a natural key, never by id.
import type { FastifyInstance } from 'fastify'
import { insertRows } from './insert.ts'

export type TreeSeed = { name: string; children?: TreeSeed[] }

type Row = { id: number; pid: number; name: string } & Record<string, unknown>

/** The tables holding a tree (same id, pid, name, is_sort columns). */
export type TreeTableName = 'admin_menus' | 'user_menus' | 'goods_classes'

/** The part of their Prisma delegates the sync uses. */
type TreeDelegate = {
  findMany(args: { select: Record<string, true>; orderBy: { id: 'asc' } }): Promise<Row[]>
  update(args: { where: { id: number }; data: Record<string, unknown> }): Promise<unknown>
}

export type TreeOptions<T extends TreeSeed> = {
  /** seeded columns besides pid, name and is_sort */
  fields: readonly (keyof T & string)[]
  /** natural key of a node (or an existing row) under the parent with key `parentKey` ('' at the top) */
  identity: (node: Record<string, unknown> & { name: string }, parentKey: string) => string
  /** true: seeded columns of existing rows are reset to the seed (code-owned trees); false: existing rows are left alone */
  overwrite: boolean
}

type Flat = { key: string; parentKey: string; depth: number; data: Record<string, unknown> }

function flatten<T extends TreeSeed>(seeds: T[], opts: TreeOptions<T>, parentKey = '', depth = 0, out: Flat[] = []): Flat[] {
  seeds.forEach((node, index) => {
    const data: Record<string, unknown> = { name: node.name, is_sort: index + 1 }
    for (const f of opts.fields) data[f] = node[f]
    const key = opts.identity(data as Record<string, unknown> & { name: string }, parentKey)
    out.push({ key, parentKey, depth, data })
    if (node.children?.length) flatten(node.children as T[], opts, key, depth + 1, out)
  })
  return out
}

/** Existing rows by natural key (the oldest row wins when two share a key). */
function keyRows(rows: Row[], identity: TreeOptions<TreeSeed>['identity']): Map<string, Row> {
  const byId = new Map(rows.map((r) => [r.id, r]))
  const keys = new Map<number, string>()
  const keyOf = (row: Row, seen: Set<number>): string => {
    const known = keys.get(row.id)
    if (known !== undefined) return known
    seen.add(row.id)
    const parent = byId.get(row.pid)
    const parentKey = parent && !seen.has(parent.id) ? keyOf(parent, seen) : ''
    const key = identity(row, parentKey)
    keys.set(row.id, key)
    return key
  }
  const out = new Map<string, Row>()
  for (const row of rows) {
    const key = keyOf(row, new Set())
    if (!out.has(key)) out.set(key, row)
  }
  return out
}

export type TreeResult = { ids: Map<string, number>; created: number; updated: number }

/** Inserts the missing nodes (and, with `overwrite`, resets changed ones). Rows not in the seed are kept. */
export async function syncTree<T extends TreeSeed>(app: FastifyInstance, tableName: TreeTableName, seeds: T[], opts: TreeOptions<T>): Promise<TreeResult> {
  const table = app.db[tableName] as unknown as TreeDelegate
  const select: Record<string, true> = { id: true, pid: true, name: true, is_sort: true }
  for (const f of opts.fields) select[f] = true
  const load = async () => keyRows(await table.findMany({ select, orderBy: { id: 'asc' } }), opts.identity)

  const flat = flatten(seeds, opts)
  const maxDepth = Math.max(-1, ...flat.map((n) => n.depth))
  let existing = await load()
  let created = 0
  let updated = 0
  for (let depth = 0; depth <= maxDepth; depth++) {
    const creates: Record<string, unknown>[] = []
    const updates: Promise<unknown>[] = []
    for (const node of flat.filter((n) => n.depth === depth)) {
      const pid = depth === 0 ? 0 : existing.get(node.parentKey)?.id
      if (pid === undefined) throw new Error(`seed: parent ${node.parentKey} of ${node.key} is missing`)
      const want = { ...node.data, pid }
      const row = existing.get(node.key)
      if (!row) creates.push(want)
      else if (opts.overwrite) {
        const changed = Object.fromEntries(Object.entries(want).filter(([k, v]) => row[k] !== v))
        if (Object.keys(changed).length) updates.push(table.update({ where: { id: row.id }, data: changed }))
      }
    }
    created += await insertRows(app, tableName, creates)
    updated += (await Promise.all(updates)).length
    if (creates.length) existing = await load()
  }
  const ids = new Map(flat.map((n) => [n.key, existing.get(n.key)!.id]))
  return { ids, created, updated }
}
