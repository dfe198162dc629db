// Raw statements through the bare driver (db.ts): inside a unit they run on the transaction's own connection (its
// rollback undoes them, and ORM calls see them), they are refused once that transaction has ended, and they answer
// the types Prisma's raw statements answer.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { Prisma } from '../generated/prisma/client.ts'
import { createTestApp, resetDb } from '../../test/helpers.ts'
import { createUser } from '../../test/factories.ts'
import { insertRows } from './db.ts'
import { AppError } from './errors.ts'
import { isDuplicateKey, mapPrismaError } from './prismaErrors.ts'
import { runUnit } from './unitOfWork.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => resetDb(app, { demo: false, areas: false }))
afterAll(async () => app?.close())

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

  test('a statement sent after the transaction ended is refused and writes nothing', async () => {
    const user = await createUser(app)
    let late: Promise<number> | undefined
    const unit = runUnit(app, { timeoutMs: 1000, retries: 0 }, async (tx) => {
      await tx.$executeRaw`UPDATE users SET integral = 1 WHERE id = ${user.id}`
      // Prisma rolls the transaction back at its timeout and releases the connection to the pool.
      await new Promise((resolve) => setTimeout(resolve, 1500))
      late = tx.$executeRaw`UPDATE users SET integral = 2 WHERE id = ${user.id}`
      return late
    })
    await expect(unit).rejects.toThrow()
    await expect(late).rejects.toThrow('the transaction has already ended')
    expect(await integral(user.id)).toBe(0)
  })

  test('$insertRaw answers the new row id; insertRows writes several rows in one statement', async () => {
    const user = await createUser(app)
    const ids = await runUnit(app, async (tx) => {
      const first = await tx.$insertRaw`INSERT INTO addresses ${insertRows([{ user_id: user.id, receive_name: 'A', receive_tel: '1', area_info: 'x', address: 'y' }])}`
      const both = await tx.$insertRaw`INSERT INTO addresses ${insertRows(['B', 'C'].map((name) => ({ user_id: user.id, receive_name: name, receive_tel: '1', area_info: 'x', address: 'y' })))}`
      return { first, both }
    })
    const rows = await app.db.addresses.findMany({ where: { user_id: user.id }, orderBy: { id: 'asc' }, select: { id: true, receive_name: true } })
    expect(rows[0]).toEqual({ id: ids.first.insertId, receive_name: 'A' })
    expect(ids.both.affectedRows).toBe(2)
    expect(rows.map((r) => r.receive_name)).toEqual(['A', 'B', 'C'])
    expect(() => insertRows([{ 'id; DROP TABLE users': 1 }])).toThrow('bad column name')
  })
})

describe('answers as Prisma raw statements answer', () => {
  test('DECIMAL as Prisma.Decimal, COUNT as bigint, DATETIME as Date, JSON parsed, NULL as null; Decimal parameters exact', async () => {
    const user = await createUser(app)
    const [row] = await app.db.$queryRaw<{ d: Prisma.Decimal; n: bigint; t: Date; j: unknown; z: null; i: number }[]>`SELECT
      CAST(${new Prisma.Decimal('12345678901.23')} AS DECIMAL(13, 2)) AS d, COUNT(*) AS n, NOW(3) AS t, JSON_OBJECT('a', 1) AS j, NULL AS z, ${user.id} AS i
      FROM users WHERE id = ${user.id}`
    expect(Prisma.Decimal.isDecimal(row.d) && row.d.toFixed(2)).toBe('12345678901.23')
    expect(row.n).toBe(1n)
    expect(row.t).toBeInstanceOf(Date)
    expect(Math.abs(row.t.getTime() - Date.now())).toBeLessThan(60_000)
    expect(row.j).toEqual({ a: 1 })
    expect(row.z).toBeNull()
    expect(row.i).toBe(user.id)
  })

  test('a unique key refusing a raw insert is a duplicate key, answered as a conflict naming the key', async () => {
    const user = await createUser(app)
    const insert = () => app.db.$executeRaw`INSERT INTO idempotency_keys (area, owner_id, idem_key, request_hash) VALUES ('t', ${user.id}, 'k', ${'x'.repeat(64)})`
    await insert()
    const err = await insert().catch((e: unknown) => e)
    expect(isDuplicateKey(err)).toBe(true)
    const mapped = mapPrismaError(err)
    expect(mapped).toBeInstanceOf(AppError)
    expect((mapped as AppError).data).toEqual({ idempotency_keys_area_owner_id_idem_key: 'exists' })
  })
})
