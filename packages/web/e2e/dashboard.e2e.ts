// The dashboards in the browser. The demo shopper pays for an order of the demo seller's store (through the API the
// storefront calls); the seller, logged in, lands on the overview, sees today's sales grown by exactly that order and
// one more order to ship, and the to-do opens the orders to ship with it listed. The admin's sales report, switched to
// the last 7 days, shows the platform's figures for the period the server answered. Other test files' orders share the
// database, so figures are compared with the API's, before and after.
import { expect, test } from 'vitest'
import { decimalToCents, fromCents } from '@qshop/shared'
import type { DashboardOverview, SalesReport } from '@qshop/shared/schemas/dashboard'
import { ACCOUNTS, apiCall, apiToken, demoPaidOrder, loginThroughPage } from './app.ts'
import { newPage } from './browser.ts'

test('the seller lands on the overview: today’s sales include the order just paid, and the to-do opens the orders to ship', async () => {
  const sellerToken = await apiToken('seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)
  const before = (await apiCall<DashboardOverview>('GET', '/api/Seller/dashboard', sellerToken)).data
  const order = await demoPaidOrder()

  const page = await newPage()
  await loginThroughPage(page, 'seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)
  await page.waitForURL((url) => url.pathname === '/Seller/dashboard')
  const today = page.getByRole('group', { name: '今日销售额', exact: true })
  await expect.poll(() => today.innerText(), { timeout: 15000 }).toContain(`¥${fromCents(decimalToCents(before.sales.today) + decimalToCents(order.total_price))}`)
  const toShip = page.getByRole('link', { name: /待发货订单/ })
  await expect.poll(() => toShip.innerText()).toContain(String(before.todo.awaiting_shipment + 1))

  await toShip.click()
  await page.waitForURL((url) => url.pathname === '/Seller/orders/wait')
  await page.getByText(order.order_no).first().waitFor()
})

test('the admin’s sales report over the last 7 days shows the figures the server holds for that period', async () => {
  const page = await newPage()
  await loginThroughPage(page, 'admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  await page.goto('/Admin/dashboard/order')
  const answered = page.getByText(/^统计周期：/)
  const shownPeriod = async () => /(\d{4}-\d{2}-\d{2}) ~ (\d{4}-\d{2}-\d{2})/.exec(await answered.innerText())?.slice(1) ?? []
  const daysOf = ([from, to]: string[]) => (from ? (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 : 0)
  await expect.poll(async () => daysOf(await shownPeriod()), { timeout: 15000 }).toBe(30)

  await page.getByRole('button', { name: '近 7 天', exact: true }).click()
  await expect.poll(async () => daysOf(await shownPeriod())).toBe(7)
  const [from, to] = await shownPeriod()
  const adminToken = await apiToken('admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  const report = (await apiCall<SalesReport>('GET', `/api/Admin/dashboard/order?from=${from}&to=${to}`, adminToken)).data
  expect(report.totals.orders).toBeGreaterThan(0)
  await expect.poll(() => page.getByRole('group', { name: '销售额', exact: true }).innerText()).toContain(`¥${report.totals.sales}`)
  await expect.poll(() => page.getByRole('group', { name: '支付订单', exact: true }).innerText()).toContain(String(report.totals.orders))
  expect(await page.getByRole('row').count()).toBeGreaterThan(1)
})
