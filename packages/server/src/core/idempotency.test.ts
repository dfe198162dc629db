// Idempotency records on the real database: the work runs once per key however many repeats arrive at once, repeats
// answer the first answer, a key reused for another request is refused, a failed first request leaves the key free.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createTestApp, resetDb } from '../../test/helpers.ts'
import { createUser } from '../../test/factories.ts'
import { businessError } from './errors.ts'
import { systemContext } from './context.ts'
import { IDEMPOTENCY_KEEP_DAYS, idempotencyKeyOf, idempotent, purgeIdempotencyKeys, requestHash } from './idempotency.ts'

let app: FastifyInstance
let userId: number

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  userId = (await createUser(app)).id
})
afterAll(async () => app?.close())

const ctx = systemContext('test')
/** A request whose work credits one point per run and answers the run's number and a date. */
function checkout(key: string, request: unknown = { goods_id: 1, buy_num: 2 }, owner = userId, area = 'checkout') {
  return idempotent(app, ctx, { area, ownerId: owner, key, request }, async (tx) => {
    await tx.users.update({ where: { id: userId }, data: { integral: { increment: 1 } } })
    const runs = (await tx.users.findUniqueOrThrow({ where: { id: userId }, select: { integral: true } })).integral
    return { order_id: [runs], at: new Date('2026-11-24T00:00:00Z') }
  })
}
const runs = async () => (await app.db.users.findUniqueOrThrow({ where: { id: userId }, select: { integral: true } })).integral

describe('idempotent', () => {
  test('a repeat answers the first answer without running the work again', async () => {
    const first = await checkout('k1')
    expect(first).toEqual({ answer: { order_id: [1], at: '2026-11-24T00:00:00.000Z' }, replayed: false })
    expect(await checkout('k1')).toEqual({ answer: first.answer, replayed: true })
    // the same body with its keys in another order is the same request
    expect((await checkout('k1', { buy_num: 2, goods_id: 1 })).replayed).toBe(true)
    expect(await runs()).toBe(1)
  })

  test('20 concurrent repeats: the work runs once and all answer the same', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => checkout('k2')))
    expect(results.filter((r) => !r.replayed)).toHaveLength(1)
    expect(new Set(results.map((r) => JSON.stringify(r.answer))).size).toBe(1)
    expect(await runs()).toBe(1)
    expect(await app.db.idempotency_keys.count()).toBe(1)
  })

  test('the key with another request is refused (409); other owners and areas have their own keys', async () => {
    await checkout('k3')
    await expect(checkout('k3', { goods_id: 1, buy_num: 3 })).rejects.toMatchObject({ code: 409, msgKey: 'msg.idemKeyReused' })
    const other = (await createUser(app)).id
    expect((await checkout('k3', undefined, other)).replayed).toBe(false)
    expect((await checkout('k3', undefined, userId, 'order_pay')).replayed).toBe(false)
    expect(await runs()).toBe(3)
  })

  test('a first request that fails keeps nothing: the repeat runs the work', async () => {
    const refused = idempotent(app, ctx, { area: 'checkout', ownerId: userId, key: 'k4', request: {} }, async (tx) => {
      await tx.users.update({ where: { id: userId }, data: { integral: { increment: 1 } } })
      throw businessError('msg.stockShort')
    })
    await expect(refused).rejects.toMatchObject({ msgKey: 'msg.stockShort' })
    expect(await app.db.idempotency_keys.count()).toBe(0)
    expect((await checkout('k4', {})).replayed).toBe(false)
    expect(await runs()).toBe(1)
  })

  test('an answer recorded by the work with its last statements is the one answered and replayed', async () => {
    const early = () =>
      idempotent<{ order_id: number[] }>(app, ctx, { area: 'checkout', ownerId: userId, key: 'k9', request: {} }, async (tx, _unit, _ctx, record) => {
        const [, recorded] = await Promise.all([tx.$executeRaw`UPDATE users SET integral = integral + 1 WHERE id = ${userId}`, record({ order_id: [9] })])
        return recorded as never
      })
    expect(await early()).toEqual({ answer: { order_id: [9] }, replayed: false })
    expect(await early()).toEqual({ answer: { order_id: [9] }, replayed: true })
    expect(await runs()).toBe(1)
  })

  test('a repeat whose work would now be refused, or would write, still only answers the first answer', async () => {
    const once = () =>
      idempotent(app, ctx, { area: 'checkout', ownerId: userId, key: 'k10', request: {} }, async (tx) => {
        await tx.$executeRaw`UPDATE users SET nickname = 'written by the work' WHERE id = ${userId}`
        const taken = await tx.$executeRaw`UPDATE users SET integral = integral + 1 WHERE id = ${userId} AND integral = 0`
        if (!taken) throw businessError('msg.stockShort')
        return { order_id: [1] }
      })
    expect(await once()).toEqual({ answer: { order_id: [1] }, replayed: false })
    await app.db.users.update({ where: { id: userId }, data: { nickname: 'changed after' } })
    expect(await once()).toEqual({ answer: { order_id: [1] }, replayed: true })
    const user = await app.db.users.findUniqueOrThrow({ where: { id: userId }, select: { integral: true, nickname: true } })
    expect(user).toEqual({ integral: 1, nickname: 'changed after' })
  })

  test('records older than the keeping time are purged', async () => {
    await checkout('old')
    await checkout('new')
    await app.db.idempotency_keys.updateMany({ where: { idem_key: 'old' }, data: { created_at: new Date(Date.now() - (IDEMPOTENCY_KEEP_DAYS + 1) * 86400_000) } })
    expect(await purgeIdempotencyKeys(app.db)).toBe(1)
    expect((await app.db.idempotency_keys.findMany({ select: { idem_key: true } })).map((r) => r.idem_key)).toEqual(['new'])
  })
})

describe('the Idempotency-Key header', () => {
  const req = (value?: string | string[]) => ({ headers: value === undefined ? {} : { 'idempotency-key': value }, t: (k: string) => k }) as unknown as FastifyRequest

  test('a valid key is answered; a missing one is refused only when required; a malformed one always', () => {
    expect(idempotencyKeyOf(req('0b6f4f3e-9c1a-4c55-8f0e-2f0f2c7d1a11'), true)).toBe('0b6f4f3e-9c1a-4c55-8f0e-2f0f2c7d1a11')
    expect(idempotencyKeyOf(req(), false)).toBeNull()
    expect(() => idempotencyKeyOf(req(), true)).toThrow(expect.objectContaining({ code: 400, data: { 'Idempotency-Key': 'valid.required' } }))
    for (const bad of ['a'.repeat(65), 'has space', 'é', ['a', 'b']])
      expect(() => idempotencyKeyOf(req(bad), false)).toThrow(expect.objectContaining({ data: { 'Idempotency-Key': 'valid.idemKey' } }))
  })

  test('the request hash ignores key order, not values', () => {
    expect(requestHash({ a: 1, b: [{ c: 2, d: 3 }] })).toBe(requestHash({ b: [{ d: 3, c: 2 }], a: 1 }))
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }))
    expect(requestHash([1, 2])).not.toBe(requestHash([2, 1]))
  })
})
