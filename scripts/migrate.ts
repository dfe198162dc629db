// Applies prisma/migrations/*/migration.sql to a MySQL/MariaDB database, keeping the same
// bookkeeping table (_prisma_migrations) and checksums as Prisma's own `prisma migrate deploy`,
// so the native engine can take over later (`migrate status` / `migrate deploy` see the same history).
import { createHash, randomUUID } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import mysql from 'mysql2/promise'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const MIGRATIONS_DIR = path.join(ROOT, 'prisma/migrations')
export const SCHEMA_PATH = path.join(ROOT, 'prisma/schema.prisma')
export const DEFAULT_DATABASE_URL = 'mysql://root@127.0.0.1:3306/qshop'

/** For the command-line entry points: read ROOT/.env (without overriding the environment). */
export function loadDotEnv() {
  const file = path.join(ROOT, '.env')
  if (existsSync(file)) process.loadEnvFile(file)
}

export const isMain = (metaUrl: string) => !!process.argv[1] && metaUrl === pathToFileURL(path.resolve(process.argv[1])).href

// The bookkeeping table exactly as Prisma's schema engine defines it for MySQL, so both can share it.
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             DATETIME(3),
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          DATETIME(3),
    started_at              DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    applied_steps_count     INTEGER UNSIGNED NOT NULL DEFAULT 0
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`

export type Migration = { name: string; script: string; checksum: string }

/** sha256 hex of the file bytes: what Prisma stores in _prisma_migrations.checksum */
export const checksumOf = (script: string) => createHash('sha256').update(script).digest('hex')

/** Prisma accepts a checksum computed with either line-ending convention. */
const checksumMatches = (script: string, checksum: string) =>
  [script, script.replace(/\r\n/g, '\n'), script.replace(/\n/g, '\r\n')].some((s) => checksumOf(s) === checksum)

export async function readMigrations(dir: string): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort()
  const out: Migration[] = []
  for (const name of names) {
    const file = path.join(dir, name, 'migration.sql')
    if (!(await stat(file).catch(() => null))) continue
    const script = await readFile(file, 'utf8')
    out.push({ name, script, checksum: checksumOf(script) })
  }
  return out
}

export type MigrateResult = { applied: string[]; alreadyApplied: string[] }

/** CREATE DATABASE IF NOT EXISTS, with the charset Prisma uses when it creates one. */
export async function ensureDatabase(databaseUrl: string) {
  const url = new URL(databaseUrl)
  const db = decodeURIComponent(url.pathname.slice(1))
  url.pathname = '/'
  const conn = await mysql.createConnection({ uri: url.toString() })
  try {
    await conn.query(`CREATE DATABASE IF NOT EXISTS \`${db.replace(/`/g, '``')}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`)
  } finally {
    await conn.end()
  }
}

export async function migrateDeploy(databaseUrl: string, migrationsDir: string, log = console.log): Promise<MigrateResult> {
  const migrations = await readMigrations(migrationsDir)
  await ensureDatabase(databaseUrl)
  const conn = await mysql.createConnection({ uri: databaseUrl, multipleStatements: true })
  try {
    // Same advisory lock name as the Prisma schema engine. The lock is server-wide, so parallel test
    // workers migrating their own databases queue up here: wait longer than Prisma's 10 s.
    const [[lock]] = (await conn.query("SELECT GET_LOCK('prisma_migrate', 60) AS got")) as any
    if (lock.got !== 1) throw new Error('Timed out waiting for the prisma_migrate advisory lock')
    try {
      await conn.query(CREATE_MIGRATIONS_TABLE)
      const [rows] = (await conn.query(
        'SELECT id, checksum, migration_name, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY started_at ASC',
      )) as any[]
      const failed = rows.filter((r: any) => r.finished_at === null && r.rolled_back_at === null)
      if (failed.length) {
        throw new Error(
          `Migration(s) ${failed.map((r: any) => r.migration_name).join(', ')} failed earlier (P3009). ` +
            'Fix the database by hand, then mark it rolled back (UPDATE _prisma_migrations SET rolled_back_at = NOW(3) ...).',
        )
      }
      const done = new Map<string, any>()
      for (const r of rows) if (r.finished_at !== null && r.rolled_back_at === null) done.set(r.migration_name, r)
      const onDisk = new Set(migrations.map((m) => m.name))
      for (const name of done.keys()) if (!onDisk.has(name)) log(`warning: ${name} is applied but missing on disk`)

      const result: MigrateResult = { applied: [], alreadyApplied: [] }
      for (const m of migrations) {
        const row = done.get(m.name)
        if (row) {
          if (!checksumMatches(m.script, row.checksum)) log(`warning: ${m.name} was modified after it was applied`)
          result.alreadyApplied.push(m.name)
          continue
        }
        const id = randomUUID()
        await conn.query(
          'INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count) VALUES (?, ?, ?, NOW(3), 0)',
          [id, m.checksum, m.name],
        )
        try {
          // mysql2 rejects a script without statements ("Query was empty"); Prisma accepts it.
          const hasSql = m.script.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*--.*$/gm, '').trim() !== ''
          if (hasSql) await conn.query(m.script)
        } catch (err: any) {
          await conn.query('UPDATE _prisma_migrations SET logs = ? WHERE id = ?', [String(err?.stack ?? err), id])
          throw new Error(`Migration ${m.name} failed: ${err?.message ?? err}`)
        }
        await conn.query(
          'UPDATE _prisma_migrations SET finished_at = NOW(3), applied_steps_count = applied_steps_count + 1 WHERE id = ?',
          [id],
        )
        log(`applied ${m.name}`)
        result.applied.push(m.name)
      }
      return result
    } finally {
      await conn.query("SELECT RELEASE_LOCK('prisma_migrate')")
    }
  } finally {
    await conn.end()
  }
}

/** Same effect as `prisma migrate resolve --rolled-back NAME` / `--applied NAME`. */
export async function migrateResolve(databaseUrl: string, migrationsDir: string, how: 'rolled-back' | 'applied', name: string) {
  const conn = await mysql.createConnection({ uri: databaseUrl })
  try {
    await conn.query(CREATE_MIGRATIONS_TABLE)
    if (how === 'rolled-back') {
      const [r] = (await conn.query(
        'UPDATE _prisma_migrations SET rolled_back_at = NOW(3) WHERE migration_name = ? AND finished_at IS NULL AND rolled_back_at IS NULL',
        [name],
      )) as any
      if (!r.affectedRows) throw new Error(`${name} is not a failed migration (P3012)`)
    } else {
      const m = (await readMigrations(migrationsDir)).find((x) => x.name === name)
      if (!m) throw new Error(`${name} not found in ${migrationsDir} (P3017)`)
      await conn.query('UPDATE _prisma_migrations SET rolled_back_at = NOW(3) WHERE migration_name = ? AND finished_at IS NULL AND rolled_back_at IS NULL', [name])
      await conn.query(
        'INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, finished_at, applied_steps_count) VALUES (?, ?, ?, NOW(3), NOW(3), 0)',
        [randomUUID(), m.checksum, name],
      )
    }
  } finally {
    await conn.end()
  }
}

if (isMain(import.meta.url)) {
  loadDotEnv()
  const url = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL
  const [cmd, flag, name] = process.argv.slice(2)
  if (cmd === 'resolve' && (flag === '--rolled-back' || flag === '--applied') && name) {
    await migrateResolve(url, MIGRATIONS_DIR, flag === '--applied' ? 'applied' : 'rolled-back', name)
    console.log(`marked ${name} as ${flag.slice(2)}`)
  } else if (!cmd || cmd === 'deploy') {
    const r = await migrateDeploy(url, MIGRATIONS_DIR)
    console.log(`${r.applied.length} applied, ${r.alreadyApplied.length} already applied`)
  } else {
    console.error('usage: migrate.ts [deploy] | resolve --rolled-back|--applied <migration_name>')
    process.exitCode = 2
  }
}
