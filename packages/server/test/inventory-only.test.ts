// Every stock write goes through the inventory module (docs/architecture.md, src/modules/inventory/index.ts). This reads the
// server's sources outside that module: no SQL statement sets or inserts the stock column of a table that holds stock,
// no Prisma write on such a table names it, and no object sets goods_stock; and no resource the app serves on such a
// table lets a form or an import write it (the engine writes declared inputs only). Tests, test kits and the demo
// seeds create rows with their stock and are not read.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { REPO_ROOT } from '../src/app.ts'
import { createTestApp } from './helpers.ts'

const MODULE = 'packages/server/src/modules/inventory/'
const ROOTS = ['packages/server/src', 'scripts']
const SKIP_DIRS = new Set(['generated', 'node_modules'])
/** Demo data: rows created with their stock. */
const SEEDS = new Set(['packages/server/src/seed/demo.ts', 'packages/server/src/seed/showcase.ts', 'packages/server/src/seed/pointsMall.ts'])
const isTestSupport = (file: string) => /\.test\.ts$/.test(file) || path.basename(file) === 'testkit.ts'

/** Tables with a stock column (goods and SKUs; flash-sale pools and points goods once they are sold). */
const STOCK_TABLES = ['goods', 'goods_skus', 'seckills', 'integral_goods']
const STOCK_COLUMN = /\b(goods_stock|stock)\b/
const TABLES = STOCK_TABLES.join('|')

function sources(dir: string): string[] {
  return readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name)
    if (e.isDirectory()) return SKIP_DIRS.has(e.name) ? [] : sources(rel)
    return /\.(ts|mts)$/.test(e.name) ? [rel] : []
  })
}

/** The text of the call's parentheses opening at `open`. */
function argumentsAt(text: string, open: number): string {
  let depth = 0
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++
    else if (text[i] === ')' && --depth === 0) return text.slice(open, i + 1)
  }
  return text.slice(open)
}

/** The stock writes in a source text, each as the start of its statement or call. */
function stockWrites(text: string): string[] {
  const found: string[] = []
  // SQL: the SET clause of an UPDATE, or an INSERT / REPLACE, of a stock table (up to the end of its template).
  for (const m of text.matchAll(new RegExp(`\\b(UPDATE|INSERT\\s+INTO|REPLACE\\s+INTO)\\s+\`?(${TABLES})\`?\\b[^\`;]*`, 'gi'))) {
    const statement = m[0]
    const written = /^UPDATE/i.test(statement) ? (/\bSET\b([\s\S]*?)(\bWHERE\b|$)/i.exec(statement)?.[1] ?? '') : statement
    if (STOCK_COLUMN.test(written)) found.push(statement.slice(0, 60))
  }
  // Prisma: a write on a stock table whose arguments name a stock column.
  for (const m of text.matchAll(new RegExp(`\\.(${TABLES})\\.(create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert)\\s*\\(`, 'g'))) {
    const args = argumentsAt(text, m.index + m[0].length - 1)
    if (STOCK_COLUMN.test(args)) found.push(`${m[0]}${args.slice(1, 60)}`)
  }
  // An object setting goods_stock (what a Prisma write or insertRows() is handed); `goods_stock: true` selects it and
  // `goods_stock: number` types it.
  for (const m of text.matchAll(/\bgoods_stock\s*:(?!\s*(true|number)\b)[^,}\n]*/g)) found.push(m[0].slice(0, 60))
  return found
}

const files = ROOTS.flatMap(sources)

describe('the sources', () => {
  test('no stock write outside the inventory module', () => {
    expect(files.length).toBeGreaterThan(100)
    const offenders = files
      .filter((f) => !f.startsWith(MODULE) && !SEEDS.has(f) && !isTestSupport(f))
      .flatMap((f) => stockWrites(readFileSync(path.join(REPO_ROOT, f), 'utf8')).map((w) => `${f}: ${w}`))
    expect(offenders).toEqual([])
  })

  test('the reading finds writes: the module’s own, and each kind written elsewhere', () => {
    const own = (file: string) => stockWrites(readFileSync(path.join(REPO_ROOT, MODULE, file), 'utf8'))
    expect(own('lines.ts').length).toBeGreaterThanOrEqual(4)
    expect(own('adjust.ts').length).toBeGreaterThanOrEqual(3)
    expect(stockWrites('await tx.$executeRaw`UPDATE goods_skus SET goods_stock = ${n} WHERE id = ${id}`')).toHaveLength(1)
    expect(stockWrites('await tx.$executeRaw`INSERT INTO seckills (goods_id, stock) VALUES (1, 5)`')).toHaveLength(1)
    expect(stockWrites("await tx.goods.update({ where: { id }, data: { goods_stock: { decrement: 1 } } })")).toHaveLength(2)
    expect(stockWrites('await tx.seckills.updateMany({ where: { id }, data: { stock: 0 } })')).toHaveLength(1)
    expect(stockWrites('const row = { ...fields, goods_stock: posted.goods_stock }')).toHaveLength(1)
    // reads are not writes
    expect(stockWrites('await tx.$executeRaw`UPDATE goods SET goods_sale = goods_sale + 1 WHERE id = ${id} AND goods_stock > 0`')).toEqual([])
    expect(stockWrites("await app.db.goods.findMany({ select: { goods_stock: true } }); type Row = { goods_stock: number }")).toEqual([])
  })
})

describe('the served resources', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => app?.close())

  test('none on a stock table takes a stock column as input (forms and imports alike)', () => {
    const onStockTables = app.servedResources.filter((r) => STOCK_TABLES.includes(r.model))
    expect(onStockTables.map((r) => `${r.decl.area}.${r.model}`).sort()).toEqual(['admin.goods', 'admin.integral_goods', 'admin.seckills', 'seller.goods', 'seller.seckills'])
    // A virtual input is left to the resource's hooks (the flash-sale pool: modules/seckill/resources.ts fills it
    // through the inventory module); the engine writes only the others.
    const writable = onStockTables.flatMap((r) =>
      Object.entries(r.decl.fields).filter(([name, f]) => f.input && !f.virtual && STOCK_COLUMN.test(name)).map(([name]) => `${r.decl.area}.${r.model}.${name}`),
    )
    expect(writable).toEqual([])
  })
})
