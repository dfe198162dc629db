// A session the server no longer accepts sends the user back to the login page of its area, with the
// server's message, and the area's stored session cleared.
import { expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { ACCOUNTS, apiToken, expiredCopy, loginThroughPage, openCarriersThroughMenus, storedItem, submitLogin, expectToast } from './app.ts'
import { newPage } from './browser.ts'

const SESSION_EXPIRED = '登录已失效，请重新登录'

const setStored = (page: Page, items: Record<string, string | null>) =>
  page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) {
      if (value === null) localStorage.removeItem(key)
      else localStorage.setItem(key, value)
    }
  }, items)

const pathname = (page: Page) => new URL(page.url()).pathname


test('admin: an expired access token is renewed with the refresh token; without one the page goes to /Admin/login', async () => {
  const page = await newPage()
  await loginThroughPage(page, 'admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  await page.getByText('超级管理员').waitFor()
  const issued = (await storedItem(page, 'admin_token'))!

  // Expired, but the refresh token is still there: the page goes on with a new access token.
  await setStored(page, { admin_token: expiredCopy(issued) })
  await openCarriersThroughMenus(page)
  await page.waitForURL('**/Admin/expresses')
  await page.getByRole('cell', { name: '顺丰', exact: true }).waitFor()
  const renewed = await storedItem(page, 'admin_token')
  expect(renewed).toMatch(/^ey/)
  expect(renewed).not.toBe(issued)

  // Expired and nothing to renew it with: back to the admin login, the session gone.
  await setStored(page, { admin_token: expiredCopy(renewed!), admin_refresh_token: null })
  await page.getByRole('complementary', { name: '侧边菜单' }).getByRole('link', { name: '区域地址', exact: true }).click()
  await page.waitForURL('**/Admin/login')
  await page.getByRole('heading', { name: '平台管理员登录' }).waitFor()
  await expectToast(page, SESSION_EXPIRED)
  expect(await storedItem(page, 'admin_token')).toBeNull()
  expect(await storedItem(page, 'admin_user')).toBeNull()

  // Logging in again works from there.
  await submitLogin(page, ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  await page.waitForURL('**/Admin/dashboard')
  await page.getByText('超级管理员').waitFor()
})

test('seller: a token signed for another area is refused and the page goes to /Seller/login', async () => {
  const page = await newPage()
  await loginThroughPage(page, 'seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)
  await page.locator('header').getByText('演示商家').waitFor()
  const adminToken = await apiToken('admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  await setStored(page, { seller_token: adminToken, seller_refresh_token: null })
  await page.reload()
  await page.waitForURL('**/Seller/login')
  await page.getByRole('heading', { name: '商家登录' }).waitFor()
  await expectToast(page, SESSION_EXPIRED)
  expect(await storedItem(page, 'seller_token')).toBeNull()
})

test('storefront: a broken token sends /user to /login and the header offers login again', async () => {
  const page = await newPage()
  await loginThroughPage(page, 'user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  const accounts = page.getByRole('link', { name: '演示买家' })
  const account = accounts.first() // the header's
  await account.waitFor()
  await setStored(page, { token: 'not-a-token', refresh_token: null })
  await account.click()
  await page.waitForURL((url) => url.pathname === '/login')
  await page.getByRole('heading', { name: '会员登录' }).waitFor()
  await expectToast(page, SESSION_EXPIRED)
  await page.getByRole('link', { name: '登录', exact: true }).first().waitFor()
  expect(await accounts.count()).toBe(0)
  expect(await storedItem(page, 'token')).toBeNull()
  expect(pathname(page)).toBe('/login')
})
