// Bulk insert for the seed. Prisma's createMany spends about half a millisecond of CPU per row building its
// query, and the seed writes several hundred rows on every test reset; one parameterised multi-row INSERT
// costs a fraction of that. Table and column names are code constants, never input. Callers insert only rows
// they found missing: a duplicate (a concurrent seed) fails loudly instead of being skipped.
import type { FastifyInstance } from 'fastify'

const ident = (name: string) => `\`${name}\``

/** Inserts rows sharing the first row's columns (plus created_at/updated_at) and answers how many went in. */
export async function insertRows(app: FastifyInstance, table: string, rows: Record<string, unknown>[]): Promise<number> {
  if (!rows.length) return 0
  const columns = Object.keys(rows[0])
  const now = new Date()
  const placeholders = `(${[...columns, 'created_at', 'updated_at'].map(() => '?').join(', ')})`
  const sql =
    `INSERT INTO ${ident(table)} (${[...columns, 'created_at', 'updated_at'].map(ident).join(', ')}) ` +
    `VALUES ${rows.map(() => placeholders).join(', ')}`
  return app.db.$executeRawUnsafe(sql, ...rows.flatMap((r) => [...columns.map((c) => r[c]), now, now]))
}
