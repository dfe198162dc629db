// Platform settings of the `configs` table (sms, pay, upload, task...), cached in Redis for every api instance.
import { CONFIG_ROW, normalizeConfig, type ConfigValues, type JsonConfigGroup } from '@qshop/shared/schemas/configs'
import type { Infra } from './infra.ts'

const CACHE_SECONDS = 60
const cacheKey = (app: Infra, name: string) => app.key('config', name)

/** The config `name`: parsed JSON when is_type = 1, the plain string otherwise; null when missing or unreadable. */
export async function readConfig<T = unknown>(app: Infra, name: string): Promise<T | null> {
  return (JSON.parse(await cachedText(app, name)) as { value: T | null }).value
}

/** The config's cached form (`{"value": …}`), from the cache, or read from the table and cached. */
async function cachedText(app: Infra, name: string): Promise<string> {
  const cached = await app.redis.get(cacheKey(app, name))
  if (cached !== null) return cached
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
  const text = JSON.stringify({ value })
  await app.redis.set(cacheKey(app, name), text, 'EX', CACHE_SECONDS)
  return text
}

/** Each group's values as last normalized here, and the cached text they came from (keyed by the cache key). */
const normalized = new Map<string, { text: string; values: Readonly<ConfigValues> }>()

function deepFreeze(values: ConfigValues): Readonly<ConfigValues> {
  for (const value of Object.values(values)) if (typeof value === 'object') deepFreeze(value)
  return Object.freeze(values)
}

/**
 * The JSON config group `group` with every field present (its default where missing or invalid): normalizeConfig of
 * readConfig. Read from the cache each time, but parsed and checked again only when the cached text has changed:
 * the checkout reads two groups on every order, and checking them field by field was 2% of its CPU.
 */
export async function readGroupConfig(app: Infra, group: JsonConfigGroup): Promise<Readonly<ConfigValues>> {
  const key = cacheKey(app, CONFIG_ROW[group])
  const text = await cachedText(app, CONFIG_ROW[group])
  const seen = normalized.get(key)
  if (seen?.text === text) return seen.values
  const values = deepFreeze(normalizeConfig(group, (JSON.parse(text) as { value: Record<string, unknown> | null }).value))
  normalized.set(key, { text, values })
  return values
}

/** Call after writing the config `name`. */
export async function invalidateConfig(app: Infra, name: string): Promise<void> {
  await app.redis.del(cacheKey(app, name))
}
