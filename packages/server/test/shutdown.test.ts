// Stopping an instance in the middle of its work, with real processes on the test database and Redis (docs/scaling.md,
// "Stopping an instance"). The work is held in the middle by a row lock this test takes, as another transaction
// would: the unit of work waits for it inside its transaction.
// The processes are the compiled build that production runs (test/compiledServer.ts).
// - An api (`start.js --only=api`) sent SIGTERM while a checkout waits inside its unit: it stops listening
//   (new connections are refused), the checkout finishes once the lock is released and its answer arrives, closing
//   its connection, with every row of the order written; then the process exits 0. A request that reaches an api
//   while it closes is answered 503 in the envelope (an app in this process, its close held).
// - A worker (`worker.js`) killed with SIGKILL while an order's settlement waits inside its unit: nothing of the
//   settlement is written; another worker started afterwards runs the job again, and the store is credited once.
// - A worker sent SIGTERM there: it takes no new job, finishes the settlement once the lock is released, exits 0.
import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import mysql from 'mysql2/promise'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { decimalToCents, sumCents } from '@qshop/shared'
import { REPO_ROOT } from '../src/core/paths.ts'
import { QUEUE_SETTLEMENT } from '../src/core/jobs/queues.ts'
import { settlementAmounts } from '../src/modules/settlement/settle.ts'
import { receivedOrders } from '../src/modules/settlement/testkit.ts'
import { createGoods, leafClasses, sellerWithStore } from '../src/modules/catalog/testkit.ts'
import { tokenFor } from '../src/modules/rbac/testkit.ts'
import { buildApp } from '../src/app.ts'
import { createTestApp, freePort, resetDb, testConfig } from './helpers.ts'
import { createUser } from './factories.ts'
import { compiledServer } from './compiledServer.ts'

let app: FastifyInstance
let lock: mysql.Connection
let dist: string
const children: ChildProcess[] = []

beforeAll(async () => {
  const built = compiledServer()
  app = await createTestApp()
  await resetDb(app, { demo: false, areas: false })
  lock = await mysql.createConnection({ uri: app.config.DATABASE_URL })
  dist = await built
})
afterEach(async () => {
  await lock.query('ROLLBACK')
  // A test that failed half way: its processes and theirs (start.js's api) go, the whole group of each.
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL')
})
afterAll(async () => {
  await lock?.end()
  await app?.close()
})

type Started = { child: ChildProcess; out: () => string; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> }

/** A process of the platform as production runs it (node on the compiled `entry`.js), on this test's database and Redis. */
function startProcess(entry: 'start' | 'worker', args: string[], env: Record<string, string> = {}): Started {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(dist, `${entry}.js`), ...args], {
    cwd: REPO_ROOT,
    // NODE_OPTIONS: nothing that would load TypeScript (no tsx loader passed down from vitest)
    env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: app.config.DATABASE_URL, REDIS_PREFIX: app.config.REDIS_PREFIX, LOG_LEVEL: 'info', ...env },
    // a group of its own: signals below go to the process alone, as a service manager sends them; cleaning up takes the group
    detached: true,
  })
  children.push(child)
  let out = ''
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })))
  return { child, out: () => out, exited }
}

// InnoDB refreshes the table of transactions only when it has not been read for 0.1 s: polled faster, it never changes.
const TRX_POLL = { timeout: 10_000, interval: 250 }

/** Transactions of this test's database waiting for a row lock. */
async function lockWaits(): Promise<number> {
  const [[row]] = (await lock.query(
    `SELECT COUNT(*) AS n FROM information_schema.INNODB_TRX t JOIN information_schema.PROCESSLIST p ON p.ID = t.trx_mysql_thread_id
     WHERE t.trx_state = 'LOCK WAIT' AND p.DB = DATABASE()`,
  )) as unknown as [{ n: number }[]]
  return Number(row.n)
}

/** The most rows a waiting transaction of this test's database has changed so far. */
async function rowsChangedByWaiters(): Promise<number> {
  const [[row]] = (await lock.query(
    `SELECT COALESCE(MAX(t.trx_rows_modified), 0) AS n FROM information_schema.INNODB_TRX t JOIN information_schema.PROCESSLIST p ON p.ID = t.trx_mysql_thread_id
     WHERE t.trx_state = 'LOCK WAIT' AND p.DB = DATABASE()`,
  )) as unknown as [{ n: number }[]]
  return Number(row.n)
}

/** Open transactions of this test's database other than the lock's own connection. */
async function otherTransactions(): Promise<number> {
  const [[row]] = (await lock.query(
    `SELECT COUNT(*) AS n FROM information_schema.INNODB_TRX t JOIN information_schema.PROCESSLIST p ON p.ID = t.trx_mysql_thread_id
     WHERE p.DB = DATABASE() AND p.ID <> CONNECTION_ID()`,
  )) as unknown as [{ n: number }[]]
  return Number(row.n)
}

const refused = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.on('connect', () => (socket.destroy(), resolve('accepted')))
    socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'))
  })

type RawAnswer = { status: number; headers: Record<string, string>; body: unknown }

/** The HTTP/1.1 answers read from one connection, in order (each with a Content-Length, as Fastify sends JSON). */
function parseAnswers(raw: Buffer): RawAnswer[] {
  const answers: RawAnswer[] = []
  let rest = raw
  while (rest.length) {
    const end = rest.indexOf('\r\n\r\n')
    if (end < 0) break
    const [statusLine, ...lines] = rest.subarray(0, end).toString('latin1').split('\r\n')
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]))
    const length = Number(headers['content-length'])
    const body = rest.subarray(end + 4, end + 4 + length).toString('utf8')
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) })
    rest = rest.subarray(end + 4 + length)
  }
  return answers
}

test('an api sent SIGTERM mid-checkout refuses new connections, finishes the checkout with all its rows, then exits 0', async () => {
  const leaves = await leafClasses(app)
  const shop = await sellerWithStore(app, leaves)
  const goods = await createGoods(app, shop.storeId, leaves[0].id, { goods_name: '绿茶', goods_price: '10.00', goods_stock: 10 })
  await app.db.goods.update({ where: { id: goods.id }, data: { freight_id: -1 } })
  const shopper = await createUser(app)
  const address = await app.db.addresses.create({
    data: { user_id: shopper.id, receive_name: '李雷', receive_tel: '13800138000', province_id: 110000, city_id: 1, region_id: 2, area_info: '某省 某市 某区', address: '一路 1 号', is_default: 1, default_key: shopper.id },
  })
  const token = await tokenFor(app, 'user', shopper.id)

  const port = await freePort()
  const api = startProcess('start', ['--only=api', '--no-prepare'], { PORT: String(port) })
  await expect.poll(api.out, { timeout: 90_000, interval: 200 }).toContain('ready at')

  // Another transaction holds the goods row: the checkout's unit waits for it when it takes the stock.
  await lock.query('BEGIN')
  await lock.query('SELECT id FROM goods WHERE id = ? FOR UPDATE', [goods.id])
  const connection = net.connect(port, '127.0.0.1')
  let received = Buffer.alloc(0)
  connection.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])))
  const closed = new Promise((resolve) => connection.on('close', resolve))
  await new Promise((resolve) => connection.on('connect', resolve))
  const body = JSON.stringify({ order: [{ goods_id: goods.id, buy_num: 2 }], address_id: address.id })
  connection.write(
    `POST /api/user/order/create HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nIdempotency-Key: shutdown-1\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  )
  await expect.poll(lockWaits, TRX_POLL).toBe(1)

  // The service manager stops the instance (SIGTERM to start.js, which passes it on to the api).
  api.child.kill('SIGTERM')
  await expect.poll(() => refused(port), { timeout: 10_000, interval: 50 }).toBe('ECONNREFUSED')
  // The checkout still waits for the lock: no answer yet, and the process keeps running for it.
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(received.length).toBe(0)
  expect(api.child.exitCode).toBeNull()

  await lock.query('ROLLBACK')
  const released = Date.now()
  await closed
  const [checkout, ...more] = parseAnswers(received)
  expect(more).toEqual([])
  expect(checkout.status).toBe(200)
  expect(checkout.body).toMatchObject({ code: 200 })
  // The connection ends with the answer: kept alive, it would hold the process for the keep-alive timeout (72 s).
  expect(checkout.headers.connection).toBe('close')
  expect(await api.exited).toEqual({ code: 0, signal: null })
  expect(Date.now() - released).toBeLessThan(15_000)
  expect(api.out()).not.toMatch(/exited|"level":50|error/i)

  // The order is whole: its line, the stock taken, its unpaid-cancel job staged with it.
  const orders = await app.db.orders.findMany({ where: { user_id: shopper.id }, select: { id: true, total_price: true, order_status: true } })
  expect(orders).toHaveLength(1)
  expect(orders[0].total_price.toFixed(2)).toBe('20.00')
  const lines = await app.db.order_goods.findMany({ where: { order_id: orders[0].id }, select: { goods_id: true, buy_num: true } })
  expect(lines).toEqual([{ goods_id: goods.id, buy_num: 2 }])
  expect((await app.db.goods.findUniqueOrThrow({ where: { id: goods.id } })).goods_stock).toBe(8)
  expect(await app.db.outbox.count({ where: { job_id: `order-cancel-${orders[0].id}` } })).toBe(1)
}, 180_000)

test('a request reaching an api that is closing is answered 503 in the envelope, its connection closed', async () => {
  const closing = await buildApp(testConfig(), { logger: false })
  // Holds the close after the app's own preClose hooks, before the listener closes: a request can still arrive.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  let inClose!: () => void
  const reached = new Promise<void>((resolve) => (inClose = resolve))
  closing.addHook('preClose', async () => {
    inClose()
    await held
  })
  await closing.listen({ port: 0, host: '127.0.0.1' })
  const { port } = closing.server.address() as net.AddressInfo
  const closed = closing.close()
  await reached
  for (const [lang, msg] of [['en', 'The server is stopping. Please try again.'], ['zh-cn', '服务正在停止，请稍后重试']]) {
    const res = await fetch(`http://127.0.0.1:${port}/api/ready`, { headers: { lang } })
    expect(res.status).toBe(503)
    expect(res.headers.get('connection')).toBe('close')
    expect(await res.json()).toEqual({ code: 503, msg, data: null })
  }
  release()
  await closed
})

/** A received order of a new store, due for settlement (5.50 % commission), and what to look at. */
async function settlementWorld() {
  const leaves = await leafClasses(app)
  const shop = await sellerWithStore(app, leaves)
  const goods = await createGoods(app, shop.storeId, leaves[0].id, { goods_price: '33.33', goods_stock: 100 })
  const shopper = (await createUser(app, { pay_password: '123456' })).id
  const [orderId] = await receivedOrders(app, shopper, [{ goods_id: goods.id, buy_num: 3 }], { rate: '5.50' })
  const order = await app.db.orders.findUniqueOrThrow({ where: { id: orderId } })
  const money = settlementAmounts({ total_price: order.total_price, refund_money: order.refund_money, settlement_rate: order.settlement_rate })
  const storeMoney = async () => decimalToCents((await app.db.stores.findUniqueOrThrow({ where: { id: shop.storeId } })).store_money.toFixed(2))
  const before = await storeMoney()
  const settled = async () => ({
    order: (await app.db.orders.findUniqueOrThrow({ where: { id: orderId } })).is_settlement,
    settlements: await app.db.order_settlements.count({ where: { order_id: orderId } }),
    ledger: await app.db.money_logs.count({ where: { user_id: shop.storeId, is_belong: 1 } }),
    balance: (await storeMoney()) - before,
  })
  /** Credited once: the settlement and the commission rows, summing to the store's part. */
  const creditedOnce = async () => {
    expect(await settled()).toEqual({ order: 1, settlements: 1, ledger: 2, balance: money.settlement })
    const rows = await app.db.money_logs.findMany({ where: { user_id: shop.storeId, is_belong: 1 }, select: { money: true, idem_key: true } })
    expect(rows.map((r) => r.idem_key).sort()).toEqual([`settlement:${orderId}`, `settlement:${orderId}:commission`])
    expect(sumCents(rows.map((r) => decimalToCents(r.money)))).toBe(money.settlement)
  }
  // Another transaction holds the store's row: the settlement's unit waits for it when it credits the store, after
  // it has marked the order settled in its transaction.
  await lock.query('BEGIN')
  await lock.query('SELECT id FROM stores WHERE id = ? FOR UPDATE', [shop.storeId])
  // Receiving the order staged its settlement for the end of the after-sale window (a delayed job): it falls due now.
  const queue = app.queues.get(QUEUE_SETTLEMENT)
  const job = async () => (await queue.getJob(`order-settle-${orderId}`))!
  expect(await (await job()).getState()).toBe('delayed')
  const dueNow = async () => (await job()).promote()
  return { orderId, settled, creditedOnce, job, dueNow }
}

// A job's lock lapses after this long without renewal (core/jobs/queues.ts): short, so the killed worker's job is freed
// soon, yet well above the time a worker's event loop can be held up on a busy machine (its first query loads Prisma's
// query compiler): with 2 s a running job was sometimes taken for stalled a second time, and failed.
const stall = { JOB_STALL_SECONDS: '5' }
const startWorker = (env: Record<string, string> = {}) => startProcess('worker', [], { ...stall, ...env })

test('a worker killed mid-job leaves nothing half done; another worker runs the job again and the store is credited once', async () => {
  const world = await settlementWorld()
  const first = startWorker()
  await world.dueNow()
  await expect.poll(async () => (await world.job()).getState(), { timeout: 60_000, interval: 100 }).toBe('active')
  // In the middle: a unit waits for the lock having changed rows in its transaction (the order marked settled).
  await expect.poll(rowsChangedByWaiters, TRX_POLL).toBeGreaterThanOrEqual(1)

  first.child.kill('SIGKILL')
  expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' })
  await lock.query('ROLLBACK')
  // The killed worker's transaction never commits: the server rolls it back once it finds its client gone.
  await expect.poll(otherTransactions, { ...TRX_POLL, timeout: 20_000 }).toBe(0)
  expect(await world.settled()).toEqual({ order: 0, settlements: 0, ledger: 0, balance: 0 })
  expect(await (await world.job()).getState()).toBe('active')

  const second = startWorker()
  await expect.poll(async () => (await world.job()).getState(), { timeout: 60_000, interval: 100 }).toBe('completed')
  const done = await world.job()
  expect(done.stalledCounter).toBe(1)
  // The job, or the settlement sweeper the worker also runs, settled it; either way once.
  expect(['settled', 'already_settled']).toContain((done.returnvalue as { outcome: string }).outcome)
  await world.creditedOnce()

  second.child.kill('SIGTERM')
  expect(await second.exited).toEqual({ code: 0, signal: null })
  expect(second.out()).not.toMatch(/"level":50|shutdown failed/)
}, 180_000)

test('a worker sent SIGTERM mid-job takes no new job, finishes the one it runs, then exits 0', async () => {
  const world = await settlementWorld()
  // debug: its line saying it is shutting down
  const worker = startWorker({ LOG_LEVEL: 'debug' })
  await world.dueNow()
  await expect.poll(async () => (await world.job()).getState(), { timeout: 60_000, interval: 100 }).toBe('active')
  await expect.poll(lockWaits, TRX_POLL).toBeGreaterThanOrEqual(1)

  worker.child.kill('SIGTERM')
  await expect.poll(worker.out, { timeout: 10_000, interval: 100 }).toContain('"msg":"shutting down"')
  // Closing: a job that falls due now is left in its queue for another worker.
  const other = await app.queues.get(QUEUE_SETTLEMENT).add('order-settle', { order_id: 999_999_999 }, { jobId: 'order-settle-shutdown-probe' })
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(worker.child.exitCode).toBeNull()
  await lock.query('ROLLBACK')
  expect(await worker.exited).toEqual({ code: 0, signal: null })
  expect(worker.out()).not.toMatch(/"level":50|shutdown failed/)
  expect(await (await world.job()).getState()).toBe('completed')
  expect((await world.job()).stalledCounter).toBe(0)
  expect(await other.getState()).toBe('waiting')
  await other.remove()
  await world.creditedOnce()
}, 180_000)
