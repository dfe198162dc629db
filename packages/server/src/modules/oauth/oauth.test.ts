// WeChat login and linking against the local fake of WeChat's OAuth pages and API (adapters/oauth/fake.ts), configured
// through the admin's oauth form, on the real database and Redis: a new WeChat user gets an account and tokens, a
// second login finds it by the unionid (also from the other app), by the openid when there is no unionid; the state
// is single use and bound to the browser that started the flow; the invite link's inviter is given to new accounts
// only; linking refuses a WeChat user linked elsewhere; unlinking refuses to remove the only way to log in.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { OauthName } from '@qshop/shared/schemas/oauth'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createUser } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { WechatOauthFake } from '../../adapters/oauth/fake.ts'

let app: FastifyInstance
let admin: Record<string, string>
const fake = new WechatOauthFake()

beforeAll(async () => {
  app = await createTestApp()
  await fake.start()
})
afterAll(async () => {
  await fake.stop()
  await app?.close()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  fake.withUnionid = true
  admin = bearer(await tokenFor(app, 'admin', (await createAdmin(app)).id))
  const saved = await http(app)
    .put('/api/Admin/configs/oauth')
    .set(admin)
    .send({ weixinweb: { enabled: 1, ...fake.config('weixinweb') }, weixin: { enabled: 1, ...fake.config('weixin') } })
  expect(saved.body.code, saved.body.msg).toBe(200)
})

type Start = { url: string; state: string; browser_key: string }

async function start(name: OauthName, query: Record<string, string | number> = {}, auth: Record<string, string> = {}): Promise<Start> {
  const res = await http(app).get(`/api/oauth/${name}`).query(query).set(auth)
  expect(res.body.code, res.body.msg).toBe(200)
  return res.body.data
}

const callback = (name: OauthName, body: object, auth: Record<string, string> = {}) => http(app).post(`/api/oauth/callback/${name}`).set(auth).send(body)

/** The whole login of WeChat user `who` in one browser: start, consent on the fake, post what came back. */
async function wechatLogin(who: string, name: OauthName = 'weixinweb', query: Record<string, string | number> = {}) {
  const s = await start(name, query)
  const back = fake.consent(s.url, who)
  expect(back.state).toBe(s.state)
  return callback(name, { code: back.code, state: back.state, browser_key: s.browser_key })
}

async function userOfToken(token: string) {
  const info = await http(app).post('/api/auth/info').set(bearer(token)).send({})
  expect(info.body.code).toBe(200)
  return info.body.data as { id: number; nickname: string; inviter_id: number }
}

test('the login page learns which providers are enabled; a disabled one is refused with a message', async () => {
  expect((await http(app).get('/api/oauth/providers')).body.data).toEqual({ names: ['weixinweb', 'weixin'] })
  await http(app).put('/api/Admin/configs/oauth').set(admin).send({ weixin: { enabled: 0 } })
  expect((await http(app).get('/api/oauth/providers')).body.data).toEqual({ names: ['weixinweb'] })
  const refused = await http(app).get('/api/oauth/weixin').set('Accept-Language', 'en')
  expect(refused.body).toMatchObject({ code: 402, msg: 'This way of logging in is not enabled.' })
})

test('the start answers WeChat’s documented authorization addresses with our return page', async () => {
  const web = new URL((await start('weixinweb')).url)
  expect(web.origin + web.pathname).toBe(`${fake.server.url}/connect/qrconnect`)
  expect(web.hash).toBe('#wechat_redirect')
  expect(web.searchParams.get('appid')).toBe(fake.apps.weixinweb.appid)
  expect(web.searchParams.get('scope')).toBe('snsapi_login')
  expect(web.searchParams.get('redirect_uri')).toMatch(/\/oauth\/callback\/weixinweb$/)
  const mp = new URL((await start('weixin')).url)
  expect(mp.pathname).toBe('/connect/oauth2/authorize')
  expect(mp.searchParams.get('scope')).toBe('snsapi_userinfo')
})

test('a new WeChat user gets an account and tokens; the second login finds it by the unionid, also from the other app', async () => {
  const first = await wechatLogin('alice')
  expect(first.body.code, first.body.msg).toBe(200)
  expect(first.body.data).toMatchObject({ action: 'login', created: true })
  const me = await userOfToken(first.body.data.token.access_token)
  expect(me.nickname).toBe('alice')
  const row = await app.db.users.findUniqueOrThrow({ where: { id: me.id } })
  expect(row.password).toBe('')
  expect(await app.db.oauths.findMany({ where: { belong_id: me.id }, select: { oauth_name: true, openid: true, unionid: true } })).toEqual([
    { oauth_name: 'weixinweb', openid: fake.openid('weixinweb', 'alice'), unionid: fake.unionid('alice') },
  ])

  const again = await wechatLogin('alice')
  expect(again.body.data).toMatchObject({ action: 'login', created: false })
  expect((await userOfToken(again.body.data.token.access_token)).id).toBe(me.id)

  // Inside WeChat (the official account) the openid differs, the unionid is the same person.
  const inside = await wechatLogin('alice', 'weixin')
  expect(inside.body.data.created).toBe(false)
  expect((await userOfToken(inside.body.data.token.access_token)).id).toBe(me.id)
  expect(await app.db.oauths.count({ where: { belong_id: me.id } })).toBe(2)
  expect(await app.db.users.count()).toBe(1)
})

test('without a unionid the account is found by the app’s openid', async () => {
  fake.withUnionid = false
  const first = await wechatLogin('bob')
  const id = (await userOfToken(first.body.data.token.access_token)).id
  expect((await app.db.oauths.findFirstOrThrow({ where: { belong_id: id } })).unionid).toBeNull()
  const again = await wechatLogin('bob')
  expect(again.body.data.created).toBe(false)
  expect((await userOfToken(again.body.data.token.access_token)).id).toBe(id)
})

test('the same first login sent twice at once makes one account', async () => {
  const starts = await Promise.all([start('weixinweb'), start('weixinweb')])
  const answers = await Promise.all(
    starts.map((s) => {
      const back = fake.consent(s.url, 'carol')
      return callback('weixinweb', { code: back.code, state: back.state, browser_key: s.browser_key })
    }),
  )
  expect(answers.map((a) => a.body.code)).toEqual([200, 200])
  expect(await app.db.users.count()).toBe(1)
  expect(await app.db.oauths.count()).toBe(1)
})

describe('the state', () => {
  test('is single use: the same answer posted again is refused, nothing more is written', async () => {
    const s = await start('weixinweb')
    const back = fake.consent(s.url, 'dave')
    const body = { code: back.code, state: back.state, browser_key: s.browser_key }
    expect((await callback('weixinweb', body)).body.code).toBe(200)
    const replay = await callback('weixinweb', body).set('Accept-Language', 'en')
    expect(replay.body).toMatchObject({ code: 402, msg: 'This login request has already been used. Start the WeChat login again.' })
    expect(await app.db.users.count()).toBe(1)
  })

  test('replayed at once, one of ten passes', async () => {
    const s = await start('weixinweb')
    const back = fake.consent(s.url, 'erin')
    const answers = await Promise.all(Array.from({ length: 10 }, () => callback('weixinweb', { code: back.code, state: back.state, browser_key: s.browser_key })))
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1)
  })

  test('from another browser (another browser key) is refused and stays usable by its own browser', async () => {
    const victim = await start('weixinweb')
    const attacker = await start('weixinweb')
    const back = fake.consent(attacker.url, 'mallory')
    // The attacker's code and state, in a browser that did not start the flow.
    const foreign = await callback('weixinweb', { code: back.code, state: back.state, browser_key: victim.browser_key }).set('Accept-Language', 'en')
    expect(foreign.body).toMatchObject({ code: 402, msg: 'This login request was not started in this browser. Start the WeChat login again here.' })
    expect(await app.db.users.count()).toBe(0)
    expect((await callback('weixinweb', { code: back.code, state: back.state, browser_key: attacker.browser_key })).body.code).toBe(200)
  })

  test('unknown or expired is refused; one started for the other provider is refused', async () => {
    const unknown = await callback('weixinweb', { code: 'x', state: 'never-issued', browser_key: 'k' }).set('Accept-Language', 'en')
    expect(unknown.body).toMatchObject({ code: 402, msg: 'The login request has expired. Start the WeChat login again.' })
    const s = await start('weixin')
    const back = fake.consent(s.url, 'frank')
    expect((await callback('weixinweb', { code: back.code, state: back.state, browser_key: s.browser_key })).body.code).toBe(402)
  })
})

test('WeChat’s errcode is shown translated; a cancelled consent says so', async () => {
  fake.failNextExchange = { errcode: 40163, errmsg: 'code been used' }
  const failed = await wechatLogin('gina')
  expect(failed.body).toMatchObject({ code: 402, msg: '微信返回错误（40163）：code been used' })
  // A code WeChat does not know (expired or forged) answers its errcode too.
  const s = await start('weixinweb')
  const forged = await callback('weixinweb', { code: 'forged', state: s.state, browser_key: s.browser_key }).set('Accept-Language', 'en')
  expect(forged.body).toMatchObject({ code: 402, msg: 'WeChat answered an error (40029): invalid code' })
  const denied = await start('weixinweb')
  const answer = await callback('weixinweb', { state: denied.state, browser_key: denied.browser_key }).set('Accept-Language', 'en')
  expect(answer.body).toMatchObject({ code: 402, msg: 'You cancelled the WeChat authorization.' })
  expect(await app.db.users.count()).toBe(0)
})

describe('the invite link', () => {
  test('gives a new account its inviter; an unknown inviter is refused with nothing written', async () => {
    const inviter = await createUser(app)
    const joined = await wechatLogin('hank', 'weixinweb', { inviter_id: inviter.id })
    expect((await userOfToken(joined.body.data.token.access_token)).inviter_id).toBe(inviter.id)
    const unknown = await wechatLogin('ivy', 'weixinweb', { inviter_id: 999999 })
    expect(unknown.body.code).toBe(402)
    expect(await app.db.oauths.count({ where: { nickname: 'ivy' } })).toBe(0)
  })

  test('never moves an existing account: its own downline as inviter makes no loop', async () => {
    const first = await wechatLogin('judy')
    const judy = (await userOfToken(first.body.data.token.access_token)).id
    const below = await createUser(app)
    await app.db.users.update({ where: { id: below.id }, data: { inviter_id: judy } })
    const again = await wechatLogin('judy', 'weixinweb', { inviter_id: below.id })
    expect(again.body.code).toBe(200)
    expect((await app.db.users.findUniqueOrThrow({ where: { id: judy } })).inviter_id).toBe(0)
  })
})

describe('linking on /user/oauth', () => {
  test('a shopper links WeChat, logs in with it, sees it listed and unlinks it', async () => {
    const shopper = await createUser(app)
    const auth = bearer(await tokenFor(app, 'user', shopper.id))
    const s = await start('weixinweb', { bind: 1 }, auth)
    const back = fake.consent(s.url, 'kate')
    const linked = await callback('weixinweb', { code: back.code, state: back.state, browser_key: s.browser_key }, auth)
    expect(linked.body).toMatchObject({ code: 200, data: { action: 'bind' } })
    const login = await wechatLogin('kate')
    expect((await userOfToken(login.body.data.token.access_token)).id).toBe(shopper.id)

    const list = await http(app).get('/api/user/oauths').set(auth)
    expect(list.body.data).toMatchObject({
      has_password: true,
      links: [
        { oauth_name: 'weixinweb', enabled: true, bound: { nickname: 'kate' } },
        { oauth_name: 'weixin', enabled: true, bound: null },
      ],
    })
    expect((await http(app).delete('/api/user/oauths/weixinweb').set(auth)).body.code).toBe(200)
    expect(await app.db.oauths.count({ where: { belong_id: shopper.id } })).toBe(0)
    expect((await http(app).delete('/api/user/oauths/weixinweb').set(auth)).body.code).toBe(404)
  })

  test('a WeChat user linked to another account is refused; the start needs a login; another account cannot finish it', async () => {
    await wechatLogin('leo')
    const shopper = await createUser(app)
    const auth = bearer(await tokenFor(app, 'user', shopper.id))
    const s = await start('weixinweb', { bind: 1 }, auth)
    const back = fake.consent(s.url, 'leo')
    const taken = await callback('weixinweb', { code: back.code, state: back.state, browser_key: s.browser_key }, auth).set('Accept-Language', 'en')
    expect(taken.body).toMatchObject({ code: 402, msg: 'This WeChat account is linked to another account.' })
    expect(await app.db.oauths.count({ where: { belong_id: shopper.id } })).toBe(0)

    expect((await http(app).get('/api/oauth/weixinweb').query({ bind: 1 })).status).toBe(401)
    const other = bearer(await tokenFor(app, 'user', (await createUser(app)).id))
    const s2 = await start('weixinweb', { bind: 1 }, auth)
    const back2 = fake.consent(s2.url, 'mia')
    const wrong = await callback('weixinweb', { code: back2.code, state: back2.state, browser_key: s2.browser_key }, other)
    expect(wrong.body.code).toBe(402)
    expect(await app.db.oauths.count({ where: { nickname: 'mia' } })).toBe(0)
  })

  test('a second WeChat user cannot be linked over the first', async () => {
    const shopper = await createUser(app)
    const auth = bearer(await tokenFor(app, 'user', shopper.id))
    for (const [who, code] of [['nina', 200], ['otto', 402]] as const) {
      const s = await start('weixinweb', { bind: 1 }, auth)
      const back = fake.consent(s.url, who)
      expect((await callback('weixinweb', { code: back.code, state: back.state, browser_key: s.browser_key }, auth)).body.code).toBe(code)
    }
  })

  test('unlinking the only way to log in is refused: an account made by WeChat without password or phone', async () => {
    const login = await wechatLogin('paul')
    const auth = bearer(login.body.data.token.access_token)
    const refused = await http(app).delete('/api/user/oauths/weixinweb').set(auth).set('Accept-Language', 'en')
    expect(refused.body).toMatchObject({ code: 402 })
    expect(refused.body.msg).toMatch(/only way to log in/)
    expect(await app.db.oauths.count()).toBe(1)
    // With the official account linked too, one of the two may go.
    await wechatLogin('paul', 'weixin')
    expect((await http(app).delete('/api/user/oauths/weixinweb').set(auth)).body.code).toBe(200)
    expect((await http(app).delete('/api/user/oauths/weixin').set(auth)).body.code).toBe(402)
  })
})
