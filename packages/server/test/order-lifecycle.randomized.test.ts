// A randomized run with a fixed seed through the whole life of orders, several actions at once: shoppers check out and
// pay or cancel, sellers ship, shoppers receive, ask refunds and returns of some units of some lines, sellers agree or
// refuse, returns travel back, settlement runs (the job's unit and "settle now" racing on the same orders). Afterwards
// the books must balance: every shopper's and store's balance equals the sum of its ledger rows; for every paid order
// paid = refunded + settled to the store + commission + what is still pending; no line is refunded past what was paid
// for it; stock plus what live orders hold, less what came back, equals the start.
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { ORDER_STATUS, REFUND_STEP, REFUND_TYPE, REFUND_VERIFY, decimalToCents, fromCents, sumCents } from '@qshop/shared'
import { createTestApp, resetDb, seededRandom } from './helpers.ts'
import { createUser } from './factories.ts'
import type { RequestContext } from '../src/core/context.ts'
import { AppError } from '../src/core/errors.ts'
import { post } from '../src/core/ledger.ts'
import { runUnit } from '../src/core/unitOfWork.ts'
import { createGoods, leafClasses, sellerWithStore } from '../src/modules/catalog/testkit.ts'
import { cancelOrder } from '../src/modules/orders/cancel.ts'
import { paidOrders, placeOrders } from '../src/modules/orders/testkit.ts'
import { shipOrder } from '../src/modules/fulfilment/ship.ts'
import { confirmReceipt } from '../src/modules/fulfilment/receipt.ts'
import { openRefund, refundCapsOf } from '../src/modules/aftersales/open.ts'
import { agreeRequest, confirmReturned, refuseRequest, shipReturn, withdrawRequest } from '../src/modules/aftersales/decide.ts'
import { settleOrder } from '../src/modules/settlement/settle.ts'

const SEED = 20261125
const STEPS = 240
const AT_ONCE = 4
const LATER = () => new Date(Date.now() + 400 * 86400_000)


const userCtx = (id: number): RequestContext => ({
  actor: { area: 'user', id, sid: 'lifecycle', username: `u${id}`, all: false, permissions: new Set(), belong_id: 0 }, locale: 'zh-cn', ip: '127.0.0.1', requestId: 'lifecycle',
})
const sellerCtx = (id: number, storeId: number): RequestContext => ({
  actor: { area: 'seller', id, sid: 'lifecycle', username: `s${id}`, storeId, all: true, permissions: new Set(), belong_id: 0 }, locale: 'zh-cn', ip: '127.0.0.1', requestId: 'lifecycle',
})

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false, areas: false })
})
afterAll(async () => app?.close())

test(`seed ${SEED}: balances equal their ledgers, paid = refunded + settled + commission + pending, stock adds up`, async () => {
  const rnd = seededRandom(SEED)
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]
  const leaves = await leafClasses(app)
  const sellers = [await sellerWithStore(app, leaves), await sellerWithStore(app, leaves)]
  const goods = [
    await createGoods(app, sellers[0].storeId, leaves[0].id, { goods_price: '12.50', goods_stock: 400 }),
    await createGoods(app, sellers[0].storeId, leaves[0].id, { goods_price: '3.33', goods_stock: 400 }),
    await createGoods(app, sellers[1].storeId, leaves[0].id, { goods_price: '19.90', goods_stock: 400 }),
    await createGoods(app, sellers[1].storeId, leaves[0].id, { goods_price: '0.07', goods_stock: 400 }),
  ]
  const start = new Map(goods.map((g) => [g.id, 400]))
  // Commission rates as checkout freezes them on the order: odd ones, so rounding is exercised.
  const rates = new Map([[sellers[0].storeId, '5.50'], [sellers[1].storeId, '12.25']])
  const shoppers: number[] = []
  for (let i = 0; i < 4; i++) {
    const { id } = await createUser(app, { pay_password: '123456' })
    await runUnit(app, (tx) => post(tx, { owner: { kind: 'user', id }, account: 'money', amount: 50_000_00, reason: 'recharge', source: { type: 'admin', id: 1 }, idemKey: `seed:${id}` }))
    shoppers.push(id)
  }
  const tally: Record<string, number> = {}
  const count = (what: string) => void (tally[what] = (tally[what] ?? 0) + 1)
  /** A refusal the rules make (402, 404) is an outcome to count; anything else fails the run. */
  const attempt = async (what: string, work: () => Promise<unknown>) => {
    try {
      const outcome = await work()
      count(`${what} ${typeof outcome === 'string' ? outcome : 'ok'}`)
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      count(`${what} refused ${err.msgKey}`)
    }
  }
  const ordersIn = async (statuses: number[]) =>
    app.db.orders.findMany({ where: { order_status: { in: statuses } }, select: { id: true, user_id: true, store_id: true }, orderBy: { id: 'asc' } })
  const requestsIn = (where: object) => app.db.refunds.findMany({ where, select: { id: true, user_id: true, store_id: true }, orderBy: { id: 'asc' } })
  const sellerOf = (storeId: number) => sellers.find((s) => s.storeId === storeId)!

  async function step(roll: number, extra: number) {
    const shopper = pick(shoppers)
    if (roll < 0.22) {
      const store = pick([0, 1])
      const lines = goods.filter((g) => g.store_id === sellers[store].storeId).filter(() => rnd() < 0.7)
      const chosen = (lines.length ? lines : [goods[store * 2]]).map((g) => ({ goods_id: g.id, buy_num: 1 + Math.floor(rnd() * 4) }))
      if (extra < 0.2) {
        const [id] = await placeOrders(app, shopper, chosen)
        count(`cancel ${await cancelOrder(app, id, { userId: shopper })}`)
      } else {
        const ids = await paidOrders(app, shopper, chosen)
        await app.db.orders.updateMany({ where: { id: { in: ids } }, data: { settlement_rate: rates.get(sellers[store].storeId)! } })
        count('paid')
      }
    } else if (roll < 0.37) {
      const paid = await ordersIn([ORDER_STATUS.PAID])
      if (!paid.length) return
      const o = pick(paid)
      const s = sellerOf(o.store_id)
      await attempt('ship', () => shipOrder(app as never, sellerCtx(s.id, s.storeId), o.id, { delivery_code: 'sf', delivery_no: `SF${o.id}` }))
    } else if (roll < 0.47) {
      const shipped = await ordersIn([ORDER_STATUS.SHIPPED])
      if (!shipped.length) return
      const o = pick(shipped)
      count(`receive ${await confirmReceipt(app as never, o.id, { userId: o.user_id })}`)
    } else if (roll < 0.65) {
      const open = await ordersIn([ORDER_STATUS.PAID, ORDER_STATUS.SHIPPED, ORDER_STATUS.RECEIVED])
      if (!open.length) return
      const o = pick(open)
      const caps = await refundCapsOf(app, userCtx(o.user_id), o.id)
      const free = caps.lines.filter((l) => l.refundable_num > 0 && !l.in_open_request)
      if (caps.refused || !free.length) return count('request none left')
      const asked = free.filter(() => rnd() < 0.6)
      const lines = (asked.length ? asked : [free[0]]).map((l) => ({ order_goods_id: l.order_goods_id, num: extra < 0.5 ? l.refundable_num : 1 + Math.floor(rnd() * l.refundable_num) }))
      // The cap of exactly these units: asking the whole cap, or a part of it.
      const preview = await refundCapsOf(app, userCtx(o.user_id), o.id)
      const all = lines.every((l) => l.num === preview.lines.find((p) => p.order_goods_id === l.order_goods_id)!.refundable_num)
      const cap = all
        ? sumCents(lines.map((l) => decimalToCents(preview.lines.find((p) => p.order_goods_id === l.order_goods_id)!.refundable_money)))
        : 1
      const money = Math.max(1, rnd() < 0.6 ? cap : Math.floor(cap * rnd()))
      await attempt('request', () =>
        openRefund(app, userCtx(o.user_id), `lifecycle-${o.id}-${rnd()}`, {
          order_id: o.id, refund_type: rnd() < 0.6 ? REFUND_TYPE.MONEY : REFUND_TYPE.GOODS, lines, refund_money: fromCents(money), refund_remark: 'random', images: [],
        }),
      )
    } else if (roll < 0.8) {
      const pending = await requestsIn({ refund_verify: REFUND_VERIFY.PENDING })
      if (!pending.length) return
      const r = pick(pending)
      if (extra < 0.7) await attempt('agree', () => agreeRequest(app as never, r.id, { store_id: r.store_id }))
      else if (extra < 0.9) await attempt('refuse', () => refuseRequest(app as never, r.id, r.store_id, 'no'))
      else await attempt('withdraw', () => withdrawRequest(app as never, r.id, r.user_id))
    } else if (roll < 0.88) {
      const returning = await requestsIn({ refund_verify: REFUND_VERIFY.AGREED, refund_step: { in: [REFUND_STEP.AWAIT_BUYER_SHIPMENT, REFUND_STEP.AWAIT_SELLER] }, refund_type: REFUND_TYPE.GOODS })
      if (!returning.length) return
      const r = pick(returning)
      await attempt('return shipped', () => shipReturn(app as never, r.id, r.user_id, { delivery_code: 'sf', delivery_no: `RT${r.id}` }))
      await attempt('return confirmed', () => confirmReturned(app as never, r.id, r.store_id))
    } else {
      // The job's unit and "settle now" on the same due orders at once.
      const due = await ordersIn([ORDER_STATUS.RECEIVED, ORDER_STATUS.COMPLETED])
      if (!due.length) return
      const o = pick(due)
      const outcomes = await Promise.all([settleOrder(app as never, o.id, LATER()), settleOrder(app as never, o.id, LATER())])
      for (const s of outcomes) count(`settle ${s.outcome}`)
    }
  }

  for (let i = 0; i < STEPS; i += AT_ONCE) {
    const batch = Array.from({ length: AT_ONCE }, () => [rnd(), rnd()] as const)
    await Promise.all(batch.map(([roll, extra]) => step(roll, extra)))
  }
  // Close what is still open, receive what travels, then settle everything: nothing may stay pending but what the
  // rules keep (nothing here).
  for (const r of await requestsIn({ refund_verify: REFUND_VERIFY.PENDING })) await withdrawRequest(app as never, r.id, r.user_id)
  for (const r of await requestsIn({ refund_verify: REFUND_VERIFY.AGREED, refund_step: { not: REFUND_STEP.DONE } })) {
    await shipReturn(app as never, r.id, r.user_id, { delivery_code: 'sf', delivery_no: `RT${r.id}` }).catch(() => undefined)
    await confirmReturned(app as never, r.id, r.store_id)
  }
  for (const o of await ordersIn([ORDER_STATUS.PAID])) {
    const s = sellerOf(o.store_id)
    await shipOrder(app as never, sellerCtx(s.id, s.storeId), o.id, { delivery_code: 'sf', delivery_no: `SF${o.id}` })
  }
  for (const o of await ordersIn([ORDER_STATUS.SHIPPED])) await confirmReceipt(app as never, o.id, { userId: o.user_id })
  for (const o of await ordersIn([ORDER_STATUS.RECEIVED, ORDER_STATUS.COMPLETED])) await settleOrder(app as never, o.id, LATER())

  for (const what of ['paid', 'ship ok', 'receive received', 'request ok', 'agree done', 'refuse refused', 'return confirmed done'])
    expect(Object.keys(tally).some((k) => k.startsWith(what)), `${what}: ${JSON.stringify(tally)}`).toBe(true)

  // Every balance equals the sum of its ledger rows.
  for (const id of shoppers) {
    const user = await app.db.users.findUniqueOrThrow({ where: { id }, select: { money: true } })
    const rows = await app.db.money_logs.findMany({ where: { user_id: id, is_belong: 0, is_type: 0 }, select: { money: true } })
    expect(decimalToCents(user.money), `shopper ${id}`).toBe(sumCents(rows.map((r) => decimalToCents(r.money))))
  }
  for (const s of sellers) {
    const store = await app.db.stores.findUniqueOrThrow({ where: { id: s.storeId }, select: { store_money: true } })
    const rows = await app.db.money_logs.findMany({ where: { user_id: s.storeId, is_belong: 1, is_type: 0 }, select: { money: true } })
    const settled = await app.db.order_settlements.findMany({ where: { store_id: s.storeId }, select: { settlement_price: true } })
    expect(decimalToCents(store.store_money), `store ${s.storeId}`).toBe(sumCents(rows.map((r) => decimalToCents(r.money))))
    expect(decimalToCents(store.store_money), `store ${s.storeId} settled`).toBe(sumCents(settled.map((r) => decimalToCents(r.settlement_price))))
  }

  // Every paid order: paid = refunded + settled + commission; the refunds credited are its refund_money; lines within.
  const orders = await app.db.orders.findMany({
    where: { order_status: { notIn: [ORDER_STATUS.UNPAID, ORDER_STATUS.CANCELLED] } },
    select: {
      id: true, total_price: true, refund_money: true, open_refunds: true, is_settlement: true, freight_money: true,
      order_settlement: { select: { total_price: true, refund_money: true, settlement_price: true, commission_money: true } },
      order_goods: { select: { buy_num: true, total_price: true, discount_money: true, refunded_num: true, refunded_money: true } },
      refunds: { select: { id: true, refund_money: true, refunded_at: true } },
    },
  })
  expect(orders.length).toBeGreaterThan(10)
  for (const o of orders) {
    const paid = decimalToCents(o.total_price)
    const refunded = decimalToCents(o.refund_money)
    expect([o.open_refunds, o.is_settlement], `order ${o.id}`).toEqual([0, 1])
    const s = o.order_settlement!
    expect(paid, `order ${o.id}`).toBe(refunded + decimalToCents(s.settlement_price) + decimalToCents(s.commission_money))
    expect(decimalToCents(s.refund_money), `order ${o.id}`).toBe(refunded)
    const credited = o.refunds.filter((r) => r.refunded_at).map((r) => decimalToCents(r.refund_money))
    expect(sumCents(credited), `order ${o.id} refunds`).toBe(refunded)
    for (const l of o.order_goods) {
      expect(l.refunded_num).toBeLessThanOrEqual(l.buy_num)
      expect(decimalToCents(l.refunded_money)).toBeLessThanOrEqual(decimalToCents(l.total_price) - decimalToCents(l.discount_money))
    }
    expect(refunded - sumCents(o.order_goods.map((l) => decimalToCents(l.refunded_money))), `order ${o.id} freight`).toBeLessThanOrEqual(decimalToCents(o.freight_money))
  }
  const refundCredits = await app.db.money_logs.findMany({ where: { ename: 'refund', is_belong: 0 }, select: { money: true } })
  expect(sumCents(refundCredits.map((r) => decimalToCents(r.money)))).toBe(sumCents(orders.map((o) => decimalToCents(o.refund_money))))

  // Stock: what is on the shelf plus what live orders hold, less what came back, is the start.
  const held = await app.db.order_goods.findMany({ where: { order: { order_status: { not: ORDER_STATUS.CANCELLED } } }, select: { goods_id: true, buy_num: true } })
  const cameBack = await app.db.refund_goods.findMany({
    where: { refund: { refunded_at: { not: null }, stock_returned: 1 } },
    select: { num: true, order_goods: { select: { goods_id: true } } },
  })
  // Returned goods and refunds of orders never shipped came back to stock (nothing was deleted here).
  const kept = await app.db.refunds.count({
    where: { refunded_at: { not: null }, stock_returned: 0, OR: [{ refund_type: REFUND_TYPE.GOODS }, { order: { delivery_time: null } }] },
  })
  expect(kept).toBe(0)
  for (const [id, initial] of start) {
    const shelf = (await app.db.goods.findUniqueOrThrow({ where: { id }, select: { goods_stock: true } })).goods_stock
    const inOrders = held.filter((l) => l.goods_id === id).reduce((n, l) => n + l.buy_num, 0)
    const returned = cameBack.filter((b) => b.order_goods.goods_id === id).reduce((n, b) => n + b.num, 0)
    expect(shelf + inOrders - returned, `goods ${id}`).toBe(initial)
  }
}, 300_000)
