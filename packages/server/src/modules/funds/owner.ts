// Whose money a withdrawal or an adjustment moves: a shopper (users) or a store (stores). The owner's row is locked
// first in every unit that checks something of the owner before it writes (the day's withdrawals), so two requests of
// one owner run one after the other.
import { LEDGER_OWNER, type LedgerOwnerKind } from '@qshop/shared'
import { Prisma } from '../../core/db/index.ts'
import { notFound } from '../../core/errors.ts'
import type { Tx } from '../../core/unitOfWork.ts'

export type Owner = { kind: LedgerOwnerKind; id: number }

const TABLE = { user: 'users', store: 'stores' } as const

export async function lockOwner(tx: Tx, owner: Owner): Promise<void> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM ${Prisma.raw(TABLE[owner.kind])} FORCE INDEX (PRIMARY) WHERE id = ${owner.id} FOR UPDATE`
  if (!rows.length) throw notFound()
}

/** The cashes column naming the owner. */
export const ownerColumn = (owner: Owner) => (owner.kind === 'user' ? { user_id: owner.id } : { store_id: owner.id })

export const belongOf = (owner: Owner) => LEDGER_OWNER[owner.kind]

/** A card or ID number with all but its first 4 (when long) and last 4 characters starred. */
export function mask(value: string): string {
  if (value.length <= 8) return '*'.repeat(Math.max(0, value.length - 4)) + value.slice(-4)
  return value.slice(0, 4) + '*'.repeat(value.length - 8) + value.slice(-4)
}
