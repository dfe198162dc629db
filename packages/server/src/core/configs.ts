// Platform settings of the `configs` table (sms, pay, upload, task...), cached in Redis for every api instance.
import type { Infra } from '../plugins/infra.ts'

const CACHE_SECONDS = 60
const cacheKey = (app: Infra, name: string) => app.key('config', name)

/** The config `name`: parsed JSON when is_type = 1, the plain string otherwise; null when missing or unreadable. */
export async function readConfig<T = unknown>(app: Infra, name: string): Promise<T | null> {
  const cached = await app.redis.get(cacheKey(app, name))
  if (cached !== null) return (JSON.parse(cached) as { value: T | null }).value
  const row = await app.db.configs.findUnique({ where: { name }, select: { content: true, is_type: true } })
  let value: unknown = row?.content ?? null
  if (row?.is_type === 1 && typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      app.log.warn({ config: name }, 'config content is not valid JSON')
      value = null
    }
  }
  await app.redis.set(cacheKey(app, name), JSON.stringify({ value }), 'EX', CACHE_SECONDS)
  return value as T | null
}

/** Call after writing the config `name`. */
export async function invalidateConfig(app: Infra, name: string): Promise<void> {
  await app.redis.del(cacheKey(app, name))
}
