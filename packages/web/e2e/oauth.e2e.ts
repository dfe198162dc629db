// WeChat login against the local fake of WeChat's OAuth pages (packages/server/src/adapters/oauth/fake.ts), which runs
// in this process with apps of its own and is configured through the admin's oauth form: a visitor following the demo
// shopper's invite link presses "微信登录" on the login page, confirms on the fake's consent page, comes back logged in
// as a new account invited by the shopper.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ACCOUNTS, apiCall, apiToken, dbQuery, uniqueName } from './app.ts'
import { newPage } from './browser.ts'
import { WechatOauthFake } from '../../server/src/adapters/oauth/fake.ts'

const fake = new WechatOauthFake()

beforeAll(async () => {
  await fake.start()
  const admin = await apiToken('admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  const saved = await apiCall('PUT', '/api/Admin/configs/oauth', admin, { weixinweb: { enabled: 1, ...fake.config('weixinweb') } })
  expect(saved.code, saved.msg).toBe(200)
})
afterAll(async () => {
  const admin = await apiToken('admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  await apiCall('PUT', '/api/Admin/configs/oauth', admin, { weixinweb: { enabled: 0 } })
  await fake.stop()
})

test('WeChat login from the login page through the consent page ends logged in, invited by the link’s inviter', async () => {
  const [inviter] = await dbQuery<{ id: number }>('SELECT id FROM users WHERE username = ?', [ACCOUNTS.shopper.username])
  const who = uniqueName('wx').slice(0, 30)
  const page = await newPage({ locale: 'zh-CN' })
  await page.goto(`/login?inviter=${inviter.id}`)
  await page.getByRole('button', { name: '微信登录' }).click()
  await page.waitForURL((url) => url.origin === fake.server.url && url.pathname === '/connect/qrconnect')
  await page.getByLabel(/WeChat user/).fill(who)
  await page.getByRole('button', { name: 'Allow / 确认登录' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/oauth/') && url.pathname !== '/login' && !url.href.startsWith(fake.server.url))
  await page.getByText(`您好，${who}`).first().waitFor()
  const [account] = await dbQuery<{ inviter_id: number; oauth_name: string }>(
    'SELECT u.inviter_id, o.oauth_name FROM users u JOIN oauths o ON o.belong_id = u.id WHERE o.nickname = ?',
    [who],
  )
  expect(account).toEqual({ inviter_id: inviter.id, oauth_name: 'weixinweb' })
})
