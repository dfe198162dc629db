// Several instances on one database and one Redis (docs/scaling.md, "Processes"): two api processes and two worker
// processes, started as compose starts them (the compiled start, --only=api / --only=worker; --no-prepare), on this
// test's database, Redis prefix and upload folder. Requests go to one api or the other over HTTP, logins through the login
// route; what a test needs besides is written with the repository's testkits in this process.
// - Timed jobs: an unpaid order's cancel, a shipped order's auto-confirm, a settlement and a refund request's
//   auto-agree, each made due and then run by its job and, at the same moment, by extra runs of its sweeper, spread
//   over both workers: each takes effect once (stock, ledger rows, balances).
// - Login lock-out and rate limits are counted in Redis for every api; a cached read is fresh on one api after a
//   write through the other; a signed-out session is refused by both; an upload through one is served by the other.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import type { Job } from 'bullmq'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { ORDER_STATUS, REFUND_VERIFY, SETTLEMENT_STATUS, decimalToCents, translate } from '@qshop/shared'
import { REPO_ROOT } from '../src/core/paths.ts'
import { QUEUE_AFTERSALES, QUEUE_ORDERS, QUEUE_SETTLEMENT } from '../src/core/jobs/queues.ts'
import { sweepName, type AnyJobDef } from '../src/core/jobs/define.ts'
import { sendStaged } from '../src/core/jobs/outbox.ts'
import { addressKey } from '../src/core/rateLimits.ts'
import { uploadRoot } from '../src/adapters/storage/index.ts'
import { orderCancelJob } from '../src/modules/orders/cancelJob.ts'
import { orderConfirmJob } from '../src/modules/fulfilment/confirmJob.ts'
import { orderSettleJob } from '../src/modules/settlement/settleJob.ts'
import { refundAgreeJob } from '../src/modules/aftersales/agreeJob.ts'
import { goodsDetailKey } from '../src/modules/catalog/cache.ts'
import { settlementAmounts } from '../src/modules/settlement/settle.ts'
import { receivedOrders } from '../src/modules/settlement/testkit.ts'
import { paidOrders } from '../src/modules/orders/testkit.ts'
import { shipOrders } from '../src/modules/fulfilment/testkit.ts'
import { pendingRequest } from '../src/modules/aftersales/testkit.ts'
import { createGoods, leafClasses, setGoodsReview, type Leaf } from '../src/modules/catalog/testkit.ts'
import { compiledServer } from './compiledServer.ts'
import { createTestApp, freePort, resetDb } from './helpers.ts'
import { createSeller, createUser } from './factories.ts'

let app: FastifyInstance
let leaves: Leaf[]
const children: Started[] = []

type Started = { name: string; child: ChildProcess; out: () => string; exited: Promise<unknown> }

// Small limits, so the tests reach them: reads per address in a day-long window (aligned to the clock, so no run
// crosses its end), and the login lock-out's count as a production install has it.
const READ_LIMIT = 10
const LOGIN_MAX_FAILURES = 5

// The compiled start (test/compiledServer.ts), as the image runs it: it starts in about half the time of tsx's
// (docs/scaling.md, "Production build"), which counts with four processes starting at once.
let dist: string

/** A process of the platform as compose runs it (docker-compose.yml: start.js --only=api, --only=worker --no-prepare). */
function startProcess(name: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(dist, 'start.js'), ...args], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      // nothing that would load TypeScript: no tsx loader passed down from vitest
      NODE_OPTIONS: '',
      DATABASE_URL: app.config.DATABASE_URL,
      REDIS_PREFIX: app.config.REDIS_PREFIX,
      UPLOAD_DIR: app.config.UPLOAD_DIR,
      PRIVATE_UPLOAD_DIR: app.config.PRIVATE_UPLOAD_DIR,
      TRUST_PROXY: 'true',
      RATE_LIMIT_WINDOW_SECONDS: '86400',
      RATE_LIMIT_READ_IP: String(READ_LIMIT),
      LOGIN_MAX_FAILURES: String(LOGIN_MAX_FAILURES),
      LOG_LEVEL: 'info',
      ...env,
    },
    // a group of its own (start.ts and the api or worker it runs): cleaning up takes the group
    detached: true,
  })
  let out = ''
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()))
  const exited = new Promise((resolve) => child.on('exit', resolve))
  const started = { name, child, out: () => out, exited }
  children.push(started)
  return started
}

/** Waits until `check` holds; fails with the processes' output if one of them ends first or 90 s pass. */
async function until(check: () => boolean | Promise<boolean>, what: string, processes: Started[]) {
  const deadline = Date.now() + 90_000
  while (!(await check())) {
    const ended = processes.find((p) => p.child.exitCode !== null || p.child.signalCode !== null)
    if (ended || Date.now() > deadline) throw new Error(`not ${what}:\n${processes.map((p) => `${p.name}:\n${p.out()}`).join('\n')}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

let apis: { name: string; url: string }[]
let workers: Started[]

/** Waits until the process has written `line` (ready). */
const started = (p: Started, line: string) => until(() => p.out().includes(line), `${p.name} started`, [p])

beforeAll(async () => {
  const built = compiledServer()
  app = await createTestApp()
  await resetDb(app, { demo: false, areas: false })
  dist = await built
  const ports = [await freePort(), await freePort()]
  const processes = [
    // --no-prepare: createTestApp migrated the database (the preparation, and its lock for apis started together: test/start.test.ts)
    startProcess('api A', ['--only=api', '--no-prepare'], { PORT: String(ports[0]) }),
    startProcess('api B', ['--only=api', '--no-prepare'], { PORT: String(ports[1]) }),
    // debug: the line saying the worker is consuming, and a line per job run
    startProcess('worker 1', ['--only=worker', '--no-prepare'], { LOG_LEVEL: 'debug' }),
    startProcess('worker 2', ['--only=worker', '--no-prepare'], { LOG_LEVEL: 'debug' }),
  ]
  leaves = await leafClasses(app)
  await setGoodsReview(app, false)
  await Promise.all(processes.map((p, i) => started(p, i < 2 ? 'ready at' : '"msg":"worker started"')))
  apis = ports.map((port, i) => ({ name: processes[i].name, url: `http://127.0.0.1:${port}` }))
  workers = processes.slice(2)
}, 120_000)

afterAll(async () => {
  // SIGTERM to each group (start.js and its api or worker): they close and exit
  for (const { child } of children) if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM')
  await Promise.all(children.map((p) => p.exited))
  await app?.close()
}, 30_000)

// Every part of this file comes from addresses of its own (the apis trust X-Forwarded-For, as behind nginx).
let serial = 0
const nextIp = () => `203.0.113.${++serial}`

type Answer = { status: number; headers: Headers; body: { code: number; msg: string; data: any } }

/** One request to the api `api` (0: A, 1: B) from the address `ip`. */
async function call(api: number, method: string, url: string, opts: { ip: string; token?: string; body?: object | FormData; lang?: string; headers?: Record<string, string> }): Promise<Answer> {
  const headers: Record<string, string> = { 'X-Forwarded-For': opts.ip, lang: opts.lang ?? 'zh-cn', ...opts.headers }
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`
  let body: string | FormData | undefined
  if (opts.body instanceof FormData) body = opts.body
  else if (opts.body) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(opts.body)
  }
  const res = await fetch(`${apis[api].url}${url}`, { method, headers, body })
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer['body'] }
}

/** Logs in through the api's login route; answers the access token. */
async function loginAt(api: number, ip: string, area: 'user' | 'seller', username: string, password: string): Promise<string> {
  const res = await call(api, 'POST', '/api/login', { ip, body: { username, password, provider: 'users', area } })
  expect(res.body, `login ${username} at ${apis[api].name}`).toMatchObject({ code: 200 })
  return res.body.data.access_token as string
}

describe('timed jobs with two workers', () => {
  /** A queued job of `def` with the given key, once it is there (an api sends it right after its commit). */
  const queuedJob = async (def: AnyJobDef, key: number) => {
    const queue = app.queues.get(def.queue)
    await expect.poll(async () => Boolean(await queue.getJob(`${def.name}-${key}`)), { timeout: 10_000, interval: 50 }).toBe(true)
    return (await queue.getJob(`${def.name}-${key}`))!
  }

  test('an unpaid order is cancelled once, a shipped order received once, an order settled once, a refund request agreed once', async () => {
    const ip = nextIp()
    // The cancel: an order placed through api A, unpaid, its stock taken.
    const seller = await createSeller(app)
    await app.db.store_classes.create({ data: { store_id: seller.storeId, class_id: leaves.map((l) => l.path) } })
    const tea = await createGoods(app, seller.storeId, leaves[0].id, { goods_name: '绿茶', goods_price: '10.00', goods_stock: 10 })
    await app.db.goods.update({ where: { id: tea.id }, data: { freight_id: -1 } })
    const buyer = await createUser(app)
    const address = await app.db.addresses.create({
      data: { user_id: buyer.id, receive_name: '李雷', receive_tel: '13800138000', province_id: 110000, city_id: 1, region_id: 2, area_info: '某省 某市 某区', address: '一路 1 号', is_default: 1, default_key: buyer.id },
    })
    const buyerToken = await loginAt(0, ip, 'user', buyer.username, buyer.password)
    const placed = await call(0, 'POST', '/api/user/order/create', {
      ip, token: buyerToken, headers: { 'Idempotency-Key': `multi-${process.pid}` }, body: { order: [{ goods_id: tea.id, buy_num: 3 }], address_id: address.id },
    })
    expect(placed.body).toMatchObject({ code: 200 })
    const [unpaid] = await app.db.orders.findMany({ where: { user_id: buyer.id }, select: { id: true } })
    expect((await app.db.goods.findUniqueOrThrow({ where: { id: tea.id } })).goods_stock).toBe(7)

    // The auto-confirm: a paid order shipped, not received.
    const shopper = await createUser(app, { pay_password: '123456' })
    const cup = await createGoods(app, seller.storeId, leaves[0].id, { goods_price: '25.00', goods_stock: 100 })
    const [shipped] = await paidOrders(app, shopper.id, [{ goods_id: cup.id, buy_num: 2 }])
    await shipOrders(app, [shipped])

    // The settlement: a received order whose after-sale window has ended (5.50 % commission).
    const [received] = await receivedOrders(app, shopper.id, [{ goods_id: cup.id, buy_num: 3 }], { rate: '5.50' })
    const receivedOrder = await app.db.orders.findUniqueOrThrow({ where: { id: received } })
    const money = settlementAmounts({ total_price: receivedOrder.total_price, refund_money: receivedOrder.refund_money, settlement_rate: receivedOrder.settlement_rate })

    // The auto-agree: a pending money-only request of 1.00 on a paid order of another store.
    const request = await pendingRequest(app)

    // The checkout leaves its cancel in the outbox for the outbox's sweeper to send (core/jobs/outbox.ts,
    // stageSweptJobs): sent here as that sweeper sends it, a delayed job.
    const cancelRow = await app.db.outbox.findFirstOrThrow({ where: { job_id: `order-cancel-${unpaid.id}` }, select: { id: true } })
    expect(await sendStaged(app.db, app.queues, [cancelRow.id])).toBe(1)
    const jobs = [await queuedJob(orderCancelJob, unpaid.id), await queuedJob(orderConfirmJob, shipped), await queuedJob(orderSettleJob, received), await queuedJob(refundAgreeJob, request.refundId)]
    expect(await Promise.all(jobs.map((job) => job.getState()))).toEqual(['delayed', 'delayed', 'delayed', 'delayed'])

    const balance = async (owner: { userId?: number; storeId?: number }) => {
      if (owner.storeId) return decimalToCents((await app.db.stores.findUniqueOrThrow({ where: { id: owner.storeId } })).store_money.toFixed(2))
      return decimalToCents((await app.db.users.findUniqueOrThrow({ where: { id: owner.userId! } })).money.toFixed(2))
    }
    const storeBefore = await balance({ storeId: seller.storeId })
    const requesterBefore = await balance({ userId: request.userId })
    const pointsBefore = (await app.db.users.findUniqueOrThrow({ where: { id: shopper.id } })).integral

    // Everything falls due now: the rows as if their time had come, the delayed jobs promoted, and each sweeper run
    // three more times at once besides (as if several of its schedules fell due together), on both workers.
    const past = new Date(Date.now() - 60_000)
    await app.db.orders.update({ where: { id: unpaid.id }, data: { pay_deadline: past } })
    await app.db.orders.update({ where: { id: shipped }, data: { delivery_time: new Date(Date.now() - 30 * 86_400_000) } })
    await app.db.refunds.update({ where: { id: request.refundId }, data: { agree_deadline: past } })
    const sweeps: Job[] = []
    for (const def of [orderCancelJob, orderConfirmJob, orderSettleJob, refundAgreeJob])
      for (let i = 0; i < 3; i++) sweeps.push(await app.queues.get(def.queue).add(sweepName(def), {}, { jobId: `${sweepName(def)}-multi-${i}` }))
    await Promise.all(jobs.map((job) => job.promote()))

    const finished = async () => (await Promise.all([...jobs, ...sweeps].map(async (job) => (await app.queues.get(job.queueName).getJob(job.id!))!.getState()))).every((s) => s === 'completed')
    await expect.poll(finished, { timeout: 30_000, interval: 100 }).toBe(true)

    // Cancelled once: the three units back, not six.
    expect((await app.db.orders.findUniqueOrThrow({ where: { id: unpaid.id } })).order_status).toBe(ORDER_STATUS.CANCELLED)
    expect((await app.db.goods.findUniqueOrThrow({ where: { id: tea.id } })).goods_stock).toBe(10)

    // Received once: its points (1 a yuan) granted once.
    const confirmed = await app.db.orders.findUniqueOrThrow({ where: { id: shipped } })
    expect(confirmed.order_status).toBe(ORDER_STATUS.RECEIVED)
    expect(await app.db.order_integrals.count({ where: { order_id: shipped } })).toBe(1)
    expect(await app.db.money_logs.count({ where: { user_id: shopper.id, is_type: 2, source_type: 'order', source_id: shipped } })).toBe(1)
    expect((await app.db.users.findUniqueOrThrow({ where: { id: shopper.id } })).integral - pointsBefore).toBe(50)

    // Settled once: one settlement row, one credit and one commission row in the store's ledger, the store's
    // balance up by its part once.
    expect((await app.db.orders.findUniqueOrThrow({ where: { id: received } })).is_settlement).toBe(SETTLEMENT_STATUS.SETTLED)
    expect(await app.db.order_settlements.count({ where: { order_id: received } })).toBe(1)
    const storeRows = await app.db.money_logs.findMany({ where: { user_id: seller.storeId, is_belong: 1 }, select: { idem_key: true } })
    expect(storeRows.map((r) => r.idem_key).sort()).toEqual([`settlement:${received}`, `settlement:${received}:commission`])
    expect((await balance({ storeId: seller.storeId })) - storeBefore).toBe(money.settlement)

    // Agreed once: one refund credit of 1.00 to the shopper.
    expect((await app.db.refunds.findUniqueOrThrow({ where: { id: request.refundId } })).refund_verify).toBe(REFUND_VERIFY.AGREED)
    expect(await app.db.money_logs.count({ where: { user_id: request.userId, is_belong: 0, ename: 'refund' } })).toBe(1)
    expect((await balance({ userId: request.userId })) - requesterBefore).toBe(100)

    // Whichever ran first did the work, the others found it done: no job failed on either worker.
    for (const worker of workers) expect(worker.out(), worker.name).not.toMatch(/"level":50/)
  }, 60_000)
})

describe('abuse limits shared by the apis', () => {
  test(`wrong passwords spread over both apis lock the account at the ${LOGIN_MAX_FAILURES}th, on both`, async () => {
    const account = await createUser(app)
    const ip = nextIp()
    const attempt = (api: number, password: string, lang = 'zh-cn') =>
      call(api, 'POST', '/api/login', { ip, lang, body: { username: account.username, password, provider: 'users', area: 'user' } })
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await attempt(i % 2, `wrong-${i}`)).body, `attempt ${i + 1}`).toMatchObject({ code: 402, msg: translate('zh-cn', 'msg.accountErr') })
    // Locked on both: the right password is refused by either, with the wait in Retry-After.
    for (const api of [0, 1]) {
      const locked = await attempt(api, account.password)
      expect(locked.status, apis[api].name).toBe(429)
      expect(locked.body).toEqual({ code: 429, msg: '登录失败次数过多，请稍后再试', data: null })
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    expect((await attempt(1, account.password, 'en')).body.msg).toBe('Too many failed logins, please try again later.')
    // The owner from another address is not kept out, through either api.
    for (const api of [0, 1]) expect((await call(api, 'POST', '/api/login', { ip: nextIp(), body: { username: account.username, password: account.password, provider: 'users', area: 'user' } })).body.code).toBe(200)
  })

  test(`reads of one address are counted across both apis: ${READ_LIMIT} pass, then both refuse, within the 100 ms sync's one-request lag`, async () => {
    const ip = nextIp()
    // The shared count of the address in Redis (core/rateLimitStore.ts: prefix, class, address, window).
    const window = Math.floor(Date.now() / 86_400_000)
    const sharedKey = `${app.config.REDIS_PREFIX}:rl:read:ip:${addressKey(ip)}:${window}`
    const shared = async () => Number((await app.redis.get(sharedKey)) ?? 0)
    const statuses: number[][] = [[], []]
    let sent = 0
    // Alternating A, B, A...; after each answer, until its api has added it to the shared count (each api adds its
    // local count every 100 ms): what an api lets through past the limit is then only what it had not yet heard
    // of from the other.
    for (let i = 0; i < READ_LIMIT + 6; i++) {
      const api = i % 2
      const res = await call(api, 'GET', '/api/load_goods_classes', { ip })
      statuses[api].push(res.status)
      sent++
      if (res.status === 429) expect(res.body).toEqual({ code: 429, msg: '您请求太频繁了，请休息一会', data: null })
      await expect.poll(shared, { timeout: 5000, interval: 20 }).toBe(sent)
    }
    const passed = statuses.flat().filter((s) => s === 200).length
    // Each api saw about half the requests: counted on its own, it would have let all of them through.
    expect(passed).toBeGreaterThanOrEqual(READ_LIMIT)
    expect(passed).toBeLessThanOrEqual(READ_LIMIT + 1)
    // The first READ_LIMIT pass; both refuse from then on (after at most one more answered by an api that had not
    // heard of the other's last request).
    expect(statuses.map((s) => s.slice(0, READ_LIMIT / 2))).toEqual([Array(READ_LIMIT / 2).fill(200), Array(READ_LIMIT / 2).fill(200)])
    expect(statuses.map((s) => s.slice(-2))).toEqual([[429, 429], [429, 429]])
    // Another address is counted apart.
    for (const api of [0, 1]) expect((await call(api, 'GET', '/api/load_goods_classes', { ip: nextIp() })).status).toBe(200)
  })
})

describe('state kept in step between the apis', () => {
  test('a goods edited through api A is answered with its new name by api B, whose cached copy was read before', async () => {
    const ip = nextIp()
    const seller = await createSeller(app)
    await app.db.store_classes.create({ data: { store_id: seller.storeId, class_id: leaves.map((l) => l.path) } })
    const goodsId = (await createGoods(app, seller.storeId, leaves[0].id, { goods_name: '旧名字' })).id
    const token = await loginAt(1, ip, 'seller', seller.username, seller.password)
    const name = async (api: number) => (await call(api, 'GET', `/api/goods/${goodsId}`, { ip: nextIp() })).body.data?.goods_name as string | undefined
    // B's read fills the cache (Redis, modules/catalog/cache.ts); A answers from it.
    expect(await name(1)).toBe('旧名字')
    expect(await app.redis.get(goodsDetailKey(app, goodsId))).toContain('旧名字')
    expect(await name(0)).toBe('旧名字')
    expect((await call(0, 'PUT', `/api/Seller/goods/${goodsId}`, { ip, token, body: { goods_name: '新名字' } })).body).toMatchObject({ code: 200 })
    expect(await name(1)).toBe('新名字')
    expect(await name(0)).toBe('新名字')
  })

  test('a session signed out through api A is refused by api B, which had accepted it', async () => {
    const ip = nextIp()
    const user = await createUser(app)
    const token = await loginAt(0, ip, 'user', user.username, user.password)
    // a read: each from an address of its own, so the small read limit of these apis is never reached
    const info = (api: number) => call(api, 'POST', '/api/auth/info', { ip: nextIp(), token, body: { provider: 'users' } })
    expect((await info(1)).body).toMatchObject({ code: 200, data: { username: user.username } })
    expect((await call(0, 'POST', '/api/logout', { ip, token, body: { provider: 'users' } })).body).toMatchObject({ code: 200 })
    expect((await info(0)).status).toBe(401)
    // B hears of it on the Redis channel (core/authState.ts): refused as soon as the message has arrived.
    await expect.poll(async () => (await info(1)).status, { timeout: 5000, interval: 50 }).toBe(401)
  })

  test('an image uploaded through api A is served by api B from the shared upload folder', async () => {
    const ip = nextIp()
    const user = await createUser(app)
    const token = await loginAt(0, ip, 'user', user.username, user.password)
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'photo.png')
    const uploaded = await call(0, 'POST', '/api/uploads', { ip, token, body: form })
    expect(uploaded.body).toMatchObject({ code: 200 })
    const url = uploaded.body.data as string
    expect(url).toMatch(/^\/uploads\/files\/\d{8}\/[0-9a-f-]{36}\.png$/)
    expect(existsSync(path.join(uploadRoot(app), url.slice('/uploads/'.length)))).toBe(true)
    const served = await fetch(`${apis[1].url}${url}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    const bytes = Buffer.from(await served.arrayBuffer())
    expect((await sharp(bytes).metadata()).width).toBe(40)
    // the same file A serves
    expect(Buffer.compare(bytes, Buffer.from(await (await fetch(`${apis[0].url}${url}`)).arrayBuffer()))).toBe(0)
  })
})
