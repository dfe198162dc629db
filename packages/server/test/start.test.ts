// `pnpm start` as a person runs it in a terminal (node on the compiled start.js: test/compiledServer.ts): one line with the address once ready, no line per request at the
// info level, the loopback address only, and Ctrl-C (SIGINT to the whole process group, as a terminal sends it)
// stops the api and the worker cleanly: exit code 0, no error line. Its preparation of the database waits while
// another process prepares it.
import { spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import mysql from 'mysql2/promise'
import { REPO_ROOT } from '../src/app.ts'
import { createTestApp, freePort, resetDb } from './helpers.ts'
import { compiledServer } from './compiledServer.ts'

let app: FastifyInstance

let dist: string

beforeAll(async () => {
  const built = compiledServer()
  app = await createTestApp()
  // demo accounts present: start skips seeding (all of China's areas would take a while)
  await resetDb(app, { demo: true, areas: false })
  dist = await built
})
afterAll(async () => app?.close())

test('prints the address once ready, listens on 127.0.0.1, logs no request at info, and Ctrl-C exits 0 without an error line', async () => {
  const port = await freePort()
  const env = {
    ...process.env,
    PORT: String(port),
    LOG_LEVEL: 'info',
    DATABASE_URL: app.config.DATABASE_URL,
    REDIS_PREFIX: `${app.config.REDIS_PREFIX}-start`,
  }
  delete (env as Record<string, string | undefined>).HOST
  // nothing that would load TypeScript: no tsx loader passed down from vitest
  delete (env as Record<string, string | undefined>).NODE_OPTIONS
  // The preparation's lock, held as by another process preparing this database (an api replica started at the same
  // time, docker compose up --scale api=3): start waits for it before it looks at the data, then goes on.
  const lock = await mysql.createConnection({ uri: app.config.DATABASE_URL })
  const [[taken]] = (await lock.query("SELECT GET_LOCK(CONCAT('qshop_prepare:', DATABASE()), 0) AS got")) as unknown as [{ got: number }[]]
  expect(taken.got).toBe(1)
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(dist, 'start.js')], { cwd: REPO_ROOT, env, detached: true })
  let out = ''
  let err = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  try {
    const waiting = async () => {
      const [[row]] = (await lock.query(
        "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND STATE = 'User lock' AND INFO LIKE '%qshop_prepare%'",
      )) as unknown as [{ n: number }[]]
      return Number(row.n)
    }
    await expect.poll(waiting, { timeout: 90_000, interval: 200 }).toBe(1)
    expect(out).toMatch(/migrations: 0 applied/)
    expect(out).not.toContain('ready at')
    await lock.end()
    await expect.poll(() => out, { timeout: 90_000, interval: 200 }).toContain('ready at')
    const ready = out.split('\n').filter((line) => line.includes('ready at'))
    expect(ready).toHaveLength(1)
    expect(ready[0]).toContain(`QShop is ready at http://127.0.0.1:${port}`)

    const health = await fetch(`http://127.0.0.1:${port}/api/health`)
    expect(health.status).toBe(200)
    const unknown = await fetch(`http://127.0.0.1:${port}/api/no/such/route`)
    expect(unknown.status).toBe(404)
    // the default HOST is the loopback: the same port on another address of this machine is not served
    const bound = net.connect(port, '127.0.0.2')
    expect(await new Promise((resolve) => bound.on('connect', () => resolve('open')).on('error', () => resolve('closed')))).toBe('closed')
    bound.destroy()
  } finally {
    process.kill(-child.pid!, 'SIGINT')
  }
  expect(await exited).toBe(0)
  expect(out).not.toMatch(/\/api\/health|no\/such\/route|incoming request|request completed/)
  expect(out).not.toMatch(/exited|"level":50|error/i)
  expect(err).not.toMatch(/exited|error/i)
  // closed: the port is free again
  const after = net.connect(port, '127.0.0.1')
  expect(await new Promise((resolve) => after.on('connect', () => resolve('open')).on('error', () => resolve('closed')))).toBe('closed')
}, 150_000)
