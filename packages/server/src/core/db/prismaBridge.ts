// Prisma's way into a unit of work. The Prisma client is built on this driver adapter factory (Prisma's public driver
// adapter interface, @prisma/driver-adapter-utils), which hands every call to @prisma/adapter-mariadb on the general
// pool — except the start of a transaction while a unit is lending its own (lendUnit): Prisma's transaction client
// then runs on the unit's connection, inside the unit's transaction (transaction.ts lends it, prismaStatements.ts
// runs Prisma's statements on it).
//
// Invariants:
// - Only a transaction Prisma starts inside lendUnit's callback is the unit's; every other call, including Prisma
//   calls made by a unit's work on the base client, goes to the general pool as it would without this file.
// - What is lent never begins, commits or releases anything: the unit does (its commit is a no-op, its rollback ends
//   the unit's transaction, which is what Prisma asks for when its own timeout passes).
import { AsyncLocalStorage } from 'node:async_hooks'
import type { SqlDriverAdapter, SqlDriverAdapterFactory, Transaction } from '@prisma/driver-adapter-utils'
import type { PrismaMariaDb } from '@prisma/adapter-mariadb'

export const ADAPTER_NAME = 'qshop-unit-bridge'

const lent = new AsyncLocalStorage<Transaction>()

/** Runs `open` (which starts a Prisma transaction) with `transaction` lent: the transaction Prisma starts is it. */
export function lendUnit<T>(transaction: Transaction, open: () => Promise<T>): Promise<T> {
  return lent.run(transaction, open)
}

/** The factory the Prisma client is built on: `general` answers everything but a lent transaction. */
export function bridgeFactory(general: PrismaMariaDb): SqlDriverAdapterFactory {
  return {
    provider: 'mysql',
    adapterName: ADAPTER_NAME,
    async connect(): Promise<SqlDriverAdapter> {
      const inner = await general.connect()
      return {
        provider: inner.provider,
        adapterName: ADAPTER_NAME,
        queryRaw: (query) => inner.queryRaw(query),
        executeRaw: (query) => inner.executeRaw(query),
        executeScript: (script) => inner.executeScript(script),
        getConnectionInfo: () => inner.getConnectionInfo?.() ?? { supportsRelationJoins: false },
        startTransaction(isolationLevel) {
          const unit = lent.getStore()
          return unit ? Promise.resolve(unit) : inner.startTransaction(isolationLevel)
        },
        // The adapter was lent a pool it does not own (index.ts ends the pools).
        dispose: () => inner.dispose(),
      }
    },
  }
}
