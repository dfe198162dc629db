// The floor of the lists benchmark (bench/lists.ts): for each measured route, the very statements the route sent —
// captured from the running app once, so the floor cannot drift from the code — run again through the bare mysql2
// driver, all at once, behind a bare Fastify route (no envelope, validation, auth, ORM or presenting). What the
// platform adds to the database's own time is measured against it.
import { createRequire } from 'node:module'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import mysql from 'mysql2'
import { ROOT } from './lib.ts'

export type Statement = { sql: string; values: unknown[] }

// The server's own copy of the mariadb driver (Prisma's adapter and the raw statements run on it): every text-protocol
// statement of either goes through its connection's query(), the promise pools' and connections' alike.
const serverRequire = createRequire(path.join(ROOT, 'packages/server/package.json'))
const MariaConnection = serverRequire('mariadb/lib/connection.js') as { prototype: { query: (cmd: { sql: string; values?: unknown }, ...rest: unknown[]) => unknown } }

type CallbackPool = { query: (...args: unknown[]) => unknown }

/**
 * The statements `run` makes the app send (Prisma's and raw ones on the mariadb pools, the list fast path's on the
 * mysql2 pool `app.sql`), in the order sent. Call it with nothing else running in the app.
 */
export async function captureStatements(app: FastifyInstance, run: () => Promise<unknown>): Promise<Statement[]> {
  const seen: Statement[] = []
  const record = (sql: string, values: unknown) => seen.push({ sql, values: values === undefined ? [] : Array.isArray(values) ? [...values] : [values] })
  const proto = MariaConnection.prototype
  const mariaQuery = proto.query
  proto.query = function (this: unknown, cmd, ...rest) {
    record(cmd.sql, cmd.values)
    return mariaQuery.call(this, cmd, ...rest)
  }
  const callbackPool = (app.sql as unknown as { pool: CallbackPool }).pool
  const mysqlQuery = callbackPool.query
  callbackPool.query = function (this: unknown, sql: unknown, values: unknown, ...rest: unknown[]) {
    if (typeof sql === 'string') record(sql, typeof values === 'function' ? undefined : values)
    else record((sql as { sql: string }).sql, (sql as { values?: unknown }).values)
    return mysqlQuery.call(this, sql, values, ...rest)
  }
  try {
    await run()
  } finally {
    proto.query = mariaQuery
    delete (callbackPool as Partial<CallbackPool>).query
    if (callbackPool.query !== mysqlQuery) callbackPool.query = mysqlQuery
  }
  return seen
}

/** `statements` as one line each, values in place (for the report and for reading the plans). */
export const statementText = (s: Statement) => mysql.format(s.sql, s.values as never[])

/** A bare Fastify app answering GET /floor/{name} with the rows of the named case's statements, run at once. */
export async function startListsFloor(databaseUrl: string, connections: number, cases: Map<string, Statement[]>) {
  const pool = mysql.createPool({ uri: databaseUrl, connectionLimit: connections, supportBigNumbers: true, timezone: 'Z', dateStrings: true })
  // The callback interface, as the app's list reads use it (the promise wrapper captures a stack per query).
  const rows = (s: Statement) => new Promise<unknown>((resolve, reject) => pool.query(s.sql, s.values, (err, result) => (err ? reject(err) : resolve(result))))
  const app = Fastify({ logger: false })
  app.get<{ Params: { name: string } }>('/floor/:name', async (req, reply) => {
    const statements = cases.get(req.params.name)
    if (!statements) return reply.code(404).send({ error: 'no such case' })
    return { data: await Promise.all(statements.map(rows)) }
  })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { url, close: async () => (await app.close(), await new Promise((resolve) => pool.end(resolve))) }
}
