// The resource engine (docs/architecture.md): a shared declaration plus a small server part become
// list / show / create / update / batch-delete / import routes with the list contract of §3.
import { z } from 'zod'
import type { FastifyRequest } from 'fastify'
import {
  createSchema, updateSchema, permissionKey, PAGE_SIZES, DEFAULT_PAGE_SIZE, LIST_TOTAL_CAP, zx, type ResourceDecl, type ListAnswer, type Action,
} from '@qshop/shared'
import { idParam, idsParam } from '@qshop/shared/schemas/common'
import { AppError, invalid, notFound } from './errors.ts'
import { ok, fieldErrors } from './envelope.ts'
import type { Db } from './db/index.ts'
import type { ScopePlugin } from './module.ts'
import { mapPrismaError } from './prismaErrors.ts'
import { COUNT_LIMIT, listPageSql, type ListPage } from './listSql.ts'
import { checkFilters, filterWhere } from './listFilters.ts'
import { cleanRichText } from './richText.ts'
import { runUnit, type Tx, type Unit } from './unitOfWork.ts'

type Row = Record<string, unknown> & { id: number }
type Where = Record<string, unknown>
/** The part of a Prisma model delegate the engine uses. */
type Delegate = {
  findMany(args: object): Promise<Row[]>
  findFirst(args: object): Promise<Row | null>
  count(args: object): Promise<number>
  create(args: object): Promise<Row>
  update(args: object): Promise<Row>
  deleteMany(args: object): Promise<{ count: number }>
  groupBy(args: object): Promise<Record<string, unknown>[]>
}
export type { Tx }

export type ServerResource = {
  decl: ResourceDecl
  /** Prisma model (= table) name */
  model: string
  /** Trees whose `pid` column holds another column of the parent than its id (areas: the parent's `code`, roots '0').
   *  The list's `pid` query stays the parent row's id for every tree. */
  treeParent?: { column: string; root: string }
  /** Seller resources: the column that holds the store id (always set from the actor, never from the request). */
  storeColumn?: string
  /** Fixed conditions added to every query (e.g. rows of one kind, or rows of the seller's owner account).
   *  Its plain-value conditions (`{ belong_id: 7 }`) are also written on create, so new rows stay in scope. */
  scope?: (req: FastifyRequest) => Where
  /** Extra columns selected for presenting (not declared as fields). */
  extraSelect?: Record<string, unknown>
  /** Change input before it is written (hash passwords, derive columns). `existing` is set on update. */
  beforeWrite?: (req: FastifyRequest, data: Record<string, unknown>, existing: Row | null, tx: Tx) => Promise<Record<string, unknown>>
  /** Side effects inside the write transaction (join rows, counters); what must follow the commit goes to the unit. */
  afterWrite?: (req: FastifyRequest, row: Row, input: Record<string, unknown>, tx: Tx, unit: Unit) => Promise<void>
  /** Checks before rows are deleted, inside the transaction; what must follow the committed delete (stored files to
   *  remove, caches to drop) goes to the unit (stage, afterCommit). */
  beforeDelete?: (req: FastifyRequest, ids: number[], tx: Tx, unit: Unit) => Promise<void>
  /** Called after any committed write (cache invalidation). */
  afterCommit?: (req: FastifyRequest) => Promise<void>
  /** Adds virtual fields to answered rows. */
  present?: (req: FastifyRequest, rows: Row[]) => Promise<Row[]>
  /** `present` also takes a list's rows as the bare driver reads them (listSql.ts: times and money already in their
   *  wire form), so the list may take that path: for hooks that only add fields looked up by the rows' ids. */
  presentOnWire?: boolean
}

const delegate = (db: Db | Tx, model: string) => (db as unknown as Record<string, Delegate>)[model]

const listQuery = z
  .object({
    page: zx.urlInt(1, 100000).default(1),
    per_page: zx.urlInt(1, 1000).refine((n) => (PAGE_SIZES as readonly number[]).includes(n)).default(DEFAULT_PAGE_SIZE),
    sort: z.string().max(40).optional(),
    isChildren: z.string().optional(),
    pid: z.string().max(40).optional(),
    isAll: z.string().optional(),
  })
  .catchall(z.string().max(500))
export type ListQuery = z.infer<typeof listQuery>

/** `isAll`: every row in one answer (dictionaries), bounded. */
const ALL_ROWS_CAP = 1000

const importRows = z.array(z.record(z.string(), z.unknown())).max(5000)
/** Spreadsheet rows as a JSON array, or `{rows}` (a form posts them as one JSON string). */
const importBody = z.union([importRows, z.strictObject({ rows: zx.json(importRows) })])

function orderBy(res: ServerResource, sort: string | undefined, locale: FastifyRequest['locale']) {
  const spec = sort ?? res.decl.sort ?? '-id'
  const desc = spec.startsWith('-')
  const field = desc ? spec.slice(1) : spec
  if (field !== 'id' && !(Object.hasOwn(res.decl.fields, field) && res.decl.fields[field].sortable)) throw invalid({ sort: fieldErrors(locale, [{ keyword: 'invalid_value', instancePath: '', message: '', params: {} }])._ })
  // Ties are broken by id the same way: an index on the column holds (column, id) in order, so the page is read from
  // it in either direction; a mixed order (created_at ASC, id DESC) sorted the whole table for every ascending page
  // (test/explain-lists.test.ts).
  const dir = desc ? 'desc' : 'asc'
  return [{ [field]: dir }, ...(field === 'id' ? [] : [{ id: dir }])]
}

/** Columns answered: id, declared non-virtual readable fields, timestamps. */
function selectOf(res: ServerResource) {
  const select: Record<string, unknown> = { id: true, created_at: true, ...res.extraSelect }
  for (const [name, f] of Object.entries(res.decl.fields)) if (!f.virtual && !f.writeOnly) select[name] = true
  return select
}

export function resourceWhere(res: ServerResource, req: FastifyRequest): Where {
  const where: Where = { ...res.scope?.(req) }
  if (res.storeColumn) {
    if (!req.actor?.storeId) throw notFound()
    where[res.storeColumn] = req.actor.storeId
  }
  return where
}

async function presentRows(res: ServerResource, req: FastifyRequest, rows: Row[]) {
  return res.present ? res.present(req, rows) : rows
}

/** Split the validated input into table columns and virtual fields (left for the hooks). */
function columnsOf(res: ServerResource, input: Record<string, unknown>) {
  const data: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(input)) {
    const field = res.decl.fields[k]
    if (v === undefined || field?.virtual) continue
    data[k] = field?.form?.type === 'editor' && typeof v === 'string' ? cleanRichText(v) : v
  }
  return data
}

/** The column of a tree row its children's `pid` refers to, and the `pid` of the roots. */
const treeKey = (res: ServerResource) => res.treeParent?.column ?? 'id'
const treeRoot = (res: ServerResource): string | number => res.treeParent?.root ?? 0

/** The `pid` column value of the children of the row with id `raw` (404 when there is no such parent). */
async function childrenPid(db: Db, res: ServerResource, raw: string, locale: FastifyRequest['locale']): Promise<unknown> {
  if (!/^\d{1,10}$/.test(raw)) throw invalid({ pid: fieldErrors(locale, [{ keyword: 'invalid_type', instancePath: '', message: '', params: { input: raw } }])._ })
  const id = Number(raw)
  if (!res.treeParent || id === 0) return id === 0 ? treeRoot(res) : id
  const parent = await delegate(db, res.model).findFirst({ where: { id }, select: { [res.treeParent.column]: true } })
  if (!parent) throw notFound()
  return parent[res.treeParent.column]
}

/** The equality conditions of a scope: column values every row of the resource has. */
function fixedColumns(scope: Where | undefined): Where {
  const out: Where = {}
  for (const [k, v] of Object.entries(scope ?? {})) if (v === null || typeof v !== 'object') out[k] = v
  return out
}

/** What one list page reads: columns, conditions, order and window (the same for either read path). */
export type ListPlan = {
  where: Where
  select: Record<string, unknown>
  orderBy: Record<string, string>[]
  skip: number
  take: number
}

/** The page a list query asks for, or a 400 naming what is wrong with it. */
export async function listPlan(db: Db, res: ServerResource, req: FastifyRequest, query: ListQuery): Promise<ListPlan & { page: number; all: boolean }> {
  const filters = filterWhere(res.decl, query, req.locale)
  const where = { ...filters, ...resourceWhere(res, req) }
  // Trees answer one level at a time: the roots, or the children of `pid` (unless searching).
  if (res.decl.tree && query.isChildren !== undefined) where.pid = query.pid === undefined ? treeRoot(res) : await childrenPid(db, res, query.pid, req.locale)
  else if (res.decl.tree && !Object.keys(filters).length) where.pid = treeRoot(res)
  const all = query.isAll !== undefined && query.isAll !== '0'
  const page = all ? 1 : query.page
  const take = all ? ALL_ROWS_CAP : query.per_page
  const select = selectOf(res)
  if (res.decl.tree) select[treeKey(res)] = true
  return { where, select, orderBy: orderBy(res, query.sort, req.locale), skip: (page - 1) * take, take, page, all }
}

/** A list page read through Prisma. */
export async function prismaPage(db: Db, model: string, plan: ListPlan, countLimit = COUNT_LIMIT): Promise<ListPage> {
  const d = delegate(db, model)
  const [rows, total] = await Promise.all([
    d.findMany({ where: plan.where, select: plan.select, orderBy: plan.orderBy, skip: plan.skip, take: plan.take }),
    d.count({ where: plan.where, take: countLimit }),
  ])
  return { rows, total }
}

export async function listRows(db: Db, res: ServerResource, req: FastifyRequest, query: ListQuery): Promise<ListAnswer<Row>> {
  const plan = await listPlan(db, res, req, query)
  // Resources whose rows are answered as read (no present hook, or one that takes wire rows) take the bare-driver path
  // when it can express the query.
  const fast = res.present && !res.presentOnWire ? null : await listPageSql(req.server.sql, res.model, plan)
  const { rows, total: counted } = fast ?? (await prismaPage(db, res.model, plan))
  const total_capped = counted > LIST_TOTAL_CAP
  const total = total_capped ? LIST_TOTAL_CAP : counted
  let data = rows as Row[]
  if (res.decl.tree && rows.length) {
    const key = treeKey(res)
    const counts = await delegate(db, res.model).groupBy({ by: ['pid'], where: { pid: { in: rows.map((r) => r[key]) } }, _count: { _all: true } })
    const withChildren = new Set(counts.map((c) => c.pid))
    data = data.map((r) => ({ ...r, has_children: withChildren.has(r[key]) }))
  }
  return {
    data: await presentRows(res, req, data),
    count: data.length,
    total,
    // only when it is so: the spec's page shape otherwise
    ...(total_capped ? { total_capped } : {}),
    per_page: plan.all ? data.length : plan.take,
    last_page: plan.all ? 1 : Math.max(1, Math.ceil(total / plan.take)),
    current_page: plan.page,
  }
}

async function findOwned(db: Db | Tx, res: ServerResource, req: FastifyRequest, id: number): Promise<Row> {
  const row = await delegate(db, res.model).findFirst({ where: { id, ...resourceWhere(res, req) }, select: selectOf(res) })
  if (!row) throw notFound()
  return row
}

/** Creates one row in the unit's transaction. */
export async function createRow(res: ServerResource, req: FastifyRequest, input: Record<string, unknown>, tx: Tx, unit: Unit): Promise<Row> {
  let data = { ...columnsOf(res, input), ...fixedColumns(res.scope?.(req)) }
  if (res.storeColumn) data[res.storeColumn] = req.actor!.storeId
  if (res.beforeWrite) data = await res.beforeWrite(req, data, null, tx)
  const row = await delegate(tx, res.model).create({ data, select: { id: true } })
  await res.afterWrite?.(req, row, input, tx, unit)
  return row
}

function actions(res: ServerResource): readonly Action[] {
  return res.decl.actions ?? ['index', 'show', 'store', 'update', 'destroy', 'import']
}

/** Routes of one resource under the area scope it is registered in. */
export function resourceRoutes(res: ServerResource): ScopePlugin {
  const { decl } = res
  const path = `/${decl.name}`
  const perm = (action: Action) => ({ permission: permissionKey(decl.area, decl.name, action), superOnly: decl.superOnly?.includes(action) })
  const create = createSchema(decl)
  const update = updateSchema(decl)
  const tags = [`${decl.area}:${decl.name}`]

  checkFilters(decl)

  return async (app) => {
    app.servedResources.push(res)
    const db = app.db
    const has = (a: Action) => actions(res).includes(a)
    /** A write runs in a unit of work; the resource's after-commit hook follows its commit. */
    const write = <T>(req: FastifyRequest, work: (tx: Tx, unit: Unit) => Promise<T>) =>
      runUnit(app, async (tx, unit) => {
        const result = await work(tx, unit)
        if (res.afterCommit) unit.afterCommit(() => res.afterCommit!(req))
        return result
      }).catch((err) => {
        throw mapPrismaError(err)
      })

    if (has('index'))
      app.get(path, { schema: { querystring: listQuery, tags }, config: perm('index') }, async (req) =>
        ok(req, await listRows(db, res, req, req.query)),
      )
    if (has('show'))
      app.get(`${path}/:id`, { schema: { params: idParam, tags }, config: perm('show') }, async (req) => {
        const [row] = await presentRows(res, req, [await findOwned(db, res, req, req.params.id)])
        return ok(req, row)
      })
    if (has('store'))
      app.post(path, { schema: { body: create, tags }, config: perm('store') }, async (req) => {
        const row = await write(req, (tx, unit) => createRow(res, req, req.body as Record<string, unknown>, tx, unit))
        return ok(req, { id: row.id })
      })
    if (has('update'))
      app.put(`${path}/:id`, { schema: { params: idParam, body: update, tags }, config: perm('update') }, async (req) => {
        const input = req.body as Record<string, unknown>
        await write(req, async (tx, unit) => {
          const existing = await findOwned(tx, res, req, req.params.id)
          let data = columnsOf(res, input)
          if (res.beforeWrite) data = await res.beforeWrite(req, data, existing, tx)
          if (Object.keys(data).length) await delegate(tx, res.model).update({ where: { id: existing.id }, data, select: { id: true } })
          await res.afterWrite?.(req, existing, input, tx, unit)
        })
        return ok(req, { id: req.params.id })
      })
    if (has('destroy'))
      app.delete(`${path}/:ids`, { schema: { params: idsParam, tags }, config: perm('destroy') }, async (req) => {
        const ids = [...new Set(req.params.ids)]
        await write(req, async (tx, unit) => {
          await res.beforeDelete?.(req, ids, tx, unit)
          const { count } = await delegate(tx, res.model).deleteMany({ where: { id: { in: ids }, ...resourceWhere(res, req) } })
          // Any id that is missing or belongs to someone else refuses the whole batch.
          if (count !== ids.length) throw notFound()
        })
        return ok(req, { deleted: ids.length })
      })
    if (has('import'))
      app.post(
        `${path}/import/excel`,
        {
          schema: { body: importBody, tags },
          config: perm('import'),
        },
        async (req) => {
          const rows = Array.isArray(req.body) ? req.body : req.body.rows
          if (!rows.length) throw new AppError(400, 'msg.importEmpty')
          const errors: Record<string, string> = {}
          const inputs = rows.map((raw, i) => {
            const parsed = create.safeParse(raw)
            if (!parsed.success) {
              const issues = parsed.error.issues.map((iss) => ({ keyword: iss.code, instancePath: `/${iss.path.join('/')}`, message: iss.message, params: iss as unknown as Record<string, unknown> }))
              for (const [k, v] of Object.entries(fieldErrors(req.locale, issues))) errors[`${i}.${k}`] = v
            }
            return parsed.data as Record<string, unknown>
          })
          if (Object.keys(errors).length) throw invalid(errors)
          await write(req, async (tx, unit) => {
            for (const input of inputs) await createRow(res, req, input, tx, unit)
          })
          return ok(req, { imported: inputs.length })
        },
      )
  }
}
