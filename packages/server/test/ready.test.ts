// GET /api/ready, compose's healthcheck of the api (docker-compose.yml): 200 only when the database answers, Redis
// answers and every migration of prisma/migrations is applied; otherwise 503 naming what is not ready, in both
// languages, with nothing of the server's internals. Real MariaDB and Redis; the missing migration is a row of this
// test database's `_prisma_migrations` taken away and put back.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import mysql from 'mysql2/promise'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { buildApp } from '../src/app.ts'
import { createTestApp, http, resetDb, testConfig } from './helpers.ts'
import { MIGRATIONS_DIR, REPO_ROOT } from '../src/core/paths.ts'
import { READY_CHECK_MS, migrationsOnDisk } from '../src/modules/system/readiness.ts'

let app: FastifyInstance

beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false, areas: false })
})
afterAll(async () => app?.close())

describe('GET /api/ready', () => {
  test('everything up: 200 with the envelope, each check true and no migration pending', async () => {
    const res = await http(app).get('/api/ready')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 200, msg: '操作成功', data: { db: true, redis: true, migrations: true, pending: [] } })
    // the liveness check is the same as before
    expect((await http(app).get('/api/health')).body).toMatchObject({ code: 200, data: { db: true, redis: true } })
  })

  test('Redis unreachable (an app started with a wrong REDIS_URL port): 503 naming Redis', async () => {
    const broken = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' })
    try {
      const res = await http(broken).get('/api/ready')
      expect(res.status).toBe(503)
      expect(res.body).toEqual({ code: 503, msg: '服务尚未就绪：Redis 无应答', data: { db: true, redis: false, migrations: true, pending: [] } })
      const en = await http(broken).get('/api/ready').set('lang', 'en')
      expect(en.status).toBe(503)
      expect(en.body.msg).toBe('Not ready: Redis does not answer.')
      expect(JSON.stringify(en.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack|at /)
    } finally {
      await broken.close()
    }
  }, 30_000)

  test('the database unreachable (a wrong DATABASE_URL port): 503 within the check time, naming the database', async () => {
    const broken = await buildApp(testConfig({ DATABASE_URL: 'mysql://root@127.0.0.1:1/qshop_unreachable' }), { logger: false })
    await broken.ready()
    try {
      const started = Date.now()
      const res = await http(broken).get('/api/ready').set('lang', 'en')
      expect(Date.now() - started).toBeLessThan(READY_CHECK_MS + 2_000)
      expect(res.status).toBe(503)
      expect(res.body).toEqual({ code: 503, msg: 'Not ready: the database does not answer.', data: { db: false, redis: true, migrations: false, pending: [] } })
    } finally {
      await broken.close()
    }
  }, 30_000)

  test('a migration of the folder not applied: 503 naming the migrations and which one, 200 again once it is', async () => {
    const names = await migrationsOnDisk(MIGRATIONS_DIR)
    expect(names.length).toBeGreaterThan(10)
    const last = names.at(-1)!
    const conn = await mysql.createConnection({ uri: app.config.DATABASE_URL })
    const [rows] = (await conn.query('SELECT * FROM _prisma_migrations WHERE migration_name = ?', [last])) as unknown as [Record<string, unknown>[]]
    expect(rows).toHaveLength(1)
    try {
      await conn.query('DELETE FROM _prisma_migrations WHERE migration_name = ?', [last])
      const res = await http(app).get('/api/ready')
      expect(res.status).toBe(503)
      expect(res.body).toEqual({ code: 503, msg: '服务尚未就绪：数据库迁移未全部执行', data: { db: true, redis: true, migrations: false, pending: [last] } })
      expect((await http(app).get('/api/ready').set('lang', 'en')).body.msg).toBe('Not ready: not every database migration is applied.')
      // liveness does not look at migrations: the process is alive, just not ready for traffic
      expect((await http(app).get('/api/health')).status).toBe(200)
    } finally {
      await conn.query('INSERT INTO _prisma_migrations SET ?', [rows[0]])
      await conn.end()
    }
    expect((await http(app).get('/api/ready')).status).toBe(200)
  })
})

test("compose's healthcheck of the api asks /api/ready (the worker and nginx start once it answers 200)", () => {
  const compose = readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')
  const api = compose.slice(compose.indexOf('\n  api:'), compose.indexOf('\n  worker:'))
  expect(api).toMatch(/healthcheck:\n\s+test: \[.*http:\/\/127\.0\.0\.1:3000\/api\/ready.*r\.ok\?0:1/)
})
