// Grouped config forms: defaults, partial updates, strict validation, masked secrets, cache invalidation.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin } from '../../../test/factories.ts'
import { REPO_ROOT } from '../../app.ts'
import { readConfig, readGroupConfig } from '../../core/configs.ts'
import { permissionRow, tokenFor } from '../rbac/testkit.ts'
import { publicSiteConfig } from './service.ts'
import { rsaPair } from '../../adapters/payment/sandbox/http.ts'

let app: FastifyInstance
let auth: Record<string, string>

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  const root = await createAdmin(app, { is_super: 1 })
  auth = bearer(await tokenFor(app, 'admin', root.id))
})
afterAll(async () => app?.close())

const getGroup = (group: string) => http(app).get(`/api/Admin/configs/${group}`).set(auth)
const putGroup = (group: string, body: object | string) => {
  const req = http(app).put(`/api/Admin/configs/${group}`).set(auth)
  return typeof body === 'string' ? req.type('form').send(body) : req.send(body)
}
const stored = async (name: string) => (await app.db.configs.findUnique({ where: { name } }))?.content ?? null

describe('reading', () => {
  test('the web group answers the seeded string rows, typed', async () => {
    const res = await getGroup('web')
    expect(res.body.code).toBe(200)
    expect(res.body.data).toMatchObject({ web_name: 'QShop 多商户商城', close_status: 0, close_reason: '', logo: '' })
    expect(Object.keys(res.body.data).sort()).toEqual(
      ['close_reason', 'close_status', 'description', 'email', 'icp', 'index_name', 'keyword', 'logo', 'mobile', 'tel', 'time_zone', 'web_name'].sort(),
    )
  })

  test('JSON groups answer every field, with defaults for what is not stored', async () => {
    expect((await getGroup('store')).body.data).toEqual({ goods_verify: false, cash: '0.00', commission_rate: '0.00', cash_min: '1.00', cash_daily_limit: 3, distribution_max: '30.00' })
    await app.db.configs.deleteMany({ where: { name: 'map' } })
    expect((await getGroup('map')).body.data).toEqual({ key: '', jsapi: '', security: '' })
    const pay = (await getGroup('pay')).body.data
    expect(Object.keys(pay)).toEqual(['wechat', 'alipay'])
    expect(pay.wechat).toEqual({
      enabled: false, app_id: '', mch_id: '', api_v3_key: '', mch_serial_no: '', mch_private_key: '', platform_public_key: '',
      platform_public_key_id: '', api_base: 'https://api.mch.weixin.qq.com',
    })
    expect(pay.alipay).toEqual({ enabled: false, app_id: '', app_private_key: '', alipay_public_key: '', gateway: 'https://openapi.alipay.com/gateway.do' })
  })

  test('an unknown group is 404', async () => {
    expect((await getGroup('secrets')).status).toBe(404)
  })

  test('an admin without the permission is refused', async () => {
    const clerk = await createAdmin(app, { is_super: 0 })
    const clerkAuth = bearer(await tokenFor(app, 'admin', clerk.id))
    expect((await http(app).get('/api/Admin/configs/web').set(clerkAuth)).status).toBe(403)

    const role = await app.db.admin_roles.create({ data: { name: 'config reader' } })
    await app.db.admin_to_permissions.create({ data: { role_id: role.id, permission_id: await permissionRow(app, 'admin', 'admin.configs.show') } })
    await app.db.admin_to_roles.create({ data: { admin_id: clerk.id, role_id: role.id } })
    await app.actors.invalidate()
    expect((await http(app).get('/api/Admin/configs/web').set(clerkAuth)).status).toBe(200)
    expect((await http(app).put('/api/Admin/configs/web').set(clerkAuth).send({ web_name: 'x' })).status).toBe(403)
  })
})

describe('updating', () => {
  test('the posted fields are written, the others kept; the new value is read right after (cache dropped)', async () => {
    expect(await readConfig(app, 'web_name')).toBe('QShop 多商户商城') // now cached
    expect(await readConfig(app, 'store')).toMatchObject({ cash: '0' })

    const web = await putGroup('web', { web_name: '新商城', close_status: 1, close_reason: '维护中' })
    expect(web.body.code).toBe(200)
    expect(web.body.data).toMatchObject({ web_name: '新商城', close_status: 1, keyword: '多商户商城,网上购物,品质好店' })
    expect(await stored('web_name')).toBe('新商城')
    expect(await stored('close_status')).toBe('1')
    expect(await readConfig(app, 'web_name')).toBe('新商城')
    expect((await publicSiteConfig(app)).close_reason).toBe('维护中')

    const store = await putGroup('store', { goods_verify: 1, cash: '2.5' })
    expect(store.body.data).toEqual({ goods_verify: true, cash: '2.50', commission_rate: '0.00', cash_min: '1.00', cash_daily_limit: 3, distribution_max: '30.00' })
    expect(await readConfig(app, 'store')).toEqual({ goods_verify: true, cash: '2.50', commission_rate: '0.00', cash_min: '1.00', cash_daily_limit: 3, distribution_max: '30.00' })
  })

  test('a form-encoded body works, sections posted as JSON', async () => {
    const res = await putGroup('oauth', `weixin=${encodeURIComponent(JSON.stringify({ client_id: 'wx123', return_url: 'https://shop.example.com/cb' }))}`)
    expect(res.body.code).toBe(200)
    expect(await readConfig(app, 'oauth')).toMatchObject({
      weixin: { client_id: 'wx123', key: '', return_url: 'https://shop.example.com/cb' },
      weixinweb: { client_id: '' },
    })
  })

  test.each([
    ['web', { web_name: 'ok', favicon: 'x' }, 'favicon'],
    ['store', { cash: '100.01' }, 'cash'],
    ['store', { commission_rate: '-1' }, 'commission_rate'],
    ['store', { cash: '1.234' }, 'cash'],
    ['pay', { wechat: { mch_id: '1', mch_key: 'x' } }, 'wechat.mch_key'],
    ['pay', { wechat: { mch_id: '1', mch_private_key_path: '/cert/key.pem' } }, 'wechat.mch_private_key_path'],
    ['pay', { wechat: { api_v3_key: 'short-key' } }, 'wechat.api_v3_key'],
    ['pay', { wechat: { mch_private_key: 'not a key' } }, 'wechat.mch_private_key'],
    ['pay', { alipay: { gateway: 'ftp://gateway' } }, 'alipay.gateway'],
    ['upload', { driver: 'ftp' }, 'driver'],
    ['web', { web_name: 'x'.repeat(65) }, 'web_name'],
  ])('%s %j is refused with 400 and nothing is written', async (group, body, field) => {
    const before = await app.db.configs.findMany({ orderBy: { id: 'asc' } })
    const res = await putGroup(group, body)
    expect(res.status).toBe(400)
    expect(res.body.data).toHaveProperty([field])
    expect(await app.db.configs.findMany({ orderBy: { id: 'asc' } })).toEqual(before)
  })
})

describe('secrets', () => {
  test('answered masked; a masked or empty value posted back keeps the stored secret; a new value replaces it', async () => {
    const v3 = 'v3key0123456789abcdef0123456789ab'.slice(0, 32)
    const key = rsaPair()
    await putGroup('pay', { wechat: { mch_id: '1900000001', api_v3_key: v3, mch_private_key: key.privateKey, platform_public_key: key.publicKey } })
    expect(JSON.parse((await stored('pay'))!).wechat).toMatchObject({ mch_id: '1900000001', api_v3_key: v3, mch_private_key: key.privateKey })

    const shown = (await getGroup('pay')).body.data.wechat
    // A PEM key shows nothing of itself (its last characters are the same for every key); a public key is not secret.
    expect(shown).toMatchObject({ mch_id: '1900000001', api_v3_key: `******${v3.slice(-4)}`, mch_private_key: '******', platform_public_key: key.publicKey })
    expect(JSON.stringify((await getGroup('pay')).body)).not.toContain(v3)
    expect(JSON.stringify((await getGroup('pay')).body)).not.toContain(key.privateKey.split('\n')[1])

    // the form posts everything back as shown, with one field changed; then with the secrets left empty
    const saved = await putGroup('pay', { wechat: { ...shown, app_id: 'wx01' } })
    expect(saved.body.code).toBe(200)
    expect(saved.body.data.wechat.api_v3_key).toBe(`******${v3.slice(-4)}`)
    await putGroup('pay', { wechat: { ...shown, app_id: 'wx01', api_v3_key: '', mch_private_key: '', mch_serial_no: 'SERIAL1' } })
    const after = (await readConfig<{ wechat: Record<string, string> }>(app, 'pay'))!.wechat
    expect(after).toMatchObject({ api_v3_key: v3, mch_private_key: key.privateKey, app_id: 'wx01', mch_serial_no: 'SERIAL1' })

    const rotated = 'r'.repeat(32)
    await putGroup('pay', { wechat: { api_v3_key: rotated } })
    expect((await readConfig<{ wechat: Record<string, string> }>(app, 'pay'))!.wechat.api_v3_key).toBe(rotated)
  })

  test('a PEM block that is not a key is refused naming its field, in the caller\'s language', async () => {
    const before = await stored('pay')
    const fake = '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n'
    const res = await http(app).put('/api/Admin/configs/pay').set(auth).set('Accept-Language', 'en').send({ alipay: { alipay_public_key: fake } })
    expect(res.status).toBe(400)
    expect(res.body.data).toEqual({ 'alipay.alipay_public_key': 'The key cannot be read (a PEM key is expected).' })
    expect(await stored('pay')).toEqual(before)
  })

  test.each([
    ['upload', { secret: 'oss-secret-abcdefgh1234' }, 'secret'],
    ['sms', { secret: 'sms-secret-abcdefgh1234' }, 'secret'],
    ['map', { security: 'amap-security-abcd1234' }, 'security'],
    ['logistics', { appkey: 'kuaibao-appkey-abcd1234' }, 'appkey'],
  ])('%s: %j is never answered in clear', async (group, body, field) => {
    const res = await putGroup(group, body)
    expect(res.body.code).toBe(200)
    expect(res.body.data[field]).toBe('******1234')
    expect((await getGroup(group)).body.data[field]).toBe('******1234')
  })

  test('oauth keys are masked; short secrets show no characters at all', async () => {
    await putGroup('oauth', { weixinweb: { client_id: 'wxweb', key: 'short' } })
    expect((await getGroup('oauth')).body.data.weixinweb).toEqual({ enabled: false, client_id: 'wxweb', key: '******', return_url: '', open_base: 'https://open.weixin.qq.com', api_base: 'https://api.weixin.qq.com' })
  })

  test('the public site config holds no secret and only the public keys', async () => {
    await putGroup('map', { key: 'amap-web-key', jsapi: 'amap-js-key', security: 'amap-security-abcd1234' })
    await putGroup('web', { tel: '010-0000', email: 'service@example.com' })
    const site = await publicSiteConfig(app)
    expect(site).toEqual({
      web_name: 'QShop 多商户商城',
      logo: '',
      index_name: 'QShop 多商户商城 - 多店铺 一站购',
      keyword: '多商户商城,网上购物,品质好店',
      description: 'QShop 多商户商城：汇聚品质店铺，一站式选购。',
      mobile: '',
      email: 'service@example.com',
      icp: '',
      close_status: 0,
      close_reason: '',
      time_zone: 'Asia/Shanghai',
      amap: { key: 'amap-web-key', jsapi: 'amap-js-key' },
    })
  })
})

describe('the task group', () => {
  const DEFAULTS = { cancel_minutes: 30, confirm_days: 7, settlement_days: 7, after_sale_days: 7, refund_agree_hours: 48, return_ship_days: 7, seckill_cancel_minutes: 5 }

  test('the seed stores the defaults, each duration named with its unit; the form changes them within bounds', async () => {
    expect((await getGroup('task')).body.data).toEqual(DEFAULTS)
    expect((await putGroup('task', 'cancel_minutes=45&refund_agree_hours=24')).body.code).toBe(200)
    expect(JSON.parse((await stored('task'))!)).toEqual({ ...DEFAULTS, cancel_minutes: 45, refund_agree_hours: 24 })
    expect(await readConfig(app, 'task')).toMatchObject({ cancel_minutes: 45 })
    for (const body of [{ cancel_minutes: 0 }, { cancel_minutes: 10081 }, { confirm_days: 1.5 }, { after_sale_days: 'x' }, { cancel: 1 }]) {
      const res = await putGroup('task', body)
      expect([res.status, res.body.code]).toEqual([400, 400])
    }
    expect(JSON.parse((await stored('task'))!)).toMatchObject({ cancel_minutes: 45 })
  })

  test('the services read each change at once: the group with defaults filled in, kept parsed only while unchanged', async () => {
    const first = await readGroupConfig(app, 'task')
    expect(first).toEqual(DEFAULTS)
    expect(await readGroupConfig(app, 'task')).toBe(first)
    expect(Object.isFrozen(first)).toBe(true)
    expect((await putGroup('task', { cancel_minutes: 15 })).body.code).toBe(200)
    expect(await readGroupConfig(app, 'task')).toEqual({ ...DEFAULTS, cancel_minutes: 15 })
  })

  test('the migration converts a row of the old shape: cancel days become minutes, the new periods their defaults', async () => {
    const sql = readFileSync(path.join(REPO_ROOT, 'prisma/migrations/20261124230000_task_config_units/migration.sql'), 'utf8')
    const convert = async (content: string) => {
      await app.db.configs.update({ where: { name: 'task' }, data: { content } })
      await app.db.$executeRawUnsafe(sql)
      return JSON.parse((await stored('task'))!)
    }
    // The keys of the group when that migration was written; later keys are read as their defaults until saved.
    const { return_ship_days: _, seckill_cancel_minutes: _seckill, ...then } = DEFAULTS
    expect(await convert('{"cancel": 1, "confirm": 4, "settlement": 7}')).toEqual({ ...then, cancel_minutes: 1440, confirm_days: 4 })
    expect(await convert('{"cancel": 30, "confirm": "x"}')).toEqual({ ...then, cancel_minutes: 10080 })
    expect(await readGroupConfig(app, 'task')).toMatchObject({ return_ship_days: DEFAULTS.return_ship_days, seckill_cancel_minutes: DEFAULTS.seckill_cancel_minutes })
    // A row of the new shape is left as it is.
    expect(await convert('{"cancel_minutes": 15}')).toEqual({ cancel_minutes: 15 })
  })
})
