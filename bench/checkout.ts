// Checkout benchmark (`npx tsx bench/checkout.ts`, part of `pnpm bench`): 64 shoppers at once, each checking out one
// goods (POST /api/user/order/create) and paying it by balance (POST /api/user/order/pay) in a loop, against the floor
// — the same inserts and guarded updates through the bare driver in one transaction — in the same run. Then every
// shopper at once goes for the last units of a scarce goods: oversold units (sold past the stock, or stock below 0)
// must be 0. Own database and Redis prefix; bench/lists.ts runs the same measurement (checkoutBench) on its database of
// a million orders.
import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { isMain } from '../scripts/migrate.ts'
import { seed } from '../packages/server/src/seed/index.ts'
import { hashPassword } from '../packages/server/src/core/hash.ts'
import { hashPayPassword } from '../packages/server/src/core/payPassword.ts'
import { benchConfig, clearRedisPrefix, DURATION_S, p99Of, postJson, startApp, truncateAll } from './lib.ts'
import { startCheckoutFloor } from './checkout-floor.ts'
import { buildSalesDaysIfStale } from '../packages/server/src/modules/dashboard/index.ts'

/** 64 is the goal's load; BENCH_SHOPPERS runs it with fewer (or more) to see where the time goes. */
export const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 64)
const GOODS = 8
const STOCK = 1_000_000
const SCARCE = 100
const PRICE = '9.90'
const GOAL = { ratio: 0.5, p99: 300 }
const WARM_UP_S = 2

type Shopper = { id: number; auth: string; addressId: number }
/** cpuMs: this process's CPU time (every thread: the app, the driver, the shoppers' client) per completed checkout —
 *  steadier than the rate on a shared machine. */
type Run = { name: string; rate: number; p99: number; errors: number; done: number; cpuMs: number }


/** `workers` loops of `once` for `seconds`: completed checkouts per second, their p99 latency, failures. */
async function drive(name: string, workers: number, seconds: number, once: (worker: number, i: number) => Promise<boolean>): Promise<Run> {
  const latencies: number[] = []
  let errors = 0
  const end = performance.now() + seconds * 1000
  const started = performance.now()
  const cpu = process.cpuUsage()
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; performance.now() < end; i++) {
        const t0 = performance.now()
        if (await once(w, i).catch(() => false)) latencies.push(performance.now() - t0)
        else errors++
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  const { user, system } = process.cpuUsage(cpu)
  return { name, rate: latencies.length / elapsed, p99: Math.round(p99Of(latencies)), errors, done: latencies.length, cpuMs: (user + system) / 1000 / Math.max(1, latencies.length) }
}

/**
 * The checkout benchmark on the app at `url` (its database prepared): adds its own store, goods and shoppers (names
 * tagged with the run, so it can run on a database that holds other data, bench/lists.ts's million orders), measures,
 * prints the PASS/MISS line and answers whether the goal was met. `label` names the database in the line.
 */
export async function checkoutBench(app: FastifyInstance, url: string, label = ''): Promise<boolean> {
  const db = app.db
  const tag = Date.now().toString(36)

  // A store with GOODS goods in plenty and one scarce goods, free of freight; SHOPPERS shoppers with an address, pay
  // password 123456 and a balance credited through a ledger row.
  const password = await hashPassword('Bench@123456')
  const payPassword = hashPayPassword(app.config.PAY_PASSWORD_KEY, '123456')
  const owner = await db.users.create({ data: { username: `benchcheckoutseller_${tag}`, password }, select: { id: true } })
  const store = await db.stores.create({ data: { user_id: owner.id, store_name: '压测店铺', store_verify: 4, store_status: 1 }, select: { id: true } })
  const leaf = await db.goods_classes.findFirstOrThrow({ where: { pid: { not: 0 } }, orderBy: { id: 'desc' }, select: { id: true } })
  const goodsRow = (name: string, stock: number) => ({
    store_id: store.id, class_id: leaf.id, goods_name: name, goods_price: PRICE, goods_stock: stock, goods_status: 1, goods_verify: 1, freight_id: -1,
  })
  await db.goods.createMany({ data: [...Array.from({ length: GOODS }, (_, i) => goodsRow(`压测商品 ${i}`, STOCK)), goodsRow('限量商品', SCARCE)] })
  const goods = await db.goods.findMany({ where: { store_id: store.id }, select: { id: true, goods_name: true }, orderBy: { id: 'asc' } })
  const plenty = goods.slice(0, GOODS).map((g) => g.id)
  const scarce = goods[GOODS].id
  const balance = '1000000.00'
  await db.users.createMany({ data: Array.from({ length: SHOPPERS }, (_, i) => ({ username: `benchbuyer_${tag}_${i}`, password, pay_password: payPassword, money: balance })) })
  const users = await db.users.findMany({ where: { username: { startsWith: `benchbuyer_${tag}_` } }, select: { id: true }, orderBy: { id: 'asc' } })
  await db.money_logs.createMany({ data: users.map((u) => ({ user_id: u.id, ename: 'recharge', money: balance, after_money: balance, source_type: 'seed', idem_key: 'bench:seed' })) })
  await db.addresses.createMany({ data: users.map((u) => ({ user_id: u.id, receive_name: '压测', receive_tel: '13800138000', area_info: '北京市 北京市 东城区', address: '长安街 1 号' })) })
  const addresses = await db.addresses.findMany({ where: { user_id: { in: users.map((u) => u.id) } }, select: { id: true, user_id: true } })
  const fakeRequest = { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest
  const shoppers: Shopper[] = []
  for (const u of users)
    shoppers.push({ id: u.id, auth: `Bearer ${(await app.tokens.issue('user', u.id, fakeRequest)).access_token}`, addressId: addresses.find((a) => a.user_id === u.id)!.id })

  let serial = 0
  /** One checkout through the API: create, then pay what it created. */
  const checkout = async (s: Shopper, goodsId: number) => {
    const n = ++serial
    const created = await postJson<{ code?: number; data?: { order_id?: number[] } }>(`${url}/api/user/order/create`, { order: [{ goods_id: goodsId, sku_id: 0, buy_num: 1 }], ifcart: 0, address_id: s.addressId }, {
      Authorization: s.auth, 'Idempotency-Key': `b${n}`,
    })
    if (created.body.code !== 200) return false
    const paid = await postJson(`${url}/api/user/order/pay`, { order_id: created.body.data!.order_id, payment_name: 'balance', pay_password: '123456' }, {
      Authorization: s.auth, 'Idempotency-Key': `p${n}`,
    })
    return paid.body.code === 200
  }
  const subject = (w: number, i: number) => checkout(shoppers[w], plenty[(w + i) % GOODS])

  const floor = await startCheckoutFloor(app.config.DATABASE_URL, app.config.DATABASE_POOL)
  const floorOnce = async (w: number, i: number) => {
    const s = shoppers[w]
    const key = createHash('sha1').update(`f${++serial}`).digest('hex').slice(0, 32)
    const res = await postJson(`${floor.url}/floor/checkout`, { user_id: s.id, goods_id: plenty[(w + i) % GOODS], store_id: store.id, price: PRICE, key })
    return res.status === 200
  }

  await drive('warm-up', SHOPPERS, WARM_UP_S, subject)
  const measured = await drive(`checkout (create + pay by balance), ${SHOPPERS} shoppers`, SHOPPERS, DURATION_S, subject)
  await drive('warm-up', SHOPPERS, WARM_UP_S, floorOnce)
  const base = await drive('floor: the same writes, bare driver, one transaction', SHOPPERS, DURATION_S, floorOnce)
  await floor.close()

  // The scarce goods: every shopper tries three times at once.
  const attempts = await Promise.all(shoppers.flatMap((s) => [0, 1, 2].map(() => checkout(s, scarce))))
  const sold = await db.order_goods.aggregate({ where: { goods_id: scarce, order: { order_status: { not: 0 } } }, _sum: { buy_num: true } })
  const left = (await db.goods.findUniqueOrThrow({ where: { id: scarce }, select: { goods_stock: true } })).goods_stock
  // Every goods: what is left plus what orders hold is what it started with, and nothing went below 0.
  const held = await db.order_goods.groupBy({ by: ['goods_id'], where: { order: { order_status: { not: 0 } }, goods_id: { in: plenty } }, _sum: { buy_num: true }, orderBy: { goods_id: 'asc' } })
  const stocks = await db.goods.findMany({ where: { id: { in: plenty } }, select: { id: true, goods_stock: true } })
  const drift = stocks.reduce((n, g) => n + Math.abs(STOCK - g.goods_stock - (held.find((h) => h.goods_id === g.id)?._sum.buy_num ?? 0)), 0)
  const oversell = Math.max(0, (sold._sum.buy_num ?? 0) - SCARCE) + (left < 0 ? -left : 0) + drift + stocks.filter((g) => g.goods_stock < 0).length

  const ratio = measured.rate / base.rate
  const pass = ratio >= GOAL.ratio && measured.p99 < GOAL.p99 && measured.errors === 0 && oversell === 0
  console.log(
    `${pass ? 'PASS' : 'MISS'} ${measured.name}${label}: ${measured.rate.toFixed(0)} checkouts/s, p99 ${measured.p99} ms, errors ${measured.errors}, CPU ${measured.cpuMs.toFixed(1)} ms each | ` +
      `floor ${base.rate.toFixed(0)} checkouts/s, p99 ${base.p99} ms, errors ${base.errors}, CPU ${base.cpuMs.toFixed(1)} ms each | ratio ${ratio.toFixed(2)} (goal ≥ ${GOAL.ratio}, p99 < ${GOAL.p99} ms) | ` +
      `oversell ${oversell} (scarce goods: ${attempts.filter(Boolean).length} of ${attempts.length} checkouts sold ${sold._sum.buy_num ?? 0} of ${SCARCE}, ${left} left)`,
  )
  return pass
}

if (isMain(import.meta.url)) {
  const config = {
    ...benchConfig(),
    DATABASE_URL: process.env.BENCH_CHECKOUT_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/qshop_bench_checkout',
    REDIS_PREFIX: 'qshop_bench_checkout',
  }
  const { app, url } = await startApp(config)
  await truncateAll(config.DATABASE_URL)
  await clearRedisPrefix(app)
  await seed(app, { demo: false, areas: false })
  // The dashboards' day sums built, as the timed task builds them in production: payments add to them.
  await buildSalesDaysIfStale(app)
  const pass = await checkoutBench(app, url)
  await app.close()
  console.log(`${pass ? 1 : 0} of 1 checkout benchmarks met their goal`)
}
