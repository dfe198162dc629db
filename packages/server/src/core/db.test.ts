// core/db: a unit's transaction is opened on a connection of the unit pool, its raw statements run on it, Prisma joins
// it on the first ORM call (same connection, same commit or rollback), statements run in the order written; the
// connection is fenced before the end, so nothing sent late runs outside the transaction; past its timeout it is
// rolled back, later statements are refused and the unit never answers success; a transaction the server rolled back
// is never committed; a connection not free within maxWait fails the unit and is not leaked; raw statements answer the
// types Prisma's raw statements answer.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import mysql from 'mysql2/promise'
import { Prisma } from '../generated/prisma/client.ts'
import { createTestApp, resetDb } from '../../test/helpers.ts'
import { createUser } from '../../test/factories.ts'
import { createDb, insertRows, isDuplicateKey, type Tx } from './db/index.ts'
import { AppError } from './errors.ts'
import { mapPrismaError } from './prismaErrors.ts'
import { runUnit } from './unitOfWork.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => resetDb(app, { demo: false, areas: false }))
afterAll(async () => app?.close())

/** A promise and its resolver. */
function signal() {
  let resolve!: () => void
  const done = new Promise<void>((r) => (resolve = r))
  return { done, resolve }
}

/** Statements now running on the server that contain `text` (INNODB_TRX is no use here: read more often than every
 *  0.1 s, MariaDB answers from a cache it never refreshes). */
const running = async (text: string) =>
  Number((await app.db.$queryRaw<{ n: bigint }[]>`SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE COMMAND = 'Query' AND INFO LIKE ${`%${text}%`}`)[0].n)

const integral = async (id: number) => (await app.db.users.findUniqueOrThrow({ where: { id }, select: { integral: true } })).integral

describe('inside a unit', () => {
  test('raw statements and ORM calls share the transaction: same connection, both see each other, both roll back', async () => {
    const user = await createUser(app)
    const seen = await runUnit(app, async (tx) => {
      await tx.$executeRaw`UPDATE users SET integral = 7 WHERE id = ${user.id}`
      const [raw] = await tx.$queryRaw<{ c: bigint }[]>`SELECT CONNECTION_ID() AS c`
      const [orm] = await tx.$queryRawUnsafe<{ c: bigint }[]>('SELECT CONNECTION_ID() AS c')
      const viaOrm = await tx.users.findUniqueOrThrow({ where: { id: user.id }, select: { integral: true } })
      return { raw: Number(raw.c), orm: Number(orm.c), integral: viaOrm.integral }
    })
    expect(seen.raw).toBe(seen.orm)
    expect(seen.integral).toBe(7)

    const failed = await runUnit(app, async (tx) => {
      await tx.$executeRaw`UPDATE users SET integral = 99 WHERE id = ${user.id}`
      await tx.users.update({ where: { id: user.id }, data: { nickname: 'rolled back' } })
      throw new Error('refused')
    }).catch((err: Error) => err.message)
    expect(failed).toBe('refused')
    expect(await integral(user.id)).toBe(7)
    expect((await app.db.users.findUniqueOrThrow({ where: { id: user.id } })).nickname).not.toBe('rolled back')
  })

  test('statements sent after the transaction timed out are refused, raw or ORM, and nothing is written', async () => {
    const user = await createUser(app)
    let lateRaw: Promise<number> | undefined
    let lateOrm: Promise<unknown> | undefined
    const unit = runUnit(app, { timeoutMs: 1000, retries: 0 }, async (tx) => {
      await tx.users.update({ where: { id: user.id }, data: { nickname: 'before the timeout' } })
      await tx.$executeRaw`UPDATE users SET integral = 1 WHERE id = ${user.id}`
      // At its timeout the transaction is rolled back (its locks go) while the work still runs.
      await new Promise((resolve) => setTimeout(resolve, 1500))
      lateRaw = tx.$executeRaw`UPDATE users SET integral = 2 WHERE id = ${user.id}`
      lateOrm = tx.users.update({ where: { id: user.id }, data: { integral: 3 } })
      await Promise.allSettled([lateRaw, lateOrm])
    })
    await expect(unit).rejects.toThrow()
    await expect(lateRaw).rejects.toThrow('the transaction has already ended')
    await expect(lateOrm).rejects.toThrow()
    const row = await app.db.users.findUniqueOrThrow({ where: { id: user.id }, select: { integral: true, nickname: true } })
    expect(row.integral).toBe(0)
    expect(row.nickname).not.toBe('before the timeout')
  })

  test('an ORM write joins the transaction the raw statements began: both commit together, after the raw ones', async () => {
    const user = await createUser(app)
    await runUnit(app, async (tx) => {
      await tx.$executeRaw`UPDATE users SET integral = 5 WHERE id = ${user.id}`
      const before = await tx.users.findUniqueOrThrow({ where: { id: user.id }, select: { integral: true } })
      await tx.users.update({ where: { id: user.id }, data: { integral: before.integral + 1 } })
      const [after] = await tx.$queryRaw<{ integral: number }[]>`SELECT integral FROM users WHERE id = ${user.id}`
      expect(after.integral).toBe(6)
    })
    expect(await integral(user.id)).toBe(6)
  })

  test('no connection free within maxWait: the unit fails, and the connection it waited for is not lost', async () => {
    const user = await createUser(app)
    const single = createDb(app.config.DATABASE_URL, 1)
    const infra = { db: single, log: app.log, queues: app.queues }
    try {
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      let started!: () => void
      const holding = new Promise<void>((resolve) => (started = resolve))
      const first = runUnit(infra, async (tx) => {
        await tx.$executeRaw`UPDATE users SET integral = 1 WHERE id = ${user.id}`
        started()
        await held
      })
      await holding
      await expect(runUnit(infra, { maxWaitMs: 200, retries: 0 }, (tx) => tx.$executeRaw`SELECT 1`)).rejects.toThrow('no database connection within 200 ms')
      release()
      await first
      expect(await runUnit(infra, (tx) => tx.$executeRaw`UPDATE users SET integral = 2 WHERE id = ${user.id}`)).toBe(1)
      expect(await integral(user.id)).toBe(2)
    } finally {
      await single.$disconnect()
    }
  })

  test('statements sent together run in the order sent, inside the transaction; one refused rolls them all back', async () => {
    const user = await createUser(app)
    const seen = await runUnit(app, (tx) =>
      Promise.all([
        tx.$executeRaw`UPDATE users SET integral = 10 WHERE id = ${user.id}`,
        tx.$executeRaw`UPDATE users SET integral = integral * 2 WHERE id = ${user.id}`,
        tx.$queryRaw<{ integral: number; open: bigint }[]>`SELECT integral, @@in_transaction AS open FROM users WHERE id = ${user.id}`,
      ]),
    )
    expect(seen[2]).toEqual([{ integral: 20, open: 1n }])
    await expect(
      runUnit(app, { retries: 0 }, (tx) =>
        Promise.all([
          tx.$executeRaw`UPDATE users SET integral = 99 WHERE id = ${user.id}`,
          tx.$executeRaw`INSERT INTO users (id, username) VALUES (${user.id}, 'taken')`,
          tx.$executeRaw`UPDATE users SET nickname = 'after the refusal' WHERE id = ${user.id}`,
        ]),
      ),
    ).rejects.toThrow()
    const row = await app.db.users.findUniqueOrThrow({ where: { id: user.id }, select: { integral: true, nickname: true } })
    expect(row.integral).toBe(20)
    expect(row.nickname).not.toBe('after the refusal')
  })

  test('a statement sent behind one that deadlocks (its transaction rolled back) is not committed on its own', async () => {
    const [a, b, witness, ...heavy] = await Promise.all(Array.from({ length: 6 }, () => createUser(app)))
    let aLocked!: () => void
    const aHolds = new Promise<void>((resolve) => (aLocked = resolve))
    let bLocked!: () => void
    const bHolds = new Promise<void>((resolve) => (bLocked = resolve))
    // A locks one row, B four (InnoDB rolls back the lighter transaction: A), then each asks for the other's row.
    const unitA = runUnit(app, { retries: 0 }, async (tx) => {
      await tx.$executeRaw`UPDATE users FORCE INDEX (PRIMARY) SET integral = 1 WHERE id = ${a.id}`
      aLocked()
      await bHolds
      await Promise.all([
        tx.$executeRaw`UPDATE users FORCE INDEX (PRIMARY) SET integral = 1 WHERE id = ${b.id}`,
        tx.$executeRaw`UPDATE users FORCE INDEX (PRIMARY) SET nickname = 'behind the deadlock' WHERE id = ${witness.id}`,
      ])
    })
    const unitB = runUnit(app, { retries: 0 }, async (tx) => {
      await tx.$executeRaw`UPDATE users FORCE INDEX (PRIMARY) SET integral = 2 WHERE id IN (${Prisma.join([b.id, ...heavy.map((u) => u.id)])})`
      bLocked()
      await aHolds
      await tx.$executeRaw`UPDATE users FORCE INDEX (PRIMARY) SET integral = 2 WHERE id = ${a.id}`
    })
    const [outcomeA, outcomeB] = await Promise.allSettled([unitA, unitB])
    expect(outcomeA.status).toBe('rejected')
    // the deadlock, past the unit's retries (none here)
    expect((outcomeA as PromiseRejectedResult).reason).toMatchObject({ msgKey: 'msg.conflict' })
    expect(outcomeB.status).toBe('fulfilled')
    const row = await app.db.users.findUniqueOrThrow({ where: { id: witness.id }, select: { nickname: true } })
    expect(row.nickname).not.toBe('behind the deadlock')
    expect(await integral(a.id)).toBe(2)
  })

  test('raw statements and ORM calls sent together run in the order written', async () => {
    const user = await createUser(app)
    const row = (name: string) => ({ user_id: user.id, receive_name: name, receive_tel: '1', area_info: 'x', address: 'y' })
    await runUnit(app, (tx) =>
      Promise.all([
        tx.$executeRaw`INSERT INTO addresses ${insertRows([row('1 raw')])}`,
        tx.addresses.create({ data: row('2 orm') }),
        tx.$executeRaw`INSERT INTO addresses ${insertRows([row('3 raw')])}`,
        tx.$executeRaw`INSERT INTO addresses ${insertRows([row('4 raw')])}`,
        tx.addresses.create({ data: row('5 orm') }),
        tx.addresses.create({ data: row('6 orm') }),
        tx.$executeRaw`INSERT INTO addresses ${insertRows([row('7 raw')])}`,
      ]),
    )
    const rows = await app.db.addresses.findMany({ where: { user_id: user.id }, orderBy: { id: 'asc' }, select: { receive_name: true } })
    expect(rows.map((r) => r.receive_name)).toEqual(['1 raw', '2 orm', '3 raw', '4 raw', '5 orm', '6 orm', '7 raw'])
  })

  test('a statement a failed branch sends after the unit failed is refused: nothing of it is written, now or by the next unit on the connection', async () => {
    const user = await createUser(app)
    // One connection in each pool: the next unit runs on the connection the failed one gave back.
    const single = createDb(app.config.DATABASE_URL, 1)
    const infra = { db: single, log: app.log, queues: app.queues }
    try {
      let late: Promise<number> | undefined
      const lateSent = signal()
      const failed = runUnit(infra, { retries: 0 }, (tx) => {
        const refused = tx.$executeRaw`INSERT INTO users (id, username) VALUES (${user.id}, 'taken')`
        // A branch still running when Promise.all rejects: it writes once the refusal is known, while the unit ends.
        const branch = (async () => {
          await refused.catch(() => 0)
          await new Promise((resolve) => setImmediate(resolve))
          late = tx.$executeRaw`UPDATE users SET nickname = 'sent late' WHERE id = ${user.id}`
          lateSent.resolve()
          await late.catch(() => 0)
        })()
        return Promise.all([refused, branch])
      })
      await expect(failed).rejects.toThrow()
      await lateSent.done
      await expect(late).rejects.toThrow('the transaction has already ended')
      await runUnit(infra, (tx) => tx.$executeRaw`UPDATE users SET integral = 1 WHERE id = ${user.id}`)
      const row = await app.db.users.findUniqueOrThrow({ where: { id: user.id }, select: { nickname: true, integral: true } })
      expect(row).toEqual({ nickname: expect.not.stringMatching('sent late'), integral: 1 })
    } finally {
      await single.$disconnect()
    }
  })

  test('a timeout that passes while Prisma finishes its part fails the unit, and nothing of it is written', async () => {
    const [user, locked] = [await createUser(app), await createUser(app)]
    const holder = await mysql.createConnection({ uri: app.config.DATABASE_URL })
    try {
      await holder.query('BEGIN')
      await holder.query('SELECT id FROM users WHERE id = ? FOR UPDATE', [locked.id])
      const unit = runUnit(app, { timeoutMs: 800, retries: 0 }, async (tx) => {
        await tx.users.update({ where: { id: user.id }, data: { nickname: 'written by the unit' } })
        await tx.$executeRaw`UPDATE users SET integral = 5 WHERE id = ${user.id}`
        // An ORM call left running, waiting for the row's lock: Prisma's part ends only once it has, after the unit's
        // timeout.
        void tx.users.update({ where: { id: locked.id }, data: { integral: 9 } }).catch(() => {})
        while (!(await running('`integral` = 9'))) await new Promise((resolve) => setImmediate(resolve))
        return 'done'
      })
      const outcome = unit.then(() => 'answered success', (err: Error) => err.message)
      await new Promise((resolve) => setTimeout(resolve, 1200))
      await holder.query('COMMIT')
      expect(await outcome).toMatch(/timeout/)
      const row = await app.db.users.findUniqueOrThrow({ where: { id: user.id }, select: { nickname: true, integral: true } })
      expect(row).toEqual({ nickname: expect.not.stringMatching('written by the unit'), integral: 0 })
      expect(await integral(locked.id)).toBe(0)
    } finally {
      await holder.end()
    }
  })

  test('a transaction the server rolled back is never committed, even when the work carries on past the refusal', async () => {
    const [a, b, witness, ...heavy] = await Promise.all(Array.from({ length: 6 }, () => createUser(app)))
    const aHolds = signal()
    const bHolds = signal()
    let afterRefusal: Promise<number> | undefined
    // As above, A is the deadlock's victim; it swallows the refusal and writes on.
    const unitA = runUnit(app, { retries: 0 }, async (tx) => {
      await tx.$executeRaw`UPDATE users FORCE INDEX (PRIMARY) SET integral = 1 WHERE id = ${a.id}`
      aHolds.resolve()
      await bHolds.done
      await tx.$executeRaw`UPDATE users FORCE INDEX (PRIMARY) SET integral = 1 WHERE id = ${b.id}`.catch(() => 0)
      afterRefusal = tx.$executeRaw`UPDATE users FORCE INDEX (PRIMARY) SET nickname = 'after the refusal' WHERE id = ${witness.id}`
      await afterRefusal.catch(() => 0)
    })
    const unitB = runUnit(app, { retries: 0 }, async (tx) => {
      await tx.$executeRaw`UPDATE users FORCE INDEX (PRIMARY) SET integral = 2 WHERE id IN (${Prisma.join([b.id, ...heavy.map((u) => u.id)])})`
      bHolds.resolve()
      await aHolds.done
      await tx.$executeRaw`UPDATE users FORCE INDEX (PRIMARY) SET integral = 2 WHERE id = ${a.id}`
    })
    const [outcomeA, outcomeB] = await Promise.allSettled([unitA, unitB])
    expect(outcomeB.status).toBe('fulfilled')
    expect((outcomeA as PromiseRejectedResult).reason).toMatchObject({ msgKey: 'msg.conflict' })
    await expect(afterRefusal).rejects.toMatchObject({ errno: 1213 })
    const row = await app.db.users.findUniqueOrThrow({ where: { id: witness.id }, select: { nickname: true } })
    expect(row.nickname).not.toBe('after the refusal')
    expect(await integral(a.id)).toBe(2)
  })

  test('the pools keep their sessions: autocommit on for the general pool, off for units, whatever the units did', async () => {
    const single = createDb(app.config.DATABASE_URL, 1)
    const infra = { db: single, log: app.log, queues: app.queues }
    const autocommit = async (tx?: Tx) => Number((await (tx ?? single).$queryRaw<{ a: bigint }[]>`SELECT @@autocommit AS a`)[0].a)
    try {
      expect(await runUnit(infra, (tx) => autocommit(tx))).toBe(0)
      await expect(runUnit(infra, { retries: 0 }, () => Promise.reject(new Error('refused')))).rejects.toThrow('refused')
      await expect(runUnit(infra, { retries: 0, timeoutMs: 100 }, () => new Promise((resolve) => setTimeout(resolve, 300)))).rejects.toThrow()
      expect(await autocommit()).toBe(1)
      expect(await runUnit(infra, (tx) => autocommit(tx))).toBe(0)
    } finally {
      await single.$disconnect()
    }
  })

  test('$insertRaw answers the new row id (the first one of several), 0 when it wrote none; insertRows writes several rows in one statement', async () => {
    const user = await createUser(app)
    const row = (name: string) => ({ user_id: user.id, receive_name: name, receive_tel: '1', area_info: 'x', address: 'y' })
    const ids = await runUnit(app, async (tx) => ({
      first: await tx.$insertRaw`INSERT INTO addresses ${insertRows([row('A')])}`,
      both: await tx.$insertRaw`INSERT INTO addresses ${insertRows([row('B'), row('C')])}`,
      none: await tx.$insertRaw`INSERT INTO addresses (user_id, receive_name, receive_tel, area_info, address) SELECT user_id, 'D', '1', 'x', 'y' FROM addresses WHERE id = 0`,
    }))
    const rows = await app.db.addresses.findMany({ where: { user_id: user.id }, orderBy: { id: 'asc' }, select: { id: true, receive_name: true } })
    expect(rows.map((r) => r.receive_name)).toEqual(['A', 'B', 'C'])
    expect(ids).toEqual({ first: { insertId: rows[0].id }, both: { insertId: rows[1].id }, none: { insertId: 0 } })
    expect(() => insertRows([{ 'id; DROP TABLE users': 1 }])).toThrow('bad column name')
  })
})

describe('answers as Prisma raw statements answer', () => {
  test('DECIMAL as Prisma.Decimal, COUNT as bigint, DATETIME as Date, JSON parsed, NULL as null; Decimal parameters exact', async () => {
    const user = await createUser(app)
    const [row] = await app.db.$queryRaw<{ d: Prisma.Decimal; n: bigint; t: Date; day: Date; j: unknown; z: null; i: number; s: string }[]>`SELECT
      CAST(${new Prisma.Decimal('12345678901.23')} AS DECIMAL(13, 2)) AS d, COUNT(*) AS n, NOW(3) AS t, DATE('2026-02-03') AS day, JSON_OBJECT('a', 1) AS j,
      NULL AS z, ${user.id} AS i, username AS s
      FROM users WHERE id = ${user.id}`
    expect(Prisma.Decimal.isDecimal(row.d) && row.d.toFixed(2)).toBe('12345678901.23')
    expect(row.n).toBe(1n)
    expect(row.t).toBeInstanceOf(Date)
    expect(Math.abs(row.t.getTime() - Date.now())).toBeLessThan(60_000)
    expect(row.j).toEqual({ a: 1 })
    expect(row.z).toBeNull()
    expect(row.i).toBe(user.id)
    expect(row.day).toEqual(new Date('2026-02-03T00:00:00Z'))
    expect(row.s).toBe(user.username)
  })

  test('a unique key refusing a raw insert is a duplicate key, answered as a conflict naming the key', async () => {
    const user = await createUser(app)
    const insert = () => app.db.$executeRaw`INSERT INTO idempotency_keys (area, owner_id, idem_key, request_hash) VALUES ('t', ${user.id}, 'k', ${'x'.repeat(64)})`
    await insert()
    const err = await insert().catch((e: unknown) => e)
    expect(err).toMatchObject({ errno: 1062, sqlMessage: expect.stringContaining('Duplicate entry') })
    expect(isDuplicateKey(err)).toBe(true)
    const mapped = mapPrismaError(err)
    expect(mapped).toBeInstanceOf(AppError)
    expect((mapped as AppError).data).toEqual({ idempotency_keys_area_owner_id_idem_key: 'exists' })
  })
})
