// Payment notification benchmark (`npx tsx bench/notify.ts`, part of `pnpm bench`): 1,000 distinct WeChat Pay
// notifications, each sent 6 times (5 duplicates), shuffled, 32 at a time, to POST /api/payment/wechat/notify —
// signature, key id and time checked, resource decrypted, matched, stored once, guarded transitions — against the floor:
// the same inserts and guarded updates through the bare driver in one transaction per notification, in the same run.
// Then every payment must be paid once, with one stored notification. Own database and Redis prefix.
import Fastify from 'fastify'
import mysql from 'mysql2/promise'
import { isMain } from '../scripts/migrate.ts'
import { seed } from '../packages/server/src/seed/index.ts'
import { invalidateConfig } from '../packages/server/src/core/configs.ts'
import { WechatSandbox } from '../packages/server/src/adapters/payment/sandbox/wechat.ts'
import { benchConfig, clearRedisPrefix, postRaw, startApp, truncateAll } from './lib.ts'

const PAYMENTS = Number(process.env.BENCH_NOTIFY_PAYMENTS ?? 1000)
const DUPLICATES = 5
const WORKERS = 32
const GOAL = { ratio: 0.5, p99: 100 }
const PRICE_CENTS = 990
const GOODS = 100

type Sent = { headers: Record<string, string>; body: string }
type Run = { name: string; rate: number; p99: number; errors: number }


/** Sends every item, WORKERS at a time: notifications per second, p99 latency, failures. */
async function drive(name: string, items: Sent[], url: string, ok: (status: number) => boolean): Promise<Run> {
  const latencies: number[] = []
  let errors = 0
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (next < items.length) {
        const item = items[next++]
        const t0 = performance.now()
        const status = await postRaw(url, item.body, item.headers).then((r) => r.status).catch(() => 0)
        if (ok(status)) latencies.push(performance.now() - t0)
        else errors++
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  const sorted = latencies.sort((a, b) => a - b)
  return { name, rate: latencies.length / elapsed, p99: Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0), errors }
}

function shuffled<T>(items: T[]): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

/** The floor: one transaction of the same statements per notification, through the bare driver's callback API. */
async function startFloor(databaseUrl: string) {
  const pool = mysql.createPool({ uri: databaseUrl, connectionLimit: 10 })
  const app = Fastify({ logger: false })
  app.post('/floor/notify', async (req, reply) => {
    const { pay_no, notify_id, body } = req.body as { pay_no: string; notify_id: string; body: string }
    const conn = await pool.getConnection()
    try {
      await conn.beginTransaction()
      const [[pay]] = (await conn.query('SELECT id, pay_status, total FROM order_pays WHERE pay_no = ? FOR UPDATE', [pay_no])) as unknown as [{ id: number; pay_status: number }[]]
      const [stored] = (await conn.query('INSERT IGNORE INTO payment_notifications (provider, notify_id, order_pay_id, raw) VALUES (?, ?, ?, ?)', ['wechat', notify_id, pay.id, body])) as unknown as [{ affectedRows: number }]
      if (stored.affectedRows && pay.pay_status === 0) {
        await conn.query('UPDATE order_pays SET pay_status = 1, trade_no = ?, pay_time = NOW(3), updated_at = NOW(3) WHERE id = ? AND pay_status IN (0, 2)', [`T${pay_no}`, pay.id])
        const [orders] = (await conn.query('SELECT o.id FROM order_pay_orders p JOIN orders o ON o.id = p.order_id WHERE p.order_pay_id = ? ORDER BY o.id FOR UPDATE', [pay.id])) as unknown as [{ id: number }[]]
        await conn.query("UPDATE orders SET order_status = 2, pay_time = NOW(3), payment_name = 'wechat', order_pay_id = ?, updated_at = NOW(3) WHERE id IN (?) AND order_status = 1", [pay.id, orders.map((o) => o.id)])
        await conn.query('UPDATE goods g JOIN order_goods l ON l.goods_id = g.id SET g.goods_sale = g.goods_sale + l.buy_num WHERE l.order_id IN (?)', [orders.map((o) => o.id)])
      }
      await conn.commit()
      return reply.code(204).send()
    } catch (err) {
      await conn.rollback()
      throw err
    } finally {
      conn.release()
    }
  })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { url, close: async () => (await app.close(), await pool.end()) }
}

if (isMain(import.meta.url)) {
  const config = { ...benchConfig(), DATABASE_URL: process.env.BENCH_NOTIFY_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/qshop_bench_notify', REDIS_PREFIX: 'qshop_bench_notify' }
  const { app, url } = await startApp(config)
  await truncateAll(config.DATABASE_URL)
  await clearRedisPrefix(app)
  await seed(app, { demo: false, areas: false })
  const db = app.db
  const wx = new WechatSandbox()
  await wx.start()
  await db.configs.upsert({ where: { name: 'pay' }, create: { name: 'pay', is_type: 1, content: JSON.stringify({ wechat: { enabled: true, ...wx.config() } }) }, update: { content: JSON.stringify({ wechat: { enabled: true, ...wx.config() } }) } })
  await invalidateConfig(app, 'pay')

  // One shopper, one goods; 2 × PAYMENTS unpaid orders, each with its own open WeChat payment (half for the app, half
  // for the floor).
  const owner = await db.users.create({ data: { username: 'benchnotifyseller', password: 'x' }, select: { id: true } })
  const buyer = await db.users.create({ data: { username: 'benchnotifybuyer', password: 'x' }, select: { id: true } })
  const store = await db.stores.create({ data: { user_id: owner.id, store_name: '压测店铺', store_verify: 4, store_status: 1 }, select: { id: true } })
  const leaf = await db.goods_classes.findFirstOrThrow({ where: { pid: { not: 0 } }, select: { id: true } })
  // Orders spread over GOODS goods, as a shop's are: one goods for all would make every payment wait on its row.
  await db.goods.createMany({ data: Array.from({ length: GOODS }, (_, i) => ({ store_id: store.id, class_id: leaf.id, goods_name: `压测商品 ${i}`, goods_price: '9.90', goods_stock: 1_000_000, goods_status: 1, goods_verify: 1 })) })
  const goods = await db.goods.findMany({ where: { store_id: store.id }, select: { id: true }, orderBy: { id: 'asc' } })
  const total = PAYMENTS * 2
  const payNo = (i: number) => `PBENCH${String(i).padStart(8, '0')}`
  await db.orders.createMany({ data: Array.from({ length: total }, (_, i) => ({ user_id: buyer.id, store_id: store.id, order_no: `B${i}`, order_name: '压测商品', total_price: '9.90', order_price: '9.90', order_status: 1 })) })
  const orders = await db.orders.findMany({ where: { user_id: buyer.id }, select: { id: true }, orderBy: { id: 'asc' } })
  await db.order_goods.createMany({ data: orders.map((o, i) => ({ order_id: o.id, goods_id: goods[i % GOODS].id, user_id: buyer.id, store_id: store.id, goods_name: '压测商品', buy_num: 1, goods_price: '9.90', total_price: '9.90' })) })
  await db.order_pays.createMany({ data: orders.map((_, i) => ({ belong_id: buyer.id, name: '压测商品', pay_no: payNo(i), payment_name: 'wechat', device: 'web', total: '9.90' })) })
  const pays = await db.order_pays.findMany({ where: { belong_id: buyer.id }, select: { id: true, pay_no: true }, orderBy: { id: 'asc' } })
  await db.order_pay_orders.createMany({ data: pays.map((p, i) => ({ order_pay_id: p.id, order_id: orders[i].id })) })

  const resource = (i: number) => ({
    appid: wx.appId, mchid: wx.mchId, out_trade_no: payNo(i), transaction_id: `4200${String(i).padStart(10, '0')}`, trade_type: 'NATIVE',
    trade_state: 'SUCCESS', amount: { total: PRICE_CENTS, payer_total: PRICE_CENTS, currency: 'CNY' },
  })
  const subjectItems = shuffled(Array.from({ length: PAYMENTS }, (_, i) => wx.notification('TRANSACTION.SUCCESS', resource(i))).flatMap((n) => Array<Sent>(DUPLICATES + 1).fill(n)))
  const floorItems = shuffled(
    Array.from({ length: PAYMENTS }, (_, k) => {
      const i = PAYMENTS + k
      const n = wx.notification('TRANSACTION.SUCCESS', resource(i))
      const body = JSON.stringify({ pay_no: payNo(i), notify_id: JSON.parse(n.body).id, body: n.body })
      return { headers: { 'content-type': 'application/json' }, body }
    }).flatMap((n) => Array<Sent>(DUPLICATES + 1).fill(n)),
  )

  const floor = await startFloor(config.DATABASE_URL)
  const base = await drive('floor: the same inserts and guarded updates, bare driver', floorItems, `${floor.url}/floor/notify`, (s) => s === 204)
  await floor.close()
  const measured = await drive(`notifications (${PAYMENTS} payments × ${DUPLICATES + 1})`, subjectItems, `${url}/api/payment/wechat/notify`, (s) => s === 204)

  const subjectPays = pays.slice(0, PAYMENTS).map((p) => p.id)
  const paidOnce = await db.order_pays.count({ where: { id: { in: subjectPays }, pay_status: 1 } })
  const stored = await db.payment_notifications.count({ where: { order_pay_id: { in: subjectPays } } })
  const paidOrders = await db.orders.count({ where: { id: { in: orders.slice(0, PAYMENTS).map((o) => o.id) }, order_status: 2 } })
  const sale = (await db.goods.aggregate({ where: { store_id: store.id }, _sum: { goods_sale: true } }))._sum.goods_sale ?? 0
  const consistent = paidOnce === PAYMENTS && stored === PAYMENTS && paidOrders === PAYMENTS && sale === 2 * PAYMENTS
  await wx.stop()
  await app.close()

  const ratio = measured.rate / base.rate
  const pass = ratio >= GOAL.ratio && measured.p99 < GOAL.p99 && measured.errors === 0 && consistent
  console.log(
    `${pass ? 'PASS' : 'MISS'} ${measured.name}: ${measured.rate.toFixed(0)} notifications/s, p99 ${measured.p99} ms, errors ${measured.errors} | ` +
      `floor ${base.rate.toFixed(0)} notifications/s, p99 ${base.p99} ms, errors ${base.errors} | ratio ${ratio.toFixed(2)} (goal ≥ ${GOAL.ratio}, p99 < ${GOAL.p99} ms) | ` +
      `paid once ${paidOnce}/${PAYMENTS}, stored ${stored}, orders paid ${paidOrders}, goods_sale ${sale} (expected ${2 * PAYMENTS} with the floor's)`,
  )
  console.log(`${pass ? 1 : 0} of 1 notification benchmarks met their goal`)
}
