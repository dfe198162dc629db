// Readiness (GET /api/ready): the database answers, Redis answers and every migration of the repo's migrations folder
// is applied. Migrations are applied by scripts/migrate.ts (at `pnpm start`, before the api listens), which keeps
// Prisma's bookkeeping table `_prisma_migrations`: a migration counts as applied when its row is finished and not
// rolled back, as `prisma migrate deploy` counts it.
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Db } from '../../core/db/index.ts'
import type { Redis } from 'ioredis'

/** A check that has not answered after this long counts as not ready (compose's healthcheck waits 30 s). */
export const READY_CHECK_MS = 2_000

export type Readiness = { db: boolean; redis: boolean; migrations: boolean; pending: string[] }

/** The migrations on disk: the folders holding a migration.sql, as scripts/migrate.ts reads them. */
export async function migrationsOnDisk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const names: string[] = []
  for (const e of entries.filter((e) => e.isDirectory()).map((e) => e.name).sort())
    if (await stat(path.join(dir, e, 'migration.sql')).then(() => true, () => false)) names.push(e)
  return names
}

function withinTime<T>(work: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), READY_CHECK_MS)))
  return Promise.race([work.catch(() => fallback), late]).finally(() => clearTimeout(timer))
}

/**
 * `onDisk` is read once per process (the folder does not change while it runs); a folder that cannot be read or holds
 * no migration is not ready: the process would not know its schema.
 */
export async function readiness(infra: { db: Db; redis: Redis }, onDisk: Promise<string[]>): Promise<Readiness> {
  const applied = async (): Promise<{ db: boolean; names: Set<string> | null }> => {
    await infra.db.$queryRaw`SELECT 1`
    // No bookkeeping table yet: nothing is applied.
    const rows = await infra.db
      .$queryRaw<{ name: string }[]>`SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`
      .catch(() => [])
    return { db: true, names: new Set(rows.map((r) => r.name)) }
  }
  const [database, redis, disk] = await Promise.all([
    withinTime(applied(), { db: false, names: null }),
    withinTime(infra.redis.ping().then((r) => r === 'PONG'), false),
    onDisk.catch(() => [] as string[]),
  ])
  // A database that does not answer says nothing of its migrations: none is named pending, and they are not ready.
  const pending = database.names ? disk.filter((name) => !database.names!.has(name)) : []
  return { db: database.db, redis, migrations: database.names !== null && disk.length > 0 && pending.length === 0, pending }
}
