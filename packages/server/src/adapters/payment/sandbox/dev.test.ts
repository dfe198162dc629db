// The development sandbox: configures both gateways when no real keys are set (or its own from an earlier start), never
// over a real configuration; its "scan to pay" page is labelled a sandbox.
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestApp, resetDb } from '../../../../test/helpers.ts'
import { readGroupConfig } from '../../../core/configs.ts'
import { gatewayFor, gatewayReady } from '../config.ts'
import { startDevSandbox } from './dev.ts'
import { rsaPair } from './http.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
})
afterAll(async () => app?.close())

test('without keys both gateways point at the sandbox; a later start replaces its own; the scan page says SANDBOX', async () => {
  const first = await startDevSandbox(app)
  expect(first).not.toBeNull()
  const pay = await readGroupConfig(app, 'pay')
  expect([gatewayReady(pay, 'wechat'), gatewayReady(pay, 'alipay')]).toEqual([true, true])
  const wechat = await gatewayFor(app, 'wechat')
  const opened = await wechat!.create({ pay_no: 'PDEV1', subject: 'demo', total_cents: 1990, device: 'web', client_ip: '127.0.0.1', notify_url: 'http://127.0.0.1:1/x', expires_at: new Date(Date.now() + 60_000) })
  const page = new URL(opened.code_url!).searchParams.get('sandbox')!
  const html = await (await fetch(page)).text()
  expect(html).toContain('SANDBOX')
  expect(html).toContain('¥19.90')
  const second = await startDevSandbox(app)
  expect(second).not.toBeNull()
  expect((await readGroupConfig(app, 'pay')).wechat).not.toEqual(pay.wechat)
  await Promise.all([first!.stop(), second!.stop()])
})

test('a real configuration is left alone', async () => {
  const keys = rsaPair()
  const real = { wechat: { enabled: true, app_id: 'wx1', mch_id: '1', api_v3_key: 'k'.repeat(32), mch_serial_no: 'S', mch_private_key: keys.privateKey, platform_public_key: keys.publicKey, platform_public_key_id: 'P', api_base: 'https://api.mch.weixin.qq.com' } }
  await app.db.configs.upsert({ where: { name: 'pay' }, create: { name: 'pay', is_type: 1, content: JSON.stringify(real) }, update: { content: JSON.stringify(real) } })
  await app.redis.del(app.key('config', 'pay'))
  expect(await startDevSandbox(app)).toBeNull()
  expect((await readGroupConfig(app, 'pay')).wechat).toMatchObject({ app_id: 'wx1', api_base: 'https://api.mch.weixin.qq.com' })
})
