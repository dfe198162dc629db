// Rate limits per route class (docs/security.md): what a shopper, an office behind one address and an attacker see.
import { uploadRoot } from '../src/adapters/storage/index.ts'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { translate } from '@qshop/shared'
import { loadConfig, RATE_LIMIT_KEYS, type Config } from '../src/config.ts'
import { addressKey } from '../src/core/rateLimits.ts'
import { createGoods, leafClasses, sellerWithStore } from '../src/modules/catalog/testkit.ts'
import { tokenFor } from '../src/modules/rbac/testkit.ts'
import { bearer, createTestApp, http, resetDb } from './helpers.ts'
import { createAdmin, createUser } from './factories.ts'

/** The limits a production install starts with (the suite's setup raises them for the other tests). */
function productionLimits(): Partial<Config> {
  const defaults = loadConfig({})
  return Object.fromEntries(RATE_LIMIT_KEYS.map((key) => [key, defaults[key as keyof Config]]))
}
// Windows are aligned to the clock: with a day-long window no test run crosses a window's end.
const DAY = 86_400

let app: FastifyInstance
let small: FastifyInstance
let flash: FastifyInstance
// Every test comes from addresses of its own, so the counts of one test never reach another.
let serial = 0
const nextIp = () => `198.51.100.${++serial}`
const from = (ip: string) => ({ 'X-Forwarded-For': ip })

beforeAll(async () => {
  app = await createTestApp({ ...productionLimits(), TRUST_PROXY: true })
  small = await createTestApp({
    TRUST_PROXY: true, RATE_LIMIT_WINDOW_SECONDS: DAY, RATE_LIMIT_READ_IP: 3, RATE_LIMIT_WRITE_ACCOUNT: 2, RATE_LIMIT_SECRET_IP: 3, RATE_LIMIT_SECRET_ACCOUNT: 2,
  })
  flash = await createTestApp({ TRUST_PROXY: true, RATE_LIMIT_WINDOW_SECONDS: DAY, RATE_LIMIT_SECKILL_IP: 3, RATE_LIMIT_SECKILL_ACCOUNT: 2 })
  await resetDb(app, { demo: false, areas: false })
})
afterAll(async () => {
  await flash?.close()
  await small?.close()
  await app?.close()
})

/** `count` small image files in the upload folder, answered by their /uploads URLs. */
function storeImages(target: FastifyInstance, count: number): string[] {
  const dir = path.join(uploadRoot(target), 'rate-limit-test')
  mkdirSync(dir, { recursive: true })
  return Array.from({ length: count }, (_, i) => {
    writeFileSync(path.join(dir, `${i}.png`), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, i]))
    return `/uploads/rate-limit-test/${i}.png`
  })
}

describe('with the limits a production install starts with', () => {
  test('40 storefront page views with their images in one minute from one address get no 429', async () => {
    const leaves = await leafClasses(app)
    const seller = await sellerWithStore(app, leaves)
    const goods = await createGoods(app, seller.storeId, leaves[0].id)
    const images = storeImages(app, 16)
    const ip = nextIp()
    const statuses: number[] = []
    for (let view = 0; view < 40; view++) {
      // What the goods page asks for: layout data, cart badge, the goods, its flash sales, its reviews, recommendations,
      // and images.
      const urls = ['/api/common', '/api/cart_count', `/api/goods/${goods.id}`, `/api/seckills?goods_id=${goods.id}`, `/api/goods_comments/${goods.id}`, `/api/goods?page=${(view % 3) + 1}`, ...images]
      const answers = await Promise.all(urls.map((url) => http(app).get(url).set(from(ip))))
      statuses.push(...answers.map((res) => res.status))
    }
    expect(statuses).toHaveLength(40 * 22)
    expect(statuses.filter((status) => status !== 200)).toEqual([])
  })

  test('the 6th wrong login of an account from one address gets 429 with the translated message', async () => {
    const admin = await createAdmin(app)
    const ip = nextIp()
    const login = (password: string, lang = 'zh-cn') =>
      http(app).post('/api/login').set(from(ip)).set('lang', lang).send({ username: admin.username, password, provider: 'admins', area: 'admin' })
    for (let i = 0; i < 5; i++) expect((await login(`wrong-${i}`)).body).toMatchObject({ code: 402, msg: translate('zh-cn', 'msg.accountErr') })
    const sixth = await login(admin.password)
    expect(sixth.status).toBe(429)
    expect(sixth.body).toEqual({ code: 429, msg: '登录失败次数过多，请稍后再试', data: null })
    // The 5th failure started a wait of LOGIN_BACKOFF_SECONDS (60): the answer says when it ends.
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThanOrEqual(59)
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(60)
    expect((await login(admin.password, 'en')).body.msg).toBe('Too many failed logins, please try again later.')
  })
})

describe('limits per route class', () => {
  test('reads are counted per address; static files, the health and the readiness checks never', async () => {
    const [ip, other] = [nextIp(), nextIp()]
    for (let i = 0; i < 3; i++) expect((await http(small).get('/api/load_goods_classes').set(from(ip))).status).toBe(200)
    const refused = await http(small).get('/api/common').set(from(ip))
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ code: 429, msg: '您请求太频繁了，请休息一会', data: null })
    // Windows are aligned to the clock: the wait is what is left of the current day-long window.
    const windowLeft = (DAY * 1000 - (Date.now() % (DAY * 1000))) / 1000
    expect(Math.abs(Number(refused.headers['retry-after']) - windowLeft)).toBeLessThanOrEqual(2)
    expect((await http(small).get('/api/common').set(from(ip)).set('lang', 'en')).body.msg).toBe('You are requesting too frequently, please rest a while.')
    expect((await http(small).get('/api/common').set(from(other))).status).toBe(200)

    const [image] = storeImages(small, 1)
    for (let i = 0; i < 10; i++) expect((await http(small).get(image).set(from(ip))).status).toBe(200)
    expect((await http(small).get('/api/health').set(from(ip))).status).toBe(200)
    expect((await http(small).get('/api/ready').set(from(ip))).status).toBe(200)
  })

  test('writes are counted per account: colleagues behind one address do not share a limit', async () => {
    const leaves = await leafClasses(small)
    const goods = await createGoods(small, (await sellerWithStore(small, leaves)).storeId, leaves[0].id)
    const ip = nextIp()
    const [first, second] = [await createUser(small), await createUser(small)]
    const toggle = async (userId: number) =>
      http(small).post('/api/user/favorites').set(from(ip)).set(bearer(await tokenFor(small, 'user', userId))).send({ out_id: goods.id })
    expect((await toggle(first.id)).body.data).toEqual({ is_fav: true })
    expect((await toggle(first.id)).body.data).toEqual({ is_fav: false })
    expect((await toggle(first.id)).status).toBe(429)
    expect((await toggle(second.id)).body.data).toEqual({ is_fav: true })
    expect(await small.db.favorites.count({ where: { user_id: first.id } })).toBe(0)
  })

  test('security edits are counted per account, whatever address a stolen token is used from', async () => {
    const shopper = await createUser(small)
    const auth = bearer(await tokenFor(small, 'user', shopper.id))
    const edit = (ip: string, nickname: string) => http(small).post('/api/auth/edit').set(from(ip)).set(auth).send({ nickname })
    expect((await edit(nextIp(), 'one')).body.code).toBe(200)
    expect((await edit(nextIp(), 'two')).body.code).toBe(200)
    expect((await edit(nextIp(), 'three')).status).toBe(429)
    expect((await small.db.users.findUniqueOrThrow({ where: { id: shopper.id } })).nickname).toBe('two')
  })

  test('requests without a valid login count against their address before they are refused', async () => {
    const ip = nextIp()
    for (let i = 0; i < 3; i++) expect((await http(small).post('/api/auth/edit_secure').set(from(ip)).send({})).status).toBe(401)
    expect((await http(small).post('/api/auth/edit_secure').set(from(ip)).send({})).status).toBe(429)
  })

  test('a flash-sale purchase is also counted in its own class, per account and per address; the refusal writes nothing', async () => {
    const leaves = await leafClasses(flash)
    const seller = await sellerWithStore(flash, leaves)
    const goods = await createGoods(flash, seller.storeId, leaves[0].id, { goods_stock: 100 })
    const minute = 60_000
    const created = await http(flash).post('/api/Seller/seckills').set(seller.auth)
      .send({ goods_id: goods.id, sku_id: 0, price: '1.00', stock: 50, limit_num: 0, start_time: new Date(Date.now() - minute).toISOString(), end_time: new Date(Date.now() + 60 * minute).toISOString() })
    expect(created.body.code).toBe(200)
    const saleId: number = created.body.data.id
    const shopper = async () => {
      const user = await createUser(flash)
      const address = await flash.db.addresses.create({
        data: { user_id: user.id, receive_name: '李雷', receive_tel: '13800138000', area_info: '北京市', address: '一路 1 号', is_default: 1, default_key: user.id },
      })
      return { id: user.id, address: address.id, auth: bearer(await tokenFor(flash, 'user', user.id)) }
    }
    let keys = 0
    const buy = (s: Awaited<ReturnType<typeof shopper>>, ip: string, line: object = { seckill_id: saleId }, lang = 'zh-cn') =>
      http(flash).post('/api/user/order/create').set(from(ip)).set(s.auth).set('lang', lang).set('Idempotency-Key', `rl-seckill-${++keys}`)
        .send({ order: [{ goods_id: goods.id, buy_num: 1, ...line }], address_id: s.address })
    const written = async () => [
      await flash.db.orders.count({ where: { store_id: seller.storeId } }),
      await flash.db.seckill_orders.count({ where: { seckill_id: saleId } }),
      (await flash.db.seckills.findUniqueOrThrow({ where: { id: saleId } })).stock,
    ]
    const tooMany = { code: 429, msg: '您请求太频繁了，请休息一会', data: null }

    // per account (2), whatever the address
    const one = await shopper()
    expect((await buy(one, nextIp())).body.code).toBe(200)
    expect((await buy(one, nextIp())).body.code).toBe(200)
    expect(await written()).toEqual([2, 2, 48])
    const third = await buy(one, nextIp())
    expect(third.status).toBe(429)
    expect(third.body).toEqual(tooMany)
    expect((await buy(one, nextIp(), { seckill_id: saleId }, 'en')).body.msg).toBe('You are requesting too frequently, please rest a while.')
    expect(await written()).toEqual([2, 2, 48])
    // the class counts flash-sale purchases only: the same shopper's ordinary checkout goes through
    expect((await buy(one, nextIp(), {})).body.code).toBe(200)

    // per address (3), whichever accounts
    const ip = nextIp()
    for (let i = 0; i < 3; i++) expect((await buy(await shopper(), ip)).body.code).toBe(200)
    const before = await written()
    const fourth = await buy(await shopper(), ip)
    expect(fourth.status).toBe(429)
    expect(fourth.body).toEqual(tooMany)
    expect(await written()).toEqual(before)
    expect(before).toEqual([6, 5, 45])
  })

  test('every API route has a class: strict ones for login, SMS and security edits, read for GET, write otherwise', () => {
    const classOf = (method: string, url: string) => app.routeRecords.find((r) => r.method === method && r.url === url)?.rateLimit
    for (const url of ['/api/login', '/api/register', '/api/forget_password', '/api/refresh']) expect(classOf('POST', url), url).toBe('auth')
    expect(classOf('POST', '/api/sms')).toBe('sms')
    for (const name of ['weixinweb', 'weixin']) {
      expect(classOf('GET', `/api/oauth/${name}`)).toBe('auth')
      expect(classOf('POST', `/api/oauth/callback/${name}`)).toBe('auth')
      expect(classOf('DELETE', `/api/user/oauths/${name}`)).toBe('secret')
    }
    for (const prefix of ['/api', '/api/Seller', '/api/Admin']) expect(classOf('POST', `${prefix}/auth/edit`)).toBe('secret')
    expect(classOf('POST', '/api/auth/edit_secure')).toBe('secret')
    expect(classOf('GET', '/api/health')).toBeNull()
    expect(classOf('GET', '/api/ready')).toBeNull()
    expect(classOf('GET', '/api/Admin/users')).toBe('read')
    expect(classOf('POST', '/api/Admin/users')).toBe('write')
    // The top-up dialog's reads are reads, its opening a money write.
    expect(classOf('GET', '/api/user/recharge/gateways')).toBe('read')
    expect(classOf('POST', '/api/user/recharge')).toBe('money')
    // The gateways' notifications are exempt: a gateway retries from a few addresses, and each is checked by signature.
    expect(app.routeRecords.filter((r) => r.rateLimit === null).map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /api/health',
      'GET /api/ready',
      'POST /api/payment/alipay/notify',
      'POST /api/payment/wechat/notify',
      'POST /api/payment/wechat/refund_notify',
    ])
  })
})

describe('addressKey', () => {
  test('IPv4 per address (also mapped into IPv6), IPv6 per /64 however it is written', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9')
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9')
    const net = '2001:db8:12:34::/64'
    expect(addressKey('2001:db8:12:34::1')).toBe(net)
    expect(addressKey('2001:0DB8:0012:0034:ffff:1:2:3')).toBe(net)
    expect(addressKey('2001:db8:12:34:0:0:0:9')).toBe(net)
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
  })
})
