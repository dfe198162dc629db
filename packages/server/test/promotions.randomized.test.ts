// A randomized run with a fixed seed through checkouts with promotions: shoppers hold store and platform coupons
// (some scoped to goods), stores run full-reduction tiers; shoppers check out several at once with the default, no or
// a chosen coupon, then pay or cancel; paid orders are partly or wholly refunded (some after shipping), and everything
// is settled. Afterwards: every order's paid total is its lines' paid shares plus freight, and its discounts are its
// lines' shares; no line is refunded past its paid share; every received coupon serves at most one live order and is
// used exactly when one holds it; balances equal their ledgers; settlement added back exactly the platform coupons'
// kept shares.
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { ORDER_STATUS, REFUND_TYPE, decimalToCents, sumCents } from '@qshop/shared'
import { createTestApp, resetDb, seededRandom } from './helpers.ts'
import { createUser } from './factories.ts'
import type { RequestContext } from '../src/core/context.ts'
import { AppError } from '../src/core/errors.ts'
import { post } from '../src/core/ledger.ts'
import { runUnit } from '../src/core/unitOfWork.ts'
import { createGoods, leafClasses, sellerWithStore } from '../src/modules/catalog/testkit.ts'
import { createOrders } from '../src/modules/checkout/service.ts'
import { cancelOrder } from '../src/modules/orders/cancel.ts'
import { payOrders } from '../src/modules/orders/pay.ts'
import { shipOrders } from '../src/modules/fulfilment/testkit.ts'
import { openRefund, refundCapsOf } from '../src/modules/aftersales/open.ts'
import { agreeRequest } from '../src/modules/aftersales/decide.ts'
import { platformCouponKept, settleOrder } from '../src/modules/settlement/settle.ts'

const SEED = 20261128
const STEPS = 120
const AT_ONCE = 4
const DAY = 86_400_000
const LATER = () => new Date(Date.now() + 400 * DAY)
const window = { start_time: new Date(Date.now() - DAY), end_time: new Date(Date.now() + 30 * DAY) }
const cents = (v: { toString(): string } | string) => decimalToCents(String(v))

const userCtx = (id: number): RequestContext => ({
  actor: { area: 'user', id, sid: 'promo', username: `u${id}`, all: false, permissions: new Set(), belong_id: 0 }, locale: 'zh-cn', ip: '127.0.0.1', requestId: 'promo',
})

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false, areas: false })
})
afterAll(async () => app?.close())

test(`seed ${SEED}: paid = lines' paid shares + freight, refunds within them, coupons used once, ledgers and settlement add up`, async () => {
  const rnd = seededRandom(SEED)
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]
  const leaves = await leafClasses(app)
  const sellers = [await sellerWithStore(app, leaves), await sellerWithStore(app, leaves)]
  await app.db.freights.create({ data: { store_id: sellers[0].storeId, name: '默认', f_weight: '0', f_price: '6.00', is_type: 0 } })
  const goods = [
    await createGoods(app, sellers[0].storeId, leaves[0].id, { goods_price: '12.50', goods_stock: 1000 }),
    await createGoods(app, sellers[0].storeId, leaves[0].id, { goods_price: '3.33', goods_stock: 1000 }),
    await createGoods(app, sellers[1].storeId, leaves[0].id, { goods_price: '19.90', goods_stock: 1000 }),
    await createGoods(app, sellers[1].storeId, leaves[0].id, { goods_price: '0.07', goods_stock: 1000 }),
  ]
  for (const s of sellers)
    for (const [money, use_money] of [['2', '20'], ['7', '50'], ['5', '40']])
      await app.db.full_reductions.create({ data: { store_id: s.storeId, name: `满${use_money}减${money}`, money, use_money, ...window } })
  const coupons = [
    ...sellers.flatMap((s, i) => [
      { store_id: s.storeId, money: '3', use_money: '0', goods_ids: '' },
      { store_id: s.storeId, money: '9.99', use_money: '30', goods_ids: '' },
      { store_id: s.storeId, money: '4', use_money: '0', goods_ids: `${goods[i * 2 + 1].id}` },
    ]),
    { store_id: null, money: '6', use_money: '25', goods_ids: '' },
    { store_id: null, money: '1.11', use_money: '0', goods_ids: `${goods[0].id},${goods[3].id}` },
  ]
  const templates = []
  for (const c of coupons) templates.push(await app.db.coupons.create({ data: { ...c, name: `券${c.money}`, stock: 1000, limit_num: 0, ...window } }))
  const shoppers: { id: number; address: number }[] = []
  for (let i = 0; i < 4; i++) {
    const { id } = await createUser(app, { pay_password: '123456' })
    await runUnit(app, (tx) => post(tx, { owner: { kind: 'user', id }, account: 'money', amount: 50_000_00, reason: 'recharge', source: { type: 'admin', id: 1 }, idemKey: `seed:${id}` }))
    const address = await app.db.addresses.create({ data: { user_id: id, receive_name: '李雷', receive_tel: '13800138000', area_info: '北京', address: '一路', is_default: 1, default_key: id } })
    shoppers.push({ id, address: address.id })
  }
  // Each shopper receives a few of every coupon.
  const { receiveCoupon } = await import('../src/modules/promotions/receive.ts')
  for (const s of shoppers) for (const t of templates) for (let n = 0; n < 2; n++) await receiveCoupon(app, userCtx(s.id), t.id)

  const tally: Record<string, number> = {}
  const count = (what: string) => void (tally[what] = (tally[what] ?? 0) + 1)
  const attempt = async (what: string, work: () => Promise<unknown>) => {
    try {
      const outcome = await work()
      count(`${what} ${typeof outcome === 'string' ? outcome : 'ok'}`)
      return outcome
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      count(`${what} refused ${err.msgKey}`)
      return null
    }
  }
  let keys = 0

  async function step(roll: number, extra: number) {
    const s = pick(shoppers)
    if (roll < 0.45) {
      const lines = goods.filter(() => rnd() < 0.5).map((g) => ({ goods_id: g.id, sku_id: 0, buy_num: 1 + Math.floor(rnd() * 5) }))
      if (!lines.length) lines.push({ goods_id: pick(goods).id, sku_id: 0, buy_num: 2 })
      const held = await app.db.coupon_logs.findMany({ where: { user_id: s.id, status: 0 }, select: { id: true, store_id: true } })
      const choice: { store_coupons?: { store_id: number; coupon_id: number }[]; platform_coupon_id?: number } = {}
      if (extra < 0.2) choice.platform_coupon_id = 0
      else if (extra < 0.35) choice.store_coupons = sellers.map((x) => ({ store_id: x.storeId, coupon_id: 0 }))
      else if (extra < 0.5) {
        // a coupon picked by hand: may not be usable here (refused, nothing written)
        const c = pick(held)
        if (c?.store_id) choice.store_coupons = [{ store_id: c.store_id, coupon_id: c.id }]
        else if (c) choice.platform_coupon_id = c.id
      }
      const created = (await attempt('checkout', () =>
        createOrders(app, userCtx(s.id), `c${++keys}`, { order: lines, ifcart: 0, address_id: s.address, ...choice }),
      )) as { order_id: number[] } | null
      if (!created) return
      if (rnd() < 0.2) {
        for (const id of created.order_id) count(`cancel ${await cancelOrder(app, id, { userId: s.id })}`)
        return
      }
      await attempt('pay', () => payOrders(app, userCtx(s.id), `p${++keys}`, { order_id: created.order_id, payment_name: 'balance', pay_password: '123456' }))
      if (rnd() < 0.4) await shipOrders(app, created.order_id, { receive: rnd() < 0.5 })
    } else if (roll < 0.8) {
      const open = await app.db.orders.findMany({
        where: { order_status: { in: [ORDER_STATUS.PAID, ORDER_STATUS.SHIPPED, ORDER_STATUS.RECEIVED] }, open_refunds: 0 },
        select: { id: true, user_id: true, store_id: true },
      })
      if (!open.length) return
      const o = pick(open)
      const caps = await refundCapsOf(app, userCtx(o.user_id), o.id)
      const free = caps.lines.filter((l) => l.refundable_num > 0 && !l.in_open_request)
      if (caps.refused || !free.length) return
      const whole = extra < 0.4
      const chosen = whole ? free : [pick(free)]
      const lines = chosen.map((l) => ({ order_goods_id: l.order_goods_id, num: l.refundable_num }))
      const money = sumCents(chosen.map((l) => cents(l.refundable_money)))
      if (money <= 0) return
      const opened = (await attempt('refund', () =>
        openRefund(app, userCtx(o.user_id), `r${++keys}`, { order_id: o.id, refund_type: REFUND_TYPE.MONEY, lines, refund_money: (money / 100).toFixed(2), refund_remark: 'r', images: [] }),
      )) as { id: number } | null
      if (opened) await attempt('agree', () => agreeRequest(app, opened.id, { store_id: o.store_id }))
    } else {
      const unpaid = await app.db.orders.findMany({ where: { order_status: ORDER_STATUS.UNPAID }, select: { id: true, user_id: true } })
      if (unpaid.length) count(`cancel ${await cancelOrder(app, pick(unpaid).id)}`)
    }
  }

  for (let i = 0; i < STEPS; i += AT_ONCE) {
    const batch = Array.from({ length: AT_ONCE }, () => [rnd(), rnd()] as const)
    await Promise.all(batch.map(([roll, extra]) => step(roll, extra)))
  }
  for (const o of await app.db.orders.findMany({ where: { order_status: ORDER_STATUS.UNPAID }, select: { id: true } })) await cancelOrder(app, o.id)
  const paidIds = (await app.db.orders.findMany({ where: { order_status: ORDER_STATUS.PAID }, select: { id: true } })).map((o) => o.id)
  await shipOrders(app, paidIds, { receive: true })
  const shipped = await app.db.orders.findMany({ where: { order_status: ORDER_STATUS.SHIPPED }, select: { id: true, user_id: true } })
  const { confirmReceipt } = await import('../src/modules/fulfilment/receipt.ts')
  for (const o of shipped) await confirmReceipt(app, o.id, { userId: o.user_id })
  for (const o of await app.db.orders.findMany({ where: { order_status: { in: [ORDER_STATUS.RECEIVED, ORDER_STATUS.COMPLETED] } }, select: { id: true } }))
    await settleOrder(app, o.id, LATER())

  for (const what of ['checkout ok', 'pay ok', 'cancel cancelled', 'refund ok', 'agree done'])
    expect(Object.keys(tally).some((k) => k.startsWith(what)), `${what}: ${JSON.stringify(tally)}`).toBe(true)

  const orders = await app.db.orders.findMany({ include: { order_goods: true, order_settlement: true } })
  expect(orders.filter((o) => cents(o.coupon_money) > 0).length).toBeGreaterThan(5)
  expect(orders.filter((o) => cents(o.platform_coupon_money) > 0).length).toBeGreaterThan(5)
  expect(orders.filter((o) => cents(o.full_reduction_money) > 0).length).toBeGreaterThan(5)
  const fullyRefunded = (o: (typeof orders)[number]) => o.order_goods.every((l) => l.refunded_num === l.buy_num)
  for (const o of orders) {
    const discounts = cents(o.full_reduction_money) + cents(o.coupon_money) + cents(o.platform_coupon_money)
    const shares = o.order_goods.map((l) => cents(l.total_price) - cents(l.discount_money))
    expect(cents(o.total_price), `order ${o.id}`).toBe(sumCents(shares) + cents(o.freight_money))
    expect(sumCents(o.order_goods.map((l) => cents(l.discount_money))), `order ${o.id}`).toBe(discounts)
    expect(sumCents(o.order_goods.map((l) => cents(l.platform_coupon_money))), `order ${o.id}`).toBe(cents(o.platform_coupon_money))
    o.order_goods.forEach((l, i) => expect(cents(l.refunded_money), `line ${l.id}`).toBeLessThanOrEqual(shares[i]))
    if (o.order_settlement) {
      const kept = platformCouponKept(o.order_goods.map((l) => ({ platform_coupon_money: String(l.platform_coupon_money), buy_num: l.buy_num, refunded_num: l.refunded_num })))
      expect(cents(o.order_settlement.platform_coupon_money), `order ${o.id}`).toBe(kept)
      expect(cents(o.total_price), `order ${o.id}`).toBe(
        cents(o.refund_money) + cents(o.order_settlement.settlement_price) - kept + cents(o.order_settlement.commission_money),
      )
    } else expect(o.order_status, `order ${o.id} unsettled`).toBe(ORDER_STATUS.CANCELLED)
  }

  // Coupons: a store coupon serves at most one live order (not cancelled, not wholly refunded), and is used exactly
  // when one holds it; a platform coupon's live orders all come from one checkout (one user, created together).
  const logs = await app.db.coupon_logs.findMany()
  const live = orders.filter((o) => o.order_status !== ORDER_STATUS.CANCELLED && !fullyRefunded(o))
  for (const log of logs) {
    const holders = live.filter((o) => (log.store_id === null ? o.platform_coupon_id : o.coupon_id) === log.id)
    if (log.store_id !== null) expect(holders.length, `coupon ${log.id}`).toBeLessThanOrEqual(1)
    else expect(new Set(holders.map((o) => `${o.user_id}:${o.created_at.getTime()}`)).size, `coupon ${log.id}`).toBeLessThanOrEqual(1)
    const partlyHeld = holders.length > 0 || orders.some((o) => fullyRefunded(o) && o.order_status !== ORDER_STATUS.CANCELLED && (o.coupon_id === log.id || o.platform_coupon_id === log.id) && log.end_time <= new Date())
    expect(log.status, `coupon ${log.id}`).toBe(partlyHeld ? 1 : 0)
  }

  // Ledgers: every balance is the sum of its rows; the stores' platform-coupon credits are the settlements' add-backs.
  for (const s of shoppers) {
    const user = await app.db.users.findUniqueOrThrow({ where: { id: s.id }, select: { money: true } })
    const rows = await app.db.money_logs.findMany({ where: { user_id: s.id, is_belong: 0, is_type: 0 }, select: { money: true } })
    expect(cents(user.money), `shopper ${s.id}`).toBe(sumCents(rows.map((r) => cents(r.money))))
  }
  for (const s of sellers) {
    const store = await app.db.stores.findUniqueOrThrow({ where: { id: s.storeId }, select: { store_money: true } })
    const rows = await app.db.money_logs.findMany({ where: { user_id: s.storeId, is_belong: 1, is_type: 0 }, select: { money: true, ename: true } })
    expect(cents(store.store_money), `store ${s.storeId}`).toBe(sumCents(rows.map((r) => cents(r.money))))
    const settled = orders.filter((o) => o.store_id === s.storeId && o.order_settlement)
    expect(sumCents(rows.filter((r) => r.ename === 'platform_coupon').map((r) => cents(r.money)))).toBe(sumCents(settled.map((o) => cents(o.order_settlement!.platform_coupon_money))))
    expect(cents(store.store_money)).toBe(sumCents(settled.map((o) => cents(o.order_settlement!.settlement_price))))
  }
}, 300_000)
