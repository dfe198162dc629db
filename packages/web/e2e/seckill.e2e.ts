// A flash sale end to end: the demo seller's sale of one of its goods runs now (saved through the seller's API, as the
// back office saves it); the demo shopper sees its countdown on /seckills and on the goods page, buys through the
// checkout (which says the order takes no promotions), pays by balance, the order holds the flash-sale price, and the
// pool left on both pages is one less.
import { expect, test } from 'vitest'
import type { Locator } from 'playwright-core'
import { decimalToCents, fromCents, toCents } from '@qshop/shared'
import { ACCOUNTS, apiCall, apiToken, dbQuery, loginThroughPage, uniqueName } from './app.ts'
import { newPage } from './browser.ts'

const MINUTE = 60_000
const SALE_PRICE = '1.00'
const POOL = 5

/** The countdown moves: its text changes from what it shows now (waits for that state, not for a time). */
async function ticks(countdown: Locator, prefix: string) {
  const first = (await countdown.textContent())!
  expect(first).toMatch(new RegExp(`^${prefix} \\d+:\\d{2}:\\d{2}$`))
  await expect.poll(() => countdown.textContent()).not.toBe(first)
}

test('a running flash sale: countdown on /seckills and the goods page, bought through the checkout and paid by balance; the pool goes down by one', async () => {
  // A goods of the demo seller without SKUs, dearer than the sale price, with no sale running or coming.
  const [goods] = await dbQuery<{ id: number; goods_name: string; goods_price: string; goods_stock: number }>(
    `SELECT g.id, g.goods_name, g.goods_price, g.goods_stock FROM goods g JOIN stores s ON s.id = g.store_id JOIN users u ON u.id = s.user_id
     WHERE u.username = ? AND g.goods_status = 1 AND g.goods_verify = 1 AND g.goods_stock > ? AND g.goods_price > ?
       AND NOT EXISTS (SELECT 1 FROM goods_skus k WHERE k.goods_id = g.id)
       AND NOT EXISTS (SELECT 1 FROM seckills k WHERE k.goods_id = g.id AND k.end_time > NOW())
     ORDER BY g.goods_price, g.id LIMIT 1`,
    [ACCOUNTS.seller.username, POOL, SALE_PRICE],
  )
  expect(goods).toBeDefined()
  const seller = await apiToken('seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)
  const saved = await apiCall<{ id: number }>('POST', '/api/Seller/seckills', seller, {
    goods_id: goods.id, sku_id: 0, price: SALE_PRICE, stock: POOL, limit_num: 1,
    start_time: new Date(Date.now() - MINUTE).toISOString(), end_time: new Date(Date.now() + 120 * MINUTE).toISOString(),
  })
  expect(saved.code, saved.msg).toBe(200)
  const saleId = saved.data.id

  // The shopper can pay it: a top-up written as the ledger writes one (the row with the balance after it).
  const topUp = fromCents(100_00)
  await dbQuery('UPDATE users SET money = money + ? WHERE username = ?', [topUp, ACCOUNTS.shopper.username])
  await dbQuery(
    `INSERT INTO money_logs (user_id, ename, name, money, after_money, source_type, source_id, idem_key, updated_at)
     SELECT id, 'system', '系统处理', ?, money, 'admin', 0, ?, NOW(3) FROM users WHERE username = ?`,
    [topUp, uniqueName('e2e-topup'), ACCOUNTS.shopper.username],
  )

  const page = await newPage()
  await loginThroughPage(page, 'user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)

  // /seckills, the hour running now: the sale's card with its price, pool and a countdown to its end
  await page.goto('/seckills')
  const card = page.getByTestId('seckill-card').filter({ hasText: goods.goods_name })
  await card.waitFor()
  expect(await card.getByTestId('seckill-price').textContent()).toBe(`¥${SALE_PRICE}`)
  expect(await card.getByTestId('seckill-stock').textContent()).toBe(`剩余 ${POOL} 件`)
  await ticks(card.getByTestId('seckill-countdown'), '距结束')

  // the goods page, opened from the card
  await card.getByRole('link', { name: goods.goods_name }).click()
  await page.waitForURL(`**/goods/${goods.id}`)
  const sale = page.getByTestId('goods-seckill')
  await sale.waitFor()
  expect(await sale.getByTestId('goods-seckill-price').textContent()).toBe(`¥${SALE_PRICE}`)
  expect(await sale.getByTestId('goods-seckill-stock').textContent()).toBe(`剩余 ${POOL} 件`)
  await ticks(sale.getByTestId('goods-seckill-countdown'), '距结束')

  // the checkout: the flash-sale line, which takes no promotions
  await sale.getByTestId('goods-seckill-buy').click()
  await page.waitForURL('**/order/before/**')
  const store = page.getByTestId('checkout-store')
  await store.waitFor()
  expect(await store.getByTestId('store-no-promotions').textContent()).toBe('秒杀订单不参与优惠券、满减和积分抵扣。')
  expect(await store.getByTestId('store-coupon').count()).toBe(0)
  const freight = toCents((await page.getByTestId('checkout-freight').textContent())!.replace(/[^\d.]/g, ''))
  const total = `￥${fromCents(decimalToCents(SALE_PRICE) + freight)}`
  await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe(total)
  await page.getByRole('button', { name: '提交订单' }).click()
  await page.waitForURL('**/order/pay/**')
  await expect.poll(() => page.getByTestId('pay-total').textContent()).toBe(total)
  await page.getByLabel('支付密码').fill('123456')
  await page.getByRole('button', { name: `确认支付 ${total}` }).click()
  await page.waitForURL((url) => url.pathname === '/order/success')

  // the order: paid at the flash-sale price, the difference kept as its flash-sale saving
  const [order] = await dbQuery<{ order_id: number; seckill_money: string; total_price: string }>(
    `SELECT k.order_id, o.seckill_money, o.total_price FROM seckill_orders k JOIN orders o ON o.id = k.order_id
     JOIN users u ON u.id = k.user_id WHERE k.seckill_id = ? AND u.username = ?`,
    [saleId, ACCOUNTS.shopper.username],
  )
  const saving = fromCents(decimalToCents(goods.goods_price) - decimalToCents(SALE_PRICE))
  expect(order).toMatchObject({ seckill_money: saving, total_price: total.slice(1) })
  await page.goto(`/user/order/${order.order_id}`)
  await expect.poll(() => page.getByTestId('money-paid').textContent()).toBe(total)
  expect(await page.getByTestId('money-discount').textContent()).toBe(`-￥${saving}`)

  // one unit less in the pool, on the goods page and on /seckills
  await page.goto(`/goods/${goods.id}`)
  await expect.poll(() => page.getByTestId('goods-seckill-stock').textContent()).toBe(`剩余 ${POOL - 1} 件`)
  await page.goto('/seckills')
  await expect.poll(() => card.getByTestId('seckill-stock').textContent()).toBe(`剩余 ${POOL - 1} 件`)
  expect((await dbQuery<{ stock: number }>('SELECT stock FROM seckills WHERE id = ?', [saleId]))[0].stock).toBe(POOL - 1)
})
