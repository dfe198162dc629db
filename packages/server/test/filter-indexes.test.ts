// Every list filter and sort a served resource declares can be answered from an index of the migrated database.
// The resource engine (src/core/resource.ts) turns a list request into
//   SELECT ... WHERE <store/scope columns> AND <filters> ORDER BY <sort>, id DESC LIMIT n OFFSET k
//   SELECT COUNT(*) WHERE <same>
// on every page, so a declared filter without an index is a full scan of the table (twice) once it holds
// 10^5-10^6 rows. The resources are collected where the engine gets them: every ServerResource a module hands to
// resourceRoutes() while the real app is built (app.servedResources), so a resource added later is checked without
// editing this file.
import mysql from 'mysql2/promise'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FilterOp } from '@qshop/shared'
import type { ServerResource } from '../src/core/resource.ts'
import { createTestApp } from './helpers.ts'

/** Operators a B-tree index can answer. `like` is not one of them: the engine always makes it a contains-match
 *  (`{ contains }` → LIKE '%x%', see filterWhere in core/resource.ts and whereSql in core/listSql.ts), which no
 *  index can seek, so a like-only filter needs no index. */
const INDEXABLE: readonly FilterOp[] = ['eq', 'in', 'gt', 'gte', 'lt', 'lte', 'between']

// Cardinality exemption: NONE. A two- or three-valued flag (status, is_send, goods_verify, sex...) is
// deliberately held to the same rule as any other filter, because of how these lists are used and answered:
// - back-office filters look for the rare value (disabled users, failed SMS, unsent notices, goods and stores
//   waiting for review); on a skewed flag the index turns a full scan into a short range;
// - the engine counts every filtered list: without an index COUNT(*) reads the whole table on every page, with
//   one it reads only the matching index entries (index only);
// - the default order is `id DESC`, and an InnoDB secondary index on (flag) is ordered (flag, id), so the page
//   is an ordered range read with no filesort, whatever the flag's selectivity.
// The price is one narrow B-tree (a TINYINT plus the primary key) per flag, which is small for 10^6 rows.

/** The table column(s) every list of the resource is restricted to by equality, whatever the request says: the
 *  seller's store column and the plain-value conditions of its fixed scope (seller sub-accounts and roles: the
 *  owner's belong_id). An index that starts with one of them and continues with the filtered column serves. */
function scopeColumns(res: ServerResource): string[] {
  const actor = { id: 1, belong_id: 0, storeId: 1, area: res.decl.area }
  const fixed = Object.entries(res.scope?.({ actor } as unknown as FastifyRequest) ?? {})
    .filter(([, v]) => v === null || typeof v !== 'object')
    .map(([k]) => k)
  return [...(res.storeColumn ? [res.storeColumn] : []), ...fixed]
}

type Need = { column: string; why: string; after: string[] }

/** What a list of the resource can ask the database for, with the columns allowed in front of each. */
function needsOf(res: ServerResource): Need[] {
  const scope = scopeColumns(res)
  // An unfiltered tree list is always one level: `pid = ?` precedes its order.
  const orderAfter = res.decl.tree ? [...scope, 'pid'] : scope
  const needs: Need[] = []
  for (const [name, f] of Object.entries(res.decl.fields)) {
    if (f.virtual) continue
    const ops = (f.filter ?? []).filter((op) => INDEXABLE.includes(op))
    if (ops.length) needs.push({ column: name, why: `filter ${ops.join(',')}`, after: scope })
    if (f.sortable) needs.push({ column: name, why: 'sortable', after: orderAfter })
  }
  // The default order (decl.sort, else -id; id is the primary key).
  const sort = (res.decl.sort ?? '-id').replace(/^-/, '')
  needs.push({ column: sort, why: 'default sort', after: orderAfter })
  // Tree navigation (isChildren / the roots): `pid = ?`.
  if (res.decl.tree) needs.push({ column: 'pid', why: 'tree level', after: scope })
  return needs
}

type Index = { name: string; columns: string[] }

let app: FastifyInstance
const indexes = new Map<string, Index[]>()

beforeAll(async () => {
  app = await createTestApp()
  const conn = await mysql.createConnection({ uri: app.config.DATABASE_URL })
  try {
    const [rows] = (await conn.query(
      `SELECT TABLE_NAME t, INDEX_NAME n, COLUMN_NAME c FROM information_schema.STATISTICS
        WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
    )) as unknown as [{ t: string; n: string; c: string }[]]
    for (const r of rows) {
      const list = indexes.get(r.t) ?? []
      if (!indexes.has(r.t)) indexes.set(r.t, list)
      let ix = list.find((i) => i.name === r.n)
      if (!ix) list.push((ix = { name: r.n, columns: [] }))
      ix.columns.push(r.c)
    }
  } finally {
    await conn.end()
  }
})
afterAll(async () => app?.close())

/** An index of `table` that seeks `column`: it starts with the column, or with one of `after` and then the column. */
function seeking(table: string, column: string, after: string[]): Index | undefined {
  return (indexes.get(table) ?? []).find((ix) => ix.columns[0] === column || (after.includes(ix.columns[0]) && ix.columns[1] === column))
}

const listed = () => app.servedResources.filter((r) => (r.decl.actions ?? ['index']).includes('index'))

describe('list filters and sorts have indexes', () => {
  test('the served resources were collected from the app', () => {
    const routes = new Set(app.routeRecords.filter((r) => r.method === 'GET').map((r) => r.url))
    expect(listed().length).toBeGreaterThan(20)
    for (const r of listed()) expect(routes, `${r.decl.area} ${r.decl.name}`).toContain(`/api/${r.decl.area === 'admin' ? 'Admin' : 'Seller'}/${r.decl.name}`)
    for (const r of listed()) expect(indexes.has(r.model), `table ${r.model}`).toBe(true)
  })

  test('every indexable filter, sortable field and default order of every list is served by an index', () => {
    const missing: string[] = []
    for (const res of listed())
      for (const need of needsOf(res))
        if (!seeking(res.model, need.column, need.after))
          missing.push(`${res.decl.area}/${res.decl.name}: ${res.model}.${need.column} (${need.why}${need.after.length ? `; may follow ${need.after.join(' or ')}` : ''})`)
    expect([...new Set(missing)]).toEqual([])
  })
})
