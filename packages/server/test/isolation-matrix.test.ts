// Store isolation, checked over EVERY seller route that takes a row id (show, update, destroy and custom
// routes with :id / :ids), including routes added later: seller B asking for a row of seller A gets 404
// and the row stays as it was. Each seller resource needs a factory below that writes a row of A;
// a resource without one fails the test by name. The same holds between shoppers over every /api/user/ route that
// takes a row id (addresses, cart lines, favourites...), with SHOPPER_FACTORIES.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { RouteRecord } from '../src/app.ts'
import { bearer, createTestApp, http, resetDb } from './helpers.ts'
import { createSeller, createUser } from './factories.ts'
import { tokenFor } from '../src/modules/rbac/testkit.ts'
import { post } from '../src/core/ledger.ts'
import { runUnit } from '../src/core/unitOfWork.ts'
import { createComment } from '../src/modules/catalog/testkit.ts'
import { paidOrders, placeOrders } from '../src/modules/orders/testkit.ts'
import { pendingRequest } from '../src/modules/aftersales/testkit.ts'

type Seller = Awaited<ReturnType<typeof createSeller>>
type Factory = {
  /** Prisma model holding the row */
  model: string
  /** writes a row belonging to `owner` (the store owner) and answers its id */
  create: (app: FastifyInstance, owner: Seller) => Promise<number>
  /** body for routes that need one to reach the row (default {}) */
  body?: (route: RouteRecord) => object
}

/** One factory per seller resource (the path segment after /api/Seller/). */
const FACTORIES: Record<string, Factory> = {
  users: { model: 'users', create: async (app, owner) => (await createUser(app, { belong_id: owner.id })).id },
  roles: { model: 'user_roles', create: async (app, owner) => (await app.db.user_roles.create({ data: { belong_id: owner.id, name: 'isolated' } })).id },
  goods: {
    model: 'goods',
    create: async (app, owner) =>
      (await app.db.goods.create({ data: { store_id: owner.storeId, class_id: (await app.db.goods_classes.findFirstOrThrow()).id, goods_name: 'isolated' } })).id,
  },
  goods_attrs: { model: 'goods_attrs', create: async (app, owner) => (await app.db.goods_attrs.create({ data: { store_id: owner.storeId, name: 'isolated' } })).id },
  file_space_dirs: { model: 'file_space_dirs', create: async (app, owner) => (await app.db.file_space_dirs.create({ data: { belong_id: owner.storeId, name: 'isolated' } })).id },
  freights: { model: 'freights', create: async (app, owner) => (await app.db.freights.create({ data: { store_id: owner.storeId, name: 'isolated' } })).id },
  // promotions
  coupons: { model: 'coupons', create: async (app, owner) => (await app.db.coupons.create({ data: { store_id: owner.storeId, name: 'isolated', end_time: new Date(Date.now() + 86_400_000) } })).id, body: () => ({ stock: 1 }) },
  coupon_logs: {
    model: 'coupon_logs',
    create: async (app, owner) => {
      const coupon = await app.db.coupons.create({ data: { store_id: owner.storeId, name: 'isolated', end_time: new Date(Date.now() + 86_400_000) } })
      const shopper = await createUser(app)
      return (await app.db.coupon_logs.create({ data: { coupon_id: coupon.id, user_id: shopper.id, store_id: owner.storeId, start_time: new Date(), end_time: coupon.end_time } })).id
    },
  },
  full_reductions: {
    model: 'full_reductions',
    create: async (app, owner) => (await app.db.full_reductions.create({ data: { store_id: owner.storeId, name: 'isolated', money: '1', use_money: '10', end_time: new Date(Date.now() + 86_400_000) } })).id,
    body: () => ({ name: 'intruder' }),
  },
  seckills: {
    model: 'seckills',
    create: async (app, owner) => {
      const goods = await app.db.goods.create({ data: { store_id: owner.storeId, class_id: (await app.db.goods_classes.findFirstOrThrow()).id, goods_name: 'isolated' } })
      return (await app.db.seckills.create({ data: { store_id: owner.storeId, goods_id: goods.id, start_time: new Date(Date.now() + 86_400_000), end_time: new Date(Date.now() + 2 * 86_400_000) } })).id
    },
    body: () => ({ limit_num: 3 }),
  },
  /** the store's group buy of one of its goods */
  collectives: {
    model: 'collectives',
    create: async (app, owner) => {
      const goods = await app.db.goods.create({ data: { store_id: owner.storeId, class_id: (await app.db.goods_classes.findFirstOrThrow()).id, goods_name: 'isolated' } })
      return (await app.db.collectives.create({ data: { store_id: owner.storeId, goods_id: goods.id, discount: '10', need: 2, expire_minutes: 30 } })).id
    },
    body: () => ({ need: 3 }),
  },
  /** a group opened on it */
  collective_logs: {
    model: 'collective_logs',
    create: async (app, owner) => {
      const goods = await app.db.goods.create({ data: { store_id: owner.storeId, class_id: (await app.db.goods_classes.findFirstOrThrow()).id, goods_name: 'isolated' } })
      const def = await app.db.collectives.create({ data: { store_id: owner.storeId, goods_id: goods.id, need: 2, expire_minutes: 30 } })
      const opener = await createUser(app)
      return (await app.db.collective_logs.create({ data: { collective_id: def.id, user_id: opener.id, store_id: owner.storeId, goods_id: goods.id, expire_at: new Date(Date.now() + 60_000) } })).id
    },
  },
  /** a paid order of the store, as the checkout and the pay service write it */
  orders: {
    model: 'orders',
    create: async (app, owner) => {
      const goods = await app.db.goods.create({
        data: { store_id: owner.storeId, class_id: (await app.db.goods_classes.findFirstOrThrow()).id, goods_name: 'isolated', goods_stock: 5, goods_status: 1, goods_verify: 1 },
      })
      return (await paidOrders(app, (await createUser(app, { pay_password: '123456' })).id, [{ goods_id: goods.id, buy_num: 1 }]))[0]
    },
    body: (route) =>
      route.url.endsWith('/ship')
        ? { delivery_code: 'sf', delivery_no: 'SF12345' }
        : { receive_name: 'intruder', receive_tel: '13800138000', receive_area: 'A B C', receive_address: 'Street 1' },
  },
  file_spaces: {
    model: 'file_spaces',
    create: async (app, owner) => (await app.db.file_spaces.create({ data: { belong_id: owner.storeId, name: 'a.png', new_name: 'a.png', url: '/uploads/a.png' } })).id,
  },  /** a pending after-sales request on a paid order of the store */
  refunds: {
    model: 'refunds',
    create: async (app, owner) => (await pendingRequest(app, { storeId: owner.storeId })).refundId,
    body: (route) => (route.url.endsWith('/refuse') ? { refuse_remark: 'intruder' } : {}),
  },
  /** the store's settlement of one of its orders */
  order_settlements: {
    model: 'order_settlements',
    create: async (app, owner) => {
      const buyer = await createUser(app)
      const order = await app.db.orders.create({ data: { user_id: buyer.id, store_id: owner.storeId, order_no: `I${Date.now()}${buyer.id}`, order_status: 6, is_settlement: 1 } })
      return (await app.db.order_settlements.create({ data: { order_id: order.id, user_id: buyer.id, store_id: owner.storeId, settlement_no: 'isolated' } })).id
    },
  },
  /** a row of the store's ledger */
  money_logs: {
    model: 'money_logs',
    create: async (app, owner) =>
      (await runUnit(app, (tx) => post(tx, { owner: { kind: 'store', id: owner.storeId }, account: 'money', amount: 100, reason: 'system', source: { type: 'admin', id: 1 }, idemKey: `isolated:${owner.storeId}` }))).id,
  },
  /** the store's referral rates of one of its goods */
  distributions: {
    model: 'distributions',
    create: async (app, owner) => {
      const goods = await app.db.goods.create({ data: { store_id: owner.storeId, class_id: (await app.db.goods_classes.findFirstOrThrow()).id, goods_name: 'isolated' } })
      return (await app.db.distributions.create({ data: { store_id: owner.storeId, goods_id: goods.id, lev_1: '1.00' } })).id
    },
    body: () => ({ lev_1: '2.00' }),
  },
  /** a referral commission its settlement paid */
  distribution_logs: {
    model: 'distribution_logs',
    create: async (app, owner) => {
      const buyer = await createUser(app)
      const order = await app.db.orders.create({ data: { user_id: buyer.id, store_id: owner.storeId, order_no: `D${Date.now()}${buyer.id}`, order_status: 6, is_settlement: 1 } })
      const line = await app.db.order_goods.create({ data: { order_id: order.id, goods_id: 1, user_id: buyer.id, store_id: owner.storeId, goods_name: 'isolated' } })
      return (await app.db.distribution_logs.create({ data: { name: '一级分销', user_id: buyer.id, store_id: owner.storeId, order_id: order.id, distribution_id: 0, order_goods_id: line.id, status: 1 } })).id
    },
  },
  /** a pending withdrawal of the store */
  cashes: {
    model: 'cashes',
    create: async (app, owner) =>
      (await app.db.cashes.create({ data: { store_id: owner.storeId, money: '1.00', name: 'isolated', card_no: '6217000011112222', bank_name: 'bank' } })).id,
  },
  /** a conversation of a shopper with the store (/chats/conversations/{id}/read) */
  chats: {
    model: 'chat_conversations',
    create: async (app, owner) => (await app.db.chat_conversations.create({ data: { store_id: owner.storeId, user_id: (await createUser(app)).id, store_unread: 3 } })).id,
  },
  order_comments: {
    model: 'order_comments',
    create: async (app, owner) => (await createComment(app, 1, owner.storeId, { score: 5, agree: 5, service: 5, speed: 5 })).id,
    body: () => ({ reply: 'intruder' }),
  },
}

type Shopper = { id: number }
type ShopperFactory = Omit<Factory, 'create'> & {
  create: (app: FastifyInstance, owner: Shopper) => Promise<number>
  /** What the route's path names the row by, when not its id (e.g. a pay_no). */
  pathKey?: (app: FastifyInstance, id: number) => Promise<string>
}

/** One factory per shopper resource (the path segment after /api/user/). */
const SHOPPER_FACTORIES: Record<string, ShopperFactory> = {
  addresses: {
    model: 'addresses',
    create: async (app, owner) =>
      (await app.db.addresses.create({ data: { user_id: owner.id, receive_name: 'isolated', receive_tel: '13800138000', address: 'a' } })).id,
    body: (route) => (route.url.endsWith('/default') ? {} : { receive_name: 'intruder' }),
  },
  carts: {
    model: 'carts',
    create: async (app, owner) => {
      const seller = await createSeller(app)
      const goods = await app.db.goods.create({
        data: { store_id: seller.storeId, class_id: (await app.db.goods_classes.findFirstOrThrow()).id, goods_name: 'isolated', goods_stock: 5, goods_status: 1, goods_verify: 1 },
      })
      return (await app.db.carts.create({ data: { user_id: owner.id, goods_id: goods.id, store_id: seller.storeId, buy_num: 1 } })).id
    },
    body: () => ({ buy_num: 2 }),
  },
  favorites: { model: 'favorites', create: async (app, owner) => (await app.db.favorites.create({ data: { user_id: owner.id, out_id: 1, is_type: 1 } })).id },
  /** an unpaid order of one line, as a checkout writes it */
  order: {
    model: 'orders',
    create: async (app, owner) => {
      const seller = await createSeller(app)
      const goods = await app.db.goods.create({
        data: { store_id: seller.storeId, class_id: (await app.db.goods_classes.findFirstOrThrow()).id, goods_name: 'isolated', goods_stock: 5, goods_status: 1, goods_verify: 1 },
      })
      return (await placeOrders(app, owner.id, [{ goods_id: goods.id, buy_num: 1 }]))[0]
    },
    body: () => ({ order_status: 0 }),
  },  /** a pending after-sales request of the shopper on a paid order */
  refunds: {
    model: 'refunds',
    create: async (app, owner) => (await pendingRequest(app, { userId: owner.id })).refundId,
    body: (route) =>
      route.url.endsWith('/ship') ? { delivery_code: 'SF', delivery_no: 'SF1' } : route.url.endsWith('/arbitrate') ? { arbitration_remark: 'intruder' } : {},
  },
  /** a pending withdrawal of the shopper */
  cashes: {
    model: 'cashes',
    create: async (app, owner) =>
      (await app.db.cashes.create({ data: { user_id: owner.id, money: '1.00', name: 'isolated', card_no: '6217000011112222', bank_name: 'bank' } })).id,
  },
  /** a line of an unpaid order (/user/comment/add/{order_goods id}) */
  comment: {
    model: 'order_goods',
    create: async (app, owner) => {
      const orderId = await SHOPPER_FACTORIES.order.create(app, owner)
      return (await app.db.order_goods.findFirstOrThrow({ where: { order_id: orderId } })).id
    },
  },
  /** an unpaid top-up of the shopper, named by its pay_no (/user/recharge/{pay_no}) */
  recharge: {
    model: 'order_pays',
    create: async (app, owner) =>
      (await app.db.order_pays.create({ data: { belong_id: owner.id, name: 'isolated', pay_no: `P${Date.now()}${owner.id}`, payment_name: 'wechat', is_recharge: 1, total: '1.00' } })).id,
    pathKey: async (app, id) => (await app.db.order_pays.findUniqueOrThrow({ where: { id } })).pay_no,
  },
  /** a points order of the shopper, as a redemption writes it */
  integral_orders: {
    model: 'integral_orders',
    create: async (app, owner) => (await app.db.integral_orders.create({ data: { user_id: owner.id, order_no: `J${Date.now()}${owner.id}`, total_price: 10, order_price: 10 } })).id,
  },
}

// Routes are known only once the app is built; building it here lets every route be a test of its own.
const app: FastifyInstance = await createTestApp()
const takesId = (r: RouteRecord) => /\/(:[A-Za-z_]|\*$)/.test(r.url)
const withIds = app.routeRecords.filter((r) => r.area === 'seller' && takesId(r))
const resourceOf = (r: RouteRecord) => r.url.slice('/api/Seller/'.length).split('/')[0]
const shopperWithIds = app.routeRecords.filter((r) => r.area === 'user' && r.url.startsWith('/api/user/') && takesId(r))
const shopperResourceOf = (r: RouteRecord) => r.url.slice('/api/user/'.length).split('/')[0]

let a: Seller, b: Seller
let aAuth: Record<string, string>, bAuth: Record<string, string>
let shopperA: Shopper
let shopperAAuth: Record<string, string>, shopperBAuth: Record<string, string>

beforeAll(async () => {
  await resetDb(app, { demo: false })
  a = await createSeller(app)
  b = await createSeller(app)
  aAuth = bearer(await tokenFor(app, 'seller', a.id))
  bAuth = bearer(await tokenFor(app, 'seller', b.id))
  shopperA = await createUser(app)
  shopperAAuth = bearer(await tokenFor(app, 'user', shopperA.id))
  shopperBAuth = bearer(await tokenFor(app, 'user', (await createUser(app)).id))
})
afterAll(async () => app.close())

test('the seller area has routes that take ids', () => {
  expect(withIds.length).toBeGreaterThan(0)
})

test('every seller resource with id routes has a factory', () => {
  const missing = [...new Set(withIds.map(resourceOf))].filter((name) => !FACTORIES[name])
  expect(missing, `add a factory to FACTORIES in test/isolation-matrix.test.ts for: ${missing.join(', ')}`).toEqual([])
})

type Read = (id: number) => Promise<unknown>
const reader = (model: string): Read => (id) =>
  (app.db as unknown as Record<string, { findUnique(args: object): Promise<unknown> }>)[model].findUnique({ where: { id } })

/** The route asked by `intruder` for the row `id`: 404, and the row as it was. */
async function refusedAndUnchanged(route: RouteRecord, id: number, read: Read, intruder: Record<string, string>, body: object, key = String(id)) {
  const before = await read(id)
  expect(before).not.toBeNull()
  const url = route.url.replace(/:[A-Za-z_]\w*/g, key).replace(/\*$/, key)
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'
  let req = http(app)[method](url).set(intruder)
  if (['POST', 'PUT', 'PATCH'].includes(route.method)) req = req.send(body)
  const res = await req
  expect(res.status, JSON.stringify(res.body)).toBe(404)
  expect(res.body.code).toBe(404)
  expect(await read(id)).toEqual(before)
  return url
}

describe.each(withIds.filter((r) => FACTORIES[resourceOf(r)]).map((r) => [`${r.method} ${r.url}`, r] as const))('%s', (_name, route) => {
  const factory = FACTORIES[resourceOf(route)]

  test("seller B gets 404 for seller A's row, which stays unchanged", async () => {
    const id = await factory.create(app, a)
    const url = await refusedAndUnchanged(route, id, reader(factory.model), bAuth, factory.body?.(route) ?? {})

    // The same row is A's to see: the factory really wrote a row of A.
    if (route.method === 'GET' && /^\/api\/Seller\/[a-z_]+\/:id$/.test(route.url)) {
      expect((await http(app).get(url).set(aAuth)).body.code).toBe(200)
    }
  })
})

test('the shopper area has routes that take ids', () => {
  expect(shopperWithIds.length).toBeGreaterThan(0)
})

test('every shopper resource with id routes has a factory', () => {
  const missing = [...new Set(shopperWithIds.map(shopperResourceOf))].filter((name) => !SHOPPER_FACTORIES[name])
  expect(missing, `add a factory to SHOPPER_FACTORIES in test/isolation-matrix.test.ts for: ${missing.join(', ')}`).toEqual([])
})

describe.each(shopperWithIds.filter((r) => SHOPPER_FACTORIES[shopperResourceOf(r)]).map((r) => [`${r.method} ${r.url}`, r] as const))('%s', (_name, route) => {
  const factory = SHOPPER_FACTORIES[shopperResourceOf(route)]

  test("shopper B gets 404 for shopper A's row, which stays unchanged", async () => {
    const id = await factory.create(app, shopperA)
    const key = factory.pathKey ? await factory.pathKey(app, id) : String(id)
    const url = await refusedAndUnchanged(route, id, reader(factory.model), shopperBAuth, factory.body?.(route) ?? {}, key)
    if (route.method === 'GET') expect((await http(app).get(url).set(shopperAAuth)).body.code).toBe(200)
  })
})
