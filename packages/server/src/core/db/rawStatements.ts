// Raw statements (`$queryRaw`, `$executeRaw`, `$insertRaw`) run through a Prisma driver adapter's public query
// interface (SqlQueryable: the adapter itself for the pool, a transaction object for a unit), without Prisma's client
// in between: the money core and the checkout write through them, and Prisma's client costs several times the
// driver's CPU per statement.
//
// Answers are typed as Prisma's own raw statements type them: DECIMAL as Prisma.Decimal, BIGINT as bigint, DATETIME
// and DATE as Date (UTC), JSON parsed, binary as Buffer, other numbers as number. A refusal by the server is a
// DatabaseError with its error number (errors.ts).
import { ColumnTypeEnum, type ArgType, type SqlQuery, type SqlQueryable, type SqlResultSet } from '@prisma/driver-adapter-utils'
import { Prisma } from '../../generated/prisma/client.ts'
import { DatabaseError, serverErrno, serverMessage } from './errors.ts'

/** An INSERT: the id of its (first) new row, 0 when it wrote none. */
export type RawInsert = { $insertRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<{ insertId: number }> }
export type RawStatements = Pick<Prisma.TransactionClient, '$queryRaw' | '$executeRaw'> & RawInsert

/** Where a statement goes: a queryable, or a refusal (the transaction has ended). `send` hands it over. */
export type StatementRunner = <T>(send: (on: SqlQueryable) => Promise<T>) => Promise<T>

const UNKNOWN: ArgType = { scalarType: 'unknown', arity: 'scalar' }

function toDriverValue(value: unknown): unknown {
  if (Prisma.Decimal.isDecimal(value)) return (value as Prisma.Decimal).toFixed()
  if (value && typeof value === 'object' && !(value instanceof Date) && !ArrayBuffer.isView(value)) return JSON.stringify(value)
  return value
}

/** A template or a Prisma.Sql as the adapter's query. */
export function sqlQuery(query: TemplateStringsArray | Prisma.Sql, values: readonly unknown[]): SqlQuery {
  const statement = query instanceof Prisma.Sql ? query : Prisma.sql(query, ...values)
  const args = statement.values.map(toDriverValue)
  return { sql: statement.sql, args, argTypes: args.map(() => UNKNOWN) }
}

function columnValue(type: number, value: unknown): unknown {
  if (value === null || value === undefined) return null
  switch (type) {
    case ColumnTypeEnum.Int64:
      return BigInt(value as string | number)
    case ColumnTypeEnum.Numeric:
      return new Prisma.Decimal(value as string)
    case ColumnTypeEnum.DateTime:
      return new Date(value as string)
    case ColumnTypeEnum.Date:
      return new Date(`${value as string}T00:00:00Z`)
    case ColumnTypeEnum.Json:
      return typeof value === 'string' ? JSON.parse(value) : value
    case ColumnTypeEnum.Bytes:
      return Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array)
    default:
      return value
  }
}

/** The adapter's rows (arrays, typed by column) as objects keyed by column name. */
export function rowsOf(result: SqlResultSet): Record<string, unknown>[] {
  const { columnNames, columnTypes } = result
  return result.rows.map((row) => {
    const object: Record<string, unknown> = {}
    for (let i = 0; i < columnNames.length; i++) object[columnNames[i]] = columnValue(columnTypes[i], row[i])
    return object
  })
}

/** A refusal by the server as a DatabaseError; anything else as it came. */
function asDatabaseError(err: unknown): unknown {
  const errno = serverErrno(err)
  return errno === undefined ? err : new DatabaseError(errno, serverMessage(err) || (err as Error)?.message || '', { cause: err })
}

/** Raw statements sent through `run`. */
export function rawStatements(run: StatementRunner): RawStatements {
  const send = <T>(query: TemplateStringsArray | Prisma.Sql, values: unknown[], how: (on: SqlQueryable, q: SqlQuery) => Promise<T>): Promise<T> => {
    const q = sqlQuery(query, values)
    return run((on) => how(on, q)).catch((err: unknown) => {
      throw asDatabaseError(err)
    })
  }
  return {
    $queryRaw: ((query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) =>
      send(query, values, async (on, q) => rowsOf(await on.queryRaw(q)))) as RawStatements['$queryRaw'],
    $executeRaw: ((query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) =>
      send(query, values, (on, q) => on.executeRaw(q))) as RawStatements['$executeRaw'],
    $insertRaw: (query, ...values) => send(query, values, async (on, q) => ({ insertId: Number((await on.queryRaw(q)).lastInsertId ?? 0) })),
  }
}

/** `(column, …) VALUES (…), (…)` of rows that all have the same keys — column names written in code, never input. */
export function insertRows(rows: readonly Record<string, unknown>[]): Prisma.Sql {
  const columns = Object.keys(rows[0])
  for (const column of columns) if (!/^[a-z_][a-z0-9_]*$/.test(column)) throw new Error(`insertRows: bad column name ${column}`)
  return Prisma.sql`(${Prisma.raw(columns.join(', '))}) VALUES ${Prisma.join(rows.map((row) => Prisma.sql`(${Prisma.join(columns.map((c) => row[c]))})`))}`
}
