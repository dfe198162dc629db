// Redis Lua scripts run by their SHA-1 digest (EVALSHA), the source sent only when the server does not hold it yet
// (after a restart or SCRIPT FLUSH). Every check-then-act on a Redis counter is one such script (docs/architecture.md).
import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'

export type RedisScript = { source: string; sha: string }

export const redisScript = (source: string): RedisScript => ({ source, sha: createHash('sha1').update(source).digest('hex') })

/** Runs a script by its digest, falling back to the source on NOSCRIPT. */
export async function runScript(redis: Redis, { source, sha }: RedisScript, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
  try {
    return await redis.evalsha(sha, keys.length, ...keys, ...args)
  } catch (err) {
    if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err
    return redis.eval(source, keys.length, ...keys, ...args)
  }
}
