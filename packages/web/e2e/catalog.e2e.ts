// The catalog end to end: with the platform's goods review on, the seller creates a goods with two attributes
// (颜色 × 尺码 → four SKUs of their own prices and stocks) through the goods form; it stays off the storefront until
// the admin approves it in the goods review; then a shopper finds it by keyword, opens it, picks a SKU and sees that
// SKU's price and stock.
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { ACCOUNTS, apiCall, apiToken, dbQuery, expectToast, loginThroughPage, png } from './app.ts'
import { newPage, screenshot } from './browser.ts'

const STOREFRONT_WAIT_MS = 20 * 60_000
const STOREFRONT_POLL_MS = 60_000

const SKUS = [
  { color: '红色', size: 'M', price: '101.00', stock: 11 },
  { color: '红色', size: 'L', price: '102.50', stock: 12 },
  { color: '黑色', size: 'M', price: '103.00', stock: 13 },
  { color: '黑色', size: 'L', price: '104.90', stock: 14 },
]

let adminToken = ''

async function setGoodsReview(on: boolean) {
  const answer = await apiCall('PUT', '/api/Admin/configs/store', adminToken, { goods_verify: on ? 1 : 0 })
  expect(answer.code, answer.msg).toBe(200)
}

beforeAll(async () => {
  adminToken = await apiToken('admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  await setGoodsReview(true)
})
afterAll(async () => {
  if (adminToken) await setGoodsReview(false)
})

/** Picks an option of a Mantine select (or an open multi-select) by its text. */
async function choose(page: Page, input: Locator, option: string) {
  await input.click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** Whether the storefront's search and goods pages are served (they are built beside this suite). */
async function storefrontReady(page: Page): Promise<boolean> {
  await page.goto('/s')
  const shown = (locator: Locator) => locator.waitFor({ timeout: 20_000 }).then(() => true, () => false)
  return (await shown(page.getByRole('search'))) && (await shown(page.getByText(/共找到 \d+ 件商品|没有找到符合条件的商品/).first()))
}

async function waitForStorefront(page: Page) {
  const until = Date.now() + STOREFRONT_WAIT_MS
  while (!(await storefrontReady(page))) {
    if (Date.now() > until) throw new Error('the storefront search page did not become ready')
    await page.waitForTimeout(STOREFRONT_POLL_MS)
  }
}

test('a seller creates goods with four SKUs, the admin approves it, a shopper picks a SKU and sees its price and stock', { timeout: STOREFRONT_WAIT_MS + 180_000 }, async () => {
  const token = `qa${Date.now().toString(36)}`
  const name = `条纹T恤 ${token}`

  // ---- the seller: the goods form ----
  const seller = await newPage()
  await loginThroughPage(seller, 'seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)
  await seller.goto('/Seller/goods')
  await seller.getByRole('heading', { name: '商品管理' }).waitFor()
  await seller.getByRole('button', { name: '添加', exact: true }).click()
  await seller.waitForURL('**/Seller/goods/form')
  // The list (whose filter is also labelled 商品名称) stays on screen until the form's chunk and references load.
  await seller.getByRole('button', { name: '保存商品' }).waitFor()

  await seller.getByLabel('商品名称').fill(name)
  await seller.getByLabel('副标题').fill('纯棉 四个规格')
  await seller.getByLabel('商品货号').fill(token)
  await choose(seller, seller.getByRole('textbox', { name: '品牌', exact: true }), 'QShop 自营')
  const classLevels = seller.locator('[data-field="class_id"] input:not([type="hidden"])')
  for (const [depth, category] of ['服装', '男装', 'T恤'].entries()) await choose(seller, classLevels.nth(depth), category)

  await seller.locator('[data-field="goods_master_image"] input[type="file"]').setInputFiles({ name: 'main.png', mimeType: 'image/png', buffer: png(32, [200, 40, 40]) })
  await seller.locator('[data-field="goods_master_image"] img').waitFor()
  await seller.locator('[data-field="goods_images"] input[type="file"]').setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: png(32, [40, 40, 200]) },
    { name: 'b.png', mimeType: 'image/png', buffer: png(32, [40, 200, 40]) },
  ])
  await expect.poll(() => seller.locator('[data-field="goods_images"] img').count()).toBe(2)
  await seller.getByLabel('重量(kg)').fill('0.30')

  // Attributes and their specs → the four combinations.
  const attrs = seller.getByRole('textbox', { name: '规格属性' })
  await attrs.click()
  await seller.getByRole('option', { name: '颜色', exact: true }).click()
  await seller.getByRole('option', { name: '尺码', exact: true }).click()
  await seller.keyboard.press('Escape')
  for (const spec of ['红色', '黑色']) await seller.getByRole('group', { name: '颜色' }).getByLabel(spec, { exact: true }).check()
  for (const spec of ['M', 'L']) await seller.getByRole('group', { name: '尺码' }).getByLabel(spec, { exact: true }).check()
  const cell = (sku: (typeof SKUS)[number], column: string) => seller.getByLabel(`${sku.color} / ${sku.size} ${column}`, { exact: true })
  await expect.poll(() => seller.getByLabel(/^\S+ \/ \S+ 价格$/).count()).toBe(4)

  // Bulk fill the market price, then each SKU's own price and stock.
  await seller.getByLabel('批量市场价', { exact: true }).fill('199.00')
  await seller.getByRole('button', { name: '填充', exact: true }).click()
  for (const sku of SKUS) {
    expect(await cell(sku, '市场价').inputValue()).toBe('199.00')
    await cell(sku, '价格').fill(sku.price)
    await cell(sku, '库存').fill(String(sku.stock))
  }
  // The goods' stock is the sum of its SKUs'.
  await expect.poll(() => seller.getByRole('textbox', { name: '库存', exact: true }).inputValue()).toBe('50')

  const editor = seller.locator('[data-field="goods_content"] .ProseMirror')
  await editor.click()
  await seller.keyboard.type('百分百纯棉，四种规格。')
  await screenshot(seller, 'catalog-goods-form')
  await seller.getByRole('button', { name: '保存商品' }).click()
  await expectToast(seller, '商品已保存，等待平台审核。')
  await seller.waitForURL('**/Seller/goods')
  const sellerRow = seller.locator('table tbody tr').filter({ hasText: name })
  await sellerRow.getByText('待审核').waitFor()

  const [goods] = await dbQuery<{ id: number; goods_verify: number; goods_stock: number; goods_price: string; brand_id: number }>(
    'SELECT id, goods_verify, goods_stock, goods_price, brand_id FROM goods WHERE goods_no = ?',
    [token],
  )
  expect(goods).toMatchObject({ goods_verify: 2, goods_stock: 50, goods_price: '101.00' })
  expect(goods.brand_id).toBeGreaterThan(0)
  const skus = await dbQuery<{ sku_name: string; goods_price: string; goods_market_price: string; goods_stock: number }>(
    'SELECT sku_name, goods_price, goods_market_price, goods_stock FROM goods_skus WHERE goods_id = ? ORDER BY id',
    [goods.id],
  )
  expect(skus).toEqual(SKUS.map((s) => ({ sku_name: `${s.color},${s.size}`, goods_price: s.price, goods_market_price: '199.00', goods_stock: s.stock })))

  // Editing the goods loads its SKUs with their ids.
  await sellerRow.getByRole('button', { name: '编辑' }).click()
  await seller.waitForURL(`**/Seller/goods/form?id=${goods.id}`)
  expect(await seller.getByLabel('黑色 / L 价格', { exact: true }).inputValue()).toBe('104.90')
  expect(await seller.getByLabel('商品名称').inputValue()).toBe(name)

  // ---- not on the storefront while it waits for review ----
  const hidden = await apiCall<{ data: { id: number }[] }>('GET', `/api/goods?keywords=${token}`)
  expect(hidden.code, hidden.msg).toBe(200)
  expect(hidden.data.data.map((g) => g.id)).not.toContain(goods.id)
  expect((await apiCall('GET', `/api/goods/${goods.id}`)).code).toBe(404)

  // ---- the admin: the goods review ----
  const admin = await newPage()
  await loginThroughPage(admin, 'admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  await admin.goto('/Admin/goods')
  const adminRow = admin.locator('table tbody tr').filter({ hasText: name })
  await adminRow.getByText('待审核').waitFor()
  await adminRow.getByRole('button', { name: `审核 ${name}` }).click()
  const drawer = admin.getByRole('dialog', { name: '商品审核' })
  await drawer.getByRole('heading', { name }).waitFor()
  const skuTable = drawer.getByRole('table', { name: '规格库存' })
  await expect.poll(() => skuTable.locator('tbody tr').count()).toBe(4)
  await skuTable.getByRole('row').filter({ hasText: '黑色,L' }).getByText('104.90').waitFor()
  await screenshot(admin, 'catalog-goods-review')
  await drawer.getByRole('button', { name: '审核通过' }).click()
  await expectToast(admin, '操作成功')
  await drawer.getByText('已通过').waitFor()
  await admin.keyboard.press('Escape')
  await adminRow.getByText('已通过').waitFor()

  // ---- the shopper: search, open, pick a SKU ----
  const shopper = await newPage()
  await loginThroughPage(shopper, 'user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  await waitForStorefront(shopper)
  await shopper.getByRole('search').getByRole('textbox').fill(token)
  await shopper.getByRole('search').getByRole('button').click()
  await shopper.waitForURL('**/s/**')
  // Only the new goods has the keyword.
  await shopper.getByText('共找到 1 件商品').waitFor()
  await expect.poll(() => shopper.getByTestId('goods-card').count()).toBe(1)
  const card = shopper.getByTestId('goods-card').filter({ hasText: name })
  await card.click()
  await shopper.waitForURL(`**/goods/${goods.id}`)
  await shopper.getByRole('heading', { name }).waitFor()

  const pick = async (attr: string, spec: string) => {
    const button = shopper.getByRole('group', { name: attr }).getByRole('button', { name: spec, exact: true })
    if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click()
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true')
  }
  for (const sku of [SKUS[3], SKUS[0], SKUS[1]]) {
    await pick('颜色', sku.color)
    await pick('尺码', sku.size)
    await expect.poll(() => shopper.getByTestId('goods-price').innerText()).toBe(`￥${sku.price}`)
    await expect.poll(() => shopper.getByTestId('goods-stock').innerText()).toBe(`库存 ${sku.stock} 件`)
  }
  await screenshot(shopper, 'catalog-goods-sku')
})

test('a goods form opened before a sale saves nothing and says so; loaded again, it saves and the sale stays', async () => {
  const token = `qa${Date.now().toString(36)}`
  const sellerToken = await apiToken('seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)
  const specs = await dbQuery<{ id: number; name: string }>(
    `SELECT s.id, s.name FROM goods_specs s JOIN goods_attrs a ON a.id = s.attr_id JOIN stores t ON t.id = a.store_id JOIN users u ON u.id = t.user_id
     WHERE u.username = ? AND a.name = '颜色' AND s.name IN ('红色', '黑色') ORDER BY s.name`,
    [ACCOUNTS.seller.username],
  )
  const spec = (name: string) => specs.find((s) => s.name === name)!.id
  const [leaf] = await dbQuery<{ id: number }>("SELECT id FROM goods_classes WHERE name = 'T恤' ORDER BY id LIMIT 1")
  // Dear enough that no other test's cheapest-goods order picks it.
  const created = await apiCall<{ id: number }>('POST', '/api/Seller/goods', sellerToken, {
    goods_name: `库存T恤 ${token}`, class_id: leaf.id, goods_no: token, goods_status: 1,
    skus: [{ spec_id: [spec('红色')], goods_price: '8888.00', goods_stock: 291 }, { spec_id: [spec('黑色')], goods_price: '8888.00', goods_stock: 5 }],
  })
  expect(created.code, created.msg).toBe(200)
  const id = created.data.id
  const approved = await apiCall('PUT', `/api/Admin/goods/${id}/verify`, adminToken, { goods_verify: 1 })
  expect(approved.code, approved.msg).toBe(200)
  const [red] = await dbQuery<{ id: number }>("SELECT id FROM goods_skus WHERE goods_id = ? AND sku_name = '红色'", [id])
  const stockOf = async () => (await dbQuery<{ goods_stock: number }>('SELECT goods_stock FROM goods_skus WHERE id = ?', [red.id]))[0].goods_stock

  const shopperToken = await apiToken('user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  const [address] = await dbQuery<{ id: number }>('SELECT a.id FROM addresses a JOIN users u ON u.id = a.user_id WHERE u.username = ? ORDER BY a.is_default DESC, a.id LIMIT 1', [ACCOUNTS.shopper.username])
  let orderId = 0
  try {
    const seller = await newPage()
    await loginThroughPage(seller, 'seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)
    await seller.goto(`/Seller/goods/form?id=${id}`)
    const redStock = seller.getByLabel('红色 库存', { exact: true })
    await expect.poll(() => redStock.inputValue()).toBe('291')

    // a shopper buys one while the form is open
    const order = await apiCall<{ order_id: number[] }>('POST', '/api/user/order/create', shopperToken, { order: [{ goods_id: id, sku_id: red.id, buy_num: 1 }], address_id: address.id }, { 'Idempotency-Key': `stale-${token}` })
    expect(order.code, order.msg).toBe(200)
    orderId = order.data.order_id[0]
    expect(await stockOf()).toBe(290)

    await seller.getByLabel('商品货号').fill(`${token}-a`)
    await seller.getByRole('button', { name: '保存商品' }).click()
    const stale = seller.getByTestId('stock-changed')
    await stale.getByText('打开表单后库存已发生变化（例如有新订单），本次保存未生效。请重新加载商品后再修改并保存。').waitFor()
    await seller.getByText('库存已变化').first().waitFor()
    await screenshot(seller, 'catalog-goods-stock-changed')
    expect(await stockOf()).toBe(290)
    expect((await dbQuery<{ goods_no: string }>('SELECT goods_no FROM goods WHERE id = ?', [id]))[0].goods_no).toBe(token)

    await stale.getByRole('button', { name: '重新加载商品' }).click()
    await expect.poll(() => redStock.inputValue()).toBe('290')
    await seller.getByLabel('商品货号').fill(`${token}-a`)
    await seller.getByRole('button', { name: '保存商品' }).click()
    await expectToast(seller, '操作成功')
    await seller.waitForURL('**/Seller/goods')
    expect((await dbQuery<{ goods_no: string }>('SELECT goods_no FROM goods WHERE id = ?', [id]))[0].goods_no).toBe(`${token}-a`)
    expect(await stockOf()).toBe(290)
  } finally {
    if (orderId) expect((await apiCall('PUT', `/api/user/order/${orderId}`, shopperToken, { order_status: 0 })).code).toBe(200)
    expect((await apiCall('PUT', `/api/Seller/goods/${id}`, sellerToken, { goods_status: 0 })).code).toBe(200)
  }
})

test('the seller edits the store settings and sorts the image space; the admin opens the store in its review', async () => {
  const token = `qa${Date.now().toString(36)}`
  const sellerToken = await apiToken('seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)
  const seller = await newPage()
  await loginThroughPage(seller, 'seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)

  // ---- store settings: the stored values, then a change saved and read back ----
  await seller.goto('/Seller/stores')
  await seller.getByRole('heading', { name: '店铺配置' }).waitFor()
  await seller.getByText('审核通过').first().waitFor()
  const description = seller.getByLabel('店铺简介')
  await expect.poll(() => description.inputValue()).not.toBe('')
  const before = await description.inputValue()
  await expect.poll(() => seller.getByRole('textbox', { name: '省份' }).inputValue()).toBe('北京市')
  await expect.poll(() => seller.getByRole('textbox', { name: '区县' }).inputValue()).toBe('朝阳区')
  expect(await seller.getByLabel('纬度').inputValue()).toBe('39.921900')
  try {
    await description.fill(`演示店铺 ${token}`)
    await seller.locator('[data-field="store_slide"] input[type="file"]').setInputFiles({ name: 'slide.png', mimeType: 'image/png', buffer: png(48, [240, 160, 0]) })
    await expect.poll(() => seller.locator('[data-field="store_slide"] img').count()).toBe(1)
    await screenshot(seller, 'catalog-store-settings')
    await seller.getByRole('button', { name: '保存', exact: true }).click()
    await expectToast(seller, '操作成功')
    const saved = await apiCall<{ store_description: string; store_slide: string[]; store_verify: number; area: number[] }>('GET', '/api/Seller/stores', sellerToken)
    expect(saved.data).toMatchObject({ store_description: `演示店铺 ${token}`, store_verify: 4 })
    expect(saved.data.store_slide).toHaveLength(1)
    expect(saved.data.area).toHaveLength(3)
  } finally {
    const restored = await apiCall('PUT', '/api/Seller/stores', sellerToken, { store_description: before, store_slide: [] })
    expect(restored.code, restored.msg).toBe(200)
  }

  // ---- image space: upload, a folder, move into it, delete ----
  await seller.goto('/Seller/file_spaces')
  await seller.getByRole('heading', { name: '图片空间' }).waitFor()
  const file = `space-${token}.png`
  await seller.locator('input[type="file"]').setInputFiles({ name: file, mimeType: 'image/png', buffer: png(24, [90, 90, 90]) })
  await expectToast(seller, '操作成功')
  await seller.getByRole('img', { name: file }).waitFor()

  const folder = `文件夹${token}`
  await seller.getByRole('button', { name: '新建文件夹' }).click()
  await seller.getByRole('dialog').getByLabel('文件夹名称').fill(folder)
  await seller.getByRole('dialog').getByRole('button', { name: '确定' }).click()
  await expectToast(seller, '操作成功')
  const folders = seller.getByRole('navigation', { name: '文件夹' })
  await folders.getByText(folder).waitFor()
  await choose(seller, seller.getByRole('textbox', { name: `移动 ${file} 到文件夹` }), folder)
  await expectToast(seller, '操作成功')
  await folders.getByText(folder).click()
  await seller.getByRole('img', { name: file }).waitFor()
  await seller.getByText('共 1 张图片').waitFor()
  await screenshot(seller, 'catalog-image-space')
  await seller.getByRole('button', { name: `删除图片 ${file}` }).click()
  await seller.getByRole('dialog').getByRole('button', { name: '确定' }).click()
  await seller.getByText('暂无数据').waitFor()
  await seller.getByRole('button', { name: `删除文件夹 ${folder}` }).click()
  await seller.getByRole('dialog').getByRole('button', { name: '确定' }).click()
  await expect.poll(() => folders.getByText(folder).count()).toBe(0)
  expect(await dbQuery('SELECT id FROM file_spaces WHERE name = ?', [file])).toEqual([])

  // ---- the admin's store review: the approved demo store, open ----
  const admin = await newPage()
  await loginThroughPage(admin, 'admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  await admin.goto('/Admin/stores')
  await admin.getByRole('button', { name: '审核 QShop 旗舰店' }).click()
  const drawer = admin.getByRole('dialog', { name: '店铺审核' })
  await drawer.getByRole('heading', { name: 'QShop 旗舰店' }).waitFor()
  await drawer.getByText('店铺不在审核中。').waitFor()
  expect(await drawer.getByRole('switch', { name: '店铺营业' }).isChecked()).toBe(true)
  await drawer.getByText('服装/男装/T恤').waitFor()
  await screenshot(admin, 'catalog-store-review')
})
