// Every list filter of every served resource, walked: each declared filter is typed like its column, a value of the
// wrong type is a 400 naming the field (never a 500, never a query), and the two read paths of the resource engine
// (Prisma, and the bare driver of core/listSql.ts) answer the same rows and totals for every filter, operator and
// sort, `like` values with % _ \ included. Resources are collected as the app builds them (see filter-indexes.test.ts),
// so a resource added later is walked without editing this file.
import mysql from 'mysql2/promise'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { filterKind, type FieldDecl, type FilterKind, type FilterOp } from '@qshop/shared'
import { listPlan, prismaPage, resourceWhere, type ListQuery, type ServerResource } from '../src/core/resource.ts'
import { listPageSql } from '../src/core/listSql.ts'
import { MAX_IN_VALUES, MAX_LIKE_LENGTH } from '../src/core/listFilters.ts'
import { toWire } from '../src/core/wire.ts'
import type { Actor } from '../src/core/context.ts'
import { bearer, createTestApp, http, resetDb } from './helpers.ts'
import { createAdmin } from './factories.ts'
import { tokenFor } from '../src/modules/rbac/testkit.ts'
import { DEMO_ACCOUNTS } from '../src/seed/demo.ts'
import { post } from '../src/core/ledger.ts'
import { runUnit } from '../src/core/unitOfWork.ts'
import { createComment, createGoods } from '../src/modules/catalog/testkit.ts'

let app: FastifyInstance
const auth: Record<'admin' | 'seller', Record<string, string>> = { admin: {}, seller: {} }
const actors = {} as Record<'admin' | 'seller', Actor>
/** information_schema DATA_TYPE of every column, by table then column. */
const columnTypes = new Map<string, Map<string, string>>()

const listed = () => app.servedResources.filter((r) => (r.decl.actions ?? ['index']).includes('index'))
const label = (res: ServerResource) => `${res.decl.area}/${res.decl.name}`
const listUrl = (res: ServerResource) => `/api/${res.decl.area === 'admin' ? 'Admin' : 'Seller'}/${res.decl.name}`

/** The filterable fields of a resource: its declared filters, and `id` (every list filters by id). */
function filters(res: ServerResource): [string, FieldDecl][] {
  const declared = Object.entries(res.decl.fields).filter(([, f]) => f.filter)
  return Object.hasOwn(res.decl.fields, 'id') ? declared : [['id', { label: 'id', filter: ['eq', 'in'] }], ...declared]
}

/** A request as the engine sees one from the area's account. */
const requestOf = (res: ServerResource) => ({ locale: 'en', actor: actors[res.decl.area], server: app }) as unknown as FastifyRequest

beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: true, areas: false })
  const admin = await createAdmin(app, { is_super: 1 })
  const seller = await app.db.users.findUniqueOrThrow({ where: { username: DEMO_ACCOUNTS.seller.username }, include: { store: true } })
  auth.admin = bearer(await tokenFor(app, 'admin', admin.id))
  auth.seller = bearer(await tokenFor(app, 'seller', seller.id))
  const actor = { sid: 'test', all: true, permissions: new Set<string>(), belong_id: 0 }
  actors.admin = { ...actor, area: 'admin', id: admin.id, username: admin.username }
  actors.seller = { ...actor, area: 'seller', id: seller.id, username: seller.username, storeId: seller.store!.id }

  const conn = await mysql.createConnection({ uri: app.config.DATABASE_URL })
  try {
    const [rows] = (await conn.query(
      'SELECT TABLE_NAME t, COLUMN_NAME c, DATA_TYPE d FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE()',
    )) as unknown as [{ t: string; c: string; d: string }[]]
    for (const r of rows) {
      if (!columnTypes.has(r.t)) columnTypes.set(r.t, new Map())
      columnTypes.get(r.t)!.set(r.c, r.d)
    }
  } finally {
    await conn.end()
  }
})
afterAll(async () => app?.close())

/** The filter kind each MySQL column type holds. */
const KIND_OF_COLUMN: Record<string, FilterKind> = {
  int: 'int', tinyint: 'int', smallint: 'int', mediumint: 'int', bigint: 'int',
  decimal: 'money', datetime: 'datetime', timestamp: 'datetime',
  varchar: 'string', char: 'string', text: 'string', mediumtext: 'string', longtext: 'string',
}

test('the served resources were collected from the app', () => {
  expect(listed().length).toBeGreaterThan(20)
})

test('every declared filter is typed like its column', () => {
  const wrong: string[] = []
  for (const res of listed())
    for (const [name, field] of filters(res)) {
      const column = columnTypes.get(res.model)?.get(name)
      const kind = filterKind(name, field)
      if (!column || KIND_OF_COLUMN[column] !== kind) wrong.push(`${label(res)}.${name}: ${kind} filter on ${column ?? 'no column'}`)
    }
  expect(wrong).toEqual([])
})

// ------------------------------------------------------------------------------------------------------------
// Wrong values: 400 naming the field, for every operator of every filter.

const BAD_SCALARS: Record<FilterKind, string[]> = {
  int: ['abc', '0x1f', '1e3', '1.5', ' 1', '+1', '1abc', '99999999999', ''],
  money: ['abc', '1.234', '1e3', '12,5', '99999999999.00', ''],
  datetime: ['bad', '2026-13-01', '2026-02-30', '2026-01-01T00:00:00', '2026-01-01 24:00:00', '20260101', ''],
  string: [],
}

/** Filter values (`value|op`) the field's kind cannot take with the operator. */
function badValues(kind: FilterKind, op: FilterOp): string[] {
  const scalars = BAD_SCALARS[kind]
  switch (op) {
    case 'eq':
      return scalars.filter(Boolean)
    case 'gt': case 'gte': case 'lt': case 'lte':
      return scalars.map((v) => `${v}|${op}`)
    case 'in':
      return [...scalars.map((v) => `${GOOD[kind]},${v}|in`), `${Array(MAX_IN_VALUES + 1).fill(GOOD[kind]).join(',')}|in`]
    case 'between':
      return [
        ...scalars.map((v) => `${GOOD[kind]},${v}|between`),
        `${GOOD[kind]}|between`,
        `${GOOD[kind]},${GOOD[kind]},${GOOD[kind]}|between`,
        ...(kind === 'string' ? [] : [`${LATER[kind]},${GOOD[kind]}|between`]),
      ]
    case 'like':
      return [`${'x'.repeat(MAX_LIKE_LENGTH + 1)}|like`]
  }
}
const GOOD: Record<FilterKind, string> = { int: '1', money: '1.00', datetime: '2026-01-01', string: 'a' }
const LATER: Record<FilterKind, string> = { int: '2', money: '2.00', datetime: '2026-01-02', string: 'b' }

describe('a filter value of the wrong type answers 400 naming the field', () => {
  test('every operator of every filter of every list', async () => {
    const failures: string[] = []
    let checked = 0
    for (const res of listed())
      for (const [name, field] of filters(res)) {
        const kind = filterKind(name, field)!
        for (const op of field.filter!)
          for (const value of badValues(kind, op)) {
            const answer = await http(app).get(listUrl(res)).query({ [name]: value }).set(auth[res.decl.area]).set('lang', 'en')
            checked++
            const named = answer.body?.data && Object.keys(answer.body.data).join(',') === name
            const translated = typeof answer.body?.data?.[name] === 'string' && !/^valid\./.test(answer.body.data[name])
            if (answer.status !== 400 || answer.body.code !== 400 || !named || !translated)
              failures.push(`${label(res)} ?${name}=${value} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`)
          }
      }
    expect(checked).toBeGreaterThan(300)
    expect(failures).toEqual([])
    // One request per bad value: the time grows with the filters declared and the machine's load.
  }, 120_000)

  test('the issue’s examples, and what each says', async () => {
    const get = (query: Record<string, string>) => http(app).get('/api/Admin/admins').query(query).set(auth.admin).set('lang', 'en')
    expect((await get({ id: 'abc' })).body).toEqual({ code: 400, msg: 'Data is abnormal.', data: { id: 'Enter a whole number.' } })
    expect((await get({ created_at: 'bad|gte' })).body.data).toEqual({ created_at: 'Use a time as YYYY-MM-DD or YYYY-MM-DD HH:mm:ss.' })
    expect((await get({ id: 'a,b|in' })).body.data).toEqual({ id: 'Enter a whole number.' })
    expect((await get({ id: '2147483648' })).body.data).toEqual({ id: 'At most 2147483647.' })
    expect((await get({ created_at: '2026-02-01,2026-01-01|between' })).body.data).toEqual({ created_at: 'The end cannot be before the start.' })
    // several wrong filters are all named in one answer
    expect(Object.keys((await get({ id: 'x', created_at: 'y|gte', username: 'z|gt' })).body.data).sort()).toEqual(['created_at', 'id', 'username'])
  })
})

// ------------------------------------------------------------------------------------------------------------
// Both read paths answer the same.

/** Values the `like` filters are tried with: literal % _ \ (and what they would match as wildcards). */
const LIKE_PROBES = ['%', '_', '\\', '%_', 'q%', '_1', 'q_', '50%']
/** Texts written into three rows of every list with a `like` filter (the probes must tell them apart). */
const LIKE_ROWS = (id: number) => [`q${id}%_`, `q${id}ab`, `q${id}\\x`]

/** Columns a list can be asked about: its filters' columns and its sortable columns. */
const probedColumns = (res: ServerResource) =>
  [...new Set([...filters(res).map(([n]) => n), ...Object.entries(res.decl.fields).filter(([, f]) => f.sortable && !f.virtual).map(([n]) => n)])]

/** The list's rows (its scope) with the columns probed, as the wire shows them. */
async function scopeRows(res: ServerResource): Promise<Record<string, unknown>[]> {
  const where = resourceWhere(res, requestOf(res))
  const select = Object.fromEntries(['id', ...probedColumns(res)].map((c) => [c, true]))
  const rows = await (app.db as unknown as Record<string, { findMany(a: object): Promise<object[]> }>)[res.model].findMany({ where, select, orderBy: { id: 'asc' } })
  return toWire(rows) as Record<string, unknown>[]
}

/** Writes texts with % _ \ into the `like` columns of three rows of the list. */
async function writeLikeRows(res: ServerResource, rows: Record<string, unknown>[]) {
  const likeColumns = filters(res).filter(([, f]) => f.filter!.includes('like')).map(([n]) => n)
  const d = (app.db as unknown as Record<string, { update(a: object): Promise<unknown> }>)[res.model]
  for (const [i, row] of rows.entries())
    await d.update({ where: { id: row.id }, data: Object.fromEntries(likeColumns.map((c) => [c, LIKE_ROWS(row.id as number)[i]])) })
}

/** Sample filter values of a field: values its rows hold (and one they do not), as a client would send them. */
function samples(kind: FilterKind, name: string, rows: Record<string, unknown>[]): string[] {
  const held = [...new Set(rows.map((r) => r[name]).filter((v) => v !== null && v !== undefined).map(String))].slice(0, 3)
  const extra: Record<FilterKind, string[]> = {
    int: ['0', '-1', '2147483647'],
    money: ['0.5', '59', '99999.99'],
    datetime: ['2000-01-01', '2999-12-31 23:59:59'],
    string: ['no such value'],
  }
  // A time is also asked for by its day.
  const days = kind === 'datetime' ? held.map((v) => v.slice(0, 10)) : []
  return [...held, ...days, ...extra[kind]]
}

/** The filter queries (`value|op`) to try for one field. */
function queries(kind: FilterKind, ops: readonly FilterOp[], values: string[]): string[] {
  const sorted = kind === 'string' ? values : [...values].sort((a, b) => (kind === 'datetime' ? a.localeCompare(b) : Number(a) - Number(b)))
  const out: string[] = []
  for (const op of ops) {
    if (op === 'like') out.push(...LIKE_PROBES.map((p) => `${p}|like`), ...values.filter((v) => v.length > 2).map((v) => `${v.slice(1, -1)}|like`))
    else if (op === 'in') out.push(`${values.slice(0, 3).join(',')}|in`, `${values[0]}|in`)
    else if (op === 'between') out.push(`${sorted[0]},${sorted[sorted.length - 1]}|between`, `${sorted[1] ?? sorted[0]},${sorted[1] ?? sorted[0]}|between`)
    else out.push(...values.map((v) => (op === 'eq' ? v : `${v}|${op}`)))
  }
  return out
}

const listQuery = (extra: Record<string, unknown>) => ({ page: 1, per_page: 400, ...extra }) as ListQuery

/** A time with milliseconds on day n of 2026, in the process's zone. */
const day = (n: number) => new Date(2026, 0, n + 1, 10, n, 7, 250)
const db = () => app.db

/** Rows of the lists the demo seed leaves with fewer than three in the test accounts' scope (n = 0, 1, 2...). */
const ROWS: Record<string, (n: number, seller: Actor) => Promise<unknown>> = {
  users: (n, s) => db().users.create({ data: { username: `walk_sub_${n}`, password: 'x', belong_id: s.id, status: n % 2, created_at: day(n) } }),
  user_roles: (n, s) => db().user_roles.create({ data: { belong_id: s.id, name: `walk role ${n}`, created_at: day(n) } }),
  admin_roles: (n) => db().admin_roles.create({ data: { name: `walk role ${n}`, created_at: day(n) } }),
  goods_attrs: (n, s) => db().goods_attrs.create({ data: { store_id: s.storeId!, name: `walk attr ${n}`, created_at: day(n) } }),
  file_space_dirs: (n, s) => db().file_space_dirs.create({ data: { belong_id: s.storeId!, name: `walk dir ${n}`, created_at: day(n) } }),
  file_spaces: (n, s) =>
    db().file_spaces.create({ data: { belong_id: s.storeId!, dir_id: n % 2, name: `walk ${n}.png`, new_name: `w${n}.png`, url: `/uploads/w${n}.png`, created_at: day(n) } }),
  freights: (n, s) => db().freights.create({ data: { store_id: s.storeId!, name: `walk freight ${n}`, is_type: 1, f_price: `${n}.50`, created_at: day(n) } }),
  sms: (n) => db().sms.create({ data: { name: `walk_${n}`, code: `SMS_${n}` } }),
  sms_logs: (n) =>
    db().sms_logs.create({ data: { phone: `1380013800${n}`, name: 'register', code_hash: 'x'.repeat(64), expires_at: day(n), status: n % 2, ip: `10.0.0.${n}`, created_at: day(n) } }),
  agreements: (n) => db().agreements.create({ data: { name: `walk ${n}`, ename: `walk_${n}` } }),
  article_menus: (n) => db().article_menus.create({ data: { name: `walk menu ${n}`, is_sort: n } }),
  notices: (n) => db().notices.create({ data: { name: `walk notice ${n}`, tag: `t${n % 2}`, is_type: n, is_send: n % 2 } }),
  app_versions: (n) => db().app_versions.create({ data: { name: `walk ${n}`, version: `1.0.${n}`, version_code: n, device: n % 2 ? 'ios' : 'android', is_wgt: n % 2 } }),
  currencies: (n) => db().currencies.create({ data: { name: `walk ${n}`, ename: `w${n}`, currency: '$', currency_ename: 'USD' } }),
  goods: async (n, s) => {
    const leaf = await db().goods_classes.findFirstOrThrow({ where: { pid: { not: 0 } }, orderBy: { id: 'desc' } })
    return createGoods(app, s.storeId!, leaf.id, { goods_price: `${n}9.90`, goods_stock: n * 7, goods_verify: n % 3, goods_status: n % 2, created_at: day(n) })
  },
  order_settlements: async (n, s) => {
    const buyer = await db().users.create({ data: { username: `walk_buyer_${n}`, password: 'x' } })
    const order = await db().orders.create({ data: { user_id: buyer.id, store_id: s.storeId!, order_no: `WALKS${n}`, order_status: 6, is_settlement: 1, total_price: `${n + 1}0.00` } })
    return db().order_settlements.create({
      data: { order_id: order.id, user_id: buyer.id, store_id: s.storeId!, settlement_no: `SWALK${n % 2}`, total_price: `${n + 1}0.00`, settlement_price: `${n + 1}0.00`, created_at: day(n) },
    })
  },
  money_logs: async (n, s) => {
    const reasons = ['settlement', 'system'] as const
    const row = await runUnit(app, (tx) =>
      post(tx, { owner: { kind: 'store', id: s.storeId! }, account: 'money', amount: (n + 1) * 100, reason: reasons[n % 2], source: { type: 'admin', id: n }, idemKey: `walk:${n}` }),
    )
    return db().money_logs.update({ where: { id: row.id }, data: { created_at: day(n) } })
  },
  order_pays: async (n) => {
    const payer = await db().users.create({ data: { username: `walk_payer_${n}`, password: 'x' } })
    return db().order_pays.create({
      data: { belong_id: payer.id, pay_no: `PWALK${n}`, trade_no: n % 2 ? `T${n}` : null, payment_name: n % 2 ? 'wechat' : 'balance', pay_status: n % 2, total: `${n}.50`, created_at: day(n) },
    })
  },
  refunds: async (n, s) => {
    const buyer = await db().users.create({ data: { username: `walk_refunder_${n}`, password: 'x' } })
    const order = await db().orders.create({ data: { user_id: buyer.id, store_id: s.storeId!, order_no: `WALKR${n}`, order_status: 2, total_price: '99.00' } })
    return db().refunds.create({
      data: { refund_no: `RWALK${n}`, user_id: buyer.id, store_id: s.storeId!, order_id: order.id, refund_type: n % 2, refund_verify: n % 5, refund_money: `${n + 1}.00`, created_at: day(n) },
    })
  },
  order_comments: (n, s) => createComment(app, n + 1, s.storeId!, { score: 1 + (n % 5), agree: 5, service: 4, speed: 3 }, `walk review ${n}`),
  orders: (n, s) =>
    db().orders.create({
      data: {
        user_id: s.id, store_id: s.storeId!, order_no: `WALK${n}`, order_name: `walk ${n}`, total_price: `${n}9.90`, order_status: 1 + (n % 3),
        receive_name: `walk receiver ${n}`, receive_tel: `1380000000${n}`, created_at: day(n),
      },
    }),
  // A store's coupon and a platform coupon (store_id NULL) each time: the seller's and the admin's lists both fill.
  coupons: async (n, s) => {
    const coupon = (storeId: number | null, name: string) =>
      db().coupons.create({
        data: { store_id: storeId, name, money: `${1 + (n % 5)}.00`, use_money: `${10 + n}.00`, stock: n * 3, limit_num: 1 + (n % 2), end_time: day(n + 30), start_time: day(n), created_at: day(n) },
      })
    await coupon(null, `walk platform coupon ${n}`)
    return coupon(s.storeId!, `walk coupon ${n}`)
  },
  coupon_logs: async (n, s) => {
    const receiver = await db().users.create({ data: { username: `walk_receiver_${n}`, password: 'x' } })
    const coupon = await db().coupons.create({ data: { store_id: s.storeId!, name: `walk received ${n}`, money: '1.00', end_time: day(n + 30) } })
    return db().coupon_logs.create({
      data: { name: coupon.name, coupon_id: coupon.id, user_id: receiver.id, store_id: s.storeId!, money: '1.00', status: n % 2, start_time: day(n), end_time: day(n + 30), created_at: day(n) },
    })
  },
  full_reductions: (n, s) =>
    db().full_reductions.create({ data: { store_id: s.storeId!, name: `walk reduction ${n}`, money: `${1 + n}.00`, use_money: `${50 + n}.00`, start_time: day(n), end_time: day(n + 30), created_at: day(n) } }),
  seckills: async (n, s) => {
    const goods = await db().goods.create({ data: { store_id: s.storeId!, class_id: (await db().goods_classes.findFirstOrThrow()).id, goods_name: `walk seckill goods ${n}` } })
    return db().seckills.create({ data: { store_id: s.storeId!, goods_id: goods.id, price: `${n}.50`, stock: n * 2, limit_num: n % 3, start_time: day(n), end_time: day(n + 1), created_at: day(n) } })
  },
  collectives: async (n, s) => {
    const leaf = await db().goods_classes.findFirstOrThrow({ where: { pid: { not: 0 } }, orderBy: { id: 'desc' } })
    const goods = await createGoods(app, s.storeId!, leaf.id, { goods_name: `walk grouped ${n}`, created_at: day(n) })
    return db().collectives.create({ data: { store_id: s.storeId!, goods_id: goods.id, discount: `${n % 50}.00`, need: 2 + n, expire_minutes: 5 + n, created_at: day(n) } })
  },
  collective_logs: async (n, s) => {
    const leaf = await db().goods_classes.findFirstOrThrow({ where: { pid: { not: 0 } }, orderBy: { id: 'desc' } })
    const goods = await createGoods(app, s.storeId!, leaf.id, { goods_name: `walk group ${n}`, created_at: day(n) })
    const def = await db().collectives.create({ data: { store_id: s.storeId!, goods_id: goods.id, need: 3 } })
    const opener = await db().users.create({ data: { username: `walk_opener_${n}`, password: 'x' } })
    return db().collective_logs.create({
      data: { collective_id: def.id, user_id: opener.id, store_id: s.storeId!, goods_id: goods.id, need: 3, join_num: n % 4, status: n % 3, expire_at: day(n + 1), created_at: day(n) },
    })
  },
  money_adjustments: (n, s) =>
    db().money_adjustments.create({ data: { admin_id: 1, is_belong: n % 2, user_id: s.id, is_type: n % 3, money: `${n % 2 ? '-' : ''}${n}.25`, remark: `walk ${n}`, created_at: day(n) } }),
  integral_goods_classes: (n) => db().integral_goods_classes.create({ data: { name: `walk points class ${n}`, created_at: day(n) } }),
  integral_goods: async (n) => {
    const cls = await db().integral_goods_classes.create({ data: { name: `walk class of ${n}` } })
    return db().integral_goods.create({
      data: { cid: cls.id, goods_name: `walk points goods ${n}`, goods_price: 100 * (n + 1), goods_stock: n, goods_status: n % 2, is_recommend: n % 2, created_at: day(n) },
    })
  },
  integral_orders: async (n) => {
    const buyer = await db().users.create({ data: { username: `walk_redeemer_${n}`, password: 'x' } })
    return db().integral_orders.create({
      data: { user_id: buyer.id, order_no: `JWALK${n}`, order_name: `walk redeemed ${n}`, total_price: 100 * (n + 1), order_price: 100, order_status: 1 + (n % 2), created_at: day(n) },
    })
  },
  distributions: async (n, s) => {
    const leaf = await db().goods_classes.findFirstOrThrow({ where: { pid: { not: 0 } }, orderBy: { id: 'desc' } })
    const goods = await createGoods(app, s.storeId!, leaf.id, { goods_name: `walk rated ${n}`, created_at: day(n) })
    return db().distributions.create({ data: { store_id: s.storeId!, goods_id: goods.id, lev_1: `${n % 9}.00`, lev_2: '1.00', lev_3: '0.50', created_at: day(n) } })
  },
  distribution_logs: async (n, s) => {
    const buyer = await db().users.create({ data: { username: `walk_referred_${n}`, password: 'x' } })
    const order = await db().orders.create({ data: { user_id: buyer.id, store_id: s.storeId!, order_no: `WALKD${n}`, order_status: 6, total_price: '20.00' } })
    const line = await db().order_goods.create({
      data: { order_id: order.id, goods_id: 1, user_id: buyer.id, store_id: s.storeId!, goods_name: `walk line ${n}`, goods_price: '20.00', buy_num: 1, total_price: '20.00' },
    })
    return db().distribution_logs.create({
      data: {
        name: 'walk', user_id: s.id, store_id: s.storeId!, order_id: order.id, distribution_id: 0, order_goods_id: line.id, money: '20.00', lev: '5.00',
        commission: `${n % 9}.00`, level: 1 + (n % 3), status: n % 3, created_at: day(n),
      },
    })
  },
  cashes: (n, s) =>
    db().cashes.create({
      data: { store_id: s.storeId!, money: `${n}.50`, commission: '0.10', cash_status: n % 4, name: `walk payee ${n}`, card_no: `62170000${n}`, bank_name: 'walk bank', created_at: day(n) },
    }),
  stores: async (n) => {
    const owner = await db().users.create({ data: { username: `walk_owner_${n}`, password: 'x' } })
    return db().stores.create({ data: { user_id: owner.id, store_name: `walk store ${n}`, store_verify: 1 + (n % 4), store_status: n % 2, created_at: day(n) } })
  },
}

describe('the Prisma and bare-driver read paths answer the same', () => {
  beforeAll(async () => {
    // Every list gets three rows of its own (none another list of the table has taken; narrow scopes first, as a
    // wide one holds theirs), adding rows where there are too few; their `like` columns get the three LIKE_ROWS texts.
    const sizes = new Map<ServerResource, number>()
    for (const res of listed()) sizes.set(res, (await scopeRows(res)).length)
    const taken = new Set<string>()
    let n = 0
    for (const res of listed().sort((a, b) => sizes.get(a)! - sizes.get(b)!)) {
      const own = async () => (await scopeRows(res)).filter((r) => !taken.has(`${res.model}:${r.id}`))
      for (let free = (await own()).length; free < 3; free++) {
        if (!ROWS[res.model]) throw new Error(`${label(res)}: fewer than 3 rows in scope; add a ROWS entry for ${res.model}`)
        await ROWS[res.model](n++, actors.seller)
      }
      const rows = (await own()).slice(0, 3)
      for (const r of rows) taken.add(`${res.model}:${r.id}`)
      await writeLikeRows(res, rows)
    }
  })

  test('every filter, operator and sort of every list', async () => {
    const differences: string[] = []
    let compared = 0
    for (const res of listed()) {
      const rows = await scopeRows(res)
      const tries: Record<string, unknown>[] = [{}]
      for (const [name, field] of filters(res)) {
        const kind = filterKind(name, field)!
        for (const q of queries(kind, field.filter!, samples(kind, name, rows))) tries.push({ [name]: q })
      }
      for (const [name, field] of Object.entries(res.decl.fields)) if (field.sortable) tries.push({ sort: name }, { sort: `-${name}` })
      tries.push({ sort: 'id' }, { per_page: 30, page: 2 })

      for (const extra of tries) {
        const plan = await listPlan(app.db, res, requestOf(res), listQuery(extra))
        const [viaSql, viaPrisma] = [await listPageSql(app.sql, res.model, plan), await prismaPage(app.db, res.model, plan)]
        compared++
        if (!viaSql) {
          differences.push(`${label(res)} ${JSON.stringify(extra)}: the bare-driver path cannot express it`)
          continue
        }
        const [a, b] = [toWire(viaSql.rows), toWire(viaPrisma.rows)]
        if (viaSql.total !== viaPrisma.total || JSON.stringify(a) !== JSON.stringify(b))
          differences.push(`${label(res)} ${JSON.stringify(extra)}: sql ${viaSql.total} ${JSON.stringify(a).slice(0, 200)} ≠ prisma ${viaPrisma.total} ${JSON.stringify(b).slice(0, 200)}`)
      }
    }
    expect(compared).toBeGreaterThan(1000)
    expect(differences).toEqual([])
    // Thousands of queries, two per try: the time grows with the lists declared and the machine's load.
  }, 240_000)

  test("a time names its second or its day as the lists show them, on the site's clock", async () => {
    const users = listed().find((r) => r.decl.area === 'admin' && r.decl.name === 'users')!
    const user = await db().users.create({ data: { username: 'walk_zone', password: 'x', created_at: new Date('2026-03-04T16:30:15.400Z') } })
    try {
      // shown as 2026-03-05 00:30:15 in Shanghai (the site's zone; the process's is UTC)
      const found = async (value: string) => {
        const plan = await listPlan(app.db, users, requestOf(users), listQuery({ created_at: value }))
        const [viaSql, viaPrisma] = [await listPageSql(app.sql, users.model, plan), await prismaPage(app.db, users.model, plan)]
        expect(toWire(viaSql!.rows), value).toEqual(toWire(viaPrisma.rows))
        return viaPrisma.rows.some((r) => r.id === user.id)
      }
      for (const value of ['2026-03-05 00:30:15,2026-03-05 00:30:15|between', '2026-03-05,2026-03-05|between', '2026-03-05|gte', '2026-03-05|lte', '2026-03-05 00:30:15|lte', '2026-03-05 00:30:15|gte'])
        expect(await found(value), value).toBe(true)
      for (const value of ['2026-03-04,2026-03-04|between', '2026-03-05 00:30:16|gte', '2026-03-05 00:30:14|lte', '2026-03-04|lte', '2026-03-06|gte'])
        expect(await found(value), value).toBe(false)
    } finally {
      await db().users.delete({ where: { id: user.id } })
    }
  })

  test('a like value matches its % _ \\ literally', async () => {
    for (const res of listed())
      for (const [name, field] of filters(res)) {
        if (!field.filter!.includes('like')) continue
        const rows = await scopeRows(res)
        for (const probe of ['%', '_', '\\', '%_']) {
          const plan = await listPlan(app.db, res, requestOf(res), listQuery({ [name]: `${probe}|like` }))
          const found = (await prismaPage(app.db, res.model, plan)).rows.map((r) => r.id).sort()
          const literal = rows.filter((r) => String(r[name] ?? '').includes(probe)).map((r) => r.id).sort()
          expect(found, `${label(res)}.${name} like ${probe}`).toEqual(literal)
          expect(literal.length, `${label(res)}.${name} holds ${probe}`).toBeGreaterThan(0)
        }
      }
  })
})
