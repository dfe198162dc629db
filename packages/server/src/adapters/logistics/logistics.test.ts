// The KuaiBao driver against the local fake of its API (which checks the signature), the local demo driver, and the
// tracking route over both: a provider's refusal or outage is a translated 402, never a 500.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createUser } from '../../../test/factories.ts'
import { invalidateConfig } from '../../core/configs.ts'
import { tokenFor } from '../../modules/rbac/testkit.ts'
import { createGoods, leafClasses, sellerWithStore } from '../../modules/catalog/testkit.ts'
import { paidOrders } from '../../modules/orders/testkit.ts'
import { createLogisticsProvider, LogisticsError } from './index.ts'
import { kuaibaoProvider, kuaibaoSign } from './kuaibao.ts'
import { startFakeKuaibao, type FakeKuaibao } from './fakeKuaibao.ts'

const keys = { appId: '100100', appKey: 'k3y-of-the-test' }
let fake: FakeKuaibao

beforeAll(async () => {
  fake = await startFakeKuaibao(keys)
})
beforeEach(() => {
  fake.requests.length = 0
  fake.waybills.clear()
  fake.broken = false
})
afterAll(async () => fake?.close())

const timeline = {
  status: 'delivering',
  events: [
    { time: '2026-11-20 09:00:00', context: '【杭州】已揽收' },
    { time: '2026-11-21 18:30:00', context: '【上海】派件中' },
    { time: '2026-11-21 08:00:00', context: '【上海】到达转运中心' },
  ],
}

describe('KuaiBao driver', () => {
  test('posts a signed express.info.get form and answers the timeline newest first', async () => {
    fake.waybills.set('YT1234567', timeline)
    const provider = kuaibaoProvider({ ...keys, endpoint: fake.url })
    expect(await provider.track({ code: 'yt', number: 'YT1234567', phone: '13800138000' })).toEqual({
      state: 'delivering',
      events: [
        { time: '2026-11-21 18:30:00', text: '【上海】派件中' },
        { time: '2026-11-21 08:00:00', text: '【上海】到达转运中心' },
        { time: '2026-11-20 09:00:00', text: '【杭州】已揽收' },
      ],
    })
    const form = fake.requests[0]
    expect(form).toMatchObject({ app_id: '100100', method: 'express.info.get', sign: kuaibaoSign('100100', 'express.info.get', form.ts, keys.appKey) })
    expect(JSON.parse(form.data)).toEqual({ waybill_no: 'YT1234567', exp_company_code: 'yt', result_sort: '0', phone: '8000' })
    expect(provider.demo).toBe(false)
  })

  test('a number with no record yet is an empty timeline; a wrong key is the provider\'s refusal; an outage is unavailable', async () => {
    expect(await kuaibaoProvider({ ...keys, endpoint: fake.url }).track({ code: 'yt', number: 'UNKNOWN1' })).toEqual({ state: 'none', events: [] })
    const wrongKey = kuaibaoProvider({ ...keys, appKey: 'wrong', endpoint: fake.url })
    await expect(wrongKey.track({ code: 'yt', number: 'YT1234567' })).rejects.toMatchObject({ reason: '签名错误' })
    fake.broken = true
    await expect(kuaibaoProvider({ ...keys, endpoint: fake.url }).track({ code: 'yt', number: 'YT1234567' })).rejects.toEqual(new LogisticsError(null))
    await expect(kuaibaoProvider({ ...keys, endpoint: 'http://127.0.0.1:1/api' }).track({ code: 'yt', number: 'YT1234567' })).rejects.toBeInstanceOf(LogisticsError)
  })

  test('the config chooses the driver: keys → KuaiBao, none → the local demo driver', () => {
    expect(createLogisticsProvider({ appid: 'a', appkey: 'b' }, { shippedAt: new Date() }).demo).toBe(false)
    expect(createLogisticsProvider({ appid: 'a' }, { shippedAt: new Date() }).demo).toBe(true)
    expect(createLogisticsProvider(null, { shippedAt: new Date() }).demo).toBe(true)
  })
})

describe('local demo driver', () => {
  test('derives the timeline from the shipping time: nothing before it, signed after two days', async () => {
    // 08:00 on the site's clock (Asia/Shanghai)
    const shippedAt = new Date('2026-11-20T00:00:00Z')
    const at = (hours: number) => createLogisticsProvider(null, { shippedAt, now: new Date(shippedAt.getTime() + hours * 3_600_000) }).track({ code: 'sf', number: 'SF1' })
    expect(await at(-1)).toEqual({ state: 'none', events: [] })
    expect(await at(0)).toMatchObject({ state: 'collected', events: [{ time: '2026-11-20 08:00:00' }] })
    expect((await at(40)).state).toBe('delivering')
    const done = await at(72)
    expect(done.state).toBe('signed')
    expect(done.events).toHaveLength(5)
    expect(done.events.every((e) => e.text.includes('演示数据') && e.text.includes('Demo'))).toBe(true)
  })
})

describe('the tracking route over the provider', () => {
  let app: FastifyInstance
  let auth: Record<string, string>
  let orderId: number

  beforeAll(async () => {
    app = await createTestApp()
    await resetDb(app, { demo: false, areas: false })
    const leaves = await leafClasses(app)
    const seller = await sellerWithStore(app, leaves)
    const goods = await createGoods(app, seller.storeId, leaves[0].id)
    const shopper = await createUser(app, { pay_password: '123456' })
    auth = bearer(await tokenFor(app, 'user', shopper.id))
    ;[orderId] = await paidOrders(app, shopper.id, [{ goods_id: goods.id, buy_num: 1 }])
    await http(app).put(`/api/Seller/orders/${orderId}/ship`).set(seller.auth).send({ delivery_code: 'yt', delivery_no: 'YT1234567' })
    const content = JSON.stringify({ appid: keys.appId, appkey: keys.appKey, endpoint: fake.url })
    await app.db.configs.upsert({ where: { name: 'logistics' }, create: { name: 'logistics', content, is_type: 1 }, update: { content, is_type: 1 } })
    await invalidateConfig(app, 'logistics')
  })
  afterAll(async () => app?.close())

  const track = () => http(app).get(`/api/user/order/${orderId}/tracking`).set(auth)

  test('answers the provider\'s timeline, not labelled as demo', async () => {
    fake.waybills.set('YT1234567', timeline)
    expect((await track()).body.data).toMatchObject({ delivery_code: 'yt', delivery_no: 'YT1234567', state: 'delivering', demo: false, events: [{ text: '【上海】派件中' }, {}, {}] })
    expect(JSON.parse(fake.requests[0].data)).toMatchObject({ phone: '8000' })
  })

  test('a refusal and an outage are translated 402s', async () => {
    const content = JSON.stringify({ appid: keys.appId, appkey: 'stale-key', endpoint: fake.url })
    await app.db.configs.update({ where: { name: 'logistics' }, data: { content } })
    await invalidateConfig(app, 'logistics')
    const refused = await track().set('Accept-Language', 'en')
    expect([refused.status, refused.body.code, refused.body.msg]).toEqual([200, 402, 'The tracking query failed: 签名错误'])
    fake.broken = true
    const down = await track()
    expect([down.status, down.body.code, down.body.msg]).toEqual([200, 402, '物流查询暂不可用，请稍后再试'])
  })
})
