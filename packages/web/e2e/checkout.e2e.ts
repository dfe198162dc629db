// Checkout end to end as the demo shopper (balance, pay password 123456, a Beijing address): goods of two stores go
// into the cart and through the confirmation page (two orders, each store's freight shown), are paid by balance with
// the pay password and show up in /user/orders; then a "buy now" order is placed and cancelled from the orders list,
// and the goods page shows its stock back.
import { beforeAll, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { ACCOUNTS, dbQuery, expectToast, loginThroughPage } from './app.ts'
import { newPage } from './browser.ts'

const PAY_PASSWORD = '123456'
let shopperId: number
let shirt: { id: number }
let cardigan: { id: number }
let coffee: { id: number }

const goodsByNo = async (goodsNo: string) => (await dbQuery<{ id: number }>('SELECT id FROM goods WHERE goods_no = ?', [goodsNo]))[0]
const balance = async () => (await dbQuery<{ money: string }>('SELECT money FROM users WHERE id = ?', [shopperId]))[0].money
const goodsStock = async (id: number) => (await dbQuery<{ goods_stock: number }>('SELECT goods_stock FROM goods WHERE id = ?', [id]))[0].goods_stock
const ordersAfter = (id: number) =>
  dbQuery<{ id: number; order_no: string; order_status: number; total_price: string; freight_money: string; remark: string; store_name: string }>(
    `SELECT o.id, o.order_no, o.order_status, o.total_price, o.freight_money, o.remark, s.store_name
     FROM orders o JOIN stores s ON s.id = o.store_id WHERE o.user_id = ? AND o.id > ? ORDER BY o.id`,
    [shopperId, id],
  )
const lastOrderId = async () => (await dbQuery<{ id: number | null }>('SELECT MAX(id) AS id FROM orders'))[0].id ?? 0

beforeAll(async () => {
  ;[{ id: shopperId }] = await dbQuery<{ id: number }>('SELECT id FROM users WHERE username = ?', [ACCOUNTS.shopper.username])
  // The demo shopper's cart holds only what this test puts in it.
  await dbQuery('DELETE FROM carts WHERE user_id = ?', [shopperId])
  shirt = await goodsByNo('QS-TS-001')
  cardigan = await goodsByNo('QH-KN-001')
  coffee = await goodsByNo('QH-CF-001')
})

async function openGoods(page: Page, id: number, name: string) {
  await page.goto(`/goods/${id}`)
  await page.getByRole('heading', { name }).waitFor()
}

async function pick(page: Page, attr: string, value: string) {
  await page.getByRole('group', { name: attr }).getByRole('button', { name: value, exact: true }).click()
}

async function addToCart(page: Page) {
  await page.getByRole('button', { name: '加入购物车' }).click()
  await expectToast(page, '已加入购物车')
}

/** Pays the orders on the payment page with the pay password and waits for the success page. */
async function payByBalance(page: Page, total: string) {
  await page.waitForURL('**/order/pay/**')
  await expect.poll(() => page.getByTestId('pay-total').textContent()).toBe(total)
  await page.getByLabel('支付密码').fill(PAY_PASSWORD)
  await page.getByRole('button', { name: `确认支付 ${total}` }).click()
  await page.waitForURL((url) => url.pathname === '/order/success')
  await page.getByRole('heading', { name: '支付成功' }).waitFor()
}

test('two stores through the cart, confirmation and balance payment into my orders; a buy-now order cancelled gives its stock back', async () => {
  const page = await newPage()
  await loginThroughPage(page, 'user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  const balanceBefore = await balance()
  const firstNew = await lastOrderId()

  // ---- goods of two stores into the cart ----
  await openGoods(page, shirt.id, 'QShop 纯棉圆领短袖T恤')
  await pick(page, '颜色', '红色')
  await pick(page, '尺码', 'L')
  await addToCart(page)
  await openGoods(page, cardigan.id, '青禾 羊毛混纺针织开衫')
  await pick(page, '颜色', '白色')
  await pick(page, '尺码', 'M')
  await addToCart(page)

  await page.goto('/carts')
  await expect.poll(() => page.getByTestId('cart-line').count()).toBe(2)
  await expect.poll(() => page.getByTestId('cart-total').textContent()).toBe('￥258.00')
  await page.getByRole('button', { name: '去结算' }).click()

  // ---- the confirmation: one block per store with its freight, the default address chosen ----
  await page.waitForURL('**/order/before/**')
  const stores = page.getByTestId('checkout-store')
  await expect.poll(() => stores.evaluateAll((blocks) => blocks.map((b) => b.getAttribute('aria-label')).sort())).toEqual(['QShop 旗舰店', '青禾生活馆'])
  const flagship = stores.filter({ hasText: 'QShop 旗舰店' })
  const qinghe = stores.filter({ hasText: '青禾生活馆' })
  expect(await flagship.getByTestId('store-freight').textContent()).toBe('￥10.00')
  expect(await flagship.getByTestId('store-total').textContent()).toBe('￥69.00')
  expect(await qinghe.getByTestId('store-freight').textContent()).toBe('￥8.00')
  expect(await qinghe.getByTestId('store-total').textContent()).toBe('￥207.00')
  expect(await page.getByTestId('checkout-freight').textContent()).toBe('￥18.00')
  expect(await page.getByTestId('checkout-total').textContent()).toBe('￥276.00')
  expect(await page.getByRole('radio', { name: /建国路 1 号/ }).isChecked()).toBe(true)
  await qinghe.getByRole('textbox', { name: '给卖家留言' }).fill('工作日送达')
  await page.getByRole('button', { name: '提交订单' }).click()

  // ---- paid by balance ----
  await payByBalance(page, '￥276.00')
  const placed = await ordersAfter(firstNew)
  expect(placed.map((o) => [o.store_name, o.order_status, o.freight_money, o.total_price, o.remark]).sort()).toEqual([
    ['QShop 旗舰店', 2, '10.00', '69.00', ''],
    ['青禾生活馆', 2, '8.00', '207.00', '工作日送达'],
  ])
  expect(Number(balanceBefore) - Number(await balance())).toBeCloseTo(276, 2)
  expect(await dbQuery('SELECT id FROM carts WHERE user_id = ?', [shopperId])).toEqual([])

  // ---- both in my orders, awaiting shipment ----
  await page.getByRole('link', { name: '查看我的订单' }).click()
  await page.waitForURL((url) => url.pathname === '/user/orders')
  for (const order of placed) {
    const card = page.getByTestId('order').filter({ hasText: order.order_no })
    await expect.poll(() => card.getByTestId('order-status').textContent()).toBe('待发货')
    expect(await card.getByTestId('order-total').textContent()).toBe(`￥${order.total_price}`)
  }
  await page.getByTestId('tab-paid').click()
  await expect.poll(() => page.getByTestId('order').count()).toBeGreaterThanOrEqual(2)
  expect(new URL(page.url()).search).toBe('?status=2')

  // ---- a buy-now order, cancelled from the list: the goods page shows the stock back ----
  const stockBefore = await goodsStock(coffee.id)
  await openGoods(page, coffee.id, '青禾 挂耳咖啡 10 袋')
  await expect.poll(() => page.getByTestId('goods-stock').textContent()).toBe(`库存 ${stockBefore} 件`)
  const quantity = page.getByRole('textbox', { name: '数量', exact: true })
  await quantity.fill('3')
  await quantity.blur()
  await page.getByRole('button', { name: '立即购买' }).click()
  await page.waitForURL('**/order/before/**')
  await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('￥119.70')
  const beforeBuyNow = await lastOrderId()
  await page.getByRole('button', { name: '提交订单' }).click()
  await page.waitForURL('**/order/pay/**')
  const [unpaid] = await ordersAfter(beforeBuyNow)
  expect(unpaid.order_status).toBe(1)
  expect(await goodsStock(coffee.id)).toBe(stockBefore - 3)

  await page.goto('/user/orders?status=1')
  const card = page.getByTestId('order').filter({ hasText: unpaid.order_no })
  await expect.poll(() => card.getByTestId('order-status').textContent()).toBe('待付款')
  await card.getByRole('button', { name: '取消订单' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByText(`订单 ${unpaid.order_no} 取消后不能恢复`).waitFor()
  await dialog.getByRole('button', { name: '取消订单' }).click()
  await expectToast(page, '订单已取消')
  await dialog.waitFor({ state: 'detached' })
  await page.getByTestId('tab-cancelled').click()
  const cancelled = page.getByTestId('order').filter({ hasText: unpaid.order_no })
  await expect.poll(() => cancelled.getByTestId('order-status').textContent()).toBe('已取消')
  expect((await ordersAfter(beforeBuyNow))[0].order_status).toBe(0)
  expect(await goodsStock(coffee.id)).toBe(stockBefore)

  await openGoods(page, coffee.id, '青禾 挂耳咖啡 10 袋')
  await expect.poll(() => page.getByTestId('goods-stock').textContent()).toBe(`库存 ${stockBefore} 件`)

  // ---- the cancelled order's page: its timeline ends with the cancellation ----
  await page.goto(`/user/order/${unpaid.id}`)
  await expect.poll(() => page.getByTestId('order-no').textContent()).toBe(unpaid.order_no)
  await expect.poll(() => page.getByTestId('timeline-step').evaluateAll((steps) => steps.map((s) => s.getAttribute('data-done')))).toEqual(['true', 'true'])
  expect(await page.getByRole('button', { name: '取消订单' }).count()).toBe(0)
})
