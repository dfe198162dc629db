// The query plans of the platform's lists and reports on a shop with history (bench/data.ts, docs/scaling.md "Large
// data"): every list page, filter and sort of the back offices' order, after-sales, settlement, payment and ledger
// lists, the shopper's own lists, the dashboards and the 30-day sales report. The SQL is what the app sends, read off
// the wire while the routes answer (test/sqlTap.ts), so a query changed in the code is the query checked here. Each
// SELECT is EXPLAINed: none may read the orders, their lines or the ledger in full (type ALL); full reads of other
// tables are printed.
//
// The shop is small so the file runs in seconds, but shaped as the full one where the optimizer looks: as many stores
// (each store's share of the orders is what decides between a store index and a scan), and enough orders, lines and
// ledger rows that scans cost what indexes save. Set EXPLAIN_DATABASE_URL to run the same checks on a filled database
// instead (`pnpm bench:data`, then EXPLAIN_DATABASE_URL=mysql://root@127.0.0.1:3306/qshop_bench_data): nothing is
// reset, one admin account is added.
import { writeFileSync } from 'node:fs'
import mysql from 'mysql2/promise'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { filterKind, type FilterOp } from '@qshop/shared'
import type { ServerResource } from '../src/core/resource.ts'
import { currentCalendar } from '../src/core/siteCalendar.ts'
import { checkShop, fillShop } from '../../../bench/data.ts'
import { bearer, createTestApp, http, login, resetDb, testConfig } from './helpers.ts'
import { createAdmin } from './factories.ts'
import { startSqlTap, type SqlTap } from './sqlTap.ts'

/** Tables a list must never read in full. */
const NEVER_SCANNED = ['orders', 'order_goods', 'money_logs']
/** Tables the generator fills with history: lists on them are walked, and their full scans reported. */
const HISTORY = [
  'orders', 'order_goods', 'money_logs', 'order_pays', 'order_pay_orders', 'refunds', 'refund_goods', 'order_settlements', 'order_comments', 'order_integrals',
  'cashes', 'distribution_logs', 'coupon_logs', 'collective_logs', 'collective_members', 'seckill_orders', 'users', 'addresses', 'goods',
]
/**
 * Full reads that are the statement's purpose, each with the reason it stays: matched by route and statement, so any
 * other full read of these tables fails.
 */
const KNOWN_FULL_READS = [
  {
    route: /%7Clike(&|$)/,
    // (the count stops at LIST_TOTAL_CAP + 1 matches, core/listSql.ts: a common name reads that many, a rare one the table)
    sql: /^SELECT COUNT\(\*\) AS total FROM \(SELECT 1 FROM `\w+` WHERE `\w+` LIKE '%[^']*%' LIMIT \d+\) AS counted$/,
    // A contains-match filter (receiver's name or phone): LIKE '%x%', which no B-tree can seek (test/filter-indexes.test.ts
    // exempts it for that reason); the page itself reads the primary key backwards and stops at 30 matches, the count
    // reads every row. docs/scaling.md "Large data" measures it and names the remedy (an n-gram FULLTEXT column, as
    // goods.search_text).
    why: 'count of a contains-match filter',
  },
]
const SHOP = { stores: 200, goods: 1_500, shoppers: 3_000, orders: 6_000 }
const PASSWORD = 'Bench@123456'

const given = process.env.EXPLAIN_DATABASE_URL
let app: FastifyInstance
let tap: SqlTap
let direct: mysql.Connection
let auth: { admin: Record<string, string>; seller: Record<string, string>; user: Record<string, string> }
let storeId: number

type Plan = { route: string; sql: string; table: string; type: string; key: string | null; rows: number }
const plans: Plan[] = []

beforeAll(async () => {
  const databaseUrl = given ?? testConfig().DATABASE_URL
  tap = await startSqlTap(databaseUrl)
  app = await createTestApp({ DATABASE_URL: tap.url })
  direct = await mysql.createConnection({ uri: databaseUrl, timezone: 'Z' })
  if (!given) {
    await resetDb(app, { demo: false, areas: false })
    await fillShop(databaseUrl, 1, () => {}, { sizes: SHOP, seed: 7 })
  }
  // The busiest store's owner and the busiest shopper: the lists with most rows.
  const [[store]] = (await direct.query('SELECT store_id id, COUNT(*) n FROM orders GROUP BY store_id ORDER BY n DESC LIMIT 1')) as any
  const [[owner]] = (await direct.query('SELECT u.username FROM stores s JOIN users u ON u.id = s.user_id WHERE s.id = ?', [store.id])) as any
  const [[shopper]] = (await direct.query('SELECT u.username FROM users u JOIN (SELECT user_id, COUNT(*) n FROM orders GROUP BY user_id ORDER BY n DESC LIMIT 1) o ON o.user_id = u.id')) as any
  storeId = store.id
  const admin = await createAdmin(app)
  auth = {
    admin: bearer(await login(app, 'admin', admin.username, admin.password)),
    seller: bearer(await login(app, 'seller', owner.username, PASSWORD)),
    user: bearer(await login(app, 'user', shopper.username, PASSWORD)),
  }
}, 300_000)
afterAll(async () => {
  await app?.close()
  await direct?.end()
  await tap?.close()
})

/** table names by the names a statement uses for them (aliases, `schema`.`table`). */
function tablesOf(sql: string): Map<string, string> {
  const names = new Map<string, string>()
  const unquote = (s: string) => s.replace(/`/g, '')
  const keywords = /^(where|on|left|right|inner|outer|join|force|use|ignore|group|order|limit|having|union|straight_join|cross|natural|set|for|lock|as)$/i
  for (const m of sql.matchAll(/\b(?:FROM|JOIN)\s+((?:`[^`]+`|\w+)(?:\.(?:`[^`]+`|\w+))?)(?:\s+(?:AS\s+)?(`[^`]+`|\w+))?/gi)) {
    const table = unquote(m[1]).split('.').pop()!
    names.set(table, table)
    if (m[2] && !keywords.test(unquote(m[2]))) names.set(unquote(m[2]), table)
  }
  return names
}

/** Calls the route as `who`, records what it sent, and EXPLAINs every SELECT of it. */
async function explainRoute(who: keyof typeof auth, url: string) {
  const { result: res, statements } = await tap.record(() => http(app).get(url).set(auth[who]))
  expect(res.status, `${url}: ${res.text.slice(0, 300)}`).toBe(200)
  expect(res.body.code, `${url}: ${res.text.slice(0, 300)}`).toBe(200)
  const selects = statements.filter((s) => /^\s*(\(\s*)?(SELECT|WITH)\b/i.test(s))
  for (const sql of selects) {
    const names = tablesOf(sql)
    const [rows] = (await direct.query(`EXPLAIN ${sql}`)) as unknown as [{ table: string | null; type: string | null; key: string | null; rows: number | null }[]]
    for (const r of rows) plans.push({ route: `${who} ${url}`, sql, table: names.get(r.table ?? '') ?? r.table ?? '', type: r.type ?? '', key: r.key, rows: Number(r.rows ?? 0) })
  }
  return selects.length
}

const day = (ms: number) => currentCalendar().dayText(new Date(ms))
const lastMonth = () => `${day(Date.now() - 30 * 86_400_000)},${day(Date.now())}`

/** A value of the field that the list's own rows hold (its latest row in the scope), as a filter of `op` takes it. */
async function sampleFilter(res: ServerResource, field: string, op: FilterOp): Promise<string | null> {
  const kind = filterKind(field, res.decl.fields[field])
  if (kind === 'datetime') return op === 'between' ? lastMonth() : day(Date.now() - 7 * 86_400_000)
  const scope = res.storeColumn && res.decl.area === 'seller' ? `WHERE \`${res.storeColumn}\` = ${storeId}` : ''
  const [[row]] = (await direct.query(`SELECT \`${field}\` v FROM \`${res.model}\` ${scope} ORDER BY id DESC LIMIT 1`)) as any
  if (!row || row.v === null || row.v === '') return null
  const value = String(row.v)
  return op === 'like' ? value.slice(0, 2) : op === 'between' ? `${value},${value}` : value
}

/** The requests a back-office list answers: unfiltered, each filter alone, each sort; an order list's tab with a period. */
async function listRequests(res: ServerResource): Promise<string[]> {
  const base = `/api/${res.decl.area === 'admin' ? 'Admin' : 'Seller'}/${res.decl.name}`
  const urls = [base]
  for (const [name, f] of Object.entries(res.decl.fields)) {
    if (f.virtual) continue
    for (const op of f.filter ?? []) {
      const value = await sampleFilter(res, name, op)
      if (value !== null) urls.push(`${base}?${name}=${encodeURIComponent(op === 'eq' ? value : `${value}|${op}`)}`)
    }
    if (f.sortable) urls.push(`${base}?sort=${name}`, `${base}?sort=-${name}`)
  }
  if (res.model === 'orders') urls.push(`${base}?order_status=2&created_at=${encodeURIComponent(`${lastMonth()}|between`)}`)
  return urls
}

const historyLists = () =>
  app.servedResources.filter((r) => HISTORY.includes(r.model) && (r.decl.actions ?? ['index']).includes('index') && ['admin', 'seller'].includes(r.decl.area))

describe('list plans on a shop with history', () => {
  test.skipIf(!!given)('the generated shop keeps the money and status rules (bench/data.ts checkShop)', async () => {
    expect(await checkShop(testConfig().DATABASE_URL)).toEqual([])
  })

  test('the back offices: every list on the history tables, with each filter and sort', async () => {
    const lists = historyLists()
    expect(lists.map((r) => `${r.decl.area}/${r.decl.name}`)).toEqual(expect.arrayContaining(['admin/orders', 'seller/orders', 'admin/refunds', 'seller/refunds', 'admin/order_settlements', 'admin/money_logs', 'seller/money_logs']))
    let selects = 0
    for (const res of lists) for (const url of await listRequests(res)) selects += await explainRoute(res.decl.area as 'admin' | 'seller', url)
    expect(selects).toBeGreaterThan(lists.length)
  }, 120_000)

  test("the shopper's lists, the dashboards and the reports", async () => {
    const month = lastMonth().split(',')
    const routes: [keyof typeof auth, string][] = [
      ['user', '/api/user/orders'], ['user', '/api/user/orders?order_status=2'], ['user', '/api/user/orders?order_status=4'], ['user', '/api/user/order/counts'],
      ['user', '/api/user/refunds'], ['user', '/api/user/money_logs'], ['user', '/api/user/money_logs?is_type=2'],
      ['user', `/api/user/money_logs?created_at=${encodeURIComponent(lastMonth())}`], ['user', '/api/user/cashes'], ['user', '/api/user/distribution_logs'],
      ['user', '/api/user/comments'], ['user', '/api/user/coupons'],
      ['seller', '/api/Seller/dashboard'], ['seller', '/api/Seller/dashboard/order'], ['seller', `/api/Seller/dashboard/order?from=${month[0]}&to=${month[1]}`],
      ['admin', '/api/Admin/dashboard'], ['admin', '/api/Admin/dashboard/order'], ['admin', `/api/Admin/dashboard/order?from=${month[0]}&to=${month[1]}`],
      ['admin', '/api/Admin/dashboard/store'], ['admin', '/api/Admin/dashboard/user'], ['admin', '/api/Admin/dashboard/pay'],
    ]
    for (const [who, url] of routes) await explainRoute(who, url)
  }, 120_000)

  test('no statement reads the orders, their lines or the ledger in full; other full reads are listed', () => {
    expect(plans.length).toBeGreaterThan(50)
    const full = plans.filter((p) => p.type === 'ALL')
    const others = full.filter((p) => HISTORY.includes(p.table) && !NEVER_SCANNED.includes(p.table))
    if (others.length) console.info(`full reads of other history tables:\n${[...new Set(others.map((p) => `${p.table} (${p.rows} rows) ← ${p.route}`))].join('\n')}`)
    const known = (p: Plan) => KNOWN_FULL_READS.some((k) => k.route.test(p.route) && k.sql.test(p.sql))
    const forbidden = full.filter((p) => NEVER_SCANNED.includes(p.table) && !known(p)).map((p) => `${p.table} (${p.rows} rows) ← ${p.route}\n  ${p.sql.slice(0, 400)}`)
    // EXPLAIN_PLANS_OUT=file: every plan as route → table, type, index, for comparing a small shop's with the full one's.
    if (process.env.EXPLAIN_PLANS_OUT)
      writeFileSync(process.env.EXPLAIN_PLANS_OUT, plans.map((p) => `${p.route}\t${p.table}\t${p.type}\t${p.key ?? '-'}\t${p.rows}`).join('\n') + '\n')
    expect([...new Set(forbidden)]).toEqual([])
  })
})
