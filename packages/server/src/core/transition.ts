// Status changes (docs/architecture.md): a change listed in the entity's transition table (packages/shared/src/states.ts) is
// applied as ONE guarded update, `WHERE id = ? AND <status> = <from>`, whose row count decides: a concurrent change
// that got there first leaves this one 0 rows, never a double change. Read-then-write is what this replaces.
//
// The statement names the primary key as its index: on a single-table UPDATE MariaDB may otherwise range-scan a status
// index (orders has several), locking gaps next to other orders and deadlocking concurrent changes of different rows.
import { Prisma } from '../generated/prisma/client.ts'
import { canTransition, type StateMachine } from '@qshop/shared'
import type { Tx } from './unitOfWork.ts'

export type Change = { from: number | readonly number[]; to: number }
/** Column values for `data`. */
export type Columns = Record<string, string | number | boolean | Date | Prisma.Decimal | null>
/** Conditions for `where`: a value (equality, or IS NULL), or a list of values (IN). */
export type Conditions = Record<string, Columns[string] | readonly (string | number)[]>

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/
function column(name: string): Prisma.Sql {
  if (!IDENTIFIER.test(name)) throw new Error(`not a column name: ${name}`)
  return Prisma.raw(`\`${name}\``)
}

/** One condition of `where`. */
function condition(name: string, v: Conditions[string]): Prisma.Sql {
  if (v === null) return Prisma.sql`${column(name)} IS NULL`
  if (Array.isArray(v)) {
    if (!v.length) throw new Error(`transition: no value for ${name}`)
    return Prisma.sql`${column(name)} IN (${Prisma.join(v)})`
  }
  return Prisma.sql`${column(name)} = ${v}`
}

/**
 * Moves the row `id` (or each of the rows `ids`) from `change.from` (one status or several) to `change.to`, writing
 * `data` in the same statement and requiring the conditions of `where` as well (e.g. the owner's id, another status).
 * Answers how many rows changed: 0 means the row is gone, is someone else's or is in another status, and the caller
 * decides what that means. A change the table does not allow is a programming error: it throws before any SQL.
 */
export async function transition(
  tx: Tx,
  machine: StateMachine,
  id: number | readonly number[],
  change: Change,
  opts: { where?: Conditions; data?: Columns } = {},
): Promise<number> {
  const from = typeof change.from === 'number' ? [change.from] : [...change.from]
  if (!from.length) throw new Error('transition: no status to change from')
  for (const f of from)
    if (!canTransition(machine, f, change.to)) throw new Error(`${machine.model}.${machine.field}: ${f} → ${change.to} is not an allowed change`)
  const ids = typeof id === 'number' ? [id] : [...new Set(id)]
  if (!ids.length) return 0
  const field = column(machine.field)
  const sets = [
    Prisma.sql`${field} = ${change.to}`,
    ...Object.entries(opts.data ?? {}).map(([k, v]) => Prisma.sql`${column(k)} = ${v}`),
    Prisma.sql`\`updated_at\` = CURRENT_TIMESTAMP(3)`,
  ]
  const conditions = [
    Prisma.sql`\`id\` IN (${Prisma.join(ids)})`,
    Prisma.sql`${field} IN (${Prisma.join(from)})`,
    ...Object.entries(opts.where ?? {}).map(([k, v]) => condition(k, v)),
  ]
  return tx.$executeRaw`UPDATE ${column(machine.model)} FORCE INDEX (PRIMARY) SET ${Prisma.join(sets, ', ')} WHERE ${Prisma.join(conditions, ' AND ')}`
}
