// The ledger (docs/architecture.md): every change of a shopper's balance, frozen money or points, and of a store's money or
// frozen money, is posted here, in the caller's unit of work. A posting writes a money_logs row (amount, balance
// after, reason, source, idempotency key) and changes the balance column by one guarded statement, so an account's
// balance always equals the sum of its rows.
//
// The row is inserted first, with the balance after read from the owner's row under a lock: its key is unique per
// account, so a second posting with the same key — a retried request, a job run twice, a concurrent replay — waits
// for the first one's transaction and then changes nothing.
// A debit that would overdraw is refused (InsufficientFunds) with nothing written.
import { Prisma, isDuplicateKey } from './db/index.ts'
import {
  Code, LEDGER_ACCOUNT, LEDGER_OWNER, fromCents, decimalToCents, translate,
  type LedgerAccount, type LedgerOwnerKind, type LedgerReason, type LedgerSource, type MessageKey,
} from '@qshop/shared'
import { AppError } from './errors.ts'
import type { Tx } from './unitOfWork.ts'

export type LedgerEntry = {
  owner: { kind: LedgerOwnerKind; id: number }
  account: LedgerAccount
  /** + credit, − debit: cents for money and frozen funds, whole points for points */
  amount: number
  reason: LedgerReason
  /** what caused the change */
  source: { type: LedgerSource; id: number }
  /** unique per account: the same key posted again changes nothing, e.g. `order_pay:12` */
  idemKey: string
  /** a note shown with the row (an order number, a gateway trade number) */
  info?: string
}

export type Posting = { id: number; replayed: boolean }

const SHORT: Record<LedgerAccount, MessageKey> = { money: 'msg.balanceShort', frozen: 'msg.frozenShort', points: 'msg.pointsShort' }

/** "余额不足" and its kin: the debit would take the account below zero. */
export class InsufficientFunds extends AppError {
  constructor(readonly entry: LedgerEntry) {
    super(Code.BUSINESS, SHORT[entry.account], { account: entry.account })
  }
}

/** The balance column of each account (trusted identifiers, never from input). */
const BALANCES = {
  user: { table: 'users', money: 'money', frozen: 'frozen_money', points: 'integral' },
  store: { table: 'stores', money: 'store_money', frozen: 'store_frozen_money', points: null },
} as const

/** Money amounts are DECIMAL(12,2): at most 9,999,999,999.99. Points fit users.integral (INT). */
const MAX_AMOUNT = { money: 999_999_999_999, frozen: 999_999_999_999, points: 2_147_483_647 } as const

function check(entry: LedgerEntry) {
  const { amount, account, owner, idemKey } = entry
  if (!Number.isSafeInteger(amount) || amount === 0 || Math.abs(amount) > MAX_AMOUNT[account]) throw new Error(`ledger: bad amount ${amount}`)
  if (!Number.isSafeInteger(owner.id) || owner.id <= 0) throw new Error(`ledger: bad owner ${owner.id}`)
  if (!idemKey || idemKey.length > 120) throw new Error('ledger: an idempotency key of 1–120 characters is required')
  if (!BALANCES[owner.kind][account]) throw new Error(`ledger: a ${owner.kind} has no ${account} account`)
}

/** The amount as SQL: exact DECIMAL for money (never the DOUBLE a string would become), a whole number for points. */
const sqlAmount = (entry: LedgerEntry) =>
  entry.account === 'points' ? Prisma.sql`${entry.amount}` : Prisma.sql`CAST(${fromCents(entry.amount)} AS DECIMAL(13, 2))`

/** Posts one change; answers its row, and whether it was posted before (then nothing changed now). */
export async function post(tx: Tx, entry: LedgerEntry): Promise<Posting> {
  check(entry)
  const { owner, account, amount } = entry
  const stored = account === 'points' ? String(amount) : fromCents(amount)
  const column = BALANCES[owner.kind]
  const table = Prisma.raw(column.table)
  const balance = Prisma.raw(column[account]!)
  const delta = sqlAmount(entry)
  // The row is written with its balance-after, read from the owner's row under a lock and only while the change
  // keeps it at 0 or above; the guarded balance change is sent with it (one round trip) and matches it: both happen,
  // or neither (a short balance, a missing owner) — except for a key posted before, whose row refuses the insert
  // after the balance has moved: that move is undone, in this transaction, before anyone else can see it.
  const inserted = tx.$insertRaw`INSERT INTO money_logs (user_id, is_belong, is_type, idem_key, money, after_money, name, ename, info, source_type, source_id)
      SELECT ${owner.id}, ${LEDGER_OWNER[owner.kind]}, ${LEDGER_ACCOUNT[account]}, ${entry.idemKey}, ${stored}, o.${balance} + ${delta},
        ${translate('zh-cn', `ledger.${entry.reason}`)}, ${entry.reason}, ${entry.info ?? ''}, ${entry.source.type}, ${entry.source.id}
      FROM ${table} o FORCE INDEX (PRIMARY) WHERE o.id = ${owner.id} AND o.${balance} + ${delta} >= 0 FOR UPDATE`
  const changed = tx.$executeRaw`UPDATE ${table} FORCE INDEX (PRIMARY) SET ${balance} = ${balance} + ${delta} WHERE id = ${owner.id} AND ${balance} + ${delta} >= 0`
  const [row, moved] = await Promise.allSettled([inserted, changed])
  if (moved.status === 'rejected') throw moved.reason
  if (row.status === 'rejected') {
    if (!isDuplicateKey(row.reason)) throw row.reason
    if (moved.value) await tx.$executeRaw`UPDATE ${table} FORCE INDEX (PRIMARY) SET ${balance} = ${balance} - ${delta} WHERE id = ${owner.id}`
    return replay(tx, entry)
  }
  if (!row.value.insertId) {
    if (moved.value) throw new Error(`ledger: the ${owner.kind} ${owner.id} row changed under its lock`)
    // A key posted before is a replay even when the balance could not take the change now.
    const posted = await postedBefore(tx, entry)
    if (posted) return posted
    const exists = await tx.$queryRaw<unknown[]>`SELECT 1 FROM ${table} WHERE id = ${owner.id}`
    if (!exists.length) throw new Error(`ledger: no ${owner.kind} ${owner.id}`)
    throw new InsufficientFunds(entry)
  }
  if (!moved.value) throw new Error(`ledger: the ${owner.kind} ${owner.id} row changed under its lock`)
  return { id: row.value.insertId, replayed: false }
}

/** The key was posted already (a locking read sees it whatever this transaction's snapshot). */
async function replay(tx: Tx, entry: LedgerEntry): Promise<Posting> {
  const posted = await postedBefore(tx, entry)
  if (!posted) throw new Error(`ledger: key ${entry.idemKey} conflicted but is not there`)
  return posted
}

/** The posting of the entry's key, if there is one: the same amount, or an error. */
async function postedBefore(tx: Tx, entry: LedgerEntry): Promise<Posting | null> {
  const { owner, account } = entry
  const [row] = await tx.$queryRaw<{ id: number; money: Prisma.Decimal }[]>`SELECT id, money FROM money_logs
    WHERE user_id = ${owner.id} AND is_belong = ${LEDGER_OWNER[owner.kind]} AND is_type = ${LEDGER_ACCOUNT[account]} AND idem_key = ${entry.idemKey}
    LOCK IN SHARE MODE`
  if (!row) return null
  const posted = decimalToCents(row.money)
  const expected = account === 'points' ? entry.amount * 100 : entry.amount
  if (posted !== expected) throw new Error(`ledger: key ${entry.idemKey} was posted with another amount`)
  return { id: Number(row.id), replayed: true }
}
