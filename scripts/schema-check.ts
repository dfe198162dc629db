// Compares a database schema with what schema.prisma expects, using MariaDB itself as the
// normaliser: the expected DDL (scripts/expected-ddl.ts) is applied to a scratch database and
// both are read back from information_schema. Differences come back as readable lines plus a
// draft migration (ALTER statements built from SHOW CREATE TABLE of the expected database).
import { randomBytes } from 'node:crypto'
import mysql from 'mysql2/promise'
import { expectedDdl } from './expected-ddl.ts'
import { DEFAULT_DATABASE_URL, MIGRATIONS_DIR, SCHEMA_PATH, isMain, loadDotEnv, migrateDeploy } from './migrate.ts'

type Snapshot = {
  tables: Map<string, string>
  columns: Map<string, string>
  indexes: Map<string, string>
  fks: Map<string, string>
  checks: Map<string, string>
  checkInfo: Map<string, { table: string; name: string; clause: string; column: boolean }>
  fkInfo: Map<string, { table: string; name: string }>
  indexInfo: Map<string, { table: string; name: string; unique: boolean; cols: string }>
}

const key = (...p: string[]) => p.join('.')
const q = (id: string) => '`' + id.replace(/`/g, '``') + '`'

async function snapshot(conn: mysql.Connection, db: string): Promise<Snapshot> {
  const rows = async (sql: string) => ((await conn.query(sql, [db]))[0] as any[])
  const s: Snapshot = { tables: new Map(), columns: new Map(), indexes: new Map(), fks: new Map(), checks: new Map(), checkInfo: new Map(), fkInfo: new Map(), indexInfo: new Map() }
  const skip = (t: string) => t === '_prisma_migrations'
  for (const r of await rows(`SELECT TABLE_NAME t, ENGINE e, TABLE_COLLATION c FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE'`))
    if (!skip(r.t)) s.tables.set(r.t, `engine=${r.e} collation=${r.c}`)
  for (const r of await rows(`SELECT TABLE_NAME t, COLUMN_NAME n, COLUMN_TYPE ty, IS_NULLABLE nu, COLUMN_DEFAULT d, EXTRA x, CHARACTER_SET_NAME cs, COLLATION_NAME co FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ?`))
    if (!skip(r.t)) s.columns.set(key(r.t, r.n), `${r.ty} ${r.nu === 'YES' ? 'NULL' : 'NOT NULL'} default=${r.d} extra=${r.x || '-'} charset=${r.cs ?? '-'} collation=${r.co ?? '-'}`)
  for (const r of await rows(`SELECT k.TABLE_NAME t, k.CONSTRAINT_NAME n, GROUP_CONCAT(k.COLUMN_NAME ORDER BY k.ORDINAL_POSITION) c, k.REFERENCED_TABLE_NAME rt, GROUP_CONCAT(k.REFERENCED_COLUMN_NAME ORDER BY k.ORDINAL_POSITION) rc, r.UPDATE_RULE u, r.DELETE_RULE d FROM information_schema.KEY_COLUMN_USAGE k JOIN information_schema.REFERENTIAL_CONSTRAINTS r ON r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA AND r.CONSTRAINT_NAME = k.CONSTRAINT_NAME AND r.TABLE_NAME = k.TABLE_NAME WHERE k.TABLE_SCHEMA = ? AND k.REFERENCED_TABLE_NAME IS NOT NULL GROUP BY k.TABLE_NAME, k.CONSTRAINT_NAME, k.REFERENCED_TABLE_NAME, r.UPDATE_RULE, r.DELETE_RULE`)) {
    s.fks.set(key(r.t, r.n), `(${r.c}) -> ${r.rt}(${r.rc}) ON DELETE ${r.d} ON UPDATE ${r.u}`)
    s.fkInfo.set(key(r.t, r.n), { table: r.t, name: r.n })
  }
  for (const r of await rows(`SELECT TABLE_NAME t, INDEX_NAME n, NON_UNIQUE nu, INDEX_TYPE it, GROUP_CONCAT(CONCAT(COLUMN_NAME, IFNULL(CONCAT('(', SUB_PART, ')'), ''), IF(COLLATION = 'D', ' DESC', '')) ORDER BY SEQ_IN_INDEX) c FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? GROUP BY TABLE_NAME, INDEX_NAME, NON_UNIQUE, INDEX_TYPE`)) {
    // Indexes MariaDB creates by itself for a foreign key carry the constraint's name: skip them.
    if (skip(r.t) || s.fks.has(key(r.t, r.n))) continue
    s.indexes.set(key(r.t, r.n), `${r.nu == 0 ? 'UNIQUE ' : ''}${r.it} (${r.c})`)
    s.indexInfo.set(key(r.t, r.n), { table: r.t, name: r.n, unique: r.nu == 0, cols: r.c })
  }
  for (const r of await checkRows(conn, db)) {
    if (skip(r.t)) continue
    // Servers rewrite CHECK clauses (backticks, spacing, parentheses); both sides pass through the same
    // server, so only cosmetic differences are smoothed here.
    const clause = String(r.c).replace(/`/g, '').replace(/\s+/g, ' ').trim()
    s.checks.set(key(r.t, r.n), clause)
    s.checkInfo.set(key(r.t, r.n), { table: r.t, name: r.n, clause: r.c, column: r.l === 'Column' })
  }
  return s
}

/** CHECK constraints with their table. MariaDB's CHECK_CONSTRAINTS has TABLE_NAME and LEVEL (its JSON
 *  columns carry a column-level json_valid check); MySQL 8 needs TABLE_CONSTRAINTS for the table. */
async function checkRows(conn: mysql.Connection, db: string): Promise<any[]> {
  try {
    return (await conn.query(`SELECT TABLE_NAME t, CONSTRAINT_NAME n, CHECK_CLAUSE c, LEVEL l FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = ?`, [db]))[0] as any[]
  } catch (err: any) {
    if (err?.code !== 'ER_BAD_FIELD_ERROR') throw err
    return (await conn.query(
      `SELECT tc.TABLE_NAME t, cc.CONSTRAINT_NAME n, cc.CHECK_CLAUSE c, 'Table' l FROM information_schema.TABLE_CONSTRAINTS tc JOIN information_schema.CHECK_CONSTRAINTS cc ON cc.CONSTRAINT_SCHEMA = tc.CONSTRAINT_SCHEMA AND cc.CONSTRAINT_NAME = tc.CONSTRAINT_NAME WHERE tc.CONSTRAINT_TYPE = 'CHECK' AND tc.TABLE_SCHEMA = ?`,
      [db],
    ))[0] as any[]
  }
}

function diffMaps(kind: string, actual: Map<string, string>, expected: Map<string, string>, out: string[]) {
  for (const [k, v] of expected) {
    if (!actual.has(k)) out.push(`missing ${kind} ${k}: ${v}`)
    else if (actual.get(k) !== v) out.push(`changed ${kind} ${k}: is ${actual.get(k)}, expected ${v}`)
  }
  for (const [k, v] of actual) if (!expected.has(k)) out.push(`extra ${kind} ${k}: ${v}`)
}

async function showCreate(conn: mysql.Connection, db: string, table: string): Promise<string> {
  const [[r]] = (await conn.query(`SHOW CREATE TABLE ${q(db)}.${q(table)}`)) as any
  return r['Create Table'] as string
}

/** Draft ALTERs that take `actual` to `expected`, using the expected database's own DDL. */
async function draft(conn: mysql.Connection, expectedDb: string, a: Snapshot, e: Snapshot): Promise<string> {
  const drops: string[] = []
  const tables: string[] = []
  const cols: string[] = []
  const adds: string[] = []
  const fkAdds: string[] = []
  const defs = new Map<string, string>()
  const createOf = new Map<string, string>()
  for (const t of e.tables.keys()) {
    const ddl = await showCreate(conn, expectedDb, t)
    createOf.set(t, ddl)
    for (const line of ddl.split('\n')) {
      const m = /^\s+`((?:[^`]|``)+)` (.*?),?$/.exec(line)
      if (m) defs.set(key(t, m[1].replace(/``/g, '`')), `${q(m[1].replace(/``/g, '`'))} ${m[2]}`)
    }
  }
  const changed = (x: Map<string, string>, y: Map<string, string>, k: string) => x.has(k) && y.has(k) && x.get(k) !== y.get(k)
  for (const [k, fk] of a.fkInfo) if (!e.fks.has(k) || changed(a.fks, e.fks, k)) drops.push(`ALTER TABLE ${q(fk.table)} DROP FOREIGN KEY ${q(fk.name)};`)
  for (const [k, ix] of a.indexInfo) if (e.tables.has(ix.table) && (!e.indexes.has(k) || changed(a.indexes, e.indexes, k)))
    drops.push(ix.name === 'PRIMARY' ? `ALTER TABLE ${q(ix.table)} DROP PRIMARY KEY;` : `DROP INDEX ${q(ix.name)} ON ${q(ix.table)};`)
  for (const [k, c] of a.checkInfo) if (!c.column && e.tables.has(c.table) && (!e.checks.has(k) || changed(a.checks, e.checks, k)))
    drops.push(`ALTER TABLE ${q(c.table)} DROP CONSTRAINT ${q(c.name)};`)
  for (const t of a.tables.keys()) if (!e.tables.has(t)) tables.push(`DROP TABLE ${q(t)};`)
  for (const t of e.tables.keys()) if (!a.tables.has(t)) {
    const ddl = createOf.get(t)!
      .replace(/ AUTO_INCREMENT=\d+/, '')
      .split('\n')
      .filter((l) => !/^\s+CONSTRAINT `.*` FOREIGN KEY/.test(l))
      .filter((l) => ![...e.fkInfo.values()].some((fk) => fk.table === t && l.trim().startsWith(`KEY ${q(fk.name)} `)))
      .join('\n')
      .replace(/,\n\)/, '\n)')
    tables.push(ddl + ';')
  }
  for (const k of e.columns.keys()) {
    const [t] = k.split('.')
    if (!a.tables.has(t)) continue
    if (!a.columns.has(k)) cols.push(`ALTER TABLE ${q(t)} ADD COLUMN ${defs.get(k)};`)
    else if (changed(a.columns, e.columns, k)) cols.push(`ALTER TABLE ${q(t)} MODIFY ${defs.get(k)};`)
  }
  for (const k of a.columns.keys()) {
    const [t, c] = [k.slice(0, k.indexOf('.')), k.slice(k.indexOf('.') + 1)]
    if (e.tables.has(t) && !e.columns.has(k)) cols.push(`ALTER TABLE ${q(t)} DROP COLUMN ${q(c)};`)
  }
  for (const [k, ix] of e.indexInfo) {
    if (!a.tables.has(ix.table)) continue
    if (a.indexes.has(k) && !changed(a.indexes, e.indexes, k)) continue
    const cols = ix.cols.split(',').map((c) => c.replace(/^([^( ]+)/, (n) => q(n))).join(', ')
    adds.push(ix.name === 'PRIMARY' ? `ALTER TABLE ${q(ix.table)} ADD PRIMARY KEY (${cols});` : `CREATE ${ix.unique ? 'UNIQUE ' : ''}INDEX ${q(ix.name)} ON ${q(ix.table)}(${cols});`)
  }
  for (const [k, fk] of e.fkInfo) {
    if (a.fks.has(k) && !changed(a.fks, e.fks, k)) continue
    const line = createOf.get(fk.table)!.split('\n').find((l) => l.includes(`CONSTRAINT ${q(fk.name)} FOREIGN KEY`))!
    fkAdds.push(`ALTER TABLE ${q(fk.table)} ADD ${line.trim().replace(/,$/, '')};`)
  }
  for (const [k, c] of e.checkInfo) if (!c.column && a.tables.has(c.table) && (!a.checks.has(k) || changed(a.checks, e.checks, k)))
    adds.push(`ALTER TABLE ${q(c.table)} ADD CONSTRAINT ${q(c.name)} CHECK (${c.clause});`)
  return [...drops, ...tables, ...cols, ...adds, ...fkAdds].join('\n')
}

export type CheckResult = { differences: string[]; draftSql: string }

/** Compare database `actualDb` (reachable through adminUrl) with what the schema expects. */
export async function compareWithSchema(adminUrl: string, actualDb: string, schemaPath: string): Promise<CheckResult> {
  const expectedDb = `prisma_expected_${randomBytes(4).toString('hex')}`
  const conn = await mysql.createConnection({ uri: adminUrl, multipleStatements: true })
  try {
    await conn.query(`CREATE DATABASE ${q(expectedDb)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`)
    await conn.query(`USE ${q(expectedDb)}`)
    await conn.query(await expectedDdl(schemaPath))
    const [a, e] = [await snapshot(conn, actualDb), await snapshot(conn, expectedDb)]
    const differences: string[] = []
    diffMaps('table', a.tables, e.tables, differences)
    diffMaps('column', a.columns, e.columns, differences)
    diffMaps('index', a.indexes, e.indexes, differences)
    diffMaps('foreign key', a.fks, e.fks, differences)
    diffMaps('check', a.checks, e.checks, differences)
    return { differences, draftSql: differences.length ? await draft(conn, expectedDb, a, e) : '' }
  } finally {
    await conn.query(`DROP DATABASE IF EXISTS ${q(expectedDb)}`)
    await conn.end()
  }
}

/** Apply all committed migrations to a scratch database and compare it with the schema. */
export async function checkMigrations(adminUrl: string, schemaPath: string, migrationsDir: string): Promise<CheckResult> {
  const db = `prisma_migrated_${randomBytes(4).toString('hex')}`
  const url = new URL(adminUrl)
  url.pathname = `/${db}`
  try {
    await migrateDeploy(url.toString(), migrationsDir, () => {})
    return await compareWithSchema(adminUrl, db, schemaPath)
  } finally {
    const conn = await mysql.createConnection({ uri: adminUrl })
    await conn.query(`DROP DATABASE IF EXISTS ${q(db)}`)
    await conn.end()
  }
}

/** Server URL without a database, from DATABASE_ADMIN_URL or DATABASE_URL. */
export function adminUrlFromEnv() {
  if (process.env.DATABASE_ADMIN_URL) return process.env.DATABASE_ADMIN_URL
  const url = new URL(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL)
  url.pathname = '/'
  return url.toString()
}

if (isMain(import.meta.url)) {
  loadDotEnv()
  const admin = adminUrlFromEnv()
  const live = process.argv[2] // optional: name of a live database to check instead of the migrations
  const r = live ? await compareWithSchema(admin, live, SCHEMA_PATH) : await checkMigrations(admin, SCHEMA_PATH, MIGRATIONS_DIR)
  if (!r.differences.length) console.log(`schema.prisma and ${live ? `database ${live}` : 'the migrations'} agree`)
  else {
    console.log(r.differences.map((d) => `- ${d}`).join('\n'))
    console.log('\n-- Draft migration:\n' + r.draftSql)
    process.exitCode = 1
  }
}
