// What the API writes fits the columns it is written to. For every writable field of every served resource (collected
// as the app builds them, see filter-indexes.test.ts) and of the custom write bodies, a value just past what its
// column holds (INT, TINYINT, DECIMAL(p,s), VARCHAR(n)) is refused by the field's schema: a 400 naming the field,
// not a database error answered as 500.
import mysql from 'mysql2/promise'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { goodsUpdateBody, skuInput, storeApplicationBody, storeSettingsBody } from '@qshop/shared/schemas/catalog'
import { authEditBody, registerBody } from '@qshop/shared/schemas/auth'
import { createTestApp } from './helpers.ts'

/** Request bodies written by custom routes, with the table their fields are columns of. */
const BODIES: [string, Record<string, z.ZodType>, string][] = [
  ['seller goods form', goodsUpdateBody.shape, 'goods'],
  ['seller goods form: a SKU', skuInput.shape, 'goods_skus'],
  ['store application', storeApplicationBody.shape, 'stores'],
  ['store settings', storeSettingsBody.shape, 'stores'],
  ['account edit', authEditBody.shape, 'users'],
  ['register', registerBody.shape, 'users'],
]

type Column = { type: string; unsigned: boolean; length: number | null; precision: number | null; scale: number | null }

let app: FastifyInstance
const columns = new Map<string, Column>()

beforeAll(async () => {
  app = await createTestApp()
  const conn = await mysql.createConnection({ uri: app.config.DATABASE_URL })
  try {
    const [rows] = (await conn.query(
      `SELECT TABLE_NAME t, COLUMN_NAME c, DATA_TYPE d, COLUMN_TYPE ct, CHARACTER_MAXIMUM_LENGTH l, NUMERIC_PRECISION p, NUMERIC_SCALE s
         FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE()`,
    )) as unknown as [{ t: string; c: string; d: string; ct: string; l: number | null; p: number | null; s: number | null }[]]
    for (const r of rows) columns.set(`${r.t}.${r.c}`, { type: r.d, unsigned: /unsigned/.test(r.ct), length: r.l === null ? null : Number(r.l), precision: r.p === null ? null : Number(r.p), scale: r.s === null ? null : Number(r.s) })
  } finally {
    await conn.end()
  }
})
afterAll(async () => app?.close())

const INT_BITS: Record<string, number> = { tinyint: 8, smallint: 16, mediumint: 24, int: 32 }

/** Values just outside what the column holds, as a client would send them. */
function outside(col: Column): unknown[] {
  const bits = INT_BITS[col.type]
  if (bits) {
    const [min, max] = col.unsigned ? [0, 2 ** bits - 1] : [-(2 ** (bits - 1)), 2 ** (bits - 1) - 1]
    return [max + 1, String(max + 1), min - 1]
  }
  if (col.type === 'decimal') {
    const whole = col.precision! - col.scale!
    const past = `1${'0'.repeat(whole)}${col.scale ? `.${'0'.repeat(col.scale)}` : ''}`
    // and far past: more digits than a safe integer of cents
    return [past, `-${past}`, `1${'0'.repeat(20)}`]
  }
  if ((col.type === 'varchar' || col.type === 'char') && col.length) return ['x'.repeat(col.length + 1), '中'.repeat(col.length + 1)]
  return []
}

/** The fields whose schema accepts a value their column cannot hold. */
function overflows(where: string, table: string, fields: [string, z.ZodType][]): string[] {
  const found: string[] = []
  for (const [name, schema] of fields) {
    const col = columns.get(`${table}.${name}`)
    if (!col) continue
    for (const value of outside(col)) {
      let accepted: boolean
      try {
        accepted = schema.safeParse(value).success
      } catch (err) {
        found.push(`${where}: ${table}.${name} (${col.type}) throws on ${String(value).slice(0, 20)}: ${(err as Error).message}`)
        continue
      }
      if (accepted) found.push(`${where}: ${table}.${name} (${col.type}${col.length ? `(${col.length})` : col.precision ? `(${col.precision},${col.scale})` : ''}) accepts ${String(value).slice(0, 20)}`)
    }
  }
  return found
}

test('the resources and tables were found', () => {
  expect(app.servedResources.length).toBeGreaterThan(20)
  for (const [, , table] of BODIES) expect(columns.has(`${table}.id`), table).toBe(true)
  for (const res of app.servedResources) expect(columns.has(`${res.model}.id`), res.model).toBe(true)
})

test('every writable field of every resource refuses what its column cannot hold', () => {
  const found: string[] = []
  let probed = 0
  for (const res of app.servedResources) {
    const fields = Object.entries(res.decl.fields).filter(([, f]) => f.input && !f.virtual).map(([n, f]) => [n, f.input!] as [string, z.ZodType])
    probed += fields.length
    found.push(...overflows(`${res.decl.area}/${res.decl.name}`, res.model, fields))
  }
  expect(probed).toBeGreaterThan(80)
  expect(found).toEqual([])
})

test('every field of the custom write bodies refuses what its column cannot hold', () => {
  const found = BODIES.flatMap(([where, shape, table]) => overflows(where, table, Object.entries(shape)))
  expect(found).toEqual([])
})
