// Switching to English changes the texts in place: no page load happens (the document, its navigation
// entry and a marker left on window all survive).
import { expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { ACCOUNTS, dbQuery, demoPaidOrder, loginThroughPage, openCarriersThroughMenus } from './app.ts'
import { newPage } from './browser.ts'

/** Leaves a marker on the current document; it is gone after any reload or page load. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { e2eDocument: true }))

async function expectSameDocument(page: Page) {
  const { marker, navigations } = await page.evaluate(() => ({
    marker: (window as unknown as { e2eDocument?: boolean }).e2eDocument === true,
    navigations: performance.getEntriesByType('navigation').length,
  }))
  expect(marker).toBe(true)
  expect(navigations).toBe(1)
}

async function switchToEnglish(page: Page, scope = page.locator('body')) {
  await scope.getByRole('button', { name: '简体中文' }).click()
  await page.getByRole('menuitem', { name: 'English' }).click()
}

test('storefront header: 简体中文 → English in place', async () => {
  const page = await newPage()
  await page.goto('/')
  // The site's navigation bar (the links of every storefront page; the page body may link the same places).
  const nav = page.getByRole('navigation').filter({ has: page.locator('a[href="/collectives"]') }).first()
  await nav.getByRole('link', { name: '店铺街' }).waitFor()
  await page.getByRole('link', { name: '登录', exact: true }).first().waitFor()
  // the home slides' headlines are text in the page's language (the ads' titles), not lettering in the pictures
  const slides = page.locator('[aria-roledescription="carousel"]')
  await slides.getByRole('link', { name: '品质好店 一站购齐 入驻店铺均经平台审核，正品保障', exact: true }).waitFor()
  await markDocument(page)

  await switchToEnglish(page)
  await slides.getByRole('link', { name: 'Quality stores, all in one place Every store is vetted by the platform: genuine goods guaranteed', exact: true }).waitFor()
  expect(await slides.getByText('品质好店 一站购齐').count()).toBe(0)
  await page.getByRole('link', { name: 'Log in', exact: true }).first().waitFor()
  await nav.getByRole('link', { name: 'Stores', exact: true }).waitFor()
  await nav.getByRole('link', { name: 'Home', exact: true }).waitFor()
  await page.getByRole('button', { name: 'English' }).waitFor()
  expect(await page.getByRole('link', { name: '登录', exact: true }).count()).toBe(0)
  expect(await page.getByText('店铺街').count()).toBe(0)
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
  await expectSameDocument(page)
})

test('back-office shell and list page: 简体中文 → English in place', async () => {
  const page = await newPage()
  await loginThroughPage(page, 'admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  await openCarriersThroughMenus(page)
  await page.getByRole('heading', { name: '物流公司' }).waitFor()
  await page.getByRole('columnheader', { name: '快递编码' }).waitFor()
  await markDocument(page)

  await switchToEnglish(page, page.locator('header'))
  // Shell: module tabs, side menu, system name, page title (menu ename)
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Stores' }).waitFor()
  const sideEn = page.getByRole('complementary', { name: 'Side menu' })
  await sideEn.getByText('Admin Centre').waitFor()
  await sideEn.getByRole('link', { name: 'Carriers', exact: true }).waitFor()
  await page.getByRole('heading', { name: 'Carriers' }).waitFor()
  // List page: toolbar, column headers, pager
  await page.getByRole('button', { name: 'Add', exact: true }).waitFor()
  await page.getByRole('columnheader', { name: 'Carrier code' }).waitFor()
  await page.getByText(/^Total \d+$/).waitFor()
  for (const chinese of ['店铺中心', '物流公司', '平台管理后台', '添加', '快递编码']) {
    expect(await page.getByText(chinese, { exact: true }).count(), chinese).toBe(0)
  }
  await expectSameDocument(page)
  expect(new URL(page.url()).pathname).toBe('/Admin/expresses')
})

test('in English the seller\'s order table shows order numbers and status badges whole', async () => {
  const { id, order_no: orderNo } = await demoPaidOrder()
  const [{ order_name: goodsName }] = await dbQuery<{ order_name: string }>('SELECT order_name FROM orders WHERE id = ?', [id])
  const page = await newPage({ viewport: { width: 1440, height: 900 } })
  await loginThroughPage(page, 'seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)
  await page.goto('/Seller/orders')
  const cell = page.getByRole('cell', { name: orderNo, exact: true })
  await cell.waitFor()
  await switchToEnglish(page, page.locator('header'))
  await page.getByRole('columnheader', { name: 'Order number' }).waitFor()
  const row = page.getByRole('row').filter({ has: cell })
  // Nothing in the order's row is cut (number, date, status badge, money) but the goods name, whose whole text is the
  // cell's tooltip.
  const clipped = await row.evaluate((tr) =>
    [...tr.querySelectorAll<HTMLElement>('td *')]
      .filter((el) => el.children.length === 0 && el.textContent?.trim() && el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent),
  )
  expect(clipped.filter((text) => text !== goodsName)).toEqual([])
})
