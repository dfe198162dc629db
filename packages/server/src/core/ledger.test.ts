// The ledger on the real database under concurrency: a key posts once however often it is replayed, debits never
// overdraw, a refused debit leaves nothing behind, and every account's balance equals the sum of its rows — checked
// over random concurrent runs (fast-check, fixed seed).
import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { LEDGER_ACCOUNT, LEDGER_OWNER, decimalToCents, type LedgerAccount } from '@qshop/shared'
import { createTestApp, resetDb } from '../../test/helpers.ts'
import { createSeller, createUser } from '../../test/factories.ts'
import { InsufficientFunds, post, type LedgerEntry } from './ledger.ts'
import { runUnit } from './unitOfWork.ts'

let app: FastifyInstance

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
})
afterAll(async () => app?.close())

type Owner = LedgerEntry['owner']
const COLUMN = { user: { money: 'money', frozen: 'frozen_money', points: 'integral' }, store: { money: 'store_money', frozen: 'store_frozen_money', points: '' } } as const

/** An account's balance (cents, or points) and the sum of its ledger rows. */
async function account(owner: Owner, acc: LedgerAccount) {
  const row =
    owner.kind === 'user'
      ? await app.db.users.findUniqueOrThrow({ where: { id: owner.id } })
      : await app.db.stores.findUniqueOrThrow({ where: { id: owner.id } })
  const value = (row as Record<string, unknown>)[COLUMN[owner.kind][acc]] as number | { toFixed(): string }
  const balance = typeof value === 'number' ? value : decimalToCents(value)
  const sum = await app.db.money_logs.aggregate({
    where: { user_id: owner.id, is_belong: LEDGER_OWNER[owner.kind], is_type: LEDGER_ACCOUNT[acc] },
    _sum: { money: true },
    _count: true,
  })
  const rowsSum = sum._sum.money ? decimalToCents(sum._sum.money) : 0
  return { balance, rows: acc === 'points' ? rowsSum / 100 : rowsSum, count: sum._count }
}

const entry = (owner: Owner, amount: number, idemKey: string, acc: LedgerAccount = 'money'): LedgerEntry => ({
  owner, account: acc, amount, reason: amount > 0 ? 'refund' : 'order_pay', source: { type: 'order', id: 7 }, idemKey,
})
const postIn = (e: LedgerEntry) => runUnit(app, (tx) => post(tx, e))

describe('posting', () => {
  test('a credit and a debit: the balance moves and each row holds the amount, the balance after, reason and source', async () => {
    const user: Owner = { kind: 'user', id: (await createUser(app)).id }
    await postIn({ ...entry(user, 10000, 'refund:1'), info: 'T0001' })
    await postIn(entry(user, -1230, 'order_pay:1'))
    expect(await account(user, 'money')).toEqual({ balance: 8770, rows: 8770, count: 2 })
    const rows = await app.db.money_logs.findMany({ where: { user_id: user.id }, orderBy: { id: 'asc' } })
    expect(rows.map((r) => [r.money.toFixed(2), r.after_money.toFixed(2), r.name, r.ename, r.source_type, r.source_id, r.idem_key, r.is_type, r.is_belong])).toEqual([
      ['100.00', '100.00', '售后退款', 'refund', 'order', 7, 'refund:1', 0, 0],
      ['-12.30', '87.70', '订单支付', 'order_pay', 'order', 7, 'order_pay:1', 0, 0],
    ])
    expect(rows[0].info).toBe('T0001')
  })

  test('a replayed key changes nothing; the same key with another amount is a programming error', async () => {
    const user: Owner = { kind: 'user', id: (await createUser(app)).id }
    const first = await postIn(entry(user, 500, 'k'))
    expect(await postIn(entry(user, 500, 'k'))).toEqual({ id: first.id, replayed: true })
    await expect(postIn(entry(user, 600, 'k'))).rejects.toThrow(/another amount/)
    expect(await account(user, 'money')).toEqual({ balance: 500, rows: 500, count: 1 })
    // the same key on another account of the owner is another posting (a withdrawal moves money to frozen)
    await postIn(entry(user, 500, 'k', 'frozen'))
    expect(await account(user, 'frozen')).toEqual({ balance: 500, rows: 500, count: 1 })
  })

  test('a replayed debit the balance could no longer take answers the first posting, not a refusal', async () => {
    const user: Owner = { kind: 'user', id: (await createUser(app)).id }
    await postIn(entry(user, 1000, 'topup'))
    const first = await postIn(entry(user, -800, 'order_pay:5'))
    expect(await postIn(entry(user, -800, 'order_pay:5'))).toEqual({ id: first.id, replayed: true })
    await expect(postIn(entry(user, -800, 'order_pay:6'))).rejects.toMatchObject({ msgKey: 'msg.balanceShort' })
    expect(await account(user, 'money')).toEqual({ balance: 200, rows: 200, count: 2 })
  })

  test('20 concurrent replays of one key: one row, one change', async () => {
    const user: Owner = { kind: 'user', id: (await createUser(app)).id }
    const results = await Promise.all(Array.from({ length: 20 }, () => postIn(entry(user, 2500, 'order_pay:9'))))
    expect(results.filter((r) => !r.replayed)).toHaveLength(1)
    expect(new Set(results.map((r) => r.id)).size).toBe(1)
    expect(await account(user, 'money')).toEqual({ balance: 2500, rows: 2500, count: 1 })
  })

  test('30 concurrent debits of 1.00 from 10.00: 10 pass, 20 are refused as insufficient, nothing goes below zero', async () => {
    const user: Owner = { kind: 'user', id: (await createUser(app)).id }
    await postIn(entry(user, 1000, 'topup'))
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => postIn(entry(user, -100, `pay:${i}`))))
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason)
    expect(refused).toHaveLength(20)
    for (const err of refused) expect(err).toMatchObject({ code: 402, msgKey: 'msg.balanceShort' })
    expect(await account(user, 'money')).toEqual({ balance: 0, rows: 0, count: 11 })
  })

  test('a refused debit leaves nothing written, even when the unit goes on and commits', async () => {
    const user: Owner = { kind: 'user', id: (await createUser(app)).id }
    await postIn(entry(user, 50, 'topup', 'points'))
    const outcome = await runUnit(app, async (tx) => {
      const refusal = await post(tx, entry(user, -51, 'redeem', 'points')).catch((err: unknown) => err)
      await post(tx, entry(user, -50, 'redeem-all', 'points'))
      return refusal
    })
    expect(outcome).toBeInstanceOf(InsufficientFunds)
    expect(outcome).toMatchObject({ msgKey: 'msg.pointsShort' })
    expect(await account(user, 'points')).toEqual({ balance: 0, rows: 0, count: 2 })
    expect(await app.db.money_logs.count({ where: { idem_key: 'redeem' } })).toBe(0)
  })

  test('stores have money and frozen funds, no points; owners that do not exist and zero amounts are errors', async () => {
    const store: Owner = { kind: 'store', id: (await createSeller(app)).storeId }
    await postIn({ ...entry(store, 8800, 'settle:1'), reason: 'settlement', source: { type: 'settlement', id: 1 } })
    await postIn(entry(store, -800, 'cash:1'))
    await postIn(entry(store, 800, 'cash:1', 'frozen'))
    expect(await account(store, 'money')).toEqual({ balance: 8000, rows: 8000, count: 2 })
    expect(await account(store, 'frozen')).toEqual({ balance: 800, rows: 800, count: 1 })
    await expect(postIn(entry(store, 1, 'p', 'points'))).rejects.toThrow(/no points account/)
    await expect(postIn(entry({ kind: 'user', id: 999999 }, 1, 'ghost'))).rejects.toThrow(/no user 999999/)
    await expect(postIn(entry(store, 0, 'zero'))).rejects.toThrow(/bad amount/)
    expect(await app.db.money_logs.count({ where: { idem_key: { in: ['p', 'ghost', 'zero'] } } })).toBe(0)
  })
})

describe('invariant', () => {
  test('random concurrent postings, replays and overdrafts: every balance equals the sum of its rows, never below zero', async () => {
    const users = [await createUser(app), await createUser(app), await createUser(app)].map((u): Owner => ({ kind: 'user', id: u.id }))
    const stores = [(await createSeller(app)).storeId, (await createSeller(app)).storeId].map((id): Owner => ({ kind: 'store', id }))
    const accounts: [Owner, LedgerAccount][] = [
      ...users.flatMap((u) => (['money', 'frozen', 'points'] as const).map((a): [Owner, LedgerAccount] => [u, a])),
      ...stores.flatMap((s) => (['money', 'frozen'] as const).map((a): [Owner, LedgerAccount] => [s, a])),
    ]
    let run = 0
    const seen = { committed: 0, refused: 0, replayed: 0 }
    const posting = fc.record({ account: fc.nat({ max: accounts.length - 1 }), key: fc.nat({ max: 12 }) })
    const amounts = fc.array(fc.integer({ min: -3000, max: 5000 }).filter((n) => n !== 0), { minLength: 13, maxLength: 13 })
    const units = fc.array(fc.array(posting, { minLength: 1, maxLength: 3 }), { minLength: 5, maxLength: 25 })
    await fc.assert(
      // a key always carries the same amount: the same key on the same account again is a replay
      fc.asyncProperty(amounts, units, async (amountOf, unitList) => {
        run++
        // each unit posts its entries in one transaction, all units at once; a refusal rolls its unit back. The whole
        // batch is then sent again, as a client retrying after a lost answer would: what committed is replayed.
        for (let attempt = 0; attempt < 2; attempt++) {
          const outcomes = await Promise.allSettled(
            unitList.map((list) =>
              runUnit(app, async (tx) => {
                for (const p of list) {
                  const [owner, acc] = accounts[p.account]
                  const { replayed } = await post(tx, { owner, account: acc, amount: amountOf[p.key], reason: 'system', source: { type: 'admin', id: run }, idemKey: `r${run}:${p.key}` })
                  if (replayed) seen.replayed++
                }
              }),
            ),
          )
          for (const o of outcomes) {
            if (o.status === 'fulfilled') seen.committed++
            else if (o.reason instanceof InsufficientFunds) seen.refused++
            else throw o.reason
          }
        }
        for (const [owner, acc] of accounts) {
          const a = await account(owner, acc)
          expect(a.balance).toBe(a.rows)
          expect(a.balance).toBeGreaterThanOrEqual(0)
        }
      }),
      { seed: 20261124, numRuns: 8 },
    )
    // the runs did post, refuse and replay
    expect(Math.min(seen.committed, seen.refused, seen.replayed)).toBeGreaterThan(0)
    const keys = await app.db.money_logs.groupBy({ by: ['user_id', 'is_belong', 'is_type', 'idem_key'], _count: true })
    expect(keys.every((k) => k._count === 1)).toBe(true)
  }, 120_000)
})
