// The read path of resource lists through the bare driver: the same columns, conditions and order the engine
// gives Prisma, as two SQL statements. Prisma's row hydration costs several times the query itself on a 30-row
// page (bench/run.ts); anything this builder does not know (relations, OR, JSON columns...) answers null and
// the engine uses Prisma instead.
import mysql from 'mysql2'
import { LIST_TOTAL_CAP } from '@qshop/shared'
import type { Pool } from 'mysql2/promise'
import { storedDateTimeReader } from './wire.ts'

type Where = Record<string, unknown>
type Order = Record<string, string>[]

const IDENT = /^[a-z_][a-z0-9_]*$/
const COMPARE: Record<string, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' }
const q = (ident: string) => `\`${ident}\``

/** A value matched literally inside LIKE '%...%' (its own % _ and \\ escaped). */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

function isScalar(v: unknown): boolean {
  return v === null || v instanceof Date || ['string', 'number'].includes(typeof v)
}

/** WHERE clause and its parameters, or null when a condition is not a plain column test. `contains` means what it
 *  means to Prisma: the value goes into LIKE '%...%' as it is (callers escape literal text with likeEscape). */
export function whereSql(where: Where): { sql: string; params: unknown[] } | null {
  const parts: string[] = []
  const params: unknown[] = []
  for (const [col, cond] of Object.entries(where)) {
    if (!IDENT.test(col)) return null
    if (isScalar(cond)) {
      parts.push(cond === null ? `${q(col)} IS NULL` : `${q(col)} = ?`)
      if (cond !== null) params.push(cond)
      continue
    }
    if (typeof cond !== 'object') return null
    for (const [op, value] of Object.entries(cond as Record<string, unknown>)) {
      if (op === 'contains' && typeof value === 'string') {
        parts.push(`${q(col)} LIKE ?`)
        params.push(`%${value}%`)
      } else if (op in COMPARE && isScalar(value) && value !== null) {
        parts.push(`${q(col)} ${COMPARE[op]} ?`)
        params.push(value)
      } else if (op === 'in' && Array.isArray(value) && value.every(isScalar)) {
        parts.push(value.length ? `${q(col)} IN (${value.map(() => '?').join(', ')})` : '1 = 0')
        params.push(...value)
      } else return null
    }
  }
  return { sql: parts.length ? ` WHERE ${parts.join(' AND ')}` : '', params }
}

export type ListPage = { rows: Record<string, unknown>[]; total: number }

/** Rows counted for a list's total: one past the cap tells that there are more (LIST_TOTAL_CAP). */
export const COUNT_LIMIT = LIST_TOTAL_CAP + 1

/** One page and the total (counted up to `countLimit` rows), or null when the query needs Prisma. */
export async function listPageSql(
  pool: Pool,
  table: string,
  { select, where, orderBy, skip, take }: { select: Record<string, unknown>; where: Where; orderBy: Order; skip: number; take: number },
  countLimit = COUNT_LIMIT,
): Promise<ListPage | null> {
  const columns = Object.entries(select)
  if (!IDENT.test(table) || columns.some(([c, v]) => v !== true || !IDENT.test(c))) return null
  const cond = whereSql(where)
  if (!cond) return null
  const orderSql = orderBy.map((o) => Object.entries(o).map(([c, dir]) => `${q(c)} ${dir === 'desc' ? 'DESC' : 'ASC'}`).join(', ')).join(', ')
  const [rows, [count]] = await Promise.all([
    rowsOf(
      pool,
      `SELECT ${columns.map(([c]) => q(c)).join(', ')} FROM ${q(table)}${cond.sql}${orderSql ? ` ORDER BY ${orderSql}` : ''} LIMIT ? OFFSET ?`,
      [...cond.params, take, skip],
    ),
    rowsOf(pool, `SELECT COUNT(*) AS total FROM (SELECT 1 FROM ${q(table)}${cond.sql} LIMIT ?) AS counted`, [...cond.params, countLimit]),
  ])
  return { rows, total: Number(count.total) }
}

const DATETIME_TYPES = new Set<number>([mysql.Types.DATETIME, mysql.Types.TIMESTAMP])

/**
 * A query through the pool's callback interface (the promise wrapper captures a stack trace per query), its
 * DATETIME columns turned into their wire form.
 */
function rowsOf(pool: Pool, sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    pool.pool.query(sql, params, (err, result, fields) => {
      if (err) return reject(err)
      const rows = result as Record<string, unknown>[]
      const times = fields.filter((f) => DATETIME_TYPES.has(f.type ?? 0)).map((f) => f.name)
      if (times.length) {
        const read = storedDateTimeReader()
        for (const row of rows) for (const c of times) if (row[c] !== null) row[c] = read(row[c] as string)
      }
      resolve(rows)
    })
  })
}
