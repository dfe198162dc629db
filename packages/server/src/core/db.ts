import { PrismaMariaDb } from '@prisma/adapter-mariadb'
import { PrismaClient } from '../generated/prisma/client.ts'

export type Db = PrismaClient
export type { Prisma } from '../generated/prisma/client.ts'

/**
 * How long a statement waits for a row lock before failing with 1205 (the server default is 50 s). A unit of work
 * (unitOfWork.ts) retries the whole transaction on it, so a lock held too long costs one retry rather than a request
 * stuck past its transaction timeout.
 */
export const LOCK_WAIT_SECONDS = 5

/**
 * Statements go over the driver's text protocol: one round trip each. The adapter's binary protocol, with the
 * driver's statement cache off (the adapter's default, as Prisma's varying `IN (…)` lists would fill it), prepares,
 * runs and closes every statement — on the checkout that tripled the time and CPU of each statement. What the text
 * protocol loses is exactness of a Decimal `increment`/`decrement` beyond 2^53 (the value travels as a string the
 * server adds as a DOUBLE): balances change only through core/ledger.ts, whose SQL casts to DECIMAL.
 */
export function createPrisma(databaseUrl: string, connectionLimit = 10, lockWaitSeconds = LOCK_WAIT_SECONDS): PrismaClient {
  const u = new URL(databaseUrl)
  const adapter = new PrismaMariaDb({
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
  } as ConstructorParameters<typeof PrismaMariaDb>[0], { useTextProtocol: true })
  return new PrismaClient({ adapter })
}
