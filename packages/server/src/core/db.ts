import { AsyncLocalStorage } from 'node:async_hooks'
import mariadb, { type PoolConnection, type TypeCastFunction, type TypeCastResult, type UpsertResult } from 'mariadb'
import { PrismaMariaDb } from '@prisma/adapter-mariadb'
import { Prisma, PrismaClient } from '../generated/prisma/client.ts'

/** An INSERT through the bare driver: the id of its (first) new row and how many rows it wrote. */
export type RawInsert = { $insertRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<{ insertId: number; affectedRows: number }> }
export type Db = PrismaClient & RawInsert
/** What a unit of work writes through: Prisma's transaction client, its raw statements on the transaction's connection. */
export type Tx = Prisma.TransactionClient & RawInsert
export { Prisma }

/**
 * How long a statement waits for a row lock before failing with 1205 (the server default is 50 s). A unit of work
 * (unitOfWork.ts) retries the whole transaction on it, so a lock held too long costs one retry rather than a request
 * stuck past its transaction timeout.
 */
export const LOCK_WAIT_SECONDS = 5

/** The connection an interactive transaction took from the pool, and whether the transaction has ended. */
type TransactionSlot = { conn?: PoolConnection; ended?: boolean }
const transactionSlot = new AsyncLocalStorage<TransactionSlot>()

/**
 * The Prisma client, with `$queryRaw` and `$executeRaw` — on the client and on an interactive transaction's `tx` —
 * sent straight to the mariadb driver, on the same pool and, inside a transaction, on the transaction's own
 * connection. Prisma's client costs about 0.25 ms of CPU per statement on top of the driver's 0.06 ms; the money
 * core (stock, ledger, transitions, idempotency, outbox) and the checkout write through raw statements, so a
 * checkout's two dozen statements no longer pay it. ORM calls still go through Prisma, in the same transaction.
 *
 * Statements go over the driver's text protocol: one round trip each. The adapter's binary protocol, with the
 * driver's statement cache off (the adapter's default, as Prisma's varying `IN (…)` lists would fill it), prepares,
 * runs and closes every statement. What the text protocol loses is exactness of a Decimal `increment`/`decrement`
 * beyond 2^53 (the value travels as a string the server adds as a DOUBLE): balances change only through
 * core/ledger.ts, whose SQL casts to DECIMAL.
 */
export function createPrisma(databaseUrl: string, connectionLimit = 10, lockWaitSeconds = LOCK_WAIT_SECONDS): Db {
  const u = new URL(databaseUrl)
  const pool = mariadb.createPool({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)),
    connectionLimit,
    // Money columns come back as Decimal through Prisma; dates are stored and read in UTC.
    timezone: 'Z',
    // MySQL 8.4 (compose) authenticates with caching_sha2_password over a plain connection.
    allowPublicKeyRetrieval: true,
    sessionVariables: { innodb_lock_wait_timeout: lockWaitSeconds },
    // For the raw statements below. Set on the pool, not per statement: per-statement options make the driver copy
    // its whole option set for each one. The adapter passes its own options (and its own typeCast) with each query.
    insertIdAsNumber: true,
    typeCast: decimalAsPrisma,
  })
  // The adapter opens a transaction with getConnection: the unit's slot keeps that connection until it is released.
  const adapterPool = {
    query: pool.query.bind(pool),
    execute: pool.execute.bind(pool),
    end: pool.end.bind(pool),
    async getConnection() {
      const conn = await pool.getConnection()
      const slot = transactionSlot.getStore()
      if (slot && !slot.conn) {
        const release = conn.release
        slot.conn = conn
        conn.release = () => ((slot.ended = true), release())
      }
      return conn
    },
  }
  const prisma = new PrismaClient({ adapter: new PrismaMariaDb(adapterPool as unknown as mariadb.Pool, { useTextProtocol: true, disposeExternalPool: true }) })
  const direct = rawStatements(() => pool)
  return withRaw<Db>(prisma, direct, {
    $transaction(arg: unknown, options?: unknown) {
      if (typeof arg !== 'function') return prisma.$transaction(arg as Prisma.PrismaPromise<unknown>[], options as never)
      const slot: TransactionSlot = {}
      return transactionSlot.run(slot, () =>
        prisma.$transaction((tx) => {
          if (!slot.conn) throw new Error('the transaction connection was not recorded')
          return arg(withRaw<Tx>(tx, rawStatements(() => (slot.ended ? null : slot.conn!))))
        }, options as never),
      )
    },
  })
}

type RawStatements = Pick<Prisma.TransactionClient, '$queryRaw' | '$executeRaw'> & RawInsert

/** `target` with its raw statements (and any `extra` member) replaced; everything else is the target's own. */
function withRaw<T extends object>(target: object, raw: RawStatements, extra: object = {}): T {
  const own = { ...raw, ...extra } as Record<PropertyKey, unknown>
  return new Proxy(target as T, {
    get(t, prop) {
      if (Object.hasOwn(own, prop)) return own[prop]
      const value = Reflect.get(t, prop, t)
      return typeof value === 'function' ? value.bind(t) : value
    },
  })
}

type Runner = Pick<PoolConnection, 'query'>

/** `$queryRaw`/`$executeRaw` answering as Prisma's do (DECIMAL as Prisma.Decimal, BIGINT as bigint, DATETIME as
 *  Date, JSON parsed), run on what `runner()` gives: the pool, or a transaction's connection while it is open. */
function rawStatements(runner: () => Runner | null): RawStatements {
  const run = async (query: TemplateStringsArray | Prisma.Sql, values: unknown[]) => {
    const on = runner()
    if (!on) throw new Error('the transaction has already ended')
    const statement = query instanceof Prisma.Sql ? query : Prisma.sql(query, ...values)
    return on.query(statement.sql, statement.values.map(toDriverValue))
  }
  return {
    $queryRaw: (async (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => [...((await run(query, values)) as unknown[])]) as RawStatements['$queryRaw'],
    $executeRaw: (async (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => ((await run(query, values)) as UpsertResult).affectedRows) as RawStatements['$executeRaw'],
    async $insertRaw(query, ...values) {
      const { insertId, affectedRows } = (await run(query, values)) as UpsertResult
      return { insertId: Number(insertId), affectedRows }
    },
  }
}

const decimalAsPrisma: TypeCastFunction = (field, next) => {
  if (field.type !== 'NEWDECIMAL' && field.type !== 'DECIMAL') return next()
  const text = field.string()
  // The driver's typings list only its own types; Prisma's callers read a Decimal.
  return (text === null ? null : new Prisma.Decimal(text)) as unknown as TypeCastResult
}

function toDriverValue(value: unknown): unknown {
  if (Prisma.Decimal.isDecimal(value)) return (value as Prisma.Decimal).toFixed()
  if (value && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) return JSON.stringify(value)
  return value
}

/** `(column, …) VALUES (…), (…)` of rows that all have the same keys — column names written in code, never input. */
export function insertRows(rows: readonly Record<string, unknown>[]): Prisma.Sql {
  const columns = Object.keys(rows[0])
  for (const column of columns) if (!/^[a-z_][a-z0-9_]*$/.test(column)) throw new Error(`insertRows: bad column name ${column}`)
  return Prisma.sql`(${Prisma.raw(columns.join(', '))}) VALUES ${Prisma.join(rows.map((row) => Prisma.sql`(${Prisma.join(columns.map((c) => row[c]))})`))}`
}
