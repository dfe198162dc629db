// Settlement end to end: the demo shopper buys from the demo seller's store and pays by balance (through the API the
// storefront calls); the order is then moved to received with its after-sale window over, as the receipt will do it
// (direct column writes until the fulfilment slice is merged). The admin presses "settle now" on the settlements page
// and sees what the run did; the seller's money log shows the settlement credit and the commission debit, and the
// store's balance moved by exactly the difference.
import { beforeAll, expect, test } from 'vitest'
import { decimalToCents, fromCents, percentOf } from '@qshop/shared'
import { ACCOUNTS, apiToken, dbQuery, loginThroughPage } from './app.ts'
import { baseUrl, newPage } from './browser.ts'

const RATE = '5.00'
let orderId: number
let orderNo: string
let total: string
let storeId: number

async function userCall<T>(method: string, path: string, token: string, body: object, key?: string): Promise<{ code: number; msg: string; data: T }> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${token}`, ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify(body),
  })
  return (await response.json()) as { code: number; msg: string; data: T }
}

beforeAll(async () => {
  ;[{ id: storeId }] = await dbQuery<{ id: number }>('SELECT s.id FROM stores s JOIN users u ON u.id = s.user_id WHERE u.username = ?', [ACCOUNTS.seller.username])
  const [goods] = await dbQuery<{ id: number; sku_id: number | null }>(
    `SELECT g.id, (SELECT MIN(k.id) FROM goods_skus k WHERE k.goods_id = g.id AND k.goods_stock > 0) AS sku_id FROM goods g
     WHERE g.store_id = ? AND g.goods_status = 1 AND g.goods_verify = 1 AND g.goods_stock > 0 ORDER BY g.id LIMIT 1`,
    [storeId],
  )
  const [shopper] = await dbQuery<{ id: number }>('SELECT id FROM users WHERE username = ?', [ACCOUNTS.shopper.username])
  const [address] = await dbQuery<{ id: number }>('SELECT id FROM addresses WHERE user_id = ? ORDER BY is_default DESC, id LIMIT 1', [shopper.id])
  const token = await apiToken('user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  const line = { goods_id: goods.id, buy_num: 1, ...(goods.sku_id ? { sku_id: goods.sku_id } : {}) }
  const created = await userCall<{ order_id: number[] }>('POST', '/api/user/order/create', token, { order: [line], address_id: address.id }, `settle-e2e-${Date.now()}`)
  expect(created.code, created.msg).toBe(200)
  ;[orderId] = created.data.order_id
  const paid = await userCall('POST', '/api/user/order/pay', token, { order_id: [orderId], payment_name: 'balance', pay_password: '123456' })
  expect(paid.code, paid.msg).toBe(200)
  // Shipped and received a week ago, its after-sale window over; the platform's rate as if configured at checkout.
  await dbQuery(
    `UPDATE orders SET order_status = 4, delivery_time = NOW() - INTERVAL 8 DAY, receipt_time = NOW() - INTERVAL 8 DAY,
     settle_after = NOW() - INTERVAL 1 DAY, settlement_rate = ? WHERE id = ? AND order_status = 2`,
    [RATE, orderId],
  )
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
