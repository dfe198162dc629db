// The unit of work on the real database and queue: commit then after-commit actions, nothing of a failed attempt,
// real deadlocks and lock wait timeouts run the unit again, the isolation level asked for is the one used, staged
// jobs reach their queue once, and services handed the context join the unit.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Queue } from 'bullmq'
import mysql from 'mysql2/promise'
import { z } from 'zod'
import { createTestApp, resetDb } from '../../test/helpers.ts'
import { createUser } from '../../test/factories.ts'
import { defineJob } from './jobs/define.ts'
import { QUEUE_MAINTENANCE } from './jobs/queues.ts'
import { createDb } from './db/index.ts'
import { inUnit, runUnit, type Tx, type UnitInfra } from './unitOfWork.ts'
import { systemContext, type RequestContext } from './context.ts'

let app: FastifyInstance
let queue: Queue
/** The app's database and queues with a logger that keeps what it was told. */
let infra: UnitInfra
let logged: { level: string; obj: Record<string, unknown>; msg: string }[]

const noop = async () => ({})
const keyed = defineJob({ queue: QUEUE_MAINTENANCE, name: 'test-event', payload: z.object({ id: z.number() }), key: (p) => p.id, process: noop })
const unkeyed = defineJob({ queue: QUEUE_MAINTENANCE, name: 'test-plain', payload: z.object({ id: z.number() }), process: noop })

beforeAll(async () => {
  app = await createTestApp()
  queue = app.queues.get(QUEUE_MAINTENANCE)
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  await queue.obliterate({ force: true })
  logged = []
  const keep = (level: string) => (obj: Record<string, unknown>, msg: string) => void logged.push({ level, obj, msg })
  infra = { db: app.db, queues: app.queues, log: { ...app.log, warn: keep('warn'), error: keep('error') } as unknown as FastifyInstance['log'] }
})
afterAll(async () => app?.close())

const integral = async (id: number) => (await app.db.users.findUniqueOrThrow({ where: { id }, select: { integral: true } })).integral
const bump = (tx: Tx, id: number) => tx.$executeRaw`UPDATE users SET integral = integral + 1 WHERE id = ${id}`
const jobsIn = async () => (await queue.getJobs(['waiting', 'delayed'])).map((j) => ({ id: j.id, name: j.name }))

/** A promise and its resolver. */
function signal() {
  let resolve!: () => void
  const done = new Promise<void>((r) => (resolve = r))
  return { done, resolve }
}

describe('commit and after-commit actions', () => {
  test('actions run after the commit, in order; a failed unit writes nothing and runs none', async () => {
    const user = await createUser(app)
    const seen: string[] = []
    const result = await runUnit(infra, async (tx, unit) => {
      await bump(tx, user.id)
      unit.afterCommit(async () => seen.push(`first saw ${await integral(user.id)}`))
      unit.afterCommit(() => seen.push('second'))
      return 'done'
    })
    expect(result).toBe('done')
    expect(seen).toEqual(['first saw 1', 'second'])

    await expect(
      runUnit(infra, async (tx, unit) => {
        await bump(tx, user.id)
        unit.afterCommit(() => seen.push('never'))
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    expect(await integral(user.id)).toBe(1)
    expect(seen).toEqual(['first saw 1', 'second'])
  })

  test('a failing action is logged, not answered, and the next one still runs', async () => {
    const seen: string[] = []
    await runUnit(infra, async (_tx, unit) => {
      unit.afterCommit(() => {
        throw new Error('cache down')
      })
      unit.afterCommit(() => seen.push('ran'))
    })
    expect(seen).toEqual(['ran'])
    expect(logged.filter((l) => l.level === 'error').map((l) => l.msg)).toEqual(['after-commit action failed'])
  })

  test('the isolation level asked for is the transaction’s: READ COMMITTED sees a commit made meanwhile, the default does not', async () => {
    const user = await createUser(app)
    const other = await mysql.createConnection({ uri: app.config.DATABASE_URL })
    try {
      const readTwice = (isolation?: 'ReadCommitted') =>
        runUnit(infra, { isolation }, async (tx) => {
          const before = (await tx.users.findUniqueOrThrow({ where: { id: user.id }, select: { integral: true } })).integral
          await other.query('UPDATE users SET integral = integral + 1 WHERE id = ?', [user.id])
          const after = (await tx.users.findUniqueOrThrow({ where: { id: user.id }, select: { integral: true } })).integral
          return after - before
        })
      expect(await readTwice('ReadCommitted')).toBe(1)
      expect(await readTwice()).toBe(0)
    } finally {
      await other.end()
    }
  })
})

describe('retries', () => {
  test('a real deadlock runs the losing unit again; only its last attempt’s actions run', async () => {
    const [a, b] = [await createUser(app), await createUser(app)]
    const firstDone = [signal(), signal()]
    const attempts: number[] = []
    const committed: string[] = []
    // Each unit bumps its first row, waits until the other holds its first row too, then wants the other's row.
    const cross = (me: 0 | 1, first: number, second: number) =>
      runUnit(infra, async (tx, unit) => {
        attempts.push(me)
        await bump(tx, first)
        if (unit.attempt === 1) {
          firstDone[me].resolve()
          await firstDone[1 - me].done
        }
        await bump(tx, second)
        unit.afterCommit(() => committed.push(`${me}@${unit.attempt}`))
      })
    await Promise.all([cross(0, a.id, b.id), cross(1, b.id, a.id)])
    expect([await integral(a.id), await integral(b.id)]).toEqual([2, 2])
    expect(attempts).toHaveLength(3)
    // the winner's first attempt and the loser's second: the loser's first attempt left no action behind
    expect(committed.map((c) => c.split('@')[1]).sort()).toEqual(['1', '2'])
    const retried = logged.filter((l) => l.msg.includes('running it again'))
    expect(retried.map((l) => l.obj.errno)).toEqual([1213])
  })

  test('a lock wait timeout runs the unit again', async () => {
    const user = await createUser(app)
    // A client that gives up on a lock after 1 s, and a connection holding the row's lock meanwhile.
    const impatient = createDb(app.config.DATABASE_URL, 2, 1)
    const holder = await mysql.createConnection({ uri: app.config.DATABASE_URL })
    try {
      await holder.query('BEGIN')
      await holder.query('UPDATE users SET integral = 10 WHERE id = ?', [user.id])
      const retrying = signal()
      const unit = runUnit({ ...infra, db: impatient }, async (tx, u) => {
        if (u.attempt === 2) retrying.resolve()
        await bump(tx, user.id)
        return u.attempt
      })
      await retrying.done
      await holder.query('COMMIT')
      expect(await unit).toBe(2)
      expect(await integral(user.id)).toBe(11)
      expect(logged.filter((l) => l.msg.includes('running it again')).map((l) => l.obj.errno)).toEqual([1205])
    } finally {
      await holder.end()
      await impatient.$disconnect()
    }
  })

  test('conflicts past the retry budget answer 409; other errors are not retried', async () => {
    let runs = 0
    const conflict = () => Object.assign(new Error('write conflict'), { code: 'P2034' })
    await expect(
      runUnit(infra, { retries: 2 }, async () => {
        runs++
        throw conflict()
      }),
    ).rejects.toMatchObject({ code: 409, msgKey: 'msg.conflict' })
    expect(runs).toBe(3)

    runs = 0
    await expect(
      runUnit(infra, async () => {
        runs++
        throw Object.assign(new Error('duplicate'), { code: 'P2002' })
      }),
    ).rejects.toMatchObject({ code: 'P2002' })
    expect(runs).toBe(1)
  })
})

describe('staged jobs', () => {
  test('a committed unit’s job reaches its queue; a rolled-back unit’s does not', async () => {
    await runUnit(infra, async (_tx, unit) => unit.stage(keyed, { id: 1 }))
    await expect(runUnit(infra, async (_tx, unit) => {
      await unit.stage(keyed, { id: 2 })
      throw new Error('refused')
    })).rejects.toThrow('refused')
    expect(await jobsIn()).toEqual([{ id: 'test-event-1', name: 'test-event' }])
    expect(await app.db.outbox.count()).toBe(1)
  })

  test('the same business event staged by 20 concurrent units is one outbox row and one job', async () => {
    await Promise.all(Array.from({ length: 20 }, () => runUnit(infra, async (_tx, unit) => unit.stage(keyed, { id: 42 }))))
    expect(await app.db.outbox.findMany({ select: { job_id: true, sent_at: true } })).toEqual([{ job_id: 'test-event-42', sent_at: expect.any(Date) }])
    expect(await jobsIn()).toEqual([{ id: 'test-event-42', name: 'test-event' }])
    // unkeyed jobs are each their own
    await runUnit(infra, async (_tx, unit) => {
      await unit.stage(unkeyed, { id: 1 })
      await unit.stage(unkeyed, { id: 1 })
    })
    expect((await jobsIn()).filter((j) => j.name === 'test-plain')).toHaveLength(2)
  })

  test('payloads are checked when staged; only a job with a sweeper may be delayed', async () => {
    await expect(runUnit(infra, (_tx, unit) => unit.stage(keyed, { id: 'x' } as unknown as { id: number }))).rejects.toThrow()
    await expect(runUnit(infra, (_tx, unit) => unit.stage(keyed, { id: 1 }, { runAt: new Date(Date.now() + 60_000) }))).rejects.toThrow(/no sweeper/)
    expect(await app.db.outbox.count()).toBe(0)
  })
})

describe('request context', () => {
  /** A service: takes the context first and joins the unit it carries. */
  const grant = (ctx: RequestContext, userId: number) => inUnit(infra, ctx, async (tx, unit) => {
    await bump(tx, userId)
    unit.afterCommit(() => granted.push(userId))
  })
  let granted: number[]
  beforeEach(() => (granted = []))

  test('a service called with the context of an open unit writes in that unit: it commits and rolls back with it', async () => {
    const user = await createUser(app)
    await expect(
      inUnit(infra, systemContext('test'), async (_tx, _unit, ctx) => {
        await grant(ctx, user.id)
        await grant(ctx, user.id)
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    expect(await integral(user.id)).toBe(0)
    expect(granted).toEqual([])

    await inUnit(infra, systemContext('test'), async (_tx, _unit, ctx) => {
      await grant(ctx, user.id)
      await grant(ctx, user.id)
    })
    expect(await integral(user.id)).toBe(2)
    expect(granted).toEqual([user.id, user.id])
  })

  test('on its own the service opens its unit', async () => {
    const user = await createUser(app)
    await grant(systemContext('test'), user.id)
    expect(await integral(user.id)).toBe(1)
  })
})
