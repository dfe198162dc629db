// Promotions end to end as the demo shopper: a coupon of the demo seller's store is received on a goods page, then two
// of the store's goods go through the confirmation page, which shows the full reduction and the coupon taken off; the
// orders are paid, one line is refunded through the after-sales form (the seller agrees) and exactly that line's paid
// share comes back, in the balance and on the money log.
import { expect, test } from 'vitest'
import { decimalToCents, fromCents, toCents } from '@qshop/shared'
import { ACCOUNTS, apiCall, apiToken, dbQuery, expectToast, loginThroughPage, uniqueName } from './app.ts'
import { newPage } from './browser.ts'

const DAY = 86_400_000
const sqlTime = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ')
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

test('receive a coupon on the goods page, check out with it and a full reduction, refund one line and get its share back', async () => {
  const goods = await dbQuery<{ id: number; goods_name: string; goods_price: string; store_id: number }>(
    `SELECT g.id, g.goods_name, g.goods_price, g.store_id FROM goods g JOIN stores s ON s.id = g.store_id JOIN users u ON u.id = s.user_id
     WHERE u.username = ? AND g.goods_status = 1 AND g.goods_verify = 1 AND g.goods_stock > 5
       AND NOT EXISTS (SELECT 1 FROM goods_skus k WHERE k.goods_id = g.id) ORDER BY g.goods_price, g.id LIMIT 2`,
    [ACCOUNTS.seller.username],
  )
  expect(goods).toHaveLength(2)
  const storeId = goods[0].store_id
  const goodsCents = goods.reduce((n, g) => n + decimalToCents(g.goods_price), 0)
  const name = uniqueName('券').slice(0, 30)
  const window = [sqlTime(new Date(Date.now() - DAY)), sqlTime(new Date(Date.now() + 10 * DAY))]
  // Spend the two goods' price, save 1.00; a coupon of 2.00 with no threshold.
  await dbQuery('INSERT INTO full_reductions (store_id, name, money, use_money, start_time, end_time, updated_at) VALUES (?, ?, ?, ?, ?, ?, NOW(3))', [
    storeId, `满减${name}`, '1.00', fromCents(goodsCents), ...window,
  ])
  await dbQuery("INSERT INTO coupons (store_id, name, money, use_money, stock, limit_num, start_time, end_time, updated_at) VALUES (?, ?, '2.00', '0', 5, 1, ?, ?, NOW(3))", [
    storeId, name, ...window,
  ])

  // The shopper can pay them: a top-up written as the ledger writes one (the row with the balance after it).
  const topUp = decimalToCents(goods[0].goods_price) + decimalToCents(goods[1].goods_price) + 100_00
  await dbQuery('UPDATE users SET money = money + ? WHERE username = ?', [fromCents(topUp), ACCOUNTS.shopper.username])
  await dbQuery(
    `INSERT INTO money_logs (user_id, ename, name, money, after_money, source_type, source_id, idem_key, updated_at)
     SELECT id, 'system', '系统处理', ?, money, 'admin', 0, ?, NOW(3) FROM users WHERE username = ?`,
    [fromCents(topUp), uniqueName('e2e-topup'), ACCOUNTS.shopper.username],
  )

  const page = await newPage()
  await loginThroughPage(page, 'user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  await page.goto(`/goods/${goods[0].id}`)
  const card = page.getByTestId('coupon-card').filter({ hasText: name })
  await card.waitFor()
  await card.getByTestId('coupon-receive').click()
  await expectToast(page, '领取成功')

  await page.goto(`/order/before/${base64url({ order: goods.map((g) => ({ goods_id: g.id, sku_id: 0, buy_num: 1 })), ifcart: 0 })}`)
  const store = page.getByTestId('checkout-store')
  await store.waitFor()
  await expect.poll(() => store.getByTestId('store-full-reduction').textContent()).toBe('-￥1.00')
  await expect.poll(() => store.getByTestId('store-coupon-money').textContent()).toBe('-￥2.00')
  const total = (await page.getByTestId('checkout-total').textContent())!
  await page.getByRole('button', { name: '提交订单' }).click()
  await page.waitForURL('**/order/pay/**')
  await expect.poll(() => page.getByTestId('pay-total').textContent()).toBe(total)
  await page.getByLabel('支付密码').fill('123456')
  await page.getByRole('button', { name: `确认支付 ${total}` }).click()
  await page.waitForURL((url) => url.pathname === '/order/success')

  const [order] = await dbQuery<{ id: number; coupon_id: number; full_reduction_money: string; coupon_money: string }>(
    "SELECT o.id, o.coupon_id, o.full_reduction_money, o.coupon_money FROM orders o JOIN users u ON u.id = o.user_id WHERE u.username = ? ORDER BY o.id DESC LIMIT 1",
    [ACCOUNTS.shopper.username],
  )
  expect(order).toMatchObject({ full_reduction_money: '1.00', coupon_money: '2.00' })
  expect(order.coupon_id).toBeGreaterThan(0)
  const lines = await dbQuery<{ id: number; goods_id: number; total_price: string; discount_money: string }>('SELECT id, goods_id, total_price, discount_money FROM order_goods WHERE order_id = ? ORDER BY id', [order.id])
  expect(lines.reduce((n, l) => n + toCents(l.discount_money), 0)).toBe(300)

  // One line back, through the shopper's after-sales form: its paid share (its total less its share of the savings) is
  // the most the form offers, and exactly that comes back to the balance.
  const share = fromCents(toCents(lines[0].total_price) - toCents(lines[0].discount_money))
  const money = async () => toCents((await dbQuery<{ money: string }>('SELECT money FROM users WHERE username = ?', [ACCOUNTS.shopper.username]))[0].money)
  const before = await money()
  await page.goto(`/user/order/${order.id}`)
  await page.getByTestId('after-sale-button').click()
  const line = page.getByTestId('refund-line').filter({ hasText: goods.find((g) => g.id === lines[0].goods_id)!.goods_name })
  await expect.poll(() => line.textContent()).toContain(`最多 ¥${share}`)
  await line.getByRole('checkbox').check()
  await expect.poll(() => page.getByText(`最多可退 ¥${share}`).count()).toBe(1)
  await page.getByTestId('refund-money').fill(share)
  await page.getByTestId('refund-reason').fill('不想要了')
  await page.getByTestId('refund-submit').click()
  await page.waitForURL(/\/user\/order\/refund\/\d+$/)
  const refundId = Number(new URL(page.url()).pathname.split('/').pop())
  const seller = await apiToken('seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)
  const agreed = await apiCall('PUT', `/api/Seller/refunds/${refundId}/agree`, seller)
  expect(agreed.code, agreed.msg).toBe(200)
  await page.reload()
  await expect.poll(() => page.getByTestId('refund-state').textContent()).toBe('售后处理完成')
  expect(await money()).toBe(before + toCents(share))
  await page.goto('/user/money')
  const refundRow = page.getByTestId('money-log').filter({ hasText: `+${share}` }).filter({ has: page.locator(`a[href="/user/order/${order.id}"]`) })
  await expect.poll(() => refundRow.count()).toBe(1)
  // a partial refund keeps the coupon used
  expect((await dbQuery<{ status: number }>('SELECT status FROM coupon_logs WHERE id = ?', [order.coupon_id]))[0].status).toBe(1)
})
