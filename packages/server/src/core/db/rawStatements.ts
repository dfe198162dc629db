// Raw statements (`$queryRaw`, `$executeRaw`, `$insertRaw`) straight on the mariadb driver, without Prisma's client in
// between: the money core and the checkout write through them, and Prisma's client costs several times the driver's
// CPU per statement. They run with the options their pool was made with (pools.ts), never options of their own: a
// statement's own options make the driver copy its whole option set for that statement.
//
// Answers are typed as Prisma's own raw statements type them: DECIMAL as Prisma.Decimal, BIGINT as bigint, DATETIME
// and DATE as Date (UTC), JSON parsed, binary as Buffer, other numbers as number. A refusal by the server is the
// driver's SqlError, with the server's errno (errors.ts reads it).
import type { TypeCastFunction, TypeCastResult, UpsertResult } from 'mariadb'
import { Prisma } from '../../generated/prisma/client.ts'

/** An INSERT: the id of its (first) new row, 0 when it wrote none. */
export type RawInsert = { $insertRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<{ insertId: number }> }
export type RawStatements = Pick<Prisma.TransactionClient, '$queryRaw' | '$executeRaw'> & RawInsert

/** Hands a statement to a connection or a pool (`run(sql, values)`), or refuses it (the transaction has ended). */
export type StatementRunner = (sql: string, values: unknown[]) => Promise<unknown>

/** Column type numbers of the MySQL client/server protocol (a column definition's type byte), as both engines send them. */
export const PROTOCOL_TYPE = {
  DECIMAL: 0, TINY: 1, SHORT: 2, LONG: 3, FLOAT: 4, DOUBLE: 5, NULL: 6, TIMESTAMP: 7, LONGLONG: 8, INT24: 9, DATE: 10,
  TIME: 11, DATETIME: 12, YEAR: 13, NEWDATE: 14, BIT: 16, TIMESTAMP2: 17, DATETIME2: 18, TIME2: 19, JSON: 245,
  NEWDECIMAL: 246, ENUM: 247, GEOMETRY: 255,
} as const
/** The pools' typeCast: DECIMAL as Prisma.Decimal, exact. */
export const decimalAsPrisma: TypeCastFunction = (field, next) => {
  const type = Number(field.columnType)
  if (type !== PROTOCOL_TYPE.NEWDECIMAL && type !== PROTOCOL_TYPE.DECIMAL) return next()
  const text = field.string()
  // The driver's typings list only its own types; the callers read a Decimal.
  return (text === null ? null : new Prisma.Decimal(text)) as unknown as TypeCastResult
}

function toDriverValue(value: unknown): unknown {
  if (Prisma.Decimal.isDecimal(value)) return (value as Prisma.Decimal).toFixed()
  if (value && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) return JSON.stringify(value)
  return value
}

/** Raw statements sent through `run`. */
export function rawStatements(run: StatementRunner): RawStatements {
  const send = (query: TemplateStringsArray | Prisma.Sql, values: unknown[]) => {
    const statement = query instanceof Prisma.Sql ? query : Prisma.sql(query, ...values)
    return run(statement.sql, statement.values.map(toDriverValue))
  }
  return {
    // The driver's rows carry their column descriptions as a property; the copy answers the rows alone.
    $queryRaw: (async (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => [...((await send(query, values)) as unknown[])]) as RawStatements['$queryRaw'],
    $executeRaw: (async (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => ((await send(query, values)) as UpsertResult).affectedRows) as RawStatements['$executeRaw'],
    async $insertRaw(query, ...values) {
      return { insertId: Number(((await send(query, values)) as UpsertResult).insertId) }
    },
  }
}

/** `(column, …) VALUES (…), (…)` of rows that all have the same keys — column names written in code, never input. */
export function insertRows(rows: readonly Record<string, unknown>[]): Prisma.Sql {
  const columns = Object.keys(rows[0])
  for (const column of columns) if (!/^[a-z_][a-z0-9_]*$/.test(column)) throw new Error(`insertRows: bad column name ${column}`)
  return Prisma.sql`(${Prisma.raw(columns.join(', '))}) VALUES ${Prisma.join(rows.map((row) => Prisma.sql`(${Prisma.join(columns.map((c) => row[c]))})`))}`
}
