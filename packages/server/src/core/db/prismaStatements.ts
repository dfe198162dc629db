// Prisma's statements on a unit's connection: Prisma's driver adapter interface (SqlQueryable, from
// @prisma/driver-adapter-utils) over a mariadb connection of the unit pool. Prisma joins a unit through it
// (transaction.ts, prismaBridge.ts); outside units Prisma runs on @prisma/adapter-mariadb over the general pool.
//
// What Prisma expects of an adapter, and how it is met here:
// - Each statement's own options ask the driver for rows as arrays, dates as text, JSON as text and no type casts
//   (the unit pool's options are set for the raw statements, rawStatements.ts).
// - Answers: column names, a column type per column (ColumnTypeEnum), rows with DATETIME as ISO text in UTC and
//   BIGINT as decimal text, the id an INSERT generated. MariaDB announces a JSON column as LONGTEXT: it is typed Text,
//   and Prisma decodes a Json field from its text the same way.
// - Arguments: dates are written as UTC text, BigInt and bytes decoded from the text Prisma sends them as.
// - A refusal by the server becomes a DriverAdapterError whose kind Prisma turns into its known errors (P2002 for a
//   duplicate key, P2003 for a foreign key, P2034 for a deadlock), keeping the server's number and message.
import type { FieldInfo, PoolConnection, SqlError, TypeCastFunction } from 'mariadb'
import { ColumnTypeEnum, DriverAdapterError, type ArgType, type ColumnType, type SqlQuery, type SqlQueryable, type SqlResultSet } from '@prisma/driver-adapter-utils'
import { SERVER_ERROR } from './errors.ts'
import { PROTOCOL_TYPE } from './rawStatements.ts'

const UNSIGNED = 1 << 5
const BINARY_COLLATION = 63
const asDriverReturns: TypeCastFunction = (_field, next) => next()
const STATEMENT_OPTIONS = { rowsAsArray: true, dateStrings: true, autoJsonMap: false, typeCast: asDriverReturns } as const

type ArrayResult = unknown[][] & { meta?: FieldInfo[] }
type OkPacket = { affectedRows: number; insertId: number | bigint }

const T = PROTOCOL_TYPE

function columnType(field: FieldInfo): ColumnType {
  switch (Number(field.columnType)) {
    case T.TINY:
    case T.SHORT:
    case T.INT24:
    case T.YEAR:
    case T.NULL:
      return ColumnTypeEnum.Int32
    case T.LONG:
      return Number(field.flags) & UNSIGNED ? ColumnTypeEnum.Int64 : ColumnTypeEnum.Int32
    case T.LONGLONG:
      return ColumnTypeEnum.Int64
    case T.FLOAT:
      return ColumnTypeEnum.Float
    case T.DOUBLE:
      return ColumnTypeEnum.Double
    case T.DECIMAL:
    case T.NEWDECIMAL:
      return ColumnTypeEnum.Numeric
    case T.DATETIME:
    case T.DATETIME2:
    case T.TIMESTAMP:
    case T.TIMESTAMP2:
      return ColumnTypeEnum.DateTime
    case T.DATE:
    case T.NEWDATE:
      return ColumnTypeEnum.Date
    case T.TIME:
    case T.TIME2:
      return ColumnTypeEnum.Time
    case T.JSON:
      return ColumnTypeEnum.Json
    case T.ENUM:
      return ColumnTypeEnum.Enum
    case T.BIT:
    case T.GEOMETRY:
      return ColumnTypeEnum.Bytes
    default:
      // the string and BLOB types: bytes under the binary collation, text otherwise
      return field.collation.index === BINARY_COLLATION ? ColumnTypeEnum.Bytes : ColumnTypeEnum.Text
  }
}

/** A DATETIME as the driver's text ('2026-11-27 08:00:00.123', UTC) in ISO form. */
const isoDateTime = (text: string) => `${text.replace(' ', 'T')}Z`

function cell(type: ColumnType, value: unknown): unknown {
  if (value === null) return null
  if (typeof value === 'bigint') return value.toString()
  if (type === ColumnTypeEnum.DateTime && typeof value === 'string') return isoDateTime(value)
  return value
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
function utcText(date: Date, dbType: string | undefined): string {
  const day = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
  const ms = date.getUTCMilliseconds()
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}${ms ? `.${pad(ms, 3)}` : ''}`
  if (dbType === 'DATE' || dbType === 'NEWDATE') return day
  if (dbType === 'TIME' || dbType === 'TIME2') return time
  return `${day} ${time}`
}

function argument(value: unknown, type: ArgType | undefined): unknown {
  if (value === null || value === undefined) return null
  if (typeof value === 'string' && type?.scalarType === 'bigint') return BigInt(value)
  if (typeof value === 'string' && type?.scalarType === 'bytes') return Buffer.from(value, 'base64')
  const date = typeof value === 'string' && type?.scalarType === 'datetime' ? new Date(value) : value
  if (date instanceof Date) return utcText(date, type?.dbType)
  if (ArrayBuffer.isView(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength)
  return value
}

/** The adapter interface's description of a refusal by the server. */
function refusal(err: SqlError): DriverAdapterError {
  const message = err.sqlMessage ?? ''
  const quoted = (part: string | undefined) => part?.split(/['`]/)[1]
  const base = { originalCode: String(err.errno), originalMessage: message }
  switch (err.errno) {
    case SERVER_ERROR.DUPLICATE_KEY: {
      const index = quoted(message.split(' for key ').at(-1))?.split('.').at(-1)
      return new DriverAdapterError({ ...base, kind: 'UniqueConstraintViolation', constraint: index ? { index } : undefined })
    }
    case 1451:
    case 1452:
      return new DriverAdapterError({ ...base, kind: 'ForeignKeyConstraintViolation', constraint: { foreignKey: {} } })
    case 1048:
    case 1364: {
      const field = quoted(message)
      return new DriverAdapterError({ ...base, kind: 'NullConstraintViolation', constraint: field ? { fields: [field] } : undefined })
    }
    case 1264:
      return new DriverAdapterError({ ...base, kind: 'ValueOutOfRange', cause: message })
    case 1406:
      return new DriverAdapterError({ ...base, kind: 'LengthMismatch', column: quoted(message) })
    case SERVER_ERROR.DEADLOCK:
      return new DriverAdapterError({ ...base, kind: 'TransactionWriteConflict' })
    default:
      return new DriverAdapterError({ ...base, kind: 'mysql', code: err.errno, message, state: err.sqlState ?? '' })
  }
}

const isServerRefusal = (err: unknown): err is SqlError => typeof (err as SqlError)?.errno === 'number' && typeof (err as SqlError)?.sqlMessage === 'string'

/** Prisma's statements on `conn`, each handed over by `send` (which may refuse it: the transaction has ended). */
export function prismaStatements(conn: PoolConnection, send: <T>(run: () => Promise<T>) => Promise<T>): SqlQueryable {
  const perform = (query: SqlQuery) =>
    send(() =>
      conn
        .query({ sql: query.sql, ...STATEMENT_OPTIONS }, query.args.map((arg, i) => argument(arg, query.argTypes[i])))
        .catch((err: unknown) => {
          throw isServerRefusal(err) ? refusal(err) : err
        }),
    )
  return {
    provider: 'mysql',
    adapterName: 'qshop-unit',
    async queryRaw(query): Promise<SqlResultSet> {
      const result = (await perform(query)) as ArrayResult | OkPacket
      if (!Array.isArray(result)) return { columnNames: [], columnTypes: [], rows: [], lastInsertId: String(result.insertId) }
      const types = (result.meta ?? []).map(columnType)
      return {
        columnNames: (result.meta ?? []).map((field) => field.name()),
        columnTypes: types,
        rows: result.map((row) => row.map((value, i) => cell(types[i], value))),
      }
    },
    async executeRaw(query): Promise<number> {
      return ((await perform(query)) as OkPacket).affectedRows ?? 0
    },
  }
}
