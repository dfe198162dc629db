// The engine deployed is the engine tested (docs/architecture.md): docker-compose.yml runs the database engine and version
// these tests run on, and the mariadb driver the pools are made with (core/db/pools.ts) is the version
// @prisma/adapter-mariadb is built for, since the pools are lent to it.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { REPO_ROOT } from '../src/app.ts'
import { createTestApp } from './helpers.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(async () => app?.close())

test('compose deploys the engine and major version the tests run on', async () => {
  const [{ version }] = await app.db.$queryRaw<{ version: string }[]>`SELECT VERSION() AS version`
  const [, major, minor, engine] = /^(\d+)\.(\d+)\.\d+-(MariaDB)/i.exec(version) ?? []
  expect(engine).toBe('MariaDB')
  const compose = readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')
  expect(compose).toContain(`image: mariadb:${major}.${minor}\n`)
  expect(compose).not.toMatch(/image: mysql/)
})

test('the server uses the mariadb driver version the Prisma adapter depends on', () => {
  const server = createRequire(path.join(REPO_ROOT, 'packages/server/package.json'))
  const adapter = createRequire(server.resolve('@prisma/adapter-mariadb'))
  const version = (require: NodeRequire) => (require('mariadb/package.json') as { version: string }).version
  expect(version(server)).toBe(version(adapter))
})
