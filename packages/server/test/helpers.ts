// Test harness: a real app on a real MariaDB database and Redis, migrated once per worker and reset per file.
import net from 'node:net'
import path from 'node:path'
import mysql from 'mysql2/promise'
import supertest from 'supertest'
import type { FastifyInstance } from 'fastify'
import { loadConfig, type Config } from '../src/config.ts'
import { createDb } from '../src/core/db/index.ts'
import { buildApp, REPO_ROOT, type RouteRecord } from '../src/app.ts'
import { migrateDeploy } from '../../../scripts/migrate.ts'
import { seed, type SeedOptions } from '../src/seed/index.ts'
import type { Worker } from 'bullmq'
import { QUEUE_MAINTENANCE, createWorker, queueConnection } from '../src/core/jobs/queues.ts'
import { allJobs, queueProcessor } from '../src/jobs/registry.ts'
import type { AnyJobDef } from '../src/core/jobs/define.ts'

let migrated: Promise<unknown> | null = null

export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig(process.env, overrides)
}

function migrateOnce(config: Config) {
  migrated ??= migrateDeploy(config.DATABASE_URL, path.join(REPO_ROOT, 'prisma/migrations'), () => {})
  return migrated
}

/** A ready app (no socket) on the worker's database. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const config = testConfig(overrides)
  await migrateOnce(config)
  const app = await buildApp(config, { logger: false })
  await app.ready()
  return app
}

/** Empties every table and this worker's Redis keys, then seeds (base data, and demo accounts unless told not to). */
export async function resetDb(app: FastifyInstance, opts: SeedOptions = { demo: true, areas: false }) {
  const conn = await mysql.createConnection({ uri: app.config.DATABASE_URL, multipleStatements: true })
  try {
    const [rows] = (await conn.query(
      "SELECT TABLE_NAME t FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' AND TABLE_NAME <> '_prisma_migrations'",
    )) as unknown as [{ t: string }[]]
    // DELETE, not TRUNCATE: TRUNCATE rebuilds each of the ~75 tables (seconds under load); DELETE of few rows is instant.
    await conn.query(['SET FOREIGN_KEY_CHECKS = 0', ...rows.map((r) => `DELETE FROM \`${r.t}\``), 'SET FOREIGN_KEY_CHECKS = 1'].join(';'))
  } finally {
    await conn.end()
  }
  let cursor = '0'
  do {
    const [next, keys] = await app.redis.scan(cursor, 'MATCH', `${app.config.REDIS_PREFIX}:*`, 'COUNT', 500)
    if (keys.length) await app.redis.del(...keys)
    cursor = next
  } while (cursor !== '0')
  await seed(app, opts)
}

export function http(app: FastifyInstance) {
  return supertest(app.server)
}

export const DEMO = {
  admin: { username: 'admin', password: 'Admin@123456' },
  seller: { username: 'seller', password: 'Seller@123456' },
  shopper: { username: 'shopper', password: 'Shopper@123456' },
} as const

type Area = 'user' | 'seller' | 'admin'
const PROVIDER: Record<Area, string> = { user: 'users', seller: 'users', admin: 'admins' }

/** Logs in through the API and answers the access token. */
export async function login(app: FastifyInstance, area: Area, username: string, password: string): Promise<string> {
  const res = await http(app).post('/api/login').send({ username, password, provider: PROVIDER[area], area })
  if (res.body.code !== 200) throw new Error(`login ${area}/${username} failed: ${JSON.stringify(res.body)}`)
  return res.body.data.access_token as string
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

/** How route-walking tests name a route. */
export const routeLabel = (r: RouteRecord) => `${r.method} ${r.url} [${r.permission}]`

/** Calls the route with every path parameter set to 1; POST/PUT/PATCH send `body` (default {}). */
export function callRoute(app: FastifyInstance, r: RouteRecord, auth: Record<string, string>, body: object = {}) {
  const url = r.url.replace(/:[A-Za-z_]\w*/g, '1').replace(/\*$/, '1')
  const req = http(app)[r.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](url).set(auth)
  return ['POST', 'PUT', 'PATCH'].includes(r.method) ? req.send(body) : req
}

/** The worker's consumer of one queue (every declared job, or the given ones), running in the test process against
 *  the app's Redis and database. */
export function startQueueWorker(app: FastifyInstance, queue: string, defs: AnyJobDef[] = allJobs()): Worker {
  return createWorker(app.config, queue, queueProcessor(app, defs, queue), queueConnection(app.config))
}

export const startMaintenanceWorker = (app: FastifyInstance) => startQueueWorker(app, QUEUE_MAINTENANCE)

/** Waits until `check` holds (jobs run in the background). */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 5000) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 25))
  }
}

export { seededRandom } from './seededRandom.ts'

/** A TCP port free on 127.0.0.1 now (for a process a test starts). */
export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * A second api instance on the test app's database and Redis whose every use of the database client is counted: a
 * test shows that an answer cost no database work (`uses()` after `reset()`). Close it when done.
 */
export async function countingInstance(app: FastifyInstance) {
  const db = createDb(app.config.DATABASE_URL, 2)
  let uses = 0
  const probe = await buildApp(app.config, { logger: false, db: new Proxy(db, { get: (target, prop) => (uses++, Reflect.get(target, prop)) }) })
  try {
    await probe.ready()
  } catch (err) {
    await db.$disconnect()
    throw err
  }
  return {
    app: probe,
    uses: () => uses,
    reset: () => void (uses = 0),
    close: async () => {
      await probe.close()
      await db.$disconnect()
    },
  }
}
