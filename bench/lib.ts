// Shared pieces of the benchmarks: a bench database, autocannon runs, and the report lines.
import autocannon from 'autocannon'
import http from 'node:http'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import mysql from 'mysql2/promise'
import type { FastifyInstance } from 'fastify'
import { loadConfig, RATE_LIMIT_KEYS, type Config } from '../packages/server/src/config.ts'
import { buildApp } from '../packages/server/src/app.ts'
import { migrateDeploy } from '../scripts/migrate.ts'

export const ROOT = path.resolve(import.meta.dirname, '..')
export const CONNECTIONS = 32
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)

export function benchConfig(): Config {
  return loadConfig({
    ...process.env,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/qshop_bench',
    REDIS_PREFIX: 'qshop_bench',
    LOG_LEVEL: 'silent',
    ...Object.fromEntries(RATE_LIMIT_KEYS.map((key) => [key, '100000000'])),
    NODE_ENV: 'production',
    // production refuses to start without a secret of its own
    JWT_SECRET: randomBytes(32).toString('hex'),
    API_DOCS: 'false',
  })
}

/** Migrated bench database emptied and seeded (no areas), and the app listening on a free port. */
export async function startApp(config: Config): Promise<{ app: FastifyInstance; url: string }> {
  await migrateDeploy(config.DATABASE_URL, path.join(ROOT, 'prisma/migrations'), () => {})
  const app = await buildApp(config, { logger: false })
  await app.ready()
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, url }
}

export async function truncateAll(databaseUrl: string) {
  const conn = await mysql.createConnection({ uri: databaseUrl, multipleStatements: true })
  const [rows] = (await conn.query(
    "SELECT TABLE_NAME t FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' AND TABLE_NAME <> '_prisma_migrations'",
  )) as unknown as [{ t: string }[]]
  await conn.query(['SET FOREIGN_KEY_CHECKS = 0', ...rows.map((r) => `TRUNCATE TABLE \`${r.t}\``), 'SET FOREIGN_KEY_CHECKS = 1'].join(';'))
  await conn.end()
}

export type Measure = { name: string; rps: number; p99: number; errors: number }

export async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Measure> {
  // A short warm-up first so JIT and caches are in the steady state for both sides.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers })
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers })
  return { name, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx }
}

export function report(subject: Measure, floor: Measure, goal: { ratio: number; p99: number }) {
  const ratio = subject.rps / floor.rps
  const pass = ratio >= goal.ratio && subject.p99 <= goal.p99 && subject.errors === 0
  console.log(
    `${pass ? 'PASS' : 'MISS'} ${subject.name}: ${subject.rps.toFixed(0)} req/s, p99 ${subject.p99} ms, errors ${subject.errors} | ` +
      `floor ${floor.rps.toFixed(0)} req/s, p99 ${floor.p99} ms | ratio ${ratio.toFixed(2)} (goal ≥ ${goal.ratio}, p99 ≤ ${goal.p99} ms)`,
  )
  return pass
}

/** Deletes the bench's own Redis keys (its REDIS_PREFIX): the Redis may hold other instances' and test runs' keys. */
export async function clearRedisPrefix(app: FastifyInstance) {
  let cursor = '0'
  do {
    const [next, keys] = await app.redis.scan(cursor, 'MATCH', `${app.config.REDIS_PREFIX}:*`, 'COUNT', 1000)
    if (keys.length) await app.redis.del(...keys)
    cursor = next
  } while (cursor !== '0')
}

/** The 99th percentile of latencies in ms (0 for none). */
export const p99Of = (ms: number[]) => (ms.length ? [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(ms.length * 0.99))] : 0)

// Kept-alive connections, as browsers hold them; node:http rather than fetch, whose streams cost the process (and so
// the server measured beside it) about 0.5 ms of CPU per request.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })

/** POSTs `body` as JSON on a kept-alive connection; answers the status and the parsed answer. */
export function postJson<T = { code?: number }>(url: string, body: object, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const payload = JSON.stringify(body)
  return postRaw(url, payload, { 'content-type': 'application/json', ...headers }).then(({ status, text }) => ({ status, body: JSON.parse(text) as T }))
}

/** POSTs `payload` as it is, with `headers`; answers the status and the answer's text. */
export function postRaw(url: string, payload: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(payload) } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(payload)
  })
}

