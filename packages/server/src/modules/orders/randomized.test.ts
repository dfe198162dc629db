// A randomized run with a fixed seed: shoppers fill carts, check out (through the checkout's stock taking), pay, pay
// twice, type wrong pay passwords, cancel, and let deadlines pass while the sweeper runs, several at once. Afterwards the
// books must balance: every balance equals the sum of its ledger rows, every goods and SKU row's stock plus what live
// orders hold equals what it started with, every paid order was paid once by a payment that debited its total.
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { ORDER_STATUS, decimalToCents, sumCents } from '@qshop/shared'
import { bearer, createTestApp, http, resetDb, seededRandom } from '../../../test/helpers.ts'
import { createUser } from '../../../test/factories.ts'
import { post } from '../../core/ledger.ts'
import { InsufficientStock } from '../inventory/index.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { createGoods, leafClasses, sellerWithStore } from '../catalog/testkit.ts'
import { sweepDueCancels } from './cancelJob.ts'
import { placeOrders, type FixtureLine } from './testkit.ts'

const SEED = 20261124
const STEPS = 160
const AT_ONCE = 4


let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false, areas: false })
})
afterAll(async () => app?.close())

test(`seed ${SEED}: balances equal their ledgers, stock plus live orders equals the start`, async () => {
  const rnd = seededRandom(SEED)
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]
  const leaves = await leafClasses(app)
  const [a, b] = [await sellerWithStore(app, leaves), await sellerWithStore(app, leaves)]
  const tea = await createGoods(app, a.storeId, leaves[0].id, { goods_price: '12.50', goods_stock: 30 })
  const mug = await createGoods(app, b.storeId, leaves[0].id, { goods_price: '8.80', goods_stock: 15 })
  const shirt = await createGoods(app, b.storeId, leaves[0].id, { goods_price: '19.90', goods_stock: 30 })
  const red = await app.db.goods_skus.create({ data: { goods_id: shirt.id, sku_name: '红色', goods_price: '19.90', goods_stock: 20 } })
  const blue = await app.db.goods_skus.create({ data: { goods_id: shirt.id, sku_name: '蓝色', goods_price: '29.90', goods_stock: 10 } })
  const items: FixtureLine[] = [{ goods_id: tea.id, buy_num: 0 }, { goods_id: mug.id, buy_num: 0 }, { goods_id: shirt.id, sku_id: red.id, buy_num: 0 }, { goods_id: shirt.id, sku_id: blue.id, buy_num: 0 }]
  const goodsStart = new Map([[tea.id, 30], [mug.id, 15], [shirt.id, 30]])
  const skuStart = new Map([[red.id, 20], [blue.id, 10]])

  const shoppers: { id: number; auth: Record<string, string> }[] = []
  for (const balance of [60, 150, 400, 1000]) {
    const { id } = await createUser(app, { pay_password: '123456' })
    await runUnit(app, (tx) => post(tx, { owner: { kind: 'user', id }, account: 'money', amount: balance * 100, reason: 'recharge', source: { type: 'admin', id: 1 }, idemKey: `seed:${id}` }))
    shoppers.push({ id, auth: bearer(await tokenFor(app, 'user', id)) })
  }
  const ordersOf = async (userId: number, status?: number) =>
    (await app.db.orders.findMany({ where: { user_id: userId, ...(status === undefined ? {} : { order_status: status }) }, select: { id: true }, orderBy: { id: 'asc' } })).map((o) => o.id)
  const lastPay = new Map<number, { key: string; ids: number[] }>()
  let payKeys = 0
  const tally: Record<string, number> = {}
  const count = (what: string) => void (tally[what] = (tally[what] ?? 0) + 1)

  async function step(s: (typeof shoppers)[number], roll: number, extra: number) {
    if (roll < 0.2) {
      const item = pick(items)
      const res = await http(app).post('/api/user/carts').set(s.auth).send({ goods_id: item.goods_id, sku_id: item.sku_id ?? 0, buy_num: 1 + Math.floor(extra * 3) })
      count(`cart ${res.body.code}`)
    } else if (roll < 0.45) {
      const fromCart = await app.db.carts.findMany({ where: { user_id: s.id }, select: { id: true, goods_id: true, sku_id: true, buy_num: true } })
      const lines = fromCart.length && extra < 0.5 ? fromCart : [{ ...pick(items), buy_num: 1 + Math.floor(extra * 4) }]
      try {
        await placeOrders(app, s.id, lines.map((l) => ({ goods_id: l.goods_id, sku_id: l.sku_id, buy_num: l.buy_num })), { payMinutes: 30 })
        if (lines === fromCart) await app.db.carts.deleteMany({ where: { id: { in: fromCart.map((l) => l.id) } } })
        count('checkout ok')
      } catch (err) {
        if (!(err instanceof InsufficientStock)) throw err
        count('checkout short')
      }
    } else if (roll < 0.75) {
      const unpaid = await ordersOf(s.id, ORDER_STATUS.UNPAID)
      if (!unpaid.length) return
      // Now and then the shopper's last payment again, with its Idempotency-Key (a retry).
      const again = extra < 0.15 ? lastPay.get(s.id) : undefined
      const attempt = again ?? { key: `pay-${++payKeys}`, ids: extra < 0.3 ? unpaid.slice(0, 3) : [pick(unpaid)] }
      lastPay.set(s.id, attempt)
      const res = await http(app).post('/api/user/order/pay').set(s.auth).set('Idempotency-Key', attempt.key)
        .send({ order_id: attempt.ids, payment_name: 'balance', pay_password: extra > 0.97 ? '000000' : '123456' })
      count(`${again ? 'repeated ' : ''}pay ${res.body.code} ${res.body.code === 402 ? res.body.msg : ''}`.trim())
    } else if (roll < 0.9) {
      const mine = await ordersOf(s.id)
      if (!mine.length) return
      const res = await http(app).put(`/api/user/order/${pick(mine)}`).set(s.auth).send({ order_status: 0 })
      count(`cancel ${res.body.code}`)
    } else {
      const unpaid = await ordersOf(s.id, ORDER_STATUS.UNPAID)
      if (unpaid.length) await app.db.orders.update({ where: { id: pick(unpaid) }, data: { pay_deadline: new Date(Date.now() - 1000) } })
      count(`sweep ${(await sweepDueCancels(app)).cancelled}`)
    }
  }

  for (let i = 0; i < STEPS; i += AT_ONCE) {
    const batch = Array.from({ length: AT_ONCE }, () => [pick(shoppers), rnd(), rnd()] as const)
    await Promise.all(batch.map(([s, roll, extra]) => step(s, roll, extra)))
  }
  // The run did what it is meant to: payments, refusals, cancels and sweeps all happened.
  for (const what of ['checkout ok', 'pay 200', 'cancel 200', 'cancel 402']) expect(tally[what], JSON.stringify(tally)).toBeGreaterThan(0)

  for (const s of shoppers) {
    const user = await app.db.users.findUniqueOrThrow({ where: { id: s.id }, select: { money: true } })
    const rows = await app.db.money_logs.findMany({ where: { user_id: s.id, is_belong: 0, is_type: 0 }, select: { money: true } })
    expect(decimalToCents(user.money), `shopper ${s.id}`).toBe(sumCents(rows.map((r) => decimalToCents(r.money))))
    expect(decimalToCents(user.money)).toBeGreaterThanOrEqual(0)
  }

  const held = await app.db.order_goods.findMany({ where: { order: { order_status: { not: ORDER_STATUS.CANCELLED } } }, select: { goods_id: true, sku_id: true, buy_num: true } })
  const heldOf = (pred: (l: (typeof held)[number]) => boolean) => held.filter(pred).reduce((n, l) => n + l.buy_num, 0)
  for (const [id, start] of goodsStart) expect((await app.db.goods.findUniqueOrThrow({ where: { id } })).goods_stock + heldOf((l) => l.goods_id === id), `goods ${id}`).toBe(start)
  for (const [id, start] of skuStart) expect((await app.db.goods_skus.findUniqueOrThrow({ where: { id } })).goods_stock + heldOf((l) => l.sku_id === id), `sku ${id}`).toBe(start)

  // Every paid order belongs to exactly one paid payment; the debits are the paid orders' totals; cancelled ones were never paid.
  const orders = await app.db.orders.findMany({ select: { id: true, order_status: true, order_pay_id: true, total_price: true, order_pay_orders: { select: { order_pay_id: true } } } })
  const paid = orders.filter((o) => o.order_status === ORDER_STATUS.PAID)
  expect(paid.length).toBeGreaterThan(0)
  for (const o of paid) expect(o.order_pay_orders.map((l) => l.order_pay_id), `order ${o.id}`).toEqual([o.order_pay_id])
  for (const o of orders.filter((x) => x.order_status !== ORDER_STATUS.PAID)) expect([o.order_pay_id, o.order_pay_orders], `order ${o.id}`).toEqual([null, []])
  const debits = await app.db.money_logs.findMany({ where: { ename: 'order_pay' }, select: { money: true } })
  expect(-sumCents(debits.map((d) => decimalToCents(d.money)))).toBe(sumCents(paid.map((o) => decimalToCents(o.total_price))))
  expect(await app.db.order_pays.count({ where: { pay_status: 0 } })).toBe(0)
  const sales = await app.db.goods.findMany({ where: { id: { in: [...goodsStart.keys()] } }, select: { id: true, goods_sale: true } })
  const paidLines = await app.db.order_goods.findMany({ where: { order: { order_status: ORDER_STATUS.PAID } }, select: { goods_id: true, buy_num: true } })
  for (const g of sales) expect(g.goods_sale, `sales of ${g.id}`).toBe(paidLines.filter((l) => l.goods_id === g.id).reduce((n, l) => n + l.buy_num, 0))
}, 180_000)
