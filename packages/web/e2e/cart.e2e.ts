// Addresses and the cart end to end, as a new shopper: "add to cart" while logged out leads through the login and back
// to the goods page, which adds the chosen SKU and quantity; the shopper adds a delivery address with the area
// cascader, adds goods of a second store, sees both stores on /carts with the right totals, changes a quantity and
// removes a line — and the header's cart count follows every step.
import { beforeAll, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { apiCall, dbQuery, expectToast, submitLogin } from './app.ts'
import { newPage } from './browser.ts'

type Seeded = { id: number }

const token = `c${Date.now().toString(36)}`
const shopper = { username: `cart_${token}`, password: 'E2e@pass123' }
const mugName = `E2E 陶瓷茶杯 ${token}`
const mugStore = `E2E 茶器小铺 ${token}`
let shirt: { id: number; sku_id: number }
let mug: Seeded

/** Writes a row straight to the e2e database; answers its id. */
async function insert(sql: string, params: unknown[]): Promise<number> {
  const result = (await dbQuery(sql, params)) as unknown as { insertId: number }
  return result.insertId
}

/** A second approved, open store with one goods without SKUs (the demo seed has one store). */
async function seedSecondStore(): Promise<Seeded> {
  const [{ class_id }] = await dbQuery<{ class_id: number }>("SELECT class_id FROM goods WHERE goods_no = 'QS-TS-001'")
  const owner = await insert("INSERT INTO users (username, password, nickname) VALUES (?, 'no-login', ?)", [`owner_${token}`, `owner_${token}`])
  const store = await insert('INSERT INTO stores (user_id, store_name, store_verify, store_status) VALUES (?, ?, 4, 1)', [owner, mugStore])
  const id = await insert(
    `INSERT INTO goods (store_id, class_id, goods_name, goods_price, goods_market_price, goods_stock, goods_status, goods_verify)
     VALUES (?, ?, ?, '12.50', '15.00', 20, 1, 1)`,
    [store, class_id, mugName],
  )
  return { id }
}

beforeAll(async () => {
  const [row] = await dbQuery<{ id: number; sku_id: number }>(
    "SELECT g.id, s.id AS sku_id FROM goods g JOIN goods_skus s ON s.goods_id = g.id WHERE g.goods_no = 'QS-TS-001' AND s.sku_name = '红色,L'",
  )
  shirt = row
  mug = await seedSecondStore()
  const registered = await apiCall('POST', '/api/register', undefined, { username: shopper.username, password: shopper.password })
  expect(registered.code, registered.msg).toBe(200)
})

const headerCount = (page: Page) => page.getByRole('link', { name: /购物车/ }).locator('.mantine-Badge-label')
const cartRows = () =>
  dbQuery<{ goods_id: number; sku_id: number; buy_num: number }>(
    'SELECT c.goods_id, c.sku_id, c.buy_num FROM carts c JOIN users u ON u.id = c.user_id WHERE u.username = ? ORDER BY c.id',
    [shopper.username],
  )

async function setQuantity(page: Page, quantity: number) {
  const input = page.getByRole('textbox', { name: '数量', exact: true })
  await input.fill(String(quantity))
  await input.blur()
}

test('logged-out add to cart comes back after login; address, two stores in the cart, quantity and removal with the header count following', async () => {
  const page = await newPage()

  // ---- logged out: add to cart leads through the login and comes back to add the same choice ----
  await page.goto(`/goods/${shirt.id}`)
  await page.getByRole('heading', { name: 'QShop 纯棉圆领短袖T恤' }).waitFor()
  await page.getByRole('group', { name: '颜色' }).getByRole('button', { name: '红色', exact: true }).click()
  await page.getByRole('group', { name: '尺码' }).getByRole('button', { name: 'L', exact: true }).click()
  await setQuantity(page, 2)
  await page.getByRole('button', { name: '加入购物车' }).click()
  await page.waitForURL((url) => url.pathname === '/login')
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/goods/${shirt.id}?sku_id=${shirt.sku_id}&buy_num=2&then=cart`)
  expect(await cartRows()).toEqual([])

  await submitLogin(page, shopper.username, shopper.password)
  await page.waitForURL((url) => url.pathname === `/goods/${shirt.id}`)
  await expectToast(page, '已加入购物车')
  await expect.poll(() => headerCount(page).textContent()).toBe('1')
  expect(await cartRows()).toEqual([{ goods_id: shirt.id, sku_id: shirt.sku_id, buy_num: 2 }])
  // The action left the address: the page shows the same choice and a reload adds nothing.
  expect(new URL(page.url()).search).toBe(`?sku_id=${shirt.sku_id}&buy_num=2`)
  expect(await page.getByTestId('goods-price').textContent()).toBe('￥59.00')
  await page.reload()
  await page.getByRole('heading', { name: 'QShop 纯棉圆领短袖T恤' }).waitFor()
  await expect.poll(() => headerCount(page).textContent()).toBe('1')
  expect(await cartRows()).toEqual([{ goods_id: shirt.id, sku_id: shirt.sku_id, buy_num: 2 }])

  // ---- a delivery address through the form with the area cascader ----
  await page.goto('/user/address')
  await page.getByText('您还没有收货地址').waitFor()
  await page.getByRole('link', { name: '新增收货地址' }).first().click()
  await page.waitForURL('**/user/address/form')
  await page.getByRole('textbox', { name: '收货人' }).fill('王小明')
  await page.getByRole('textbox', { name: '手机号码' }).fill('13912345678')
  for (const [level, name] of [['省份', '北京市'], ['城市', '北京市'], ['区县', '朝阳区']]) {
    await page.getByRole('textbox', { name: level }).click()
    await page.getByRole('option', { name, exact: true }).click()
  }
  await page.getByRole('textbox', { name: '详细地址' }).fill('建国路 88 号')
  await page.getByRole('button', { name: '保存' }).click()
  await expectToast(page, '收货地址已保存')
  await page.waitForURL((url) => url.pathname === '/user/address')
  const card = page.getByTestId('address').filter({ hasText: '王小明' })
  await card.getByText('北京市 北京市 朝阳区 建国路 88 号').waitFor()
  await card.getByText('默认').waitFor()
  const [saved] = await dbQuery<{ area_info: string; is_default: number }>(
    'SELECT a.area_info, a.is_default FROM addresses a JOIN users u ON u.id = a.user_id WHERE u.username = ?',
    [shopper.username],
  )
  expect(saved).toEqual({ area_info: '北京市 北京市 朝阳区', is_default: 1 })

  // ---- a goods without SKUs of another store ----
  await page.goto(`/goods/${mug.id}`)
  await page.getByRole('heading', { name: mugName }).waitFor()
  await setQuantity(page, 3)
  await page.getByRole('button', { name: '加入购物车' }).click()
  await expectToast(page, '已加入购物车')
  await expect.poll(() => headerCount(page).textContent()).toBe('2')

  // ---- the cart: grouped by store, totals, a quantity changed, a line removed ----
  await page.getByRole('link', { name: /购物车/ }).click()
  await page.waitForURL('**/carts')
  const stores = page.getByTestId('cart-store')
  await expect.poll(() => stores.evaluateAll((groups) => groups.map((g) => g.getAttribute('aria-label')))).toEqual([mugStore, 'QShop 旗舰店'])
  const shirtLine = page.getByTestId('cart-line').filter({ hasText: 'QShop 纯棉圆领短袖T恤' })
  const mugLine = page.getByTestId('cart-line').filter({ hasText: mugName })
  await shirtLine.getByText('红色,L').waitFor()
  expect(await shirtLine.getByTestId('line-total').textContent()).toBe('￥118.00')
  expect(await mugLine.getByTestId('line-total').textContent()).toBe('￥37.50')
  const total = page.getByTestId('cart-total')
  expect(await total.textContent()).toBe('￥155.50')

  await shirtLine.getByRole('button', { name: '增加一件' }).click()
  await expect.poll(() => shirtLine.getByTestId('line-total').textContent()).toBe('￥177.00')
  await expect.poll(() => total.textContent()).toBe('￥214.50')
  await expect.poll(cartRows).toEqual([
    { goods_id: shirt.id, sku_id: shirt.sku_id, buy_num: 3 },
    { goods_id: mug.id, sku_id: 0, buy_num: 3 },
  ])

  await mugLine.getByRole('button', { name: `删除 ${mugName}` }).click()
  await page.getByRole('dialog').getByText('将删除 1 种商品。').waitFor()
  await page.getByRole('button', { name: '确定' }).click()
  await expectToast(page, '已从购物车删除')
  await mugLine.waitFor({ state: 'detached' })
  await expect.poll(() => stores.count()).toBe(1)
  expect(await total.textContent()).toBe('￥177.00')
  await expect.poll(() => headerCount(page).textContent()).toBe('1')
  expect(await cartRows()).toEqual([{ goods_id: shirt.id, sku_id: shirt.sku_id, buy_num: 3 }])
})
