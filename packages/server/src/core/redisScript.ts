// Lua scripts run on Redis by their digest: the source travels only when the server does not hold it yet (after a
// restart or a SCRIPT FLUSH). Used where a check and its change must be one step for every api instance
// (core/failureThrottle.ts, modules/promotions/receiveGate.ts, modules/seckill).
import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'

export type RedisScript = { source: string; sha: string }

export const redisScript = (source: string): RedisScript => ({ source, sha: createHash('sha1').update(source).digest('hex') })

/** Runs `script` with its keys and arguments; answers what the script returns. */
export async function runScript(redis: Redis, { source, sha }: RedisScript, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
  try {
    return await redis.evalsha(sha, keys.length, ...keys, ...args)
  } catch (err) {
    if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err
    return redis.eval(source, keys.length, ...keys, ...args)
  }
}
