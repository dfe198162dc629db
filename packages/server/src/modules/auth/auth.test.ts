// Logging in and staying logged in, in the three areas, as each kind of account sees it.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Response } from 'supertest'
import { translate, type MessageKey } from '@qshop/shared'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createSeller, createUser, startFakeAliyunSms, useAliyunSms, type FakeAliyunSms } from '../../../test/factories.ts'
import { verifyPassword } from '../../core/hash.ts'
import { verifyPayPassword } from '../../core/payPassword.ts'
import { IP_FAILURE_FACTOR } from './loginThrottle.ts'
import { purgeSessions } from '../../jobs/maintenance.ts'

type Area = 'user' | 'seller' | 'admin'
const PREFIX: Record<Area, string> = { user: '/api', seller: '/api/Seller', admin: '/api/Admin' }
const PROVIDER: Record<Area, 'users' | 'admins'> = { user: 'users', seller: 'users', admin: 'admins' }
const AREAS: Area[] = ['user', 'seller', 'admin']
const MAX_FAILURES = 3
const ACCOUNT_MAX_FAILURES = 2 * MAX_FAILURES
const credentials = { key: 'LTAI-test-key', secret: 'test-secret-0123456789' }

let app: FastifyInstance
let fake: FakeAliyunSms

const msg = (key: MessageKey) => translate('zh-cn', key)
function expectRefusal(res: Response, code: number, key: MessageKey) {
  expect(res.body).toMatchObject({ code, msg: msg(key) })
}

const postLogin = (body: Record<string, unknown>) => http(app).post('/api/login').send(body)
const loginAs = (area: Area, username: string, password: string, headers: Record<string, string> = {}) =>
  http(app).post('/api/login').set(headers).send({ username, password, provider: PROVIDER[area], area })
/** A client at another address (the app trusts X-Forwarded-For, as behind nginx). */
const address = (ip: string) => ({ 'X-Forwarded-For': ip })
async function tokensFor(area: Area, username: string, password: string) {
  const res = await loginAs(area, username, password)
  expect(res.body.code, JSON.stringify(res.body)).toBe(200)
  return res.body.data as { access_token: string; refresh_token: string; token_type: string; expires_in: number }
}
const info = (area: Area, token: string) => http(app).post(`${PREFIX[area]}/auth/info`).set(bearer(token)).send({ provider: PROVIDER[area] })

/** One account able to log in to each area. */
async function accounts() {
  const shopper = await createUser(app)
  const seller = await createSeller(app)
  const admin = await createAdmin(app)
  return { user: shopper, seller, admin } satisfies Record<Area, { username: string; password: string }>
}

async function smsCode(phone: string, name: string, token?: string) {
  const req = http(app).post('/api/sms')
  const res = await (token ? req.set(bearer(token)) : req).send({ phone, name })
  expect(res.body.code, JSON.stringify(res.body)).toBe(200)
  return fake.lastCode(phone)
}

beforeAll(async () => {
  app = await createTestApp({ LOGIN_MAX_FAILURES: MAX_FAILURES, LOGIN_ACCOUNT_MAX_FAILURES: ACCOUNT_MAX_FAILURES, TRUST_PROXY: true })
  fake = await startFakeAliyunSms(credentials)
})
afterAll(async () => {
  await fake?.close()
  await app?.close()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  await useAliyunSms(app, fake, credentials)
})

describe('login, refresh and logout', () => {
  it.each(AREAS)('%s: logs in, rotates the refresh token, logs out', async (area) => {
    const account = (await accounts())[area]
    const first = await tokensFor(area, account.username, account.password)
    expect(first).toMatchObject({ token_type: 'Bearer', expires_in: 7200 })
    expect((await info(area, first.access_token)).body.data.username).toBe(account.username)

    const refreshed = await http(app).post('/api/refresh').send({ refresh_token: first.refresh_token })
    expect(refreshed.body.code).toBe(200)
    const second = refreshed.body.data
    expect(second.refresh_token).not.toBe(first.refresh_token)
    // the used session's access token is finished (reusing its refresh token: see the families below)
    expect((await info(area, first.access_token)).status).toBe(401)
    expect((await info(area, second.access_token)).body.code).toBe(200)

    const out = await http(app).post('/api/logout').set(bearer(second.access_token)).send({ provider: PROVIDER[area] })
    expect(out.body.code).toBe(200)
    const after = await info(area, second.access_token)
    expect(after.status).toBe(401)
    expect(after.body.code).toBe(401)
    const reuse = await http(app).post('/api/refresh').send({ refresh_token: second.refresh_token })
    expect(reuse.status).toBe(401)
    expectRefusal(reuse, 401, 'msg.refreshInvalid')
  })

  it('records the login time, the previous one and the address', async () => {
    const shopper = await createUser(app)
    await tokensFor('user', shopper.username, shopper.password)
    const first = await app.db.users.findUniqueOrThrow({ where: { id: shopper.id } })
    expect(first.login_time).toBeInstanceOf(Date)
    expect(first.last_login_time).toBeNull()
    expect(first.ip).not.toBe('')
    await tokensFor('user', shopper.username, shopper.password)
    const second = await app.db.users.findUniqueOrThrow({ where: { id: shopper.id } })
    expect(second.last_login_time?.getTime()).toBe(first.login_time?.getTime())

    const admin = await createAdmin(app)
    await tokensFor('admin', admin.username, admin.password)
    expect((await app.db.admins.findUniqueOrThrow({ where: { id: admin.id } })).login_time).toBeInstanceOf(Date)
  })

  it('logout without a token still answers ok', async () => {
    const res = await http(app).post('/api/logout').type('form').send({ provider: 'users' })
    expect(res.body).toMatchObject({ code: 200, data: null })
  })

  it('accepts form-encoded logins as the back-office client posts them', async () => {
    const admin = await createAdmin(app)
    const res = await http(app).post('/api/login').type('form').send({ username: admin.username, password: admin.password, provider: 'admins' })
    expect(res.body).toMatchObject({ code: 200, msg: msg('msg.loginOk') })
  })

  it('refuses an admins login for another area and unknown fields', async () => {
    const admin = await createAdmin(app)
    const res = await postLogin({ username: admin.username, password: admin.password, provider: 'admins', area: 'user' })
    expect(res.status).toBe(400)
    expect(res.body.data).toHaveProperty('area')
    const extra = await postLogin({ username: admin.username, password: admin.password, provider: 'admins', client_type: 'x' })
    expect(extra.status).toBe(400)
    expect(extra.body.data).toHaveProperty('client_type')
  })
})

describe('sessions behind access tokens', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it.each(AREAS)('%s: refuses a correctly signed token whose session does not exist or is another account’s', async (area) => {
    const account = (await accounts())[area]
    const own = await tokensFor(area, account.username, account.password)
    const { sid } = app.jwt.decode<{ sid: string }>(own.access_token)!
    const forged = (claims: { sub: number; area: Area; sid: string }) => app.jwt.sign(claims, { expiresIn: 3600 })
    expect((await info(area, forged({ sub: account.id, area, sid: String(Number(sid) + 1000) }))).status).toBe(401)
    const stranger = await createAdmin(app)
    const other = await tokensFor('admin', stranger.username, stranger.password)
    const strangerSid = app.jwt.decode<{ sid: string }>(other.access_token)!.sid
    expect((await info(area, forged({ sub: account.id, area, sid: strangerSid }))).status).toBe(401)
    expect((await info(area, own.access_token)).body.code).toBe(200)
  })

  it('refuses the token once its session has expired, then been purged, on a warm and on a fresh instance', async () => {
    const shortSessions = await createTestApp({ REFRESH_TOKEN_TTL: 60 })
    let fresh: FastifyInstance | undefined
    try {
      const shopper = await createUser(app)
      const login = await http(shortSessions).post('/api/login').send({ username: shopper.username, password: shopper.password, provider: 'users' })
      const token = login.body.data.access_token as string
      const ask = (target: FastifyInstance) => http(target).post('/api/auth/info').set(bearer(token)).send({})
      expect((await ask(shortSessions)).body.code).toBe(200)
      // Two minutes on: the access token (2 hours) is still valid, its session (1 minute) is not.
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(Date.now() + 120_000)
      expect((await ask(shortSessions)).status).toBe(401)
      expect(await purgeSessions(app.db)).toBeGreaterThanOrEqual(1)
      expect(await app.db.auth_sessions.count({ where: { owner_id: shopper.id } })).toBe(0)
      fresh = await createTestApp()
      expect((await ask(fresh)).status).toBe(401)
    } finally {
      vi.useRealTimers()
      await fresh?.close()
      await shortSessions.close()
    }
  })
})

describe('refresh token families', () => {
  const refresh = (token: string) => http(app).post('/api/refresh').send({ refresh_token: token })
  async function chain(area: Area) {
    const account = (await accounts())[area]
    const r1 = await tokensFor(area, account.username, account.password)
    const r2 = (await refresh(r1.refresh_token)).body.data
    const r3 = (await refresh(r2.refresh_token)).body.data
    expect((await info(area, r3.access_token)).body.code).toBe(200)
    // a second login of the same account is a family of its own
    const elsewhere = await tokensFor(area, account.username, account.password)
    return { account, r1, r2, r3, elsewhere }
  }

  it.each(AREAS)('%s: replaying R1 after R1→R2→R3 ends R3 and its access token at once', async (area) => {
    const { account, r1, r3, elsewhere } = await chain(area)
    expectRefusal(await refresh(r1.refresh_token), 401, 'msg.refreshInvalid')
    expect((await info(area, r3.access_token)).status).toBe(401)
    expect((await refresh(r3.refresh_token)).status).toBe(401)
    expect(await app.db.auth_sessions.count({ where: { owner_id: account.id, area, revoked_at: null } })).toBe(1)
    expect((await info(area, elsewhere.access_token)).body.code).toBe(200)
    expect((await refresh(elsewhere.refresh_token)).body.code).toBe(200)
  })

  it('replaying R2 ends the family too', async () => {
    const { r2, r3, elsewhere } = await chain('user')
    expect((await refresh(r2.refresh_token)).status).toBe(401)
    expect((await refresh(r3.refresh_token)).status).toBe(401)
    expect((await info('user', r3.access_token)).status).toBe(401)
    expect((await info('user', elsewhere.access_token)).body.code).toBe(200)
  })

  it('a rotated token replayed days later still ends its family: rotated sessions are kept until they expire', async () => {
    const { account, r1, r3 } = await chain('user')
    const twoDaysAgo = new Date(Date.now() - 2 * 86400_000)
    await app.db.auth_sessions.updateMany({ where: { owner_id: account.id, revoked_at: { not: null } }, data: { revoked_at: twoDaysAgo } })
    const loggedOut = await tokensFor('user', account.username, account.password)
    await http(app).post('/api/logout').set(bearer(loggedOut.access_token)).send({})
    await app.db.auth_sessions.updateMany({ where: { owner_id: account.id, replaced_by: null, revoked_at: { not: null } }, data: { revoked_at: twoDaysAgo } })
    expect(await purgeSessions(app.db)).toBe(1) // the logged-out session only
    expect((await refresh(r1.refresh_token)).status).toBe(401)
    expect((await info('user', r3.access_token)).status).toBe(401)
    expect((await refresh(r3.refresh_token)).status).toBe(401)
  })
})

describe('area rules', () => {
  it('refuses the token of one area in every other area', async () => {
    const all = await accounts()
    // the store owner can also shop: a storefront token of the same users row must still not open the seller area
    const tokens: Record<Area, string> = {
      user: (await tokensFor('user', all.seller.username, all.seller.password)).access_token,
      seller: (await tokensFor('seller', all.seller.username, all.seller.password)).access_token,
      admin: (await tokensFor('admin', all.admin.username, all.admin.password)).access_token,
    }
    for (const from of AREAS)
      for (const to of AREAS) {
        const res = await info(to, tokens[from])
        expect([from, to, res.status]).toEqual([from, to, from === to ? 200 : 401])
      }
  })

  it('refuses a seller sub-account as a buyer but lets it into the seller area', async () => {
    const owner = await createSeller(app)
    const sub = await createUser(app, { belong_id: owner.id })
    expectRefusal(await loginAs('user', sub.username, sub.password), 402, 'msg.subNotAllowBuy')
    const seller = await tokensFor('seller', sub.username, sub.password)
    expect((await info('seller', seller.access_token)).body.data.belong_id).toBe(owner.id)
  })

  it('needs a store (own or the owner’s) for the seller area', async () => {
    const shopper = await createUser(app)
    expectRefusal(await loginAs('seller', shopper.username, shopper.password), 402, 'msg.notSeller')
    const subOfShopper = await createUser(app, { belong_id: shopper.id })
    expectRefusal(await loginAs('seller', subOfShopper.username, subOfShopper.password), 402, 'msg.notSeller')
  })

  it('needs a store that passed review: owners and sub-accounts of a store in 1, 2 or 3 are told so after the password', async () => {
    for (const state of [1, 2, 3]) {
      const owner = await createSeller(app)
      await app.db.stores.update({ where: { id: owner.storeId }, data: { store_verify: state } })
      const sub = await createUser(app, { belong_id: owner.id })
      for (const account of [owner, sub]) {
        const res = await loginAs('seller', account.username, account.password)
        expect(res.body).toEqual({ code: 402, msg: msg('msg.storeNotApproved'), data: { store_verify: state } })
        expect(await app.db.auth_sessions.count({ where: { owner_id: account.id } })).toBe(0)
        // A wrong password learns nothing about the store.
        expectRefusal(await loginAs('seller', account.username, 'wrong-password'), 402, 'msg.accountErr')
      }
      // The owner still shops and reaches the application with the storefront login.
      expect((await loginAs('user', owner.username, owner.password)).body.code).toBe(200)
    }
    const pending = await createSeller(app)
    await app.db.stores.update({ where: { id: pending.storeId }, data: { store_verify: 2 } })
    const en = await http(app).post('/api/login').set('lang', 'en').send({ username: pending.username, password: pending.password, provider: 'users', area: 'seller' })
    expect(en.body.msg).toBe(translate('en', 'msg.storeNotApproved'))
  })

  it('refuses a disabled account after checking its password', async () => {
    const disabled = await createUser(app, { status: 0 })
    expectRefusal(await loginAs('user', disabled.username, 'wrong-password'), 402, 'msg.accountErr')
    expectRefusal(await loginAs('user', disabled.username, disabled.password), 402, 'msg.accountDisabled')
  })

  it('lets a shopper log in with the phone number as the login name', async () => {
    const shopper = await createUser(app, { phone: '13800000001' })
    const pair = await tokensFor('user', '13800000001', shopper.password)
    expect((await info('user', pair.access_token)).body.data.id).toBe(shopper.id)
  })
})

describe('wrong credentials and lockout', () => {
  it('answers the same for a wrong password and an unknown account', async () => {
    const shopper = await createUser(app)
    const admin = await createAdmin(app)
    for (const res of [
      await loginAs('user', shopper.username, 'not-the-password'),
      await loginAs('user', 'nobody_here', 'whatever1'),
      await loginAs('admin', admin.username, 'not-the-password'),
      await loginAs('admin', 'nobody_here', 'whatever1'),
    ]) {
      expect(res.status).toBe(200)
      expectRefusal(res, 402, 'msg.accountErr')
      expect(res.body.data).toBeNull()
    }
    const en = await http(app).post('/api/login').set('lang', 'en').send({ username: 'nobody', password: 'x', provider: 'users' })
    expect(en.body.msg).toBe('Account or password error.')
  })

  it(`locks an account after ${MAX_FAILURES} failures, even for the right password; other accounts still log in`, async () => {
    const victim = await createUser(app)
    const other = await createUser(app)
    for (let i = 0; i < MAX_FAILURES; i++) expectRefusal(await loginAs('user', victim.username, `guess${i}xx`), 402, 'msg.accountErr')
    const locked = await loginAs('user', victim.username, victim.password)
    expect(locked.status).toBe(429)
    expectRefusal(locked, 429, 'msg.loginLocked')
    expect((await loginAs('user', victim.username.toUpperCase(), victim.password)).status).toBe(429)
    expect((await loginAs('user', other.username, other.password)).body.code).toBe(200)
    // the lock is per area: the same name in the admin area is counted apart
    expect((await loginAs('admin', victim.username, 'x')).body.code).toBe(402)
  })

  it('counts confusable spellings of a name against the account they log in to; only the failing address waits', async () => {
    const admin = await createAdmin(app, { username: 'admin' })
    const attacker = address('203.0.113.66')
    // The column's collation makes each of these the account `admin`.
    for (const spelling of ['ädmin', 'ａｄｍｉｎ', 'ad\u200bmin']) expectRefusal(await loginAs('admin', spelling, 'not-the-password', attacker), 402, 'msg.accountErr')
    for (const spelling of ['admin', 'ädmin']) expectRefusal(await loginAs('admin', spelling, admin.password, attacker), 429, 'msg.loginLocked')
    // the owner, at another address, is not locked out by the stranger's failures
    expect((await loginAs('admin', 'admin', admin.password, address('198.51.100.20'))).body.code).toBe(200)
  })

  it('a stranger failing on an account locks only its own address out', async () => {
    const victim = await createUser(app)
    const stranger = address('203.0.113.77')
    for (let i = 0; i < MAX_FAILURES; i++) expectRefusal(await loginAs('user', victim.username, `guess${i}xx`, stranger), 402, 'msg.accountErr')
    expectRefusal(await loginAs('user', victim.username, victim.password, stranger), 429, 'msg.loginLocked')
    expect((await loginAs('user', victim.username, victim.password, address('198.51.100.21'))).body.code).toBe(200)
  })

  it('counts one shopper account across the storefront and the seller area and its phone as login name', async () => {
    const seller = await createSeller(app, { phone: '13800000077' })
    expectRefusal(await loginAs('seller', seller.username, 'wrong-one'), 402, 'msg.accountErr')
    expectRefusal(await loginAs('user', '13800000077', 'wrong-two'), 402, 'msg.accountErr')
    expectRefusal(await loginAs('user', seller.username.toUpperCase(), 'wrong-three'), 402, 'msg.accountErr')
    expectRefusal(await loginAs('seller', seller.username, seller.password), 429, 'msg.loginLocked')
    expectRefusal(await loginAs('user', seller.username, seller.password), 429, 'msg.loginLocked')
  })

  it('counts a name without an account under its normalized spelling, as it would an account', async () => {
    for (const spelling of ['ghost', 'ＧＨＯＳＴ', 'gh\u200bost']) expectRefusal(await loginAs('admin', spelling, 'whatever1'), 402, 'msg.accountErr')
    expectRefusal(await loginAs('admin', 'ghost', 'whatever1'), 429, 'msg.loginLocked')
  })

  it('under attack from many addresses every address waits after its first failure; the owner still logs in', async () => {
    const victim = await createUser(app)
    for (const ip of ['203.0.113.1', '203.0.113.2'])
      for (let i = 0; i < MAX_FAILURES; i++) await loginAs('user', victim.username, `guess${i}xx`, address(ip))
    expectRefusal(await loginAs('user', victim.username, 'one-more-guess', address('203.0.113.3')), 402, 'msg.accountErr')
    expectRefusal(await loginAs('user', victim.username, victim.password, address('203.0.113.3')), 429, 'msg.loginLocked')
    expect((await loginAs('user', victim.username, victim.password, address('198.51.100.30'))).body.code).toBe(200)
  })

  it('makes the wait longer with each failure after it', async () => {
    const shopper = await createUser(app)
    const locks = async () => {
      const keys = await app.redis.keys(app.key('login_lock', '*'))
      return Promise.all(keys.map(async (key) => ({ key, ttl: await app.redis.ttl(key) })))
    }
    for (let i = 0; i < MAX_FAILURES; i++) await loginAs('user', shopper.username, `guess${i}xx`)
    const [first] = await locks()
    expect(first.ttl).toBeGreaterThan(0)
    expect(first.ttl).toBeLessThanOrEqual(app.config.LOGIN_BACKOFF_SECONDS)
    // the wait is over (its key expires): a single further failure makes the address wait again, twice as long
    await app.redis.del(first.key)
    expectRefusal(await loginAs('user', shopper.username, 'guess-again'), 402, 'msg.accountErr')
    expectRefusal(await loginAs('user', shopper.username, shopper.password), 429, 'msg.loginLocked')
    const [second] = await locks()
    expect(second.ttl).toBeGreaterThan(app.config.LOGIN_BACKOFF_SECONDS)
    expect(second.ttl).toBeLessThanOrEqual(2 * app.config.LOGIN_BACKOFF_SECONDS)
  })

  it('locks an address that fails on many accounts', async () => {
    const real = await createUser(app)
    const limit = MAX_FAILURES * IP_FAILURE_FACTOR
    for (let i = 0; i < limit; i++) await loginAs('user', `someone${i}`, 'password1')
    const res = await loginAs('user', real.username, real.password)
    expectRefusal(res, 429, 'msg.loginLocked')
  })

  // Only a checked password can answer "wrong password": the 402s count the passwords checked.
  it.each(['user', 'admin'] as const)('%s: of 40 wrong passwords sent at once from one address, only the allowed number are checked; the real one sent next is refused too', async (area) => {
    const account = area === 'admin' ? await createAdmin(app) : await createUser(app)
    const attacker = address('203.0.113.40')
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => loginAs(area, account.username, `guess${i}xx`, attacker)))
    const answers = burst.map((res) => `${res.status} ${res.body.code} ${res.body.msg}`)
    expect(answers.filter((a) => a === `200 402 ${msg('msg.accountErr')}`)).toHaveLength(MAX_FAILURES)
    expect(answers.filter((a) => a === `429 429 ${msg('msg.loginLocked')}`)).toHaveLength(40 - MAX_FAILURES)
    const real = await Promise.all(Array.from({ length: 5 }, () => loginAs(area, account.username, account.password, attacker)))
    for (const res of real) expectRefusal(res, 429, 'msg.loginLocked')
    // the owner at another address still logs in
    expect((await loginAs(area, account.username, account.password, address('198.51.100.40'))).body.code).toBe(200)
  })

  it('right passwords do not count as failures, one after another or at once', async () => {
    const shopper = await createUser(app)
    for (let i = 0; i <= MAX_FAILURES; i++) await tokensFor('user', shopper.username, shopper.password)
    const together = await Promise.all(Array.from({ length: MAX_FAILURES - 1 }, () => loginAs('user', shopper.username, shopper.password)))
    expect(together.map((res) => res.body.code)).toEqual(Array(MAX_FAILURES - 1).fill(200))
    // the count of wrong ones is untouched by them: MAX_FAILURES wrong ones still lock
    for (let i = 0; i < MAX_FAILURES; i++) expectRefusal(await loginAs('user', shopper.username, `guess${i}xx`), 402, 'msg.accountErr')
    expectRefusal(await loginAs('user', shopper.username, shopper.password), 429, 'msg.loginLocked')
  })

  it('a successful login clears the failures of the account at that address', async () => {
    const shopper = await createUser(app)
    for (let i = 0; i < MAX_FAILURES - 1; i++) await loginAs('user', shopper.username, 'wrong-one')
    await tokensFor('user', shopper.username, shopper.password)
    for (let i = 0; i < MAX_FAILURES - 1; i++) await loginAs('user', shopper.username, 'wrong-one')
    expect((await loginAs('user', shopper.username, shopper.password)).body.code).toBe(200)
  })
})

describe('GET /api/is_login', () => {
  it('answers the account id for a live token of any area, else null', async () => {
    const all = await accounts()
    const isLogin = (token?: string, provider?: string) => {
      const req = http(app).get('/api/is_login').query(provider ? { provider } : {})
      return (token ? req.set(bearer(token)) : req).then((r) => r.body)
    }
    expect(await isLogin()).toMatchObject({ code: 200, data: null })
    expect((await isLogin('garbage')).data).toBeNull()
    const user = await tokensFor('user', all.user.username, all.user.password)
    const seller = await tokensFor('seller', all.seller.username, all.seller.password)
    const admin = await tokensFor('admin', all.admin.username, all.admin.password)
    expect((await isLogin(user.access_token)).data).toBe(all.user.id)
    expect((await isLogin(seller.access_token, 'users')).data).toBe(all.seller.id)
    expect((await isLogin(admin.access_token, 'admins')).data).toBe(all.admin.id)
    expect((await isLogin(admin.access_token, 'users')).data).toBeNull()
    expect((await isLogin(user.access_token, 'admins')).data).toBeNull()
    await http(app).post('/api/logout').set(bearer(user.access_token)).send({})
    expect((await isLogin(user.access_token)).data).toBeNull()
  })
})

describe('POST /api/register', () => {
  it('registers with a login name and logs the new shopper in, without a pay password', async () => {
    const inviter = await createUser(app)
    const res = await http(app).post('/api/register').send({ type: 'username', username: 'newbie_1', password: 'Newbie@123', inviter_id: inviter.id })
    expect(res.body.code, JSON.stringify(res.body)).toBe(200)
    const me = await info('user', res.body.data.access_token)
    expect(me.body.data).toMatchObject({ username: 'newbie_1', inviter_id: inviter.id, has_pay_password: false, money: '0.00' })
    const row = await app.db.users.findUniqueOrThrow({ where: { username: 'newbie_1' } })
    expect(row.pay_password).toBeNull()
    expect(await verifyPassword(row.password, 'Newbie@123')).toBe(true)

    expectRefusal(await http(app).post('/api/register').send({ type: 'username', username: 'NEWBIE_1', password: 'Other@123' }), 402, 'msg.userExists')
    expectRefusal(
      await http(app).post('/api/register').send({ type: 'username', username: 'newbie_2', password: 'Other@123', inviter_id: 999999 }),
      402,
      'msg.inviterNotFound',
    )
    // names that look like phone numbers could shadow someone's phone login
    expect((await http(app).post('/api/register').send({ type: 'username', username: '13800000009', password: 'Other@123' })).status).toBe(400)
    expect(await app.db.users.count()).toBe(2)
  })

  it('registers with a phone number and an SMS code, which works once', async () => {
    const code = await smsCode('13900000002', 'register')
    const wrong = await http(app).post('/api/register').send({ type: 'phone', phone: '13900000002', code: code === '000000' ? '111111' : '000000', password: 'Phone@123' })
    expectRefusal(wrong, 402, 'msg.smsCodeErr')
    expect(await app.db.users.count()).toBe(0)

    const res = await http(app).post('/api/register').send({ type: 'phone', phone: '13900000002', code, password: 'Phone@123' })
    expect(res.body.code, JSON.stringify(res.body)).toBe(200)
    const row = await app.db.users.findUniqueOrThrow({ where: { phone: '13900000002' } })
    expect(row).toMatchObject({ username: '13900000002', nickname: '139****0002', pay_password: null })
    expectRefusal(await http(app).post('/api/register').send({ type: 'phone', phone: '13900000002', code, password: 'Phone@123' }), 402, 'msg.smsCodeErr')
  })

  it('tells that a phone is taken only to whoever holds its code, when the form is submitted', async () => {
    await createUser(app, { phone: '13900000004' })
    const register = (code: string) => http(app).post('/api/register').send({ type: 'phone', phone: '13900000004', code, password: 'Phone@123' })
    // a register code goes to a registered phone as to any other
    const code = await smsCode('13900000004', 'register')
    expectRefusal(await register(code === '000000' ? '111111' : '000000'), 402, 'msg.smsCodeErr')
    expectRefusal(await register(code), 402, 'msg.phoneExists')
    expect(await app.db.users.count()).toBe(1)
  })

  it('needs a code for a phone registration', async () => {
    const res = await http(app).post('/api/register').send({ type: 'phone', phone: '13900000003', password: 'Phone@123' })
    expect(res.status).toBe(400)
    expect(res.body.data).toHaveProperty('code')
  })
})

describe('POST /api/forget_password', () => {
  it('sets a new password with an SMS code and ends every session of the account', async () => {
    const shopper = await createSeller(app, { phone: '13700000004' })
    const storefront = await tokensFor('user', shopper.username, shopper.password)
    const seller = await tokensFor('seller', shopper.username, shopper.password)
    const code = await smsCode('13700000004', 'forget_password')
    const res = await http(app).post('/api/forget_password').send({ phone: '13700000004', code, password: 'Brand@new1' })
    expect(res.body).toMatchObject({ code: 200, data: null })

    expectRefusal(await loginAs('user', shopper.username, shopper.password), 402, 'msg.accountErr')
    expect((await loginAs('user', shopper.username, 'Brand@new1')).body.code).toBe(200)
    expect((await info('user', storefront.access_token)).status).toBe(401)
    expect((await info('seller', seller.access_token)).status).toBe(401)
    expect((await http(app).post('/api/refresh').send({ refresh_token: seller.refresh_token })).status).toBe(401)
    // the code is spent
    expectRefusal(await http(app).post('/api/forget_password').send({ phone: '13700000004', code, password: 'Again@123' }), 402, 'msg.smsCodeErr')
  })

  it('answers an unknown phone as it answers a wrong code', async () => {
    const res = await http(app).post('/api/forget_password').send({ phone: '13700000005', code: '123456', password: 'Brand@new1' })
    expectRefusal(res, 402, 'msg.smsCodeErr')
  })
})

describe('auth/info', () => {
  it('answers the shopper without password fields', async () => {
    const shopper = await createUser(app, { phone: '13600000005', pay_password: '123456' })
    await app.db.user_checks.create({ data: { user_id: shopper.id, name: 'Zhang San', card_no: '1101', bank_no: '6222', bank_name: 'ICBC' } })
    const token = (await tokensFor('user', shopper.username, shopper.password)).access_token
    const res = await info('user', token)
    expect(res.body.data).toEqual({
      id: shopper.id, username: shopper.username, nickname: shopper.username, avatar: '', phone: '13600000005', email: null, sex: 1, birthday: null,
      belong_id: 0, money: '0.00', frozen_money: '0.00', integral: 0, inviter_id: 0, has_pay_password: true, check: true,
    })
  })

  it('gives admins and sellers the first page they may open as defaultUrl', async () => {
    await app.db.admin_menus.deleteMany()
    await app.db.user_menus.deleteMany()
    const root = await app.db.admin_menus.create({ data: { name: 'Goods', apis: '', is_sort: 1 } })
    const first = await app.db.admin_menus.create({ data: { pid: root.id, name: 'Brands', apis: '/Admin/goods_brands', is_sort: 2 } })
    const second = await app.db.admin_menus.create({ data: { pid: root.id, name: 'Classes', apis: '/Admin/goods_classes', is_sort: 1 } })
    await app.db.admin_menus.create({ data: { name: 'Later', apis: '/Admin/later', is_sort: 5 } })
    const superAdmin = await createAdmin(app)
    const limited = await createAdmin(app, { is_super: 0 })
    const role = await app.db.admin_roles.create({ data: { name: 'brands only' } })
    await app.db.admin_to_roles.create({ data: { admin_id: limited.id, role_id: role.id } })
    await app.db.admin_to_menus.createMany({ data: [{ role_id: role.id, menu_id: root.id }, { role_id: role.id, menu_id: first.id }] })

    const asSuper = await info('admin', (await tokensFor('admin', superAdmin.username, superAdmin.password)).access_token)
    expect(asSuper.body.data).toEqual({ id: superAdmin.id, username: superAdmin.username, nickname: superAdmin.username, avatar: '', is_super: 1, belong_id: 0, defaultUrl: second.apis })
    const asLimited = await info('admin', (await tokensFor('admin', limited.username, limited.password)).access_token)
    expect(asLimited.body.data.defaultUrl).toBe('/Admin/goods_brands')

    await app.db.user_menus.create({ data: { name: 'Orders', apis: '/Seller/orders' } })
    const owner = await createSeller(app)
    const sub = await createUser(app, { belong_id: owner.id })
    const ownerInfo = await info('seller', (await tokensFor('seller', owner.username, owner.password)).access_token)
    expect(ownerInfo.body.data).toMatchObject({ id: owner.id, defaultUrl: '/Seller/orders' })
    expect(ownerInfo.body.data).not.toHaveProperty('password')
    const subInfo = await info('seller', (await tokensFor('seller', sub.username, sub.password)).access_token)
    expect(subInfo.body.data.defaultUrl).toBe('')
  })
})

describe('auth/edit', () => {
  it.each(AREAS)('%s: refuses money and any other field with 400 and writes nothing', async (area) => {
    const account = (await accounts())[area]
    const token = (await tokensFor(area, account.username, account.password)).access_token
    for (const extra of [{ money: '99999.00' }, { is_super: 1 }, { belong_id: 7 }, { status: 0 }, { pay_password: '000000' }, { username: 'renamed' }]) {
      const res = await http(app).post(`${PREFIX[area]}/auth/edit`).set(bearer(token)).send({ nickname: 'Changed', ...extra })
      expect(res.status).toBe(400)
      expect(res.body.code).toBe(400)
      expect(res.body.data).toHaveProperty(Object.keys(extra)[0])
    }
    const row =
      area === 'admin'
        ? await app.db.admins.findUniqueOrThrow({ where: { username: account.username } })
        : await app.db.users.findUniqueOrThrow({ where: { username: account.username } })
    expect(row.nickname).toBe(account.username)
    expect(row.belong_id).toBe(0)
    if ('money' in row) expect(row.money.toFixed(2)).toBe('0.00')
    if ('is_super' in row) expect(row.is_super).toBe(1)
  })

  it.each(AREAS)('%s: changes nickname, avatar and password with the current password; other sessions end, this one stays', async (area) => {
    const account = (await accounts())[area]
    const current = await tokensFor(area, account.username, account.password)
    const other = await tokensFor(area, account.username, account.password)
    const res = await http(app)
      .post(`${PREFIX[area]}/auth/edit`)
      .set(bearer(current.access_token))
      .type('form')
      .send({ provider: PROVIDER[area], nickname: 'New name', avatar: '/uploads/avatar/a.png', password: 'Changed@123', old_password: account.password })
    expect(res.body.code, JSON.stringify(res.body)).toBe(200)
    const me = await info(area, current.access_token)
    expect(me.body.data).toMatchObject({ nickname: 'New name', avatar: '/uploads/avatar/a.png' })
    expect((await info(area, other.access_token)).status).toBe(401)
    expect((await http(app).post('/api/refresh').send({ refresh_token: other.refresh_token })).status).toBe(401)
    expect((await http(app).post('/api/refresh').send({ refresh_token: current.refresh_token })).body.code).toBe(200)
    expect((await loginAs(area, account.username, 'Changed@123')).body.code).toBe(200)
  })

  it('a shopper sets sex and birthday, reads them back, and clears the birthday; impossible dates are refused and write nothing', async () => {
    const account = (await accounts()).user
    const token = (await tokensFor('user', account.username, account.password)).access_token
    const edit = (body: Record<string, unknown>) => http(app).post('/api/auth/edit').set(bearer(token)).send({ provider: 'users', ...body })
    expect((await edit({ sex: 2, birthday: '1990-02-28' })).body.code).toBe(200)
    expect((await info('user', token)).body.data).toMatchObject({ sex: 2, birthday: '1990-02-28' })
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    for (const birthday of ['1990-02-30', '1899-12-31', tomorrow, '28/02/1990']) {
      const res = await edit({ nickname: 'Never', birthday })
      expect(res.status, birthday).toBe(400)
      expect(res.body.data).toEqual({ birthday: msg('valid.birthday') })
    }
    const bad = await edit({ sex: 3 })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.data)).toEqual(['sex'])
    const row = await app.db.users.findUniqueOrThrow({ where: { username: account.username } })
    expect(row.nickname).toBe(account.username)
    expect(row.sex).toBe(2)
    expect((await edit({ birthday: '' })).body.code).toBe(200)
    expect((await info('user', token)).body.data).toMatchObject({ sex: 2, birthday: null })
  })

  it('an admin has no sex or birthday to edit: refused as unknown fields', async () => {
    const account = (await accounts()).admin
    const token = (await tokensFor('admin', account.username, account.password)).access_token
    const res = await http(app).post('/api/Admin/auth/edit').set(bearer(token)).send({ provider: 'admins', sex: 1, birthday: '1990-01-01' })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.data).sort()).toEqual(['birthday', 'sex'])
  })

  it.each(AREAS)('%s: a new password without the current one is refused with 400; a wrong one changes nothing and counts as a failed login', async (area) => {
    const account = (await accounts())[area]
    const token = (await tokensFor(area, account.username, account.password)).access_token
    const edit = (body: Record<string, unknown>) => http(app).post(`${PREFIX[area]}/auth/edit`).set(bearer(token)).send(body)
    const bare = await edit({ nickname: 'Thief', password: 'Stolen@123' })
    expect(bare.status).toBe(400)
    expect(Object.keys(bare.body.data)).toEqual(['old_password'])
    for (let i = 0; i < MAX_FAILURES; i++) expectRefusal(await edit({ nickname: 'Thief', password: 'Stolen@123', old_password: `guess${i}xx` }), 402, 'msg.passwordErr')
    const row = area === 'admin' ? await app.db.admins.findUniqueOrThrow({ where: { id: account.id } }) : await app.db.users.findUniqueOrThrow({ where: { id: account.id } })
    expect(row.nickname).toBe(account.username)
    expect(await verifyPassword(row.password, account.password)).toBe(true)
    // the failures lock the account's login, and further guesses through this route
    expectRefusal(await loginAs(area, account.username, account.password), 429, 'msg.loginLocked')
    expectRefusal(await edit({ password: 'Stolen@123', old_password: account.password }), 429, 'msg.loginLocked')
    // nickname and avatar need no password
    expect((await edit({ nickname: 'Renamed', avatar: '/uploads/avatar/b.png' })).body.code).toBe(200)
  })

  it('a shopper or seller may prove the change with a code sent to the bound phone; an admin may not', async () => {
    const seller = await createSeller(app, { phone: '13500000011' })
    const storefront = (await tokensFor('user', seller.username, seller.password)).access_token
    const token = (await tokensFor('seller', seller.username, seller.password)).access_token
    // a code of another usage, or for another phone, does not do
    await smsCode('13500000011', 'forget_password')
    const wrongUsage = await http(app).post('/api/Seller/auth/edit').set(bearer(token)).send({ password: 'ByCode@123', code: fake.lastCode('13500000011') })
    expectRefusal(wrongUsage, 402, 'msg.smsCodeErr')
    const code = await smsCode('13500000011', 'edit_user', storefront)
    const res = await http(app).post('/api/Seller/auth/edit').set(bearer(token)).send({ password: 'ByCode@123', code })
    expect(res.body.code, JSON.stringify(res.body)).toBe(200)
    expect((await loginAs('seller', seller.username, 'ByCode@123')).body.code).toBe(200)
    expect((await info('user', storefront)).status).toBe(401)

    const admin = await createAdmin(app)
    const adminToken = (await tokensFor('admin', admin.username, admin.password)).access_token
    const asAdmin = await http(app).post('/api/Admin/auth/edit').set(bearer(adminToken)).send({ password: 'ByCode@123', code })
    expect(asAdmin.status).toBe(400)
    expect(asAdmin.body.data).toHaveProperty('code')
  })

  it('an account without a phone cannot use a code', async () => {
    const shopper = await createUser(app)
    const token = (await tokensFor('user', shopper.username, shopper.password)).access_token
    expectRefusal(await http(app).post('/api/auth/edit').set(bearer(token)).send({ password: 'ByCode@123', code: '123456' }), 402, 'msg.phoneEmpty')
  })

  it('keeps the password when it is sent empty', async () => {
    const shopper = await createUser(app)
    const token = (await tokensFor('user', shopper.username, shopper.password)).access_token
    const res = await http(app).post('/api/auth/edit').set(bearer(token)).type('form').send({ nickname: 'Only name', password: '', old_password: '' })
    expect(res.body.code).toBe(200)
    expect((await loginAs('user', shopper.username, shopper.password)).body.code).toBe(200)
  })
})

describe('POST /api/auth/edit_secure', () => {
  const editSecure = (token: string, body: Record<string, unknown>) => http(app).post('/api/auth/edit_secure').set(bearer(token)).send(body)

  it('sets the pay password with a code sent to the own phone', async () => {
    const shopper = await createUser(app, { phone: '13500000006' })
    const token = (await tokensFor('user', shopper.username, shopper.password)).access_token
    const code = await smsCode('13500000006', 'edit_user', token)
    expect((await editSecure(token, { pay_password: '12345a', code })).status).toBe(400)
    const res = await editSecure(token, { pay_password: '246810', code })
    expect(res.body.code, JSON.stringify(res.body)).toBe(200)
    const row = await app.db.users.findUniqueOrThrow({ where: { id: shopper.id } })
    expect(await verifyPayPassword(app.config.PAY_PASSWORD_KEY, row.pay_password, '246810')).toEqual({ ok: true, upgrade: null })
    expectRefusal(await editSecure(token, { pay_password: '135790', code }), 402, 'msg.smsCodeErr')
  })

  it('sets the pay password with the login password instead, also without a phone; a wrong one counts as a failed login', async () => {
    const shopper = await createUser(app)
    const token = (await tokensFor('user', shopper.username, shopper.password)).access_token
    const none = await editSecure(token, { pay_password: '246810' })
    expect(none.status).toBe(400)
    expect(Object.keys(none.body.data)).toEqual(['code'])
    expectRefusal(await editSecure(token, { pay_password: '246810', code: '123456' }), 402, 'msg.phoneEmpty')
    expectRefusal(await editSecure(token, { pay_password: '246810', password: 'not-mine-1' }), 402, 'msg.passwordErr')
    expect((await app.db.users.findUniqueOrThrow({ where: { id: shopper.id } })).pay_password).toBeNull()
    const res = await editSecure(token, { pay_password: '246810', password: shopper.password })
    expect(res.body.code, JSON.stringify(res.body)).toBe(200)
    expect(await verifyPayPassword(app.config.PAY_PASSWORD_KEY, (await app.db.users.findUniqueOrThrow({ where: { id: shopper.id } })).pay_password, '246810')).toEqual({ ok: true, upgrade: null })
    // the right password cleared the failure before it, as a login does; MAX_FAILURES wrong ones lock the login
    for (let i = 1; i < MAX_FAILURES; i++) expectRefusal(await editSecure(token, { pay_password: '111111', password: `guess${i}xx` }), 402, 'msg.passwordErr')
    expect((await loginAs('user', shopper.username, shopper.password)).body.code).toBe(200)
    for (let i = 0; i < MAX_FAILURES; i++) expectRefusal(await editSecure(token, { pay_password: '111111', password: `guess${i}xx` }), 402, 'msg.passwordErr')
    expectRefusal(await loginAs('user', shopper.username, shopper.password), 429, 'msg.loginLocked')
  })

  it('changes the phone with codes sent to the old and to the new phone; other sessions end', async () => {
    const shopper = await createUser(app, { phone: '13500000007' })
    await createUser(app, { phone: '13500000008' })
    const token = (await tokensFor('user', shopper.username, shopper.password)).access_token
    const other = await tokensFor('user', shopper.username, shopper.password)
    // a code for a phone someone else uses is not even sent; nor a proof code for a phone that is not the account's
    expectRefusal(await http(app).post('/api/sms').set(bearer(token)).send({ phone: '13500000008', name: 'bind_phone' }), 402, 'msg.phoneExists')
    expectRefusal(await http(app).post('/api/sms').set(bearer(token)).send({ phone: '13500000009', name: 'edit_user' }), 402, 'msg.phoneNotOwn')
    expectRefusal(await http(app).post('/api/sms').set(bearer(token)).send({ phone: '13500000008', name: 'edit_user' }), 402, 'msg.phoneNotOwn')
    expect((await http(app).post('/api/sms').send({ phone: '13500000009', name: 'bind_phone' })).status).toBe(401)

    const newCode = await smsCode('13500000009', 'bind_phone', token)
    // the new phone's code alone: a stolen token is not enough
    const alone = await editSecure(token, { phone: '13500000009', code: newCode })
    expect(alone.status).toBe(400)
    expect(Object.keys(alone.body.data)).toEqual(['old_code'])
    const oldCode = await smsCode('13500000007', 'edit_user', token)
    // each code counts only for its own phone and usage
    expectRefusal(await editSecure(token, { phone: '13500000009', code: oldCode, old_code: newCode }), 402, 'msg.smsCodeErr')
    expect((await app.db.users.findUniqueOrThrow({ where: { id: shopper.id } })).phone).toBe('13500000007')

    const res = await editSecure(token, { phone: '13500000009', code: newCode, old_code: oldCode })
    expect(res.body.code, JSON.stringify(res.body)).toBe(200)
    expect((await app.db.users.findUniqueOrThrow({ where: { id: shopper.id } })).phone).toBe('13500000009')
    expect((await info('user', other.access_token)).status).toBe(401)
    expect((await info('user', token)).body.data.phone).toBe('13500000009')
  })

  it('binds a first phone with the new phone’s code only', async () => {
    const shopper = await createUser(app)
    const token = (await tokensFor('user', shopper.username, shopper.password)).access_token
    const code = await smsCode('13500000010', 'bind_phone', token)
    const res = await editSecure(token, { phone: '13500000010', code })
    expect(res.body.code, JSON.stringify(res.body)).toBe(200)
    expect((await app.db.users.findUniqueOrThrow({ where: { id: shopper.id } })).phone).toBe('13500000010')
  })

  it('needs a phone before a pay password can be set with a code', async () => {
    const shopper = await createUser(app)
    const token = (await tokensFor('user', shopper.username, shopper.password)).access_token
    expectRefusal(await editSecure(token, { pay_password: '246810', code: '123456' }), 402, 'msg.phoneEmpty')
  })
})

describe('phone login', () => {
  it('logs a shopper in with a login code', async () => {
    const shopper = await createUser(app, { phone: '13400000010' })
    const code = await smsCode('13400000010', 'login')
    const res = await postLogin({ username: '13400000010', provider: 'users', type: 'phone', code })
    expect(res.body.code, JSON.stringify(res.body)).toBe(200)
    expect((await info('user', res.body.data.access_token)).body.data.id).toBe(shopper.id)
    expectRefusal(await postLogin({ username: '13400000010', provider: 'users', type: 'phone', code }), 402, 'msg.smsCodeErr')
  })
})

describe('token renewal', () => {
  it('sends a fresh access token in the Authorization header when the token nears expiry', async () => {
    const shortLived = await createTestApp({ ACCESS_TOKEN_TTL: 100, TOKEN_RENEW_WINDOW: 200 })
    try {
      const shopper = await createUser(app)
      const login = await http(shortLived).post('/api/login').send({ username: shopper.username, password: shopper.password, provider: 'users' })
      const res = await http(shortLived).post('/api/auth/info').set(bearer(login.body.data.access_token)).send({})
      expect(res.body.code).toBe(200)
      const renewed = res.headers.authorization
      expect(renewed).toMatch(/^Bearer \S+$/)
      const again = await http(shortLived).post('/api/auth/info').set('Authorization', renewed).send({})
      expect(again.body.data.id).toBe(shopper.id)
    } finally {
      await shortLived.close()
    }
    // with the normal window a fresh token is not sent
    const shopper = await createUser(app)
    const token = (await tokensFor('user', shopper.username, shopper.password)).access_token
    expect((await info('user', token)).headers.authorization).toBeUndefined()
  })
})
