// Settlement end to end: the demo shopper buys from the demo seller's store and pays by balance, the seller ships and
// the shopper receives (through the API the pages call); its after-sale window is then moved into the past. The admin
// presses "settle now" on the settlements page and sees what the run did; the seller's money log shows the settlement
// credit and the commission debit, and the store's balance moved by exactly the difference.
import { beforeAll, expect, test } from 'vitest'
import { decimalToCents, fromCents, percentOf } from '@qshop/shared'
import { ACCOUNTS, apiCall, apiToken, dbQuery, demoPaidOrder, loginThroughPage } from './app.ts'
import { newPage } from './browser.ts'

const RATE = '5.00'
let orderId: number
let orderNo: string
let total: string
let storeId: number

beforeAll(async () => {
  ;[{ id: storeId }] = await dbQuery<{ id: number }>('SELECT s.id FROM stores s JOIN users u ON u.id = s.user_id WHERE u.username = ?', [ACCOUNTS.seller.username])
  const order = await demoPaidOrder()
  orderId = order.id
  const sellerToken = await apiToken('seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)
  const shipped = await apiCall('PUT', `/api/Seller/orders/${orderId}/ship`, sellerToken, { delivery_code: 'yt', delivery_no: 'YT2026112502' })
  expect(shipped.code, shipped.msg).toBe(200)
  const received = await apiCall('PUT', `/api/user/order/${orderId}`, order.token, { order_status: 4 })
  expect(received.code, received.msg).toBe(200)
  // The after-sale window has passed since; the platform's rate as if configured at checkout.
  await dbQuery('UPDATE orders SET settle_after = NOW() - INTERVAL 1 DAY, settlement_rate = ? WHERE id = ? AND order_status = 4', [RATE, orderId])
  ;[{ order_no: orderNo, total_price: total }] = await dbQuery<{ order_no: string; total_price: string }>('SELECT order_no, total_price FROM orders WHERE id = ?', [orderId])
})

const storeMoney = async () => (await dbQuery<{ store_money: string }>('SELECT store_money FROM stores WHERE id = ?', [storeId]))[0].store_money

test('the admin settles now; the seller sees the settlement and the commission in the store money log', async () => {
  const commission = fromCents(percentOf(decimalToCents(total), RATE))
  const net = fromCents(decimalToCents(total) - decimalToCents(commission))
  const before = await storeMoney()

  const admin = await newPage()
  await loginThroughPage(admin, 'admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  await admin.goto('/Admin/order_settlements')
  await admin.getByRole('button', { name: '立即结算' }).click()
  const result = admin.getByTestId('settle-result')
  await expect.poll(() => result.textContent()).toMatch(new RegExp(`结算 \\d+ 笔订单`))
  const text = (await result.textContent())!
  expect(text).toContain('结算 1 笔订单')
  expect(text).toContain(`店铺入账 ￥${net}`)
  expect(text).toContain(`平台佣金 ￥${commission}`)
  // The list reloaded with the new settlement: its order number and breakdown.
  const row = admin.getByRole('row').filter({ hasText: orderNo })
  await row.waitFor()
  expect(await row.textContent()).toContain(net)
  // Pressed again: nothing left to settle.
  await admin.getByRole('button', { name: '立即结算' }).click()
  await expect.poll(() => result.textContent()).toBe('没有到期需要结算的订单')

  const seller = await newPage()
  await loginThroughPage(seller, 'seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)
  await seller.goto('/Seller/money_logs')
  const credit = seller.getByRole('row').filter({ hasText: '系统结算' }).filter({ hasText: orderNo })
  const debit = seller.getByRole('row').filter({ hasText: '佣金' }).filter({ hasText: orderNo })
  await credit.waitFor()
  expect(await credit.textContent()).toContain(total)
  expect(await debit.textContent()).toContain(`-${commission}`)
  expect(decimalToCents(await storeMoney()) - decimalToCents(before)).toBe(decimalToCents(net))

  await seller.goto('/Seller/order_settlements')
  const settled = seller.getByRole('row').filter({ hasText: orderNo })
  await settled.waitFor()
  expect(await settled.textContent()).toContain(commission)
})

test("the payments dashboard: today's balance payments in the summary, the order's payment in the list", async () => {
  const [pay] = await dbQuery<{ pay_no: string; total: string }>('SELECT p.pay_no, p.total FROM order_pays p JOIN orders o ON o.order_pay_id = p.id WHERE o.id = ?', [orderId])
  const page = await newPage()
  await loginThroughPage(page, 'admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  await page.goto('/Admin/dashboard/pay')
  const byMethod = page.getByTestId('pay-by-method')
  await byMethod.waitFor()
  expect(await byMethod.textContent()).toContain('余额支付')
  const row = page.getByRole('row').filter({ hasText: pay.pay_no })
  await row.waitFor()
  expect(await row.textContent()).toContain(pay.total)
  expect(await row.textContent()).toContain('已支付')
})
