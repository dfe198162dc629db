// SMS codes: what is sent, how often, how long a code lives and that it works exactly once; the Aliyun adapter.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { translate, type MessageKey } from '@qshop/shared'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createUser, startFakeAliyunSms, useAliyunSms, type FakeAliyunSms } from '../../../test/factories.ts'
import { aliyunRpcSignature, aliyunSender, percentEncode } from '../../adapters/sms/aliyun.ts'
import { invalidateConfig, readConfig } from '../../core/configs.ts'
import { currentCalendar } from '../../core/siteCalendar.ts'

const credentials = { key: 'LTAI-test-key', secret: 'test-secret-0123456789' }
const PHONE = '13800138000'

let app: FastifyInstance
let fake: FakeAliyunSms

const msg = (key: MessageKey) => translate('zh-cn', key)
const sendSms = (phone: string, name: string, target = app, headers: Record<string, string> = {}) => http(target).post('/api/sms').set(headers).send({ phone, name })
/** A client at another address (the apps trust X-Forwarded-For, as behind nginx). */
const address = (ip: string) => ({ 'X-Forwarded-For': ip })
/** Test apps with their own caps, on the file's database and Redis prefix. */
const appWith = (caps: Parameters<typeof createTestApp>[0]) => createTestApp({ TRUST_PROXY: true, ...caps })
const resetPassword = (code: string, password = 'Reset@123') => http(app).post('/api/forget_password').send({ phone: PHONE, code, password })
/** Seconds to the site's midnight, when the daily caps reset. */
const secondsUntilMidnight = () => currentCalendar().msToNextDay(new Date()) / 1000
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

beforeAll(async () => {
  app = await createTestApp({ TRUST_PROXY: true })
  fake = await startFakeAliyunSms(credentials)
})
afterAll(async () => {
  await fake?.close()
  await app?.close()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  await useAliyunSms(app, fake, credentials)
  fake.sent.length = 0
  fake.rejected.length = 0
})

describe('POST /api/sms', () => {
  it('sends a 6-digit code through the configured template and logs it hashed', async () => {
    await createUser(app, { phone: PHONE })
    const res = await sendSms(PHONE, 'forget_password')
    expect(res.body).toMatchObject({ code: 200, msg: msg('msg.smsSentIfRegistered'), data: null })
    const message = fake.sent.at(-1)!
    expect(message).toMatchObject({ phone: PHONE, template: 'SMS_100002', sign: '青梧商城' })
    expect(message.params.code).toMatch(/^\d{6}$/)
    const log = await app.db.sms_logs.findFirstOrThrow({ where: { phone: PHONE } })
    expect(log).toMatchObject({ name: 'forget_password', status: 1, error_msg: '', used_at: null })
    expect(log.ip).not.toBe('')
    expect(log.code_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(log)).not.toContain(message.params.code)
    expect(log.expires_at.getTime() - log.created_at.getTime()).toBeGreaterThanOrEqual(599_000)
  })

  it('answers the same whether a phone is registered or not; login and password codes go to registered phones only', async () => {
    await createUser(app, { phone: PHONE })
    const STRANGER = '13900139000'
    for (const usage of ['login', 'forget_password']) {
      const registered = await sendSms(PHONE, usage)
      const unknown = await sendSms(STRANGER, usage)
      expect(registered.body).toEqual({ code: 200, msg: msg('msg.smsSentIfRegistered'), data: null })
      expect(unknown.body).toEqual(registered.body)
      // the interval holds for both alike
      expect((await sendSms(PHONE, usage)).body).toEqual({ code: 429, msg: msg('msg.smsFrequent'), data: null })
      expect((await sendSms(STRANGER, usage)).body).toEqual({ code: 429, msg: msg('msg.smsFrequent'), data: null })
    }
    // a register code goes to a registered phone as to any other: the form says the phone is taken at submit
    for (const phone of [PHONE, STRANGER]) expect((await sendSms(phone, 'register')).body).toEqual({ code: 200, msg: msg('msg.smsSent'), data: null })
    expect(fake.sent.map((m) => `${m.phone} ${m.template}`)).toEqual([`${PHONE} SMS_100001`, `${PHONE} SMS_100002`, `${PHONE} SMS_100000`, `${STRANGER} SMS_100000`])
    expect(await app.db.sms_logs.count({ where: { phone: STRANGER } })).toBe(1)
  })

  it('refuses bad input and an edit_user code without a login', async () => {
    await createUser(app, { phone: PHONE })
    expect((await sendSms(PHONE, 'edit_user')).status).toBe(401)
    expect((await sendSms('12345', 'login')).status).toBe(400)
    expect((await sendSms(PHONE, 'pay')).status).toBe(400)
    expect(fake.sent).toHaveLength(0)
  })

  it('refuses a second send to the same phone and usage within the interval (429)', async () => {
    await createUser(app, { phone: PHONE })
    expect((await sendSms(PHONE, 'login')).body.code).toBe(200)
    const again = await sendSms(PHONE, 'login')
    expect(again.status).toBe(429)
    expect(again.body).toMatchObject({ code: 429, msg: msg('msg.smsFrequent') })
    // what is left of the interval (SMS_INTERVAL_SECONDS, 60)
    expect(Number(again.headers['retry-after'])).toBeGreaterThanOrEqual(58)
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60)
    // another usage is another slot
    expect((await sendSms(PHONE, 'forget_password')).body.code).toBe(200)
    expect(fake.sent).toHaveLength(2)
  })

  it('stops at the daily cap per phone (429)', async () => {
    const capped = await appWith({ SMS_DAILY_CAP: 2 })
    try {
      const shopper = await createUser(app, { phone: PHONE })
      expect((await sendSms(PHONE, 'login', capped)).body.code).toBe(200)
      expect((await sendSms(PHONE, 'forget_password', capped, address('198.51.100.1'))).body.code).toBe(200)
      const login = await http(capped).post('/api/login').send({ username: shopper.username, password: shopper.password, provider: 'users' })
      const third = await http(capped).post('/api/sms').set(address('198.51.100.2')).set(bearer(login.body.data.access_token)).send({ phone: PHONE, name: 'edit_user' })
      expect(third.status).toBe(429)
      expect(third.body).toMatchObject({ code: 429, msg: msg('msg.smsDailyCap') })
      // the daily caps free up at the next local midnight
      expect(Math.abs(Number(third.headers['retry-after']) - secondsUntilMidnight())).toBeLessThanOrEqual(2)
      expect(fake.sent).toHaveLength(2)
    } finally {
      await capped.close()
    }
  })

  it("frees the daily cap at the site's midnight (Asia/Shanghai), not at UTC's", async () => {
    const capped = await appWith({ SMS_DAILY_CAP: 1 })
    try {
      await createUser(app, { phone: PHONE })
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(new Date('2026-11-28T15:50:00Z')) // 23:50 in Shanghai
      expect((await sendSms(PHONE, 'login', capped)).body.code).toBe(200)
      vi.setSystemTime(new Date('2026-11-28T15:55:00Z'))
      const refused = await sendSms(PHONE, 'forget_password', capped, address('198.51.100.3'))
      expect(refused.body).toMatchObject({ code: 429, msg: msg('msg.smsDailyCap') })
      expect(Number(refused.headers['retry-after'])).toBe(300)
      vi.setSystemTime(new Date('2026-11-28T16:05:00Z')) // 00:05 the next day in Shanghai, still the 28th in UTC
      expect((await sendSms(PHONE, 'forget_password', capped, address('198.51.100.3'))).body.code).toBe(200)
      expect(fake.sent).toHaveLength(2)
    } finally {
      vi.useRealTimers()
      await capped.close()
    }
  })

  it('caps the codes one address has sent in an hour, to any phones', async () => {
    const ip = address('203.0.113.10')
    const phones = Array.from({ length: 20 }, (_, i) => `1370000${String(i).padStart(4, '0')}`)
    const answers = []
    for (const phone of phones) answers.push((await sendSms(phone, 'register', app, ip)).body)
    expect(answers.slice(0, 10)).toEqual(Array(10).fill({ code: 200, msg: msg('msg.smsSent'), data: null }))
    expect(answers.slice(10)).toEqual(Array(10).fill({ code: 429, msg: msg('msg.smsFrequent'), data: null }))
    // the hourly cap frees up when the clock hour ends
    const refused = await sendSms(phones[19], 'register', app, ip)
    expect(Math.abs(Number(refused.headers['retry-after']) - (3600 - ((Date.now() / 1000) % 3600)))).toBeLessThanOrEqual(2)
    expect(fake.sent.map((m) => m.phone)).toEqual(phones.slice(0, 10))
    // another address is not held back
    expect((await sendSms(phones[15], 'register', app, address('203.0.113.11'))).body.code).toBe(200)
  })

  it('caps the codes one address has sent in a day and one logged-in account in a day', async () => {
    const capped = await appWith({ SMS_IP_DAILY_CAP: 2, SMS_CALLER_DAILY_CAP: 2 })
    try {
      const ip = address('203.0.113.20')
      expect((await sendSms('13600000001', 'register', capped, ip)).body.code).toBe(200)
      expect((await sendSms('13600000002', 'register', capped, ip)).body.code).toBe(200)
      expect((await sendSms('13600000003', 'register', capped, ip)).body).toMatchObject({ code: 429, msg: msg('msg.smsDailyCap') })

      const shopper = await createUser(app, { phone: '13600000010' })
      const login = await http(capped).post('/api/login').send({ username: shopper.username, password: shopper.password, provider: 'users' })
      const asShopper = (phone: string, ip: string) =>
        http(capped).post('/api/sms').set(address(ip)).set(bearer(login.body.data.access_token)).send({ phone, name: 'bind_phone' })
      expect((await asShopper('13600000011', '203.0.113.21')).body.code).toBe(200)
      expect((await asShopper('13600000012', '203.0.113.22')).body.code).toBe(200)
      expect((await asShopper('13600000013', '203.0.113.23')).body).toMatchObject({ code: 429, msg: msg('msg.smsDailyCap') })
      expect(fake.sent).toHaveLength(4)
    } finally {
      await capped.close()
    }
  })

  it('a stranger at one address cannot use up the daily codes of a victim’s phone', async () => {
    const capped = await appWith({ SMS_PHONE_IP_DAILY_CAP: 2, SMS_DAILY_CAP: 3 })
    try {
      await createUser(app, { phone: PHONE })
      const stranger = address('203.0.113.30')
      expect((await sendSms(PHONE, 'register', capped, stranger)).body.code).toBe(200)
      expect((await sendSms(PHONE, 'login', capped, stranger)).body.code).toBe(200)
      // refused sends use nothing up, however often they are tried
      for (let i = 0; i < 5; i++) expect((await sendSms(PHONE, 'forget_password', capped, stranger)).body).toMatchObject({ code: 429, msg: msg('msg.smsDailyCap') })
      expect((await sendSms(PHONE, 'forget_password', capped, address('198.51.100.40'))).body.code).toBe(200)
      expect(fake.sent.map((m) => m.template)).toEqual(['SMS_100000', 'SMS_100001', 'SMS_100002'])
    } finally {
      await capped.close()
    }
  })

  it('records a failed send with its error and lets the user retry at once', async () => {
    await createUser(app, { phone: PHONE })
    await useAliyunSms(app, fake, { key: credentials.key, secret: 'not-the-right-secret' })
    const res = await sendSms(PHONE, 'login')
    expect(res.body).toMatchObject({ code: 402, msg: msg('msg.smsFailed') })
    expect(fake.rejected).toContain('SignatureDoesNotMatch')
    const log = await app.db.sms_logs.findFirstOrThrow({ where: { phone: PHONE } })
    expect(log.status).toBe(0)
    expect(log.error_msg).toContain('SignatureDoesNotMatch')

    await useAliyunSms(app, fake, credentials)
    expect((await sendSms(PHONE, 'login')).body.code).toBe(200)
  })

  it('uses the log driver when the config asks for it or none exists', async () => {
    await createUser(app, { phone: PHONE })
    await app.db.configs.update({ where: { name: 'sms' }, data: { content: JSON.stringify({ driver: 'log', key: 'k', secret: 's' }) } })
    await invalidateConfig(app, 'sms')
    expect((await sendSms(PHONE, 'login')).body.code).toBe(200)
    await app.db.configs.deleteMany({ where: { name: 'sms' } })
    await invalidateConfig(app, 'sms')
    expect((await sendSms(PHONE, 'forget_password')).body.code).toBe(200)
    expect(fake.sent).toHaveLength(0)
    expect(await app.db.sms_logs.count({ where: { phone: PHONE, status: 1 } })).toBe(2)
  })
})

describe('verifying a code', () => {
  beforeEach(async () => {
    await createUser(app, { phone: PHONE })
  })
  /** Sends a password code, as if the interval since the previous one had passed, and answers it. */
  async function sendCode() {
    await app.redis.del(app.key('sms', 'interval', PHONE, 'forget_password'))
    expect((await sendSms(PHONE, 'forget_password')).body.code).toBe(200)
    return fake.lastCode(PHONE)
  }

  it('works once; a wrong code does not use it up', async () => {
    await sendSms(PHONE, 'forget_password')
    const code = fake.lastCode(PHONE)
    expect((await resetPassword(otherCode(code))).body).toMatchObject({ code: 402, msg: msg('msg.smsCodeErr') })
    expect((await resetPassword(code)).body.code).toBe(200)
    expect((await resetPassword(code)).body).toMatchObject({ code: 402, msg: msg('msg.smsCodeErr') })
    expect((await app.db.sms_logs.findFirstOrThrow({ where: { phone: PHONE } })).used_at).toBeInstanceOf(Date)
  })

  it('is bound to its usage', async () => {
    await sendSms(PHONE, 'login')
    const code = fake.lastCode(PHONE)
    expect((await resetPassword(code)).body.code).toBe(402)
  })

  it('refuses an expired code', async () => {
    await sendSms(PHONE, 'forget_password')
    await app.db.sms_logs.updateMany({ data: { expires_at: new Date(Date.now() - 1000) } })
    expect((await resetPassword(fake.lastCode(PHONE))).body).toMatchObject({ code: 402, msg: msg('msg.smsCodeErr') })
  })

  it('gives up a code after 5 wrong guesses', async () => {
    await sendSms(PHONE, 'forget_password')
    const code = fake.lastCode(PHONE)
    for (let i = 0; i < 5; i++) expect((await resetPassword(otherCode(code))).body.code).toBe(402)
    expect((await resetPassword(code)).body).toMatchObject({ code: 402, msg: msg('msg.smsCodeErr') })
  })

  it('lets only one of two concurrent uses through', async () => {
    await sendSms(PHONE, 'forget_password')
    const code = fake.lastCode(PHONE)
    const answers = await Promise.all([resetPassword(code, 'First@123'), resetPassword(code, 'Second@123'), resetPassword(code, 'Third@123')])
    expect(answers.map((r) => r.body.code).sort()).toEqual([200, 402, 402])
  })

  it('only the latest code of a usage counts', async () => {
    const codes = [await sendCode()]
    // A new code may, once in a million, equal the previous one: then ask for another.
    while (codes.length < 2 || codes.at(-1) === codes[0]) codes.push(await sendCode())
    expect((await resetPassword(codes[0])).body).toMatchObject({ code: 402, msg: msg('msg.smsCodeErr') })
    expect((await resetPassword(codes.at(-1)!)).body.code).toBe(200)
  })
})

describe('Aliyun SendSms adapter', () => {
  it('signs like Aliyun’s published example', () => {
    const params = {
      AccessKeyId: 'testId', Action: 'SendSms', Format: 'XML', OutId: '123', PhoneNumbers: '15300000001', RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用', SignatureMethod: 'HMAC-SHA1', SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0', TemplateCode: 'SMS_71390007', TemplateParam: '{"customer":"test"}', Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    }
    expect(aliyunRpcSignature('GET', params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=')
    expect(percentEncode("a b*c~d+e!'()")).toBe('a%20b%2Ac~d%2Be%21%27%28%29')
  })

  it('sends a signed request the fake accepts and reports refusals', async () => {
    const ok = aliyunSender({ ...credentials, endpoint: fake.url })
    expect(await ok.send({ phone: PHONE, template: 'SMS_1', sign: 'My Shop (test)*', params: { code: '012345' } })).toEqual({ ok: true })
    expect(fake.sent.at(-1)).toEqual({ phone: PHONE, template: 'SMS_1', sign: 'My Shop (test)*', params: { code: '012345' } })

    const badKey = aliyunSender({ key: 'other', secret: credentials.secret, endpoint: fake.url })
    expect(await badKey.send({ phone: PHONE, template: 'SMS_1', sign: 'S', params: {} })).toMatchObject({ ok: false })
    const noTemplate = aliyunSender({ ...credentials, endpoint: fake.url })
    expect(await noTemplate.send({ phone: PHONE, template: '', sign: 'S', params: {} })).toMatchObject({ ok: false })
    const down = aliyunSender({ ...credentials, endpoint: 'http://127.0.0.1:1/' })
    expect(await down.send({ phone: PHONE, template: 'SMS_1', sign: 'S', params: {} })).toMatchObject({ ok: false })
  })
})

describe('readConfig', () => {
  it('parses JSON configs, caches them and reads again after invalidation', async () => {
    await app.db.configs.create({ data: { name: 'test_json', content: '{"cancel":1}', is_type: 1 } })
    await app.db.configs.create({ data: { name: 'test_text', content: 'Shop', is_type: 0 } })
    expect(await readConfig(app, 'test_json')).toEqual({ cancel: 1 })
    expect(await readConfig(app, 'test_text')).toBe('Shop')
    expect(await readConfig(app, 'test_missing')).toBeNull()
    await app.db.configs.update({ where: { name: 'test_json' }, data: { content: '{"cancel":2}' } })
    expect(await readConfig(app, 'test_json')).toEqual({ cancel: 1 })
    await invalidateConfig(app, 'test_json')
    expect(await readConfig(app, 'test_json')).toEqual({ cancel: 2 })
  })
})
