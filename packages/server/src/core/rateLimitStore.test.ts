// Rate-limit counters shared through a real Redis by several instances (each store is one api instance).
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { Redis } from 'ioredis'
import pino from 'pino'
import { eventually } from '../../test/helpers.ts'
import { SYNC_MS, SyncedWindowStore } from './rateLimitStore.ts'

const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379')
const prefix = `${process.env.REDIS_PREFIX}:rl-test:`
const log = pino({ level: 'silent' })
// A day: no test run crosses a window's end (windows are aligned to the clock).
const WINDOW = 86_400_000

const instance = (client: Redis = redis) => new SyncedWindowStore({ redis: client, prefix, log })
// Stores of earlier tests may still sync their last counts: every test counts under keys of its own.
let testKey = ''
const hit = (store: SyncedWindowStore, key = 'ip') => new Promise<number>((resolve) => store.incr(`${testKey}${key}`, WINDOW, resolve))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
/** The count Redis holds for the key in the current window. */
const shared = async (key = 'ip') => Number(await redis.get(`${prefix}${testKey}${key}:${Math.floor(Date.now() / WINDOW)}`))

beforeEach((ctx) => {
  testKey = `${ctx.task.id}:`
})
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`)
  if (keys.length) await redis.del(...keys)
  redis.disconnect()
})

describe('synced window store', () => {
  test('one instance counts every request exactly, also before its counts reach Redis', async () => {
    const store = instance()
    const counts = [await hit(store), await hit(store), await hit(store), await hit(store)]
    expect(counts).toEqual([1, 2, 3, 4])
  })

  test('requests arriving together before the shared count is known get distinct counts', async () => {
    const store = instance()
    expect((await Promise.all(Array.from({ length: 5 }, () => hit(store)))).sort()).toEqual([1, 2, 3, 4, 5])
    // first requests on five instances at once
    const counts = await Promise.all(Array.from({ length: 5 }, () => hit(instance(), 'other')))
    expect(counts.sort()).toEqual([1, 2, 3, 4, 5])
  })

  test('a second instance starts from the count the first one made', async () => {
    const a = instance()
    for (let i = 0; i < 3; i++) await hit(a)
    await eventually(async () => (await shared()) === 3)
    const b = instance()
    expect(await hit(b)).toBe(4)
    // and the first learns of the second at its next sync (its reply is read just after Redis counted it)
    await hit(a)
    await eventually(async () => (await shared()) === 5)
    await sleep(SYNC_MS)
    expect(await hit(a)).toBe(6)
  })

  test('keys are counted apart and kept in Redis no longer than two windows', async () => {
    const store = instance()
    await hit(store, 'a')
    await hit(store, 'b')
    expect(await hit(store, 'a')).toBe(2)
    await eventually(async () => (await shared('a')) === 2 && (await shared('b')) === 1)
    const keys = await redis.keys(`${prefix}${testKey}*`)
    expect(keys).toHaveLength(2)
    for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(WINDOW)
    for (const key of keys) expect(await redis.pttl(key)).toBeLessThanOrEqual(2 * WINDOW)
  })

  test('without Redis the instance goes on counting on its own', async () => {
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 })
    down.on('error', () => {})
    const store = instance(down)
    expect([await hit(store), await hit(store), await hit(store)]).toEqual([1, 2, 3])
    await sleep(SYNC_MS * 3)
    expect(await hit(store)).toBe(4)
    down.disconnect()
  })
})
