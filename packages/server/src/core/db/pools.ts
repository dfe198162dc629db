// The database connections of a process: two mariadb pools, one for units of work and one for everything else.
//
// Invariants:
// - A connection of the unit pool runs with autocommit OFF for the whole life of its session. A unit begins its
//   transaction explicitly and ends it with COMMIT or ROLLBACK (transaction.ts), so the connection goes back to the
//   pool with no transaction open and autocommit still off: nothing is set on the way in or out. Should the server
//   roll a unit's transaction back in the middle (a deadlock), the statements already sent behind it open a new
//   transaction instead of each committing by itself, and the unit's ROLLBACK undoes them.
// - A connection of the general pool runs with autocommit ON: Prisma's calls outside a unit, and raw reads, each
//   commit by themselves.
// - Both pools use UTC for dates (stored and read as UTC; NOW() is UTC) and wait LOCK_WAIT_SECONDS for a row lock.
// - Their options are the raw statements' (rawStatements.ts): DECIMAL as Prisma.Decimal, insert ids as numbers.
//   Prisma's statements, here or through @prisma/adapter-mariadb on the general pool, bring options of their own.
// - The pools are ended by their owner (index.ts's $disconnect), never by the Prisma adapter lent the general one.
import mariadb, { type Pool, type PoolConfig } from 'mariadb'
import { decimalAsPrisma } from './rawStatements.ts'

/**
 * How long a statement waits for a row lock before failing with a lock wait timeout (the server default is 50 s). A
 * unit of work (core/unitOfWork.ts) runs again on it, so a lock held too long costs one retry rather than a request
 * stuck past its transaction timeout.
 */
export const LOCK_WAIT_SECONDS = 5

export type Pools = { general: Pool; unit: Pool }

/** The pools for `databaseUrl` (mysql://user:password@host:port/database), each of `connectionLimit` connections. */
export function createPools(databaseUrl: string, connectionLimit: number, lockWaitSeconds = LOCK_WAIT_SECONDS): Pools {
  const u = new URL(databaseUrl)
  const settings = (sessionVariables: Record<string, number>): PoolConfig => ({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)),
    connectionLimit,
    timezone: 'Z',
    // A MySQL server authenticating with caching_sha2_password over a plain connection needs it.
    allowPublicKeyRetrieval: true,
    sessionVariables: { innodb_lock_wait_timeout: lockWaitSeconds, ...sessionVariables },
    insertIdAsNumber: true,
    typeCast: decimalAsPrisma,
  })
  return { general: mariadb.createPool(settings({})), unit: mariadb.createPool(settings({ autocommit: 0 })) }
}
