// The storefront on a phone (390 × 844) and on a wide screen (1440): no page scrolls sideways, the header keeps the
// search and the cart, the categories open from the burger, grids reflow, the goods page stacks with its SKU picker
// and buy buttons in reach, the cart fits; each page has its own title. Logging in from "add to cart" and from "buy
// now" on a phone comes back to the goods page with the chosen SKU and quantity and finishes the action.
import { beforeAll, expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { decodeUrlParams } from '../src/utils/base64Params'
import { apiCall, dbQuery, expectToast, submitLogin } from './app.ts'
import { newPage, screenshot } from './browser.ts'

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1440, height: 900 }
const token = `m${Date.now().toString(36)}`
const shopper = { username: `phone_${token}`, password: 'E2e@pass123' }
const PHONE_GOODS = '拾光 X20 5G 智能手机'
let site = ''
let phone: { id: number; sku_id: number }

beforeAll(async () => {
  const common = await apiCall<{ common: { web_name: string } }>('GET', '/api/common')
  site = common.data.common.web_name
  const [row] = await dbQuery<{ id: number; sku_id: number }>(
    "SELECT g.id, s.id AS sku_id FROM goods g JOIN goods_skus s ON s.goods_id = g.id WHERE g.goods_no = 'XH-PH-001' AND s.sku_name = '月光白,256GB'",
  )
  phone = row
  const registered = await apiCall('POST', '/api/register', undefined, { username: shopper.username, password: shopper.password })
  expect(registered.code, registered.msg).toBe(200)
})

/** Nothing on the page is wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.scrollingElement!.scrollWidth, window.innerWidth])
  expect(scrollWidth, `${page.url()} is ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth)
}

/** Whether the element lies within the window's width (it may be below the fold). */
async function expectWithinWidth(locator: Locator, width: number) {
  const box = (await locator.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(width)
}

/** The home page's first slide carries its headline as text (the seed's), whole and inside the slide's box. */
async function expectSlideHeadline(page: Page) {
  const carousel = page.locator('[aria-roledescription="carousel"]')
  const title = carousel.getByText('品质好店 一站购齐', { exact: true })
  await title.waitFor()
  const slide = (await carousel.boundingBox())!
  const text = (await title.boundingBox())!
  expect(text.x).toBeGreaterThan(slide.x)
  expect(text.y).toBeGreaterThan(slide.y)
  expect(text.x + text.width).toBeLessThan(slide.x + slide.width)
  expect(text.y + text.height).toBeLessThan(slide.y + slide.height)
  // not cut short by the two-line limit
  expect(await title.evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth)).toBe(true)
}

const cardTops = (page: Page, n: number) =>
  page.getByTestId('goods-card').evaluateAll((cards, count) => cards.slice(0, count).map((c) => Math.round(c.getBoundingClientRect().top)), n)

const pick = async (page: Page, attr: string, spec: string) => {
  const button = page.getByRole('group', { name: attr }).getByRole('button', { name: spec, exact: true })
  await button.click()
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true')
}

async function setQuantity(page: Page, quantity: number) {
  const input = page.getByRole('textbox', { name: '数量', exact: true })
  await input.fill(String(quantity))
  await input.blur()
}

test('on a phone: home, search, goods and cart fit the screen; add to cart and buy now come back after the login', async () => {
  const page = await newPage({ viewport: PHONE })

  // ---- home: header with search and cart, the categories behind the burger ----
  await page.goto('/')
  await page.getByTestId('goods-card').first().waitFor()
  await expect.poll(() => page.title(), { timeout: 15000 }).toBe(`首页 - ${site}`)
  const search = page.getByRole('search')
  await search.waitFor()
  await page.getByRole('link', { name: '购物车' }).waitFor()
  await expectNoSidewaysScroll(page)
  await expectSlideHeadline(page)
  // Two goods a row.
  const [first, second, third] = await cardTops(page, 3)
  expect(second).toBe(first)
  expect(third).toBeGreaterThan(first)
  await screenshot(page, 'phone-home')
  await page.getByRole('button', { name: '全部商品分类' }).click()
  const drawer = page.getByRole('dialog', { name: '全部商品分类' })
  await drawer.getByText('手机数码', { exact: true }).click()
  await drawer.getByRole('link', { name: '手机通讯' }).click()
  await page.waitForURL('**/s/**')
  await drawer.waitFor({ state: 'hidden' })
  await page.getByTestId('goods-card').filter({ hasText: PHONE_GOODS }).waitFor()
  await expectNoSidewaysScroll(page)

  // ---- search ----
  await search.getByRole('textbox').fill('拾光')
  await search.getByRole('button').click()
  await page.getByText(/共找到 \d+ 件商品/).waitFor()
  await expect.poll(() => page.title(), { timeout: 15000 }).toBe(`商品搜索 - ${site}`)
  await page.getByTestId('goods-card').filter({ hasText: PHONE_GOODS }).waitFor()
  await expectNoSidewaysScroll(page)
  await expectWithinWidth(page.getByRole('toolbar'), PHONE.width)
  await screenshot(page, 'phone-search')

  // ---- goods: the gallery above the purchase panel; logged out, add to cart goes through the login and back ----
  await page.getByTestId('goods-card').filter({ hasText: PHONE_GOODS }).click()
  await page.waitForURL(`**/goods/${phone.id}`)
  const heading = page.getByRole('heading', { name: PHONE_GOODS })
  await heading.waitFor()
  await expect.poll(() => page.title(), { timeout: 15000 }).toBe(`${PHONE_GOODS} - ${site}`)
  const gallery = (await page.getByRole('img', { name: PHONE_GOODS, exact: true }).boundingBox())!
  expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(gallery.y + gallery.height)
  // The main picture fills a square across the screen, with no bands above and below it.
  expect(Math.abs(gallery.height - gallery.width)).toBeLessThan(1)
  expect(gallery.width).toBeGreaterThan(PHONE.width * 0.8)
  await pick(page, '颜色', '月光白')
  await pick(page, '存储', '256GB')
  await expect.poll(() => page.getByTestId('goods-price').innerText()).toBe('￥2299.00')
  await setQuantity(page, 2)
  const addToCart = page.getByRole('button', { name: '加入购物车' })
  await addToCart.scrollIntoViewIfNeeded()
  await addToCart.waitFor()
  await expectWithinWidth(addToCart, PHONE.width)
  await expectWithinWidth(page.getByRole('button', { name: '立即购买' }), PHONE.width)
  await expectNoSidewaysScroll(page)
  await screenshot(page, 'phone-goods')
  await addToCart.click()
  await page.waitForURL((url) => url.pathname === '/login')
  await expectNoSidewaysScroll(page)
  await submitLogin(page, shopper.username, shopper.password)
  await page.waitForURL((url) => url.pathname === `/goods/${phone.id}`)
  await expectToast(page, '已加入购物车')
  const cart = await dbQuery('SELECT c.goods_id, c.sku_id, c.buy_num FROM carts c JOIN users u ON u.id = c.user_id WHERE u.username = ?', [shopper.username])
  expect(cart).toEqual([{ goods_id: phone.id, sku_id: phone.sku_id, buy_num: 2 }])

  // ---- cart: the line as a card, the checkout in reach ----
  await page.getByRole('link', { name: '购物车' }).click()
  await page.waitForURL('**/carts')
  const line = page.getByTestId('cart-line').filter({ hasText: PHONE_GOODS })
  await line.getByText('月光白,256GB').waitFor()
  expect(await line.getByTestId('line-total').textContent()).toBe('￥4598.00')
  await expect.poll(() => page.title(), { timeout: 15000 }).toBe(`购物车 - ${site}`)
  await expectNoSidewaysScroll(page)
  await expectWithinWidth(line.getByRole('button', { name: '增加一件' }), PHONE.width)
  await expectWithinWidth(page.getByRole('button', { name: '去结算' }), PHONE.width)
  await screenshot(page, 'phone-cart')

  // ---- the user centre: the menu as a select ----
  await page.goto('/user/address')
  const menu = page.getByRole('combobox', { name: '个人中心' })
  await menu.waitFor()
  await page.getByRole('navigation', { name: '个人中心' }).waitFor({ state: 'hidden' })
  await expectNoSidewaysScroll(page)
  await menu.selectOption({ label: '收藏 / 关注' })
  await page.waitForURL('**/user/favorites')
  await expectNoSidewaysScroll(page)

  // ---- logged out again: buy now goes through the login to the checkout with the same SKU and quantity ----
  const visitor = await newPage({ viewport: PHONE })
  await visitor.goto(`/goods/${phone.id}`)
  await visitor.getByRole('heading', { name: PHONE_GOODS }).waitFor()
  await pick(visitor, '颜色', '月光白')
  await pick(visitor, '存储', '256GB')
  await setQuantity(visitor, 3)
  await visitor.getByRole('button', { name: '立即购买' }).click()
  await visitor.waitForURL((url) => url.pathname === '/login')
  await submitLogin(visitor, shopper.username, shopper.password)
  await visitor.waitForURL((url) => url.pathname.startsWith('/order/before/'))
  const params = decodeUrlParams(new URL(visitor.url()).pathname.split('/')[3])
  expect(params).toEqual({ order: [{ goods_id: phone.id, sku_id: phone.sku_id, buy_num: 3 }], ifcart: 0 })
  // Going back leads to the goods page, not to the login.
  await visitor.goBack()
  await visitor.waitForURL((url) => url.pathname === `/goods/${phone.id}`)
})

test('on a phone every other storefront and user-centre page fits the screen too', async () => {
  const [{ store_id }] = await dbQuery<{ store_id: number }>("SELECT store_id FROM goods WHERE goods_no = 'XH-PH-001'")
  const visitor = await newPage({ viewport: PHONE })
  for (const [path, ready] of [
    ['/stores', () => visitor.getByRole('link', { name: '星河数码专营店' }).first()],
    [`/store/${store_id}`, () => visitor.getByRole('heading', { name: '星河数码专营店' })],
    ['/login', () => visitor.getByRole('button', { name: '登录', exact: true })],
    ['/register', () => visitor.getByRole('button', { name: '注册', exact: true })],
    ['/store/join', () => visitor.getByRole('heading').first()],
  ] as const) {
    await visitor.goto(path)
    await ready().waitFor()
    await expect.poll(() => visitor.title(), { timeout: 15000 }).toMatch(new RegExp(` - ${site}$`))
    await expectNoSidewaysScroll(visitor)
  }
  await screenshot(visitor, 'phone-store')
  const page = await newPage({ viewport: PHONE })
  await page.goto('/login')
  await submitLogin(page, shopper.username, shopper.password)
  await page.waitForURL((url) => url.pathname !== '/login')
  for (const path of ['/user', '/user/favorites', '/user/safe', '/user/safe/password', '/user/address', '/user/address/form', '/user/orders']) {
    await page.goto(path)
    await page.getByRole('combobox', { name: '个人中心' }).waitFor()
    await expect.poll(() => page.title(), { timeout: 15000 }).toMatch(new RegExp(` - ${site}$`))
    await expectNoSidewaysScroll(page)
  }
})

test('on a wide screen the desktop layout holds: category panel, five goods a row, gallery beside the purchase panel', async () => {
  const page = await newPage({ viewport: DESKTOP })
  await page.goto('/')
  await page.getByTestId('goods-card').first().waitFor()
  await page.getByRole('navigation', { name: '全部商品分类' }).waitFor()
  await page.getByRole('button', { name: '全部商品分类' }).waitFor({ state: 'hidden' })
  const recommended = page.getByRole('region', { name: '精品推荐' })
  const tops = await recommended.getByTestId('goods-card').evaluateAll((cards) => cards.slice(0, 5).map((c) => Math.round(c.getBoundingClientRect().top)))
  expect(new Set(tops).size).toBe(1)
  expect(tops).toHaveLength(5)
  // The site's name shows whole beside the logo, never cut with an ellipsis.
  const name = page.locator('header').getByText(site, { exact: true })
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  await expectNoSidewaysScroll(page)
  await expectSlideHeadline(page)
  await screenshot(page, 'desktop-home')

  await page.goto(`/goods/${phone.id}`)
  const heading = page.getByRole('heading', { name: PHONE_GOODS })
  await heading.waitFor()
  const gallery = (await page.getByRole('img', { name: PHONE_GOODS, exact: true }).boundingBox())!
  const title = (await heading.boundingBox())!
  expect(title.x).toBeGreaterThanOrEqual(gallery.x + gallery.width)
  expect(title.y).toBeLessThan(gallery.y + gallery.height)
  await expectNoSidewaysScroll(page)
  await screenshot(page, 'desktop-goods')
})
