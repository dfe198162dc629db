// Flash-sale benchmark (`npx tsx bench/seckill.ts`, part of `pnpm bench`): the purchase stampede. Each round opens a
// sale with a pool of 100 and a limit of 1, and 5,000 attempts from 1,000 shoppers go at it, 64 in flight at a time,
// through the real route (POST /api/user/order/create with a seckill line: Redis script, then guarded SQL); then the
// same stampede through the baseline — the purchase done with SELECT … FOR UPDATE on the pool row through the bare
// driver (seckill-floor.ts) — in the same run. Every round must end with exactly 100 orders from 100 shoppers and the
// pool at 0. Own database and Redis prefix (BENCH_SECKILL_DATABASE_URL, BENCH_SECKILL_REDIS_PREFIX).
import type { FastifyRequest } from 'fastify'
import { isMain } from '../scripts/migrate.ts'
import { seed } from '../packages/server/src/seed/index.ts'
import { benchConfig, clearRedisPrefix, p99Of, postJson, startApp, truncateAll } from './lib.ts'
import { startSeckillFloor } from './seckill-floor.ts'

const SHOPPERS = 1000
const ATTEMPTS = 5000
const POOL = 100
const IN_FLIGHT = Number(process.env.BENCH_SECKILL_IN_FLIGHT ?? 64)
const ROUNDS = Number(process.env.BENCH_SECKILL_ROUNDS ?? 3)
const GOAL = { ratio: 20, p99: 50 }

type Run = { name: string; rate: number; p99: number; errors: number; wrong: number }

if (isMain(import.meta.url)) {
  const config = {
    ...benchConfig(),
    DATABASE_URL: process.env.BENCH_SECKILL_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/qshop_bench_seckill',
    REDIS_PREFIX: process.env.BENCH_SECKILL_REDIS_PREFIX ?? 'qshop_bench_seckill',
    RATE_LIMIT_MONEY_IP: 10_000_000,
    RATE_LIMIT_MONEY_ACCOUNT: 10_000_000,
    RATE_LIMIT_SECKILL_IP: 10_000_000,
    RATE_LIMIT_SECKILL_ACCOUNT: 10_000_000,
  }
  const { app, url } = await startApp(config)
  await truncateAll(config.DATABASE_URL)
  await clearRedisPrefix(app)
  await seed(app, { demo: false, areas: false })
  const db = app.db
  const owner = await db.users.create({ data: { username: 'benchseckillseller', password: 'x' }, select: { id: true } })
  const store = await db.stores.create({ data: { user_id: owner.id, store_name: '压测店铺', store_verify: 4, store_status: 1 }, select: { id: true } })
  const cls = await db.goods_classes.create({ data: { name: '压测分类' } })
  const goods = await db.goods.create({
    data: { store_id: store.id, class_id: cls.id, goods_name: '压测秒杀', goods_price: '10.00', goods_stock: 0, goods_status: 1, goods_verify: 1 },
    select: { id: true },
  })
  await db.users.createMany({ data: Array.from({ length: SHOPPERS }, (_, i) => ({ username: `benchseckill${i}`, password: 'x' })) })
  const users = await db.users.findMany({ where: { username: { startsWith: 'benchseckill' } }, select: { id: true }, orderBy: { id: 'asc' } })
  await db.addresses.createMany({ data: users.map((u) => ({ user_id: u.id, receive_name: '压测', receive_tel: '13800138000', address: '一路 1 号', is_default: 1, default_key: u.id })) })
  const addresses = new Map((await db.addresses.findMany({ select: { id: true, user_id: true } })).map((a) => [a.user_id, a.id]))
  const fakeRequest = { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest
  const auths: string[] = []
  for (const u of users) auths.push(`Bearer ${(await app.tokens.issue('user', u.id, fakeRequest)).access_token}`)

  // The pool is written as the seller's save leaves it (its units already taken from the goods).
  const newSale = async () =>
    (await db.seckills.create({
      data: { store_id: store.id, goods_id: goods.id, price: '1.00', stock: POOL, limit_num: 1, start_time: new Date(Date.now() - 60_000), end_time: new Date(Date.now() + 86_400_000) },
    })).id

  async function stampede(name: string, once: (shopper: number, seckillId: number, attempt: number) => Promise<boolean | null>): Promise<Run> {
    const latencies: number[] = []
    let errors = 0
    let wrong = 0
    let elapsed = 0
    for (let round = 0; round < ROUNDS; round++) {
      const seckillId = await newSale()
      let next = 0
      let bought = 0
      const started = performance.now()
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < ATTEMPTS) {
            const i = next++
            const t0 = performance.now()
            const outcome = await once(i % SHOPPERS, seckillId, i).catch(() => null)
            latencies.push(performance.now() - t0)
            if (outcome === null) errors++
            else if (outcome) bought++
          }
        }),
      )
      elapsed += performance.now() - started
      const sale = await db.seckills.findUniqueOrThrow({ where: { id: seckillId }, select: { stock: true, sold: true } })
      const held = await db.seckill_orders.findMany({ where: { seckill_id: seckillId }, select: { user_id: true } })
      if (bought !== POOL || held.length !== POOL || new Set(held.map((h) => h.user_id)).size !== POOL || sale.stock !== 0 || sale.sold !== POOL) wrong++
    }
    return { name, rate: latencies.length / (elapsed / 1000), p99: Math.round(p99Of(latencies)), errors, wrong }
  }

  const subject = (shopper: number, seckillId: number, attempt: number) =>
    postJson(
      `${url}/api/user/order/create`,
      { order: [{ goods_id: goods.id, buy_num: 1, seckill_id: seckillId }], address_id: addresses.get(users[shopper].id) },
      { Authorization: auths[shopper], 'Idempotency-Key': `b${seckillId}x${attempt}` },
    ).then((r) => {
      if (r.body.code === 200) return true
      if (r.body.code === 402) return false
      throw new Error(`unexpected answer ${r.status}`)
    })
  const floor = await startSeckillFloor(config.DATABASE_URL, config.DATABASE_POOL)
  const floorOnce = (shopper: number, seckillId: number) =>
    postJson(`${floor.url}/floor/seckill`, { user_id: users[shopper].id, store_id: store.id, seckill_id: seckillId, n: 1 }).then((r) => {
      if (r.status === 200) return true
      if (r.status === 409) return false
      throw new Error(`unexpected answer ${r.status}`)
    })

  await stampede('warm-up', subject)
  const measured = await stampede(`seckill purchase stampede (${ATTEMPTS} attempts for ${POOL}, ${SHOPPERS} shoppers, ${IN_FLIGHT} in flight) × ${ROUNDS}`, subject)
  const base = await stampede('baseline: SELECT … FOR UPDATE on the pool row, bare driver, one transaction', floorOnce)
  await floor.close()
  await app.close()

  const ratio = measured.rate / base.rate
  const pass = ratio >= GOAL.ratio && measured.p99 < GOAL.p99 && measured.errors === 0 && measured.wrong === 0 && base.wrong === 0
  console.log(
    `${pass ? 'PASS' : 'MISS'} ${measured.name}: ${measured.rate.toFixed(0)} attempts/s, p99 ${measured.p99} ms, errors ${measured.errors}, wrong rounds ${measured.wrong} | ` +
      `baseline ${base.rate.toFixed(0)} attempts/s, p99 ${base.p99} ms, errors ${base.errors}, wrong rounds ${base.wrong} | ratio ${ratio.toFixed(2)} (goal ≥ ${GOAL.ratio}, p99 < ${GOAL.p99} ms)`,
  )
  console.log(`${pass ? 1 : 0} of 1 seckill benchmarks met their goal`)
}
