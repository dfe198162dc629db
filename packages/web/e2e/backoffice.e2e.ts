// The back offices as an operator works them on a 1440 px screen: menu entries are links (a new tab opens the same
// page), a module tab opens its first page with its group expanded, wide lists keep their actions in view, the goods
// form edits a seeded description, and the image space lists the pictures the store's goods already show.
import { expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { ACCOUNTS, dbQuery, loginThroughPage } from './app.ts'
import { newPage, screenshot } from './browser.ts'

const WIDE = { width: 1440, height: 900 }

async function wideBackOffice(area: 'admin' | 'seller'): Promise<Page> {
  const page = await newPage()
  await page.setViewportSize(WIDE)
  const account = area === 'admin' ? ACCOUNTS.admin : ACCOUNTS.seller
  await loginThroughPage(page, area, account.username, account.password)
  return page
}

/** The element is inside the window and nothing covers its middle (a sticky column over it would). */
async function expectInView(page: Page, target: Locator) {
  const box = await target.boundingBox()
  expect(box).not.toBeNull()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(WIDE.width)
  const onTop = await target.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2)
    return hit !== null && element.contains(hit)
  })
  expect(onTop).toBe(true)
}

/** The page itself never scrolls sideways: a wide table scrolls inside its own box. */
const pageScrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)

test('admin menus are links; a module tab opens its first page with its group expanded; a new tab opens an entry', async () => {
  const page = await wideBackOffice('admin')
  const modules = page.getByRole('navigation', { name: '功能模块' })
  const side = page.getByRole('complementary', { name: '侧边菜单' })

  await modules.getByRole('link', { name: '店铺中心' }).click()
  await page.waitForURL('**/Admin/configs/store')
  // the first page's group is open and its entry marked
  const first = side.getByRole('link', { name: '店铺配置', exact: true })
  await first.waitFor()
  expect(await first.getAttribute('data-active')).toBe('true')
  expect(await side.getByRole('button', { name: '店铺管理' }).getAttribute('aria-expanded')).toBe('true')

  await side.getByRole('button', { name: '物流中心' }).click()
  const carriers = side.getByRole('link', { name: '物流公司', exact: true })
  expect(await carriers.getAttribute('href')).toBe('/Admin/expresses')
  // Ctrl+click: the same page in a new tab, this one stays where it is
  const [opened] = await Promise.all([page.context().waitForEvent('page'), carriers.click({ modifiers: ['Control'] })])
  await opened.waitForURL('**/Admin/expresses')
  await opened.getByRole('heading', { name: '物流公司' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/Admin/configs/store')
  // a plain click navigates inside the app
  await carriers.click()
  await page.waitForURL('**/Admin/expresses')
  await page.getByRole('cell', { name: '顺丰', exact: true }).waitFor()
})

test('at 1440 px the wide admin lists keep the review and edit actions in view, long texts cut with a tooltip', async () => {
  const page = await wideBackOffice('admin')
  for (const [path, action] of [
    ['/Admin/goods', /^审核/],
    ['/Admin/stores', /^审核/],
  ] as const) {
    await page.goto(path)
    const firstRow = page.locator('table tbody tr').first()
    await firstRow.locator('td').nth(1).waitFor()
    await screenshot(page, `wide-list${path.replaceAll('/', '-')}`)
    const actions = firstRow.getByRole('button', { name: action })
    await expectInView(page, actions.first())
    expect(await pageScrollsSideways(page)).toBe(false)
    // every one-line value carries its whole text as its tooltip and stays on one line
    const cells = await page.locator('table tbody [title]').evaluateAll((elements) =>
      elements.map((element) => ({ title: element.getAttribute('title'), text: element.textContent, wraps: getComputedStyle(element).whiteSpace !== 'nowrap' })),
    )
    expect(cells.length).toBeGreaterThan(0)
    for (const cell of cells) expect(cell).toEqual({ title: cell.text, text: cell.text, wraps: false })
  }
})

test('the seller edits a seeded goods and sees its description; the image space is in the menu with the goods pictures', async () => {
  const [goods] = await dbQuery<{ id: number; goods_content: string; goods_master_image: string }>(
    "SELECT g.id, g.goods_content, g.goods_master_image FROM goods g JOIN stores s ON s.id = g.store_id JOIN users u ON u.id = s.user_id WHERE u.username = ? AND g.goods_master_image <> '' ORDER BY g.id LIMIT 1",
    [ACCOUNTS.seller.username],
  )
  const description = goods.goods_content.split('##qshop##')[0].replace(/<[^>]+>/g, '').trim()
  expect(description.length).toBeGreaterThan(0)
  const page = await wideBackOffice('seller')
  const errors: string[] = []
  page.on('console', (message) => {
    if (/Invalid content/.test(message.text())) errors.push(message.text())
  })
  await page.goto(`/Seller/goods/form?id=${goods.id}`)
  await page.getByRole('heading', { name: '编辑商品' }).waitFor()
  const editor = page.locator('[contenteditable="true"]')
  await expect.poll(() => editor.innerText()).toContain(description.slice(0, 8))
  expect(errors).toEqual([])

  const modules = page.getByRole('navigation', { name: '功能模块' })
  await modules.getByRole('link', { name: '商品中心' }).click()
  const side = page.getByRole('complementary', { name: '侧边菜单' })
  const space = side.getByRole('link', { name: '图片空间', exact: true })
  expect(await space.getAttribute('href')).toBe('/Seller/file_spaces')
  await space.click()
  await page.waitForURL('**/Seller/file_spaces')
  await page.locator(`img[src="${goods.goods_master_image}"]`).first().waitFor()
  await screenshot(page, 'image-space')
})
