import path from 'node:path'
import mysql from 'mysql2/promise'
import { RATE_LIMIT_KEYS } from '../../server/src/config.ts'

/** QSHOP_TEST_NS separates browser-test runs that share one machine (as it does the API tests' databases). */
const NS = process.env.QSHOP_TEST_NS ?? ''

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..')
export const ARTIFACTS = path.join(REPO_ROOT, 'test-results/e2e')
// The api's log, where tests read the SMS codes it sends: one per run, so that two runs on one machine read their own.
export const SERVER_LOG = path.join(ARTIFACTS, `server${NS}.log`)

export const E2E_ENV = {
  NODE_ENV: 'test',
  PORT: process.env.E2E_PORT ?? '3390',
  HOST: '127.0.0.1',
  DATABASE_URL: `mysql://root@127.0.0.1:3306/qshop_e2e${NS}`,
  REDIS_PREFIX: `qshop_e2e${NS}`,
  // Known to the tests so they can forge an expired token of a real session.
  JWT_SECRET: 'e2e-jwt-secret-0123456789abcdef',
  // Known to the tests so they can check a stored pay password.
  PAY_PASSWORD_KEY: 'e2e-pay-password-key-0123456789abcdef',
  LOG_LEVEL: 'info',
  ...Object.fromEntries(RATE_LIMIT_KEYS.map((key) => [key, '100000'])),
  UPLOAD_DIR: `/tmp/qshop-e2e-uploads${NS}`,
  PRIVATE_UPLOAD_DIR: `/tmp/qshop-e2e-private-uploads${NS}`,
  API_DOCS: 'false',
} as const

/** Migrated, emptied and seeded database (platform data and demo accounts, a sample of areas). */
export async function prepareDatabase() {
  Object.assign(process.env, E2E_ENV)
  const { migrateDeploy } = await import('../../../scripts/migrate.ts')
  const { loadConfig } = await import('../../server/src/config.ts')
  const { buildApp } = await import('../../server/src/app.ts')
  const { seed } = await import('../../server/src/seed/index.ts')
  const config = loadConfig()
  await migrateDeploy(config.DATABASE_URL, path.join(REPO_ROOT, 'prisma/migrations'), () => {})
  const conn = await mysql.createConnection({ uri: config.DATABASE_URL, multipleStatements: true })
  const [rows] = (await conn.query(
    "SELECT TABLE_NAME t FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' AND TABLE_NAME <> '_prisma_migrations'",
  )) as unknown as [{ t: string }[]]
  await conn.query(['SET FOREIGN_KEY_CHECKS = 0', ...rows.map((r) => `TRUNCATE TABLE \`${r.t}\``), 'SET FOREIGN_KEY_CHECKS = 1'].join(';'))
  await conn.end()
  const app = await buildApp(config, { logger: false })
  await app.ready()
  let cursor = '0'
  do {
    const [next, keys] = await app.redis.scan(cursor, 'MATCH', `${config.REDIS_PREFIX}:*`, 'COUNT', 500)
    if (keys.length) await app.redis.del(...keys)
    cursor = next
  } while (cursor !== '0')
  await seed(app, { demo: true, areas: false })
  await app.close()
}
