// Paying by WeChat Pay's QR code against the sandbox (packages/server/src/adapters/payment/sandbox), which runs in this
// process with keys of its own and is configured through the admin's pay form: the demo shopper opens the pay page,
// chooses WeChat Pay, sees the QR code; the sandbox's "scan to pay" page pays and notifies the server; the pay page
// moves on to the success page by itself. The same shopper tops up the balance on /user/money the same way.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ACCOUNTS, apiCall, apiToken, dbQuery, loginThroughPage, uniqueName } from './app.ts'
import { newPage } from './browser.ts'
import { WechatSandbox } from '../../server/src/adapters/payment/sandbox/wechat.ts'
import { orderPayPath } from '../src/storefront/order/orderParams.ts'

const wx = new WechatSandbox()

beforeAll(async () => {
  await wx.start()
  const admin = await apiToken('admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  const saved = await apiCall('PUT', '/api/Admin/configs/pay', admin, { wechat: { enabled: 1, ...wx.config() } })
  expect(saved.code, saved.msg).toBe(200)
})
afterAll(async () => {
  const admin = await apiToken('admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  await apiCall('PUT', '/api/Admin/configs/pay', admin, { wechat: { enabled: 0 } })
  await wx.stop()
})

test('pay by WeChat QR code: the page shows the code and the amount, and moves to success once the sandbox is paid', async () => {
  const token = await apiToken('user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  const [goods] = await dbQuery<{ id: number }>(
    `SELECT g.id FROM goods g JOIN stores s ON s.id = g.store_id JOIN users u ON u.id = s.user_id
     WHERE u.username = ? AND g.goods_status = 1 AND g.goods_verify = 1 AND g.goods_stock > 0
       AND NOT EXISTS (SELECT 1 FROM goods_skus k WHERE k.goods_id = g.id) ORDER BY g.goods_price, g.id LIMIT 1`,
    [ACCOUNTS.seller.username],
  )
  const [address] = await dbQuery<{ id: number }>('SELECT a.id FROM addresses a JOIN users u ON u.id = a.user_id WHERE u.username = ? ORDER BY a.is_default DESC, a.id LIMIT 1', [ACCOUNTS.shopper.username])
  const created = await apiCall<{ order_id: number[] }>('POST', '/api/user/order/create', token, { order: [{ goods_id: goods.id, buy_num: 1 }], address_id: address.id }, { 'Idempotency-Key': uniqueName('order') })
  expect(created.code, created.msg).toBe(200)
  const [orderId] = created.data.order_id
  const [{ total_price: total }] = await dbQuery<{ total_price: string }>('SELECT total_price FROM orders WHERE id = ?', [orderId])

  const page = await newPage()
  await loginThroughPage(page, 'user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  await page.goto(orderPayPath([orderId]))
  await page.getByRole('radio', { name: /微信支付/ }).check()
  await page.getByRole('button', { name: `使用微信支付支付 ￥${total}` }).click()
  await page.getByRole('img', { name: `支付 ￥${total} 的二维码` }).waitFor()
  const [pay] = await dbQuery<{ pay_no: string; pay_status: number }>(
    'SELECT p.pay_no, p.pay_status FROM order_pays p JOIN order_pay_orders x ON x.order_pay_id = p.id WHERE x.order_id = ? ORDER BY p.id DESC LIMIT 1',
    [orderId],
  )
  expect(pay.pay_status).toBe(0)

  // The buyer "scans": the sandbox's page pays and sends the notification to the server.
  const paid = await fetch(`${wx.server.url}/sandbox/wechat/${pay.pay_no}/pay`, { method: 'POST' })
  expect(paid.status).toBe(200)
  await page.waitForURL((url) => url.pathname === '/order/success')
  const [order] = await dbQuery<{ order_status: number; payment_name: string }>('SELECT order_status, payment_name FROM orders WHERE id = ?', [orderId])
  expect(order).toEqual({ order_status: 2, payment_name: 'wechat' })
})

test('a top-up shows in the money log: the QR code in the dialog, paid on the sandbox page, then the new balance and its row', async () => {
  const [before] = await dbQuery<{ money: string }>('SELECT money FROM users WHERE username = ?', [ACCOUNTS.shopper.username])
  const page = await newPage()
  await loginThroughPage(page, 'user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  await page.goto('/user/money')
  await page.getByRole('button', { name: '充值', exact: true }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByTestId('topup-money').fill('25.50')
  await dialog.getByRole('radio', { name: '微信支付' }).check()
  await dialog.getByRole('button', { name: '下一步' }).click()
  await dialog.getByRole('img', { name: '支付 ￥25.50 的二维码' }).waitFor()
  const [pay] = await dbQuery<{ pay_no: string; pay_status: number }>(
    'SELECT p.pay_no, p.pay_status FROM order_pays p JOIN users u ON u.id = p.belong_id WHERE u.username = ? AND p.is_recharge = 1 ORDER BY p.id DESC LIMIT 1',
    [ACCOUNTS.shopper.username],
  )
  expect(pay.pay_status).toBe(0)

  // The buyer "scans": the sandbox's scan page the dialog links to pays and notifies the server.
  const sandbox = await newPage()
  await sandbox.goto((await dialog.getByTestId('pay-sandbox').getAttribute('href'))!)
  await sandbox.getByRole('button', { name: /沙箱支付/ }).click()
  await dialog.getByTestId('topup-paid').waitFor()
  const after = (Number(before.money) + 25.5).toFixed(2)
  await page.getByTestId('account-figure').filter({ hasText: `¥${after}` }).waitFor()
  const row = page.getByTestId('money-log').filter({ hasText: pay.pay_no })
  await row.waitFor()
  expect(await row.textContent()).toContain('+25.50')
  const [credited] = await dbQuery<{ money: string }>('SELECT money FROM users WHERE username = ?', [ACCOUNTS.shopper.username])
  expect(Number(credited.money).toFixed(2)).toBe(after)
})
