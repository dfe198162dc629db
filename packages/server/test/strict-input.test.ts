// Strict input, checked over EVERY route the app registers (including routes added later): an unknown query
// field, and an unknown field in a JSON body, are refused with 400 and field errors naming them, and nothing
// is written; an id in a path is decimal digits only. Each request comes from an actor allowed on the route, so the
// 400 is the validation's.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import mysql from 'mysql2/promise'
import type { RouteRecord } from '../src/app.ts'
import { bearer, callRoute, createTestApp, http, resetDb, routeLabel } from './helpers.ts'
import { createAdmin, createSeller, createUser } from './factories.ts'
import { tokenFor } from '../src/modules/rbac/testkit.ts'
import { resourceForPath } from '@qshop/shared/resources/index'

/** Routes the check cannot apply to. (API docs and static files are not API routes: routeRecords leaves them out.) */
const EXCLUDED: Record<string, string> = {
  'POST /api/uploads': 'multipart/form-data: the upload handler reads its fields (file, name, option), not a JSON schema',
  'POST /api/Seller/uploads': 'multipart/form-data, as POST /api/uploads',
  'POST /api/Admin/uploads': 'multipart/form-data, as POST /api/uploads',
  // The gateways' notify URLs take the body as the exact text signed (modules/payments/routes.ts): no JSON schema to
  // walk; what they accept is decided by the signature and the payment checks (modules/payments/payments.test.ts).
  'POST /api/payment/wechat/notify': "WeChat Pay's signed raw body, checked by its signature, not a schema",
  'POST /api/payment/wechat/refund_notify': "WeChat Pay's signed raw body, as /api/payment/wechat/notify",
  'POST /api/payment/alipay/notify': "Alipay's signed form body, checked by its signature, not a schema",
}

/**
 * For the unknown field to be the only error, the rest of the request must be valid (Fastify validates the body
 * before the query, and stops at the first that fails). Resource creates get a sample for each required field
 * (the first of SAMPLES the field accepts); the rest is listed here: the query of a GET, the body of a POST/PUT.
 * Only the shape counts: with the unknown field added, the handler never runs.
 */
const VALID: Record<string, object> = {
  'GET /api/adv': { name: 'index_slide' },
  'GET /api/app_versions': { device: 'android' },
  'GET /api/is_fav': { out_id: 1 },
  'POST /api/login': { username: 'shopper', password: 'Secret@123', provider: 'users' },
  'POST /api/refresh': { refresh_token: 'token' },
  'POST /api/register': { username: 'Abc_12345', password: 'Secret@123' },
  'POST /api/forget_password': { phone: '13800138000', code: '123456', password: 'Secret@123' },
  'POST /api/sms': { phone: '13800138000', name: 'register' },
  'POST /api/oauth/callback/weixinweb': { code: 'c', state: 's', browser_key: 'k' },
  'POST /api/oauth/callback/weixin': { code: 'c', state: 's', browser_key: 'k' },
  'POST /api/auth/edit_secure': { pay_password: '123456', code: '123456' },
  'POST /api/user/favorites': { out_id: 1 },
  'GET /api/chat/messages': { conversation_id: 1 },
  'GET /api/Seller/chats/messages': { conversation_id: 1 },
  'POST /api/chat/messages': { to_type: 'store', to_id: 1, content: 'hi', client_msg_id: 'strict-input-1' },
  'POST /api/Seller/chats/messages': { to_type: 'user', to_id: 1, content: 'hi', client_msg_id: 'strict-input-1' },
  'POST /api/user/addresses': { receive_name: 'Li', receive_tel: '13800138000', area: [1, 2, 3], address: 'Street 1' },
  'POST /api/user/carts': { goods_id: 1, buy_num: 1 },
  'PUT /api/user/carts/:id': { buy_num: 1 },
  'POST /api/user/coupon/receive': { id: 1 },
  'POST /api/user/order/before': { order: [{ goods_id: 1, buy_num: 1 }] },
  'POST /api/user/order/create': { order: [{ goods_id: 1, buy_num: 1 }], address_id: 1 },
  'GET /api/user/order/pay_info': { order_id: '1' },
  'POST /api/user/order/pay': { order_id: [1], payment_name: 'balance', pay_password: '123456' },
  'POST /api/user/order/check': { order_id: [1] },
  'POST /api/user/recharge': { money: '10.00', payment_name: 'wechat', device: 'web' },
  'PUT /api/user/order/:id': { order_status: 0 },
  'POST /api/user/comments': { order_goods_id: 1, score: 5, agree: 5, service: 5, speed: 5 },
  'POST /api/Seller/collectives': { goods_id: 1, discount: '10', need: 2, expire_minutes: 5 },
  'POST /api/user/order/refund': { order_id: 1, refund_type: 0, lines: [{ order_goods_id: 1, num: 1 }], refund_money: '1.00', refund_remark: 'x' },
  'PUT /api/user/refunds/:id/ship': { delivery_code: 'SF', delivery_no: 'SF1' },
  'PUT /api/user/refunds/:id/arbitrate': { arbitration_remark: 'x' },
  'PUT /api/Seller/refunds/:id/refuse': { refuse_remark: 'x' },
  'PUT /api/Admin/refunds/:id/arbitrate': { decision: 'close', admin_remark: 'x' },
  'PUT /api/Admin/refunds/:id/close': { admin_remark: 'x' },
  'PUT /api/store': {
    store_name: 'Shop', store_mobile: '13800138000', area: [1, 2, 3], store_address: 'Street 1', business_license: '/uploads/l.png',
    business_license_no: 'L1', legal_person: 'Li', store_phone: '13800138000', id_card_no: '11010519491231002X',
    id_card_t: '/uploads/t.png', id_card_b: '/uploads/b.png', class_id: [1],
  },
  'POST /api/Seller/goods': { goods_name: 'Goods', class_id: 1, goods_price: '1.00' },
  'PUT /api/Admin/goods/:id/verify': { goods_verify: 1 },
  'PUT /api/Seller/orders/:id/ship': { delivery_code: 'sf', delivery_no: 'SF12345' },
  'PUT /api/Admin/orders/:id/ship': { delivery_code: 'sf', delivery_no: 'SF12345' },
  'PUT /api/Seller/orders/:id/receiver': { receive_name: 'Li', receive_tel: '13800138000', receive_area: 'A B C', receive_address: 'Street 1' },
  'PUT /api/Admin/orders/:id/receiver': { receive_name: 'Li', receive_tel: '13800138000', receive_area: 'A B C', receive_address: 'Street 1' },
  'PUT /api/Admin/stores/:id/verify': { store_verify: 4 },
  'PUT /api/Admin/stores/:id/status': { store_status: 1 },
  'POST /api/Admin/permissions': { apis: 'admin.test.index' },
  'POST /api/Admin/app_versions': { device: 'android' },
  'POST /api/Admin/sms': { name: 'register' },
  'POST /api/Admin/users/:id/money': { is_type: 0, money: '1.00', remark: 'r' },
  'POST /api/Admin/stores/:id/money': { is_type: 0, money: '1.00', remark: 'r' },
  'PUT /api/Admin/cashes/:id': { cash_status: 1 },
  'POST /api/Seller/cashes': { money: '1.00', name: 'n', bank_name: 'b', card_no: '6217000011112222' },
  'POST /api/user/cashes': { money: '1.00' },
  'POST /api/user/checks': { name: 'n', id_card: '11010519491231002X', bank_name: 'b', card_no: '6217000011112222' },
  'POST /api/integral/pay': { id: 1, buy_num: 1, address_id: 1 },
  'PUT /api/Admin/integral_orders/:id/ship': { delivery_code: 'sf', delivery_no: 'SF12345' },
}
// The last is for date-time fields, which take a date, or a date and a time, and nothing else.
const SAMPLES = ['1', 'Abc_12345', '2026-01-01 10:00:00']

const UNKNOWN = 'zz_unknown'
const hasBody = (r: RouteRecord) => ['POST', 'PUT', 'PATCH'].includes(r.method)
const isImport = (r: RouteRecord) => r.url.endsWith('/import/excel')

/** The valid rest of the request: the query of a GET or DELETE, the body of a POST or PUT. */
function validInput(r: RouteRecord): object {
  if (isImport(r)) return []
  const body: Record<string, unknown> = {}
  const decl = r.method === 'POST' ? resourceForPath(r.url.slice('/api'.length)) : undefined
  for (const [name, f] of Object.entries(decl?.fields ?? {}))
    if (f.required && f.input) body[name] = SAMPLES.find((v) => f.input!.safeParse(v).success)
  return { ...body, ...VALID[`${r.method} ${r.url}`] }
}

// Routes are known only once the app is built; building it here lets every route be a test of its own.
const app: FastifyInstance = await createTestApp()
const routes = app.routeRecords.filter((r) => !EXCLUDED[`${r.method} ${r.url}`])

const auth: Partial<Record<RouteRecord['area'], Record<string, string>>> = {}
let conn: mysql.Connection
let tables: string[]

/** Checksums of every table: equal before and after means nothing was written. */
async function snapshot() {
  const [rows] = await conn.query(`CHECKSUM TABLE ${tables.map((t) => `\`${t}\``).join(', ')}`)
  return rows
}

beforeAll(async () => {
  await resetDb(app, { demo: false })
  auth.admin = bearer(await tokenFor(app, 'admin', (await createAdmin(app, { is_super: 1 })).id))
  auth.seller = bearer(await tokenFor(app, 'seller', (await createSeller(app)).id))
  auth.user = bearer(await tokenFor(app, 'user', (await createUser(app)).id))
  conn = await mysql.createConnection({ uri: app.config.DATABASE_URL })
  const [rows] = (await conn.query(
    "SELECT TABLE_NAME t FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME",
  )) as unknown as [{ t: string }[]]
  tables = rows.map((r) => r.t)
})
afterAll(async () => {
  await conn?.end()
  await app.close()
})

test('the exclusions name routes that exist', () => {
  const keys = new Set(app.routeRecords.map((r) => `${r.method} ${r.url}`))
  expect(Object.keys(EXCLUDED).filter((k) => !keys.has(k))).toEqual([])
  expect(Object.keys(VALID).filter((k) => !keys.has(k))).toEqual([])
})

describe.each(routes.map((r) => [routeLabel(r), r] as const))('%s', (_name, route) => {
  test(`?${UNKNOWN}=1 is refused with 400`, async () => {
    const before = await snapshot()
    const input = validInput(route)
    const res = await callRoute(app, route, auth[route.area]!, input).query({ ...(hasBody(route) ? {} : input), [UNKNOWN]: 1 })
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(400)
    expect(res.body.code).toBe(400)
    // The unknown field is the only error (a route refusing the rest of the request needs an entry in VALID).
    expect(res.body.data).toEqual({ [UNKNOWN]: expect.any(String) })
    expect(await snapshot()).toEqual(before)
  })

  if (hasBody(route))
    test(`a body with ${UNKNOWN} is refused with 400 and nothing is written`, async () => {
      const before = await snapshot()
      const input = validInput(route)
      const body = Array.isArray(input) ? { rows: input, [UNKNOWN]: 1 } : { ...input, [UNKNOWN]: 1 }
      const res = await callRoute(app, route, auth[route.area]!, body)
      expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(400)
      expect(res.body.code).toBe(400)
      expect(res.body.data).toEqual({ [UNKNOWN]: expect.any(String) })
      expect(await snapshot()).toEqual(before)
    })
})

/** Spellings of the number 31 (or of 1) that are not decimal digits: never an id. */
const NOT_IDS = ['0x1f', '1e3', '%201', '+1', '-1', '1.0', '0', '2147483648', '1%20', '0b1', '1_0']
const idRoutes = routes.filter((r) => /:ids?\b/.test(r.url))

describe.each(idRoutes.map((r) => [routeLabel(r), r] as const))('%s', (_name, route) => {
  test('an id that is not decimal digits is refused with 400 naming it', async () => {
    const before = await snapshot()
    const param = route.url.includes(':ids') ? 'ids' : 'id'
    for (const value of [...NOT_IDS, ...(param === 'ids' ? ['1,0x1f', '1,,2', '1,', '1,2147483648'] : [])]) {
      const url = route.url.replace(/:ids?\b/, value).replace(/:[A-Za-z_]\w*/g, '1')
      const req = http(app)[route.method.toLowerCase() as 'get' | 'put' | 'delete'](url).set(auth[route.area]!)
      const res = await (hasBody(route) ? req.send(validInput(route)) : req.query(validInput(route)))
      expect(res.status, `${value}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(400)
      expect(Object.keys(res.body.data).every((k) => k === param || k.startsWith(`${param}.`)), `${value}: ${JSON.stringify(res.body.data)}`).toBe(true)
    }
    expect(await snapshot()).toEqual(before)
  })
})

test('the id routes were found', () => {
  expect(idRoutes.length).toBeGreaterThan(20)
})

test('/api/Admin/areas/0x1f is not area 31: only the decimal id answers the row', async () => {
  const area = await app.db.areas.findFirstOrThrow({ where: { id: { gt: 9 } }, orderBy: { id: 'asc' } })
  expect((await http(app).get(`/api/Admin/areas/${area.id}`).set(auth.admin!)).body.data).toMatchObject({ id: area.id, name: area.name })
  for (const other of [`0x${area.id.toString(16)}`, `${area.id}e0`, `+${area.id}`, `%20${area.id}`, `${area.id}.0`, `${area.id / 10}e1`]) {
    const res = await http(app).get(`/api/Admin/areas/${other}`).set(auth.admin!)
    expect(res.status, other).toBe(400)
    expect(res.body.data, other).toEqual({ id: '格式错误' })
  }
})
