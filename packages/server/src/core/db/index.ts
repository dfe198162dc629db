// The database client of a process (the api's plugins/infra.ts, the worker, scripts): Prisma's client, raw statements
// on the general pool, and the transactions of units of work. How the parts fit:
//
// - pools.ts: a general pool (autocommit on), lent to @prisma/adapter-mariadb for Prisma's calls outside units, and a
//   unit pool (autocommit off).
// - transaction.ts: a unit's transaction (statement order, the fence before its end, its timeout); the only caller of
//   `$transaction(work)` is core/unitOfWork.ts.
// - prismaBridge.ts: the adapter factory the Prisma client is built on; it lets Prisma into a unit's transaction, on
//   the unit's connection (prismaStatements.ts).
// - rawStatements.ts: `$queryRaw`, `$executeRaw` and `$insertRaw` straight on the driver, typed as Prisma types its
//   raw answers; errors.ts: what the server refused, per engine.
//
// Statements go over the driver's text protocol. The adapter's binary protocol, with the driver's statement cache off
// (the adapter's default, as Prisma's varying `IN (…)` lists would fill it), prepares, runs and closes every statement.
// What the text protocol loses is exactness of a Decimal `increment`/`decrement` beyond 2^53 (the value travels as a
// string the server adds as a DOUBLE): balances change only through core/ledger.ts, whose SQL casts to DECIMAL.
import { PrismaMariaDb } from '@prisma/adapter-mariadb'
import { Prisma, PrismaClient } from '../../generated/prisma/client.ts'
import { bridgeFactory } from './prismaBridge.ts'
import { createPools, LOCK_WAIT_SECONDS } from './pools.ts'
import { rawStatements, type RawInsert, type RawStatements } from './rawStatements.ts'
import { openTransaction, type TransactionOptions, type Tx } from './transaction.ts'

export { Prisma, LOCK_WAIT_SECONDS }
export type { RawInsert, RawStatements, Tx }
export { insertRows } from './rawStatements.ts'
export { SERVER_ERROR, isDuplicateKey, isRetryable, serverErrno, serverMessage } from './errors.ts'

export type Db = PrismaClient & RawInsert

const PRISMA_DEFAULTS = { timeout: 5000, maxWait: 2000 }

/** The client for `databaseUrl`, with `connectionLimit` connections in each pool. */
export function createDb(databaseUrl: string, connectionLimit = 10, lockWaitSeconds = LOCK_WAIT_SECONDS): Db {
  const pools = createPools(databaseUrl, connectionLimit, lockWaitSeconds)
  const prisma = new PrismaClient({ adapter: bridgeFactory(new PrismaMariaDb(pools.general, { useTextProtocol: true })) })

  async function transaction(work: (tx: Tx) => Promise<unknown>, options: Partial<TransactionOptions> = {}) {
    const unit = await openTransaction(pools.unit, prisma, {
      isolationLevel: options.isolationLevel,
      timeout: options.timeout ?? PRISMA_DEFAULTS.timeout,
      maxWait: options.maxWait ?? PRISMA_DEFAULTS.maxWait,
    })
    try {
      const result = await work(unit.tx)
      await unit.commit()
      return result
    } catch (err) {
      await unit.rollback()
      throw err
    }
  }

  let ended: Promise<unknown> | undefined
  return withMembers<Db>(prisma, {
    ...rawStatements((sql, values) => pools.general.query(sql, values)),
    // The pools are this file's, used even when Prisma never connected: they are ended here, once.
    async $disconnect() {
      await prisma.$disconnect()
      await (ended ??= Promise.all([pools.general.end(), pools.unit.end()]))
    },
    $transaction(arg: unknown, options?: Partial<TransactionOptions>) {
      if (typeof arg !== 'function') return prisma.$transaction(arg as Prisma.PrismaPromise<unknown>[], options as never)
      return transaction(arg as (tx: Tx) => Promise<unknown>, options)
    },
  })
}

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
