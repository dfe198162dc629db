// Points end to end as the demo shopper (500 points, a Beijing address): the daily sign-in in the user centre, then a
// demo points goods redeemed from the mall through its confirmation page; the order shows in /user/integral_order, and
// the points ledger shows the sign-in and the redemption with their reasons.
import { beforeAll, expect, test } from 'vitest'
import { ACCOUNTS, dbQuery, expectToast, loginThroughPage } from './app.ts'
import { newPage } from './browser.ts'

let shopperId: number
let gift: { id: number; goods_price: number; goods_stock: number }

const integral = async () => (await dbQuery<{ integral: number }>('SELECT integral FROM users WHERE id = ?', [shopperId]))[0].integral

beforeAll(async () => {
  ;[{ id: shopperId }] = await dbQuery<{ id: number }>('SELECT id FROM users WHERE username = ?', [ACCOUNTS.shopper.username])
  ;[gift] = await dbQuery<{ id: number; goods_price: number; goods_stock: number }>('SELECT id, goods_price, goods_stock FROM integral_goods WHERE goods_name = ?', ['礼品卡套装'])
})

test('sign in daily, redeem a points goods, and see the order and the ledger rows', async () => {
  const page = await newPage()
  await loginThroughPage(page, 'user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  const before = await integral()

  // ---- the daily sign-in (the seeded rules: 10 points on the first day) ----
  await page.goto('/user/integral')
  const button = page.getByTestId('sign-in-button')
  await expect.poll(() => button.textContent()).toBe('每日签到')
  await button.click()
  await expectToast(page, '签到成功，获得 10 积分（连续 1 天）')
  await expect.poll(() => button.textContent()).toBe('今日已签到')
  await expect.poll(() => button.isDisabled()).toBe(true)
  await expect.poll(() => page.getByTestId('integral-log-row').filter({ hasText: '每日签到' }).count()).toBe(1)
  expect(await integral()).toBe(before + 10)

  // ---- the mall: the goods, the confirmation, the order ----
  await page.goto('/integral')
  await page.getByRole('heading', { name: '积分商城', level: 2 }).waitFor()
  await page.getByTestId('integral-goods-card').filter({ hasText: '礼品卡套装' }).getByRole('link', { name: '礼品卡套装' }).first().click()
  await page.waitForURL(`**/integral/goods/${gift.id}`)
  await page.getByRole('heading', { name: '礼品卡套装' }).waitFor()
  await page.getByLabel('兑换数量').fill('2')
  await page.getByTestId('integral-redeem').click()
  await page.waitForURL(`**/integral/order/${gift.id}/2`)
  await expect.poll(() => page.getByTestId('integral-total').textContent()).toBe(`共需 ${gift.goods_price * 2} 积分`)
  await expect.poll(() => page.getByTestId('integral-address').count()).toBe(1)
  await page.getByTestId('integral-submit').click()
  await expectToast(page, '兑换成功，等待发货')
  await page.waitForURL('**/user/integral_order')
  const order = page.getByTestId('integral-order').filter({ hasText: '礼品卡套装' })
  await expect.poll(() => order.count()).toBe(1)
  await expect.poll(() => order.textContent()).toContain('待发货')
  expect(await integral()).toBe(before + 10 - gift.goods_price * 2)
  const [stock] = await dbQuery<{ goods_stock: number }>('SELECT goods_stock FROM integral_goods WHERE id = ?', [gift.id])
  expect(stock.goods_stock).toBe(gift.goods_stock - 2)

  // ---- the ledger shows the redemption with its reason ----
  await page.goto('/user/integral')
  const redemption = page.getByTestId('integral-log-row').filter({ hasText: '积分订单' })
  await expect.poll(() => redemption.count()).toBe(1)
  await expect.poll(() => redemption.textContent()).toContain(`-${gift.goods_price * 2}`)
})
