// Coupon benchmark (`npx tsx bench/coupon.ts`, part of `pnpm bench`): the receive stampede. Each round opens a coupon
// with stock 100 and a limit of 1 per shopper, and 1,000 receives from 300 shoppers go at it, 64 in flight at a time
// (POST /api/user/coupon/receive); then the same through the floor — the same guarded updates through the bare driver
// in one transaction (coupon-floor.ts) — in the same run. Every round must end with exactly 100 received, nobody above
// the limit and the stock at 0. Own database and Redis prefix (BENCH_COUPON_DATABASE_URL, BENCH_COUPON_REDIS_PREFIX).
import type { FastifyRequest } from 'fastify'
import { isMain } from '../scripts/migrate.ts'
import { seed } from '../packages/server/src/seed/index.ts'
import { benchConfig, clearRedisPrefix, p99Of, postJson, startApp, truncateAll } from './lib.ts'
import { startCouponFloor } from './coupon-floor.ts'

const SHOPPERS = 300
const RECEIVES = 1000
const STOCK = 100
const IN_FLIGHT = Number(process.env.BENCH_COUPON_IN_FLIGHT ?? 64)
const ROUNDS = Number(process.env.BENCH_COUPON_ROUNDS ?? 8)
const GOAL = { ratio: 0.5, p99: 100 }

type Run = { name: string; rate: number; p99: number; errors: number; wrong: number }


if (isMain(import.meta.url)) {
  const config = { ...benchConfig(), DATABASE_URL: process.env.BENCH_COUPON_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/qshop_bench_coupon', REDIS_PREFIX: process.env.BENCH_COUPON_REDIS_PREFIX ?? 'qshop_bench_coupon' }
  const { app, url } = await startApp(config)
  await truncateAll(config.DATABASE_URL)
  await clearRedisPrefix(app)
  await seed(app, { demo: false, areas: false })
  const db = app.db
  const owner = await db.users.create({ data: { username: 'benchcouponseller', password: 'x' }, select: { id: true } })
  const store = await db.stores.create({ data: { user_id: owner.id, store_name: '压测店铺', store_verify: 4, store_status: 1 }, select: { id: true } })
  await db.users.createMany({ data: Array.from({ length: SHOPPERS }, (_, i) => ({ username: `benchcoupon${i}`, password: 'x' })) })
  const users = await db.users.findMany({ where: { username: { startsWith: 'benchcoupon' } }, select: { id: true }, orderBy: { id: 'asc' } })
  const fakeRequest = { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest
  const auths: string[] = []
  for (const u of users) auths.push(`Bearer ${(await app.tokens.issue('user', u.id, fakeRequest)).access_token}`)

  const newCoupon = async () =>
    (await db.coupons.create({ data: { store_id: store.id, name: '压测券', money: '5', use_money: '50', stock: STOCK, limit_num: 1, start_time: new Date(Date.now() - 60_000), end_time: new Date(Date.now() + 86_400_000) } })).id

  /** ROUNDS stampedes through `once`; each round's rows are checked. */
  async function stampede(name: string, once: (shopper: number, couponId: number) => Promise<boolean | null>): Promise<Run> {
    const latencies: number[] = []
    let errors = 0
    let wrong = 0
    let elapsed = 0
    for (let round = 0; round < ROUNDS; round++) {
      const couponId = await newCoupon()
      let next = 0
      let received = 0
      const started = performance.now()
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < RECEIVES) {
            const i = next++
            const t0 = performance.now()
            const outcome = await once(i % SHOPPERS, couponId).catch(() => null)
            latencies.push(performance.now() - t0)
            if (outcome === null) errors++
            else if (outcome) received++
          }
        }),
      )
      elapsed += performance.now() - started
      const stock = (await db.coupons.findUniqueOrThrow({ where: { id: couponId }, select: { stock: true } })).stock
      const perShopper = await db.coupon_logs.groupBy({ by: ['user_id'], where: { coupon_id: couponId }, _count: { _all: true } })
      const rows = perShopper.reduce((n, s) => n + s._count._all, 0)
      if (received !== STOCK || rows !== STOCK || stock !== 0 || perShopper.some((s) => s._count._all > 1)) wrong++
    }
    return { name, rate: latencies.length / (elapsed / 1000), p99: Math.round(p99Of(latencies)), errors, wrong }
  }

  const subject = (shopper: number, couponId: number) =>
    postJson(`${url}/api/user/coupon/receive`, { id: couponId }, { Authorization: auths[shopper] }).then((r) => {
      if (r.body.code === 200) return true
      if (r.body.code === 402) return false
      throw new Error(`unexpected answer ${r.status}`)
    })
  const floor = await startCouponFloor(config.DATABASE_URL, config.DATABASE_POOL)
  const floorOnce = (shopper: number, couponId: number) =>
    postJson(`${floor.url}/floor/receive`, { user_id: users[shopper].id, coupon_id: couponId, limit_num: 1, end_time: '2099-01-01 00:00:00' }).then((r) => {
      if (r.status === 200) return true
      if (r.status === 409) return false
      throw new Error(`unexpected answer ${r.status}`)
    })

  await stampede('warm-up', subject)
  const measured = await stampede(`coupon receive stampede (${RECEIVES} receives of ${STOCK}, ${SHOPPERS} shoppers, ${IN_FLIGHT} in flight) × ${ROUNDS}`, subject)
  await stampede('warm-up', floorOnce)
  const base = await stampede('floor: the same guarded updates, bare driver, one transaction', floorOnce)
  await floor.close()
  await app.close()

  const ratio = measured.rate / base.rate
  const pass = ratio >= GOAL.ratio && measured.p99 < GOAL.p99 && measured.errors === 0 && measured.wrong === 0 && base.wrong === 0
  console.log(
    `${pass ? 'PASS' : 'MISS'} ${measured.name}: ${measured.rate.toFixed(0)} receives/s, p99 ${measured.p99} ms, errors ${measured.errors}, wrong rounds ${measured.wrong} | ` +
      `floor ${base.rate.toFixed(0)} receives/s, p99 ${base.p99} ms, errors ${base.errors}, wrong rounds ${base.wrong} | ratio ${ratio.toFixed(2)} (goal ≥ ${GOAL.ratio}, p99 < ${GOAL.p99} ms)`,
  )
  console.log(`${pass ? 1 : 0} of 1 coupon benchmarks met their goal`)
}
