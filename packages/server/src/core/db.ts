import { AsyncLocalStorage } from 'node:async_hooks'
import net from 'node:net'
import mariadb, { type PoolConnection, type TypeCastFunction, type TypeCastResult, type UpsertResult } from 'mariadb'
import { PrismaMariaDb } from '@prisma/adapter-mariadb'
import { Prisma, PrismaClient } from '../generated/prisma/client.ts'

/** An INSERT through the bare driver: the id of its (first) new row and how many rows it wrote. */
export type RawInsert = { $insertRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<{ insertId: number; affectedRows: number }> }
/** Raw statements on one pooled connection for the length of `work`: statements sent without waiting for each other
 *  go out in one write (coalescingSocket) and run in order. For reads outside a unit that belong together. */
export type SameConnection = { $sameConnection<T>(work: (db: RawStatements) => Promise<T>): Promise<T> }
export type Db = PrismaClient & RawInsert & SameConnection
/** What a unit of work writes through: Prisma's transaction client, its raw statements on the transaction's connection. */
export type Tx = Prisma.TransactionClient & RawInsert
export { Prisma }

/**
 * How long a statement waits for a row lock before failing with 1205 (the server default is 50 s). A unit of work
 * (unitOfWork.ts) retries the whole transaction on it, so a lock held too long costs one retry rather than a request
 * stuck past its transaction timeout.
 */
export const LOCK_WAIT_SECONDS = 5

/** A unit's transaction: its connection, and whether it has ended (then its raw statements are refused). */
type TransactionSlot = { conn: PoolConnection; ended: boolean }
/** Prisma joining a unit's transaction takes the unit's connection from here (adapterPool.getConnection). */
const transactionSlot = new AsyncLocalStorage<TransactionSlot>()

type TransactionOptions = { isolationLevel?: Prisma.TransactionIsolationLevel; timeout?: number; maxWait?: number }
const ISOLATION_SQL: Record<string, string> = { ReadUncommitted: 'READ UNCOMMITTED', ReadCommitted: 'READ COMMITTED', RepeatableRead: 'REPEATABLE READ', Serializable: 'SERIALIZABLE' }
const PRISMA_DEFAULTS = { timeout: 5000, maxWait: 2000 }
const TRANSACTION_CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK)\s*$/i

/**
 * The Prisma client, with changes that keep Prisma's and the network's cost off the hot paths:
 *
 * - `$queryRaw`, `$executeRaw` and `$insertRaw` go straight to the mariadb driver: Prisma's client costs about
 *   0.25 ms of CPU per statement on top of the driver's 0.06 ms, and the money core (stock, ledger, transitions,
 *   idempotency, outbox) and the checkout write through raw statements.
 * - An interactive transaction (`$transaction(work)`, which only the unit of work calls) is opened on a pooled
 *   connection by this file (BEGIN, COMMIT or ROLLBACK, its timeout), and Prisma joins it only when the work makes
 *   its first ORM call: Prisma then runs on the same connection, inside the same transaction (adapterPool below
 *   lends it the connection and leaves BEGIN, COMMIT and ROLLBACK to this file). A unit that sends only raw
 *   statements — checkout, payment — never starts Prisma's transaction machinery.
 * - Statements sent without waiting for each other (`Promise.all` on a unit's `tx`) share one round trip: the driver
 *   pipelines them and coalescingSocket writes them at once; the server runs them in the order sent. A unit runs with
 *   autocommit off, so a statement sent behind one that deadlocked cannot commit on its own.
 *
 * Statements go over the driver's text protocol. The adapter's binary protocol, with the driver's statement cache off
 * (the adapter's default, as Prisma's varying `IN (…)` lists would fill it), prepares, runs and closes every statement.
 * What the text protocol loses is exactness of a Decimal `increment`/`decrement` beyond 2^53 (the value travels as a
 * string the server adds as a DOUBLE): balances change only through core/ledger.ts, whose SQL casts to DECIMAL.
 */
export function createPrisma(databaseUrl: string, connectionLimit = 10, lockWaitSeconds = LOCK_WAIT_SECONDS): Db {
  const u = new URL(databaseUrl)
  const pool = withCheapWaits(mariadb.createPool({
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
    stream: () => coalescingSocket(u.hostname, Number(u.port || 3306)),
  }))
  const adapterPool = {
    query: pool.query.bind(pool),
    end: pool.end.bind(pool),
    // Prisma opens its transactions here: inside a unit it is lent the unit's connection.
    async getConnection() {
      const slot = transactionSlot.getStore()
      return slot ? lent(slot) : pool.getConnection()
    },
  }
  const prisma = new PrismaClient({ adapter: new PrismaMariaDb(adapterPool as unknown as mariadb.Pool, { useTextProtocol: true }) })

  async function transaction(work: (tx: Tx) => Promise<unknown>, options: TransactionOptions = {}) {
    const timeout = options.timeout ?? PRISMA_DEFAULTS.timeout
    const slot: TransactionSlot = { conn: await acquire(pool, options.maxWait ?? PRISMA_DEFAULTS.maxWait), ended: false }
    const { conn } = slot
    // Prisma, once joined: its transaction client, and how to end its transaction when the unit ends.
    let joined: Promise<Prisma.TransactionClient> | undefined
    let finishJoined: ((committed: boolean) => void) | undefined
    let joinedDone: Promise<unknown> = Promise.resolve()
    const join = () =>
      (joined ??= new Promise<Prisma.TransactionClient>((resolve, reject) => {
        joinedDone = transactionSlot.run(slot, () =>
          prisma.$transaction(
            (prismaTx) => {
              resolve(prismaTx)
              return new Promise((committed, rolledBack) => (finishJoined = (ok) => (ok ? committed(null) : rolledBack(new Error('the unit rolled back')))))
            },
            { timeout: timeout + 1000, maxWait: timeout },
          ),
        )
        joinedDone.catch(reject)
      }))
    // Every end of the transaction (commit, rollback, timeout) also turns autocommit back on, in the same write.
    const end = (statement: 'COMMIT' | 'ROLLBACK') => {
      const ended = conn.query(statement)
      conn.query('SET autocommit = 1').catch(() => {})
      return ended
    }
    // Past its timeout the transaction is rolled back at once (its locks go) and the unit's later statements fail.
    const timer = setTimeout(() => {
      slot.ended = true
      end('ROLLBACK').catch(() => {})
    }, timeout)
    // Not awaited: the driver sends the work's first statement right behind BEGIN, in the same write
    // (coalescingSocket), and runs them in order. BEGIN fails only with its connection, which fails that statement too.
    // The work may send statements without waiting for the one before (pipelined); should one of them end the
    // transaction (a deadlock rolls it back), autocommit off makes the next ones open a new transaction, which the
    // unit's ROLLBACK then undoes, instead of each committing on its own.
    const begun = Promise.all([
      options.isolationLevel ? conn.query(`SET TRANSACTION ISOLATION LEVEL ${ISOLATION_SQL[options.isolationLevel]}`) : null,
      conn.query('SET autocommit = 0'),
      conn.query('BEGIN'),
    ])
    begun.catch(() => {})
    try {
      const result = await work(unitClient(rawStatements(() => (slot.ended ? null : conn)), join))
      await begun
      if (slot.ended) throw new Error(`the transaction passed its ${timeout} ms timeout and was rolled back`)
      if (joined) {
        finishJoined?.(true)
        await joinedDone
      }
      await end('COMMIT')
      return result
    } catch (err) {
      if (joined) {
        finishJoined?.(false)
        await joinedDone.catch(() => {})
      }
      if (!slot.ended) await end('ROLLBACK').catch(() => {})
      throw err
    } finally {
      slot.ended = true
      clearTimeout(timer)
      await conn.release().catch(() => {})
    }
  }

  let ended: Promise<void> | undefined
  return withMembers<Db>(prisma, {
    ...rawStatements(() => pool),
    async $sameConnection<T>(work: (db: RawStatements) => Promise<T>): Promise<T> {
      const conn = await acquire(pool, PRISMA_DEFAULTS.maxWait)
      let open = true
      try {
        return await work(rawStatements(() => (open ? conn : null), 'the connection has gone back to the pool'))
      } finally {
        open = false
        await conn.release().catch(() => {})
      }
    },
    // The pool is this file's, used even when Prisma never connected: it is ended here, once.
    async $disconnect() {
      await prisma.$disconnect()
      await (ended ??= pool.end())
    },
    $transaction(arg: unknown, options?: TransactionOptions) {
      if (typeof arg !== 'function') return prisma.$transaction(arg as Prisma.PrismaPromise<unknown>[], options as never)
      return transaction(arg as (tx: Tx) => Promise<unknown>, options)
    },
  })
}

/**
 * A connection to the server whose writes made in one turn of the event loop leave in one system call. Statements a
 * caller sends without waiting for each other (the driver pipelines them) then cost one write and wake the server
 * once. The driver hands over each packet in a buffer of its own and never touches it again, so holding the packets
 * until the turn ends is safe; they are joined here rather than corked, as Writable's buffered path costs more than
 * the join.
 */
function coalescingSocket(host: string, port: number): net.Socket {
  const socket = net.connect(port, host)
  const write = socket.write.bind(socket) as (chunk: Buffer) => boolean
  let held: Buffer[] = []
  const flush = () => {
    const packets = held
    held = []
    if (packets.length) write(packets.length === 1 ? packets[0] : Buffer.concat(packets))
  }
  socket.write = ((chunk: Buffer) => {
    if (!held.length) process.nextTick(flush)
    held.push(chunk)
    return true
  }) as typeof socket.write
  return socket
}

/**
 * The pool, with its connection requests made without stack traces. The driver's pool creates an Error each time
 * it has no idle connection, before queueing the request (mariadb 3.4, pool.js _acquireIdleConnection); under load
 * that is most requests, and capturing the Error's stack, async frames included, took 4% of the checkout's CPU.
 * The request is made synchronously, so the limit covers exactly that call.
 */
function withCheapWaits(pool: mariadb.Pool): mariadb.Pool {
  const quietly = <T>(request: () => T): T => {
    const limit = Error.stackTraceLimit
    Error.stackTraceLimit = 0
    try {
      return request()
    } finally {
      Error.stackTraceLimit = limit
    }
  }
  const getConnection = pool.getConnection.bind(pool)
  const query = pool.query.bind(pool)
  pool.getConnection = () => quietly(getConnection)
  pool.query = ((sql: never, values?: never) => quietly(() => query(sql, values))) as typeof pool.query
  return pool
}

/** A pooled connection within `maxWait` ms, or an error (a connection that arrives later goes back to the pool). */
async function acquire(pool: mariadb.Pool, maxWait: number): Promise<PoolConnection> {
  const pending = pool.getConnection()
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no database connection within ${maxWait} ms`)), maxWait)
  })
  try {
    return await Promise.race([pending, late])
  } catch (err) {
    pending.then((conn) => conn.release(), () => {})
    throw err
  } finally {
    clearTimeout(timer)
  }
}

/** The unit's connection as Prisma's adapter sees it when Prisma joins: statements pass while the unit's transaction
 *  is open (never after, when they would run outside it); transaction control and release are the unit's own (the
 *  adapter sends BEGIN on start, COMMIT or ROLLBACK and release on its end). */
function lent(slot: TransactionSlot): PoolConnection {
  const { conn } = slot
  const ok = Promise.resolve({ affectedRows: 0, insertId: 0, warningStatus: 0 })
  const sqlOf = (sql: unknown) => (typeof sql === 'string' ? sql : String((sql as { sql?: unknown })?.sql ?? ''))
  // With the text protocol (createPrisma's useTextProtocol) the adapter sends every statement through query.
  const view: Partial<PoolConnection> = {
    query: ((sql: never, values?: never) => {
      if (TRANSACTION_CONTROL.test(sqlOf(sql))) return ok
      return slot.ended ? Promise.reject(new Error('the transaction has already ended')) : conn.query(sql, values)
    }) as PoolConnection['query'],
    on: (() => view) as never,
    off: (() => view) as never,
    release: () => Promise.resolve(),
  }
  return view as PoolConnection
}

/** What a unit's work is handed: raw statements on the unit's connection; anything else (model delegates,
 *  `$queryRawUnsafe`…) is Prisma's transaction client, joined on first use. */
function unitClient(raw: RawStatements, join: () => Promise<Prisma.TransactionClient>): Tx {
  const own = raw as unknown as Record<PropertyKey, unknown>
  type Callable = (...args: unknown[]) => unknown
  const member = (tx: Prisma.TransactionClient, name: PropertyKey) => (tx as unknown as Record<PropertyKey, unknown>)[name]
  const joinedMember = (name: PropertyKey) =>
    new Proxy(function joined() {}, {
      // tx.orders.findMany(args)
      get: (_target, method) => (...args: unknown[]) => join().then((tx) => (member(tx, name) as Record<PropertyKey, Callable>)[method](...args)),
      // tx.$queryRawUnsafe(sql, …)
      apply: (_target, _this, args: unknown[]) => join().then((tx) => Reflect.apply(member(tx, name) as Callable, tx, args)),
    })
  return new Proxy({} as Tx, {
    get(_target, prop) {
      if (Object.hasOwn(own, prop)) return own[prop]
      // not a thenable, and nothing for inspection
      if (prop === 'then' || typeof prop === 'symbol') return undefined
      return joinedMember(prop)
    },
  })
}

export type RawStatements = Pick<Prisma.TransactionClient, '$queryRaw' | '$executeRaw'> & RawInsert

/** `target` with `members` in place of its own; everything else is the target's. */
function withMembers<T extends object>(target: object, members: object): T {
  const own = members as Record<PropertyKey, unknown>
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
function rawStatements(runner: () => Runner | null, closed = 'the transaction has already ended'): RawStatements {
  const run = async (query: TemplateStringsArray | Prisma.Sql, values: unknown[]) => {
    const on = runner()
    if (!on) throw new Error(closed)
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
