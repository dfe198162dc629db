// A unit of work's transaction (core/unitOfWork.ts opens one per attempt through Db.$transaction): a connection of the
// unit pool (pools.ts), the raw statements and ORM calls of the unit's work on it, and its end.
//
// Invariants:
// 1. Statements run in the order the work issues them, raw and ORM alike. BEGIN and raw statements go to the driver
//    at once, so those the work sends without waiting for each other share a round trip with each other and with
//    BEGIN (the driver pipelines them and the server runs them in the order sent). An ORM call is compiled by Prisma
//    before it reaches the connection, so it waits until everything issued before it has been handed to the driver,
//    and what is issued after it waits until it has finished (StatementOrder).
// 2. The connection is fenced before COMMIT or ROLLBACK is sent: from that moment every statement the work issues is
//    refused, while those already handed to the driver run before the COMMIT or ROLLBACK, inside the transaction.
//    A late statement can therefore never run after the end, on a connection back in the pool.
// 3. The transaction ends once: by the work's end (commit or rollback), or by its timeout (rollback), whichever comes
//    first. The commit waits for Prisma's part (ORM calls still running, then Prisma's transaction) and checks for
//    the timeout after it, right before COMMIT is sent, so a transaction the timeout rolled back is never reported
//    committed.
// 4. A transaction the server rolled back by itself (a deadlock) is never committed: its later statements are refused
//    and the commit throws the server's refusal (the unit of work runs the unit again).
// 5. Prisma joins on the work's first ORM call, through prismaBridge.ts: its transaction client runs on this
//    connection (prismaStatements.ts). Raw-only units (checkout, payment) never start Prisma's transaction machinery.
// 6. The connection goes back to the pool once COMMIT or ROLLBACK has run: no transaction open, autocommit still off.
import type { Transaction } from '@prisma/driver-adapter-utils'
import type { Pool, PoolConnection } from 'mariadb'
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts'
import { rolledBackByServer } from './errors.ts'
import { lendUnit } from './prismaBridge.ts'
import { prismaStatements } from './prismaStatements.ts'
import { rawStatements, type RawInsert } from './rawStatements.ts'

/** What a unit's work writes through: Prisma's transaction client, its raw statements on the unit's connection. */
export type Tx = Prisma.TransactionClient & RawInsert

export type TransactionOptions = { isolationLevel?: Prisma.TransactionIsolationLevel; timeout: number; maxWait: number }

const ISOLATION: Record<string, string> = {
  ReadUncommitted: 'READ UNCOMMITTED',
  ReadCommitted: 'READ COMMITTED',
  RepeatableRead: 'REPEATABLE READ',
  Serializable: 'SERIALIZABLE',
}
const ENDED = 'the transaction has already ended'
const noop = () => {}

/** Statements in the order issued (invariant 1). `gate` settles once everything issued so far has been handed to the
 *  driver, or has finished for an ORM call; null when that is already so. */
class StatementOrder {
  #gate: Promise<void> | null = null

  /** A raw statement: `send` hands it to the driver now, or right after what was issued before it. */
  raw<T>(send: () => Promise<T>): Promise<T> {
    if (!this.#gate) return send()
    let result!: Promise<T>
    const sent = this.#gate.then(() => {
      result = send()
    })
    this.#wait(sent)
    return sent.then(() => result)
  }

  /** An ORM call: starts once what was issued before it has been handed over; what follows waits for it to finish. */
  orm<T>(run: () => Promise<T>): Promise<T> {
    const result = this.#gate ? this.#gate.then(run) : run()
    this.#wait(result.then(noop, noop))
    return result
  }

  /** Settles once every ORM call issued so far has finished and every raw statement has been handed over. */
  settled(): Promise<void> {
    return this.#gate ?? Promise.resolve()
  }

  #wait(gate: Promise<void>) {
    this.#gate = gate
    void gate.then(() => {
      if (this.#gate === gate) this.#gate = null
    })
  }
}

export type UnitTransaction = {
  readonly tx: Tx
  /** Ends Prisma's part, then commits; throws (and the caller rolls back) when the transaction cannot be committed. */
  commit(): Promise<void>
  /** Fences the connection and rolls back; safe to call after anything, including a failed commit. */
  rollback(): Promise<void>
}

/** A transaction begun on a connection of `pool` (the unit pool) got within `maxWait` ms (invariants at the top). */
export async function openTransaction(pool: Pool, prisma: PrismaClient, options: TransactionOptions): Promise<UnitTransaction> {
  return new UnitConnection(await acquire(pool, options.maxWait), prisma, options)
}

/** A pooled connection within `maxWait` ms, or an error (a connection that arrives later goes back to the pool). */
async function acquire(pool: Pool, maxWait: number): Promise<PoolConnection> {
  const pending = pool.getConnection()
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no database connection within ${maxWait} ms`)), maxWait)
  })
  try {
    return await Promise.race([pending, late])
  } catch (err) {
    pending.then((conn) => conn.release(), noop).catch(noop)
    throw err
  } finally {
    clearTimeout(timer)
  }
}

class UnitConnection implements UnitTransaction {
  readonly tx: Tx
  readonly #conn: PoolConnection
  readonly #prisma: PrismaClient
  /** BEGIN (and the isolation level before it), sent when the transaction opens and not waited for */
  readonly #begun: Promise<unknown>
  readonly #timeout: number
  readonly #startedAt = performance.now()
  readonly #timer: NodeJS.Timeout
  readonly #order = new StatementOrder()
  /** set when COMMIT or ROLLBACK is sent (the fence); whether the timeout sent it */
  #ending: Promise<void> | null = null
  #timedOut = false
  /** the refusal with which the server rolled the transaction back by itself */
  #rolledBack: unknown = null
  /** Prisma's part: its transaction client once joined, the end of its transaction, how to settle it */
  #joined: Promise<Prisma.TransactionClient> | null = null
  #prismaDone: Promise<unknown> = Promise.resolve()
  #settlePrisma: ((committed: boolean) => void) | null = null

  constructor(conn: PoolConnection, prisma: PrismaClient, options: TransactionOptions) {
    this.#conn = conn
    this.#prisma = prisma
    // BEGIN fails only with its connection, which fails the statements sent behind it too.
    const isolation = options.isolationLevel ? ISOLATION[options.isolationLevel] : undefined
    this.#begun = Promise.all([isolation ? conn.query(`SET TRANSACTION ISOLATION LEVEL ${isolation}`) : null, conn.query('BEGIN')])
    this.#begun.catch(noop)
    this.#timeout = options.timeout
    this.#timer = setTimeout(() => {
      if (this.#ending) return
      this.#timedOut = true
      this.#end('ROLLBACK').catch(noop)
    }, options.timeout)
    const raw = rawStatements((sql, values) => this.#order.raw(() => this.#guard(() => conn.query(sql, values))))
    this.tx = unitClient(raw, (call) => this.#orm(call))
  }

  async commit(): Promise<void> {
    try {
      // Prisma's part: the ORM calls still running, then Prisma's transaction.
      await this.#order.settled()
      await this.#settleJoined(true)
      await this.#begun
      // Checked again here: the timeout may have ended the transaction while Prisma finished.
      if (this.#timedOut) throw new Error(`the transaction passed its ${this.#timeout} ms timeout and was rolled back`)
      this.#assertOpen()
      await this.#end('COMMIT')
    } finally {
      clearTimeout(this.#timer)
    }
  }

  async rollback(): Promise<void> {
    const ended = this.#end('ROLLBACK')
    clearTimeout(this.#timer)
    await this.#settleJoined(false).catch(noop)
    await ended.catch(noop)
  }

  /** The fence and the end, once (invariants 2 and 3): the statement is handed to the driver in this same turn. */
  #end(statement: 'COMMIT' | 'ROLLBACK'): Promise<void> {
    this.#ending ??= this.#conn
      .query(statement)
      .then(noop)
      .finally(() => this.#conn.release().catch(noop))
    return this.#ending
  }

  #assertOpen(): void {
    if (this.#ending) throw new Error(ENDED)
    if (this.#rolledBack) throw this.#rolledBack
  }

  /** Hands a statement to the connection while the transaction is open, noting a rollback by the server. */
  #guard<T>(send: () => Promise<T>): Promise<T> {
    try {
      this.#assertOpen()
    } catch (err) {
      return Promise.reject(err)
    }
    return send().catch((err: unknown) => {
      if (rolledBackByServer(err)) this.#rolledBack ??= err
      throw err
    })
  }

  #orm<T>(call: (prismaTx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    return this.#order.orm(async () => {
      this.#assertOpen()
      return call(await this.#join())
    })
  }

  /** Prisma's transaction client on this connection, started on the first ORM call (invariant 5). */
  #join(): Promise<Prisma.TransactionClient> {
    this.#joined ??= new Promise<Prisma.TransactionClient>((resolve, reject) => {
      const lentToPrisma: Transaction = {
        ...prismaStatements(this.#conn, (send) => this.#guard(send)),
        options: { usePhantomQuery: true },
        // The unit commits once its work is done; Prisma rolls back when its own timeout passes.
        commit: () => Promise.resolve(),
        rollback: () => this.#end('ROLLBACK'),
      }
      // Prisma's own timeout is left later than the unit's, which ends the transaction first.
      const left = Math.max(1, this.#timeout - (performance.now() - this.#startedAt))
      this.#prismaDone = lendUnit(lentToPrisma, () =>
        this.#prisma.$transaction(
          (prismaTx) => {
            resolve(prismaTx)
            return new Promise((committed, rolledBack) => {
              this.#settlePrisma = (ok) => (ok ? committed(null) : rolledBack(new Error('the unit rolled back')))
            })
          },
          { timeout: left + 1000, maxWait: left + 1000 },
        ),
      )
      this.#prismaDone.catch(reject)
    })
    return this.#joined
  }

  /** Ends Prisma's transaction, if it was started, and waits for it. */
  async #settleJoined(committed: boolean): Promise<void> {
    if (!this.#joined) return
    await this.#joined.catch(noop)
    this.#settlePrisma?.(committed)
    await this.#prismaDone
  }
}

/** What a unit's work is handed: raw statements on the unit's connection; anything else (model delegates,
 *  `$queryRawUnsafe`…) is Prisma's transaction client, called through `orm`. */
function unitClient(raw: ReturnType<typeof rawStatements>, orm: <T>(call: (prismaTx: Prisma.TransactionClient) => Promise<T>) => Promise<T>): Tx {
  const own = raw as unknown as Record<PropertyKey, unknown>
  type Callable = (...args: unknown[]) => Promise<unknown>
  const member = (prismaTx: Prisma.TransactionClient, name: PropertyKey) => (prismaTx as unknown as Record<PropertyKey, unknown>)[name]
  const ormMember = (name: PropertyKey) =>
    new Proxy(function ormCall() {}, {
      // tx.orders.findMany(args)
      get: (_target, method) => (...args: unknown[]) => orm((prismaTx) => (member(prismaTx, name) as Record<PropertyKey, Callable>)[method](...args)),
      // tx.$queryRawUnsafe(sql, …)
      apply: (_target, _this, args: unknown[]) => orm((prismaTx) => Reflect.apply(member(prismaTx, name) as Callable, prismaTx, args)),
    })
  return new Proxy({} as Tx, {
    get(_target, prop) {
      if (Object.hasOwn(own, prop)) return own[prop]
      // not a thenable, and nothing for inspection
      if (prop === 'then' || typeof prop === 'symbol') return undefined
      return ormMember(prop)
    },
  })
}
