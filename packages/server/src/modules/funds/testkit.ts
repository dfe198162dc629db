// Test set-up for money out: the store config's withdrawal fields, money put on an account through the ledger, and
// the check that an account's columns equal the sums of its ledger rows.
import type { FastifyInstance } from 'fastify'
import { LEDGER_ACCOUNT, LEDGER_OWNER, decimalToCents, type LedgerAccount, type LedgerOwnerKind } from '@qshop/shared'
import { invalidateConfig } from '../../core/configs.ts'
import { post } from '../../core/ledger.ts'
import { runUnit } from '../../core/unitOfWork.ts'

/** Merges `values` into the `store` config row. */
export async function setStoreConfig(app: FastifyInstance, values: Record<string, string | number>): Promise<void> {
  const row = await app.db.configs.findUnique({ where: { name: 'store' } })
  const content = { ...(row?.content ? (JSON.parse(row.content) as object) : {}), ...values }
  await app.db.configs.upsert({ where: { name: 'store' }, create: { name: 'store', is_type: 1, content: JSON.stringify(content) }, update: { content: JSON.stringify(content) } })
  await invalidateConfig(app, 'store')
}

let serial = 0
/** Credits `cents` (or points) to an account through the ledger. */
export async function credit(app: FastifyInstance, owner: { kind: LedgerOwnerKind; id: number }, cents: number, account: LedgerAccount = 'money') {
  await runUnit(app, (tx) => post(tx, { owner, account, amount: cents, reason: 'system', source: { type: 'seed', id: 0 }, idemKey: `test:${Date.now()}:${++serial}` }))
}

/** An account's balance column and the sum of its ledger rows, in cents (points in hundredths). */
export async function balanceAndRows(app: FastifyInstance, owner: { kind: LedgerOwnerKind; id: number }, account: LedgerAccount) {
  const [sum] = await app.db.$queryRaw<{ s: string | null }[]>`SELECT CAST(SUM(money) AS CHAR) s FROM money_logs
    WHERE user_id = ${owner.id} AND is_belong = ${LEDGER_OWNER[owner.kind]} AND is_type = ${LEDGER_ACCOUNT[account]}`
  const rows = decimalToCents(sum?.s ?? '0')
  if (owner.kind === 'user') {
    const u = await app.db.users.findUniqueOrThrow({ where: { id: owner.id }, select: { money: true, frozen_money: true, integral: true } })
    const column = account === 'money' ? decimalToCents(u.money) : account === 'frozen' ? decimalToCents(u.frozen_money) : u.integral * 100
    return { column, rows }
  }
  const s = await app.db.stores.findUniqueOrThrow({ where: { id: owner.id }, select: { store_money: true, store_frozen_money: true } })
  return { column: decimalToCents(account === 'money' ? s.store_money : s.store_frozen_money), rows }
}
