// The home and goods pages' entry page carries the page's main picture, the plain search page's its first card's
// (server modules/catalog/firstPicture.ts, modules/pages): on phones and small tablets it is on screen before any
// script has run, exactly where the page then shows its own copy, which takes over once loaded (the entry page's copy
// is removed). On wider screens only the page's copy is shown. The home and search pages take the picture from their
// cached API answer only (a goods page from its detail): each load below follows a read of it, as a visitor's load
// follows the previous visitor's.
import { beforeAll, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { apiCall, dbQuery } from './app.ts'
import { newPage } from './browser.ts'

const ENTRY_PICTURE = 'img.first-picture'
/** The page's own copy of the main picture; the search page's first card's. */
const PAGE_PICTURE = 'img[fetchpriority=high]:not(.first-picture)'
const CARD_PICTURE = '[data-testid=goods-card] img'
const HEIGHT = 844
let goodsPath = ''

beforeAll(async () => {
  const [goods] = await dbQuery<{ id: number }>("SELECT id FROM goods WHERE goods_no = 'XH-PH-001'")
  goodsPath = `/goods/${goods.id}`
})

type Box = { x: number; y: number; width: number; height: number }

const boxOf = (page: Page, selector: string) =>
  page.$eval(selector, (element) => {
    const { x, y, width, height } = element.getBoundingClientRect()
    return { x, y: y + window.scrollY, width, height }
  })

/** The API read of the page at `path`, whose cached answer the entry page's picture comes from. */
const apiOf = (path: string) => (path === '/' ? '/api/home' : path === '/s' ? '/api/goods?sort=sales&page=1&per_page=20' : `/api${path}`)

/** The page at `path` loaded without script once the entry page carries the picture: an API read fills the cache,
 *  except within the few seconds after a write elsewhere dropped it (modules/catalog/cache.ts), so read and load again
 *  until it does. */
async function entryPage(path: string, options: Parameters<typeof newPage>[0]): Promise<Page> {
  const page = await newPage({ ...options, javaScriptEnabled: false })
  await expect
    .poll(async () => {
      expect((await apiCall('GET', apiOf(path))).code).toBe(200)
      await page.goto(path)
      return page.locator(ENTRY_PICTURE).count()
    }, { timeout: 20_000 })
    .toBe(1)
  return page
}

/** Where the entry page alone (no script) shows the picture. */
async function entryBox(path: string, width: number, locale: string): Promise<Box> {
  const page = await entryPage(path, { viewport: { width, height: HEIGHT }, locale })
  await page.locator(ENTRY_PICTURE).waitFor({ state: 'visible' })
  return boxOf(page, ENTRY_PICTURE)
}

/** Where the page shows its own copy, once loaded and the entry page's copy is gone. */
async function pageBox(path: string, width: number, locale: string, selector: string): Promise<Box> {
  const page = await newPage({ viewport: { width, height: HEIGHT }, locale })
  await page.goto(path)
  await page.waitForFunction((selector) => {
    const picture = document.querySelector<HTMLImageElement>(selector)
    return picture?.complete && picture.naturalWidth > 0
  }, selector)
  await page.locator(ENTRY_PICTURE).waitFor({ state: 'detached' })
  return boxOf(page, selector)
}

const SCREENS: [width: number, locale: string][] = [[320, 'en-US'], [390, 'zh-CN'], [600, 'zh-CN'], [768, 'en-US']]
/** The search grid has two columns below 768 px. */
const SEARCH_SCREENS: typeof SCREENS = [[320, 'en-US'], [390, 'zh-CN'], [600, 'zh-CN'], [767, 'en-US']]

for (const [name, path, screens, selector] of [
  ['home', () => '/', SCREENS, PAGE_PICTURE],
  ['goods', () => goodsPath, SCREENS, PAGE_PICTURE],
  ['search', () => '/s', SEARCH_SCREENS, CARD_PICTURE],
] as const) {
  test(`the ${name} page's picture is where the entry page showed it, on phones and small tablets`, async () => {
    for (const [width, locale] of screens) {
      const [before, after] = await Promise.all([entryBox(path(), width, locale), pageBox(path(), width, locale, selector)])
      for (const side of ['x', 'y', 'width', 'height'] as const)
        expect(Math.abs(before[side] - after[side]), `${name} at ${width}px (${locale}): ${side} ${before[side]} vs ${after[side]}`).toBeLessThan(0.5)
    }
  })
}

test('on a wide screen the entry page carries the picture but shows only the page’s own copy', async () => {
  const page = await entryPage(goodsPath, {})
  expect(await page.locator(ENTRY_PICTURE).isVisible()).toBe(false)
  const search = await entryPage('/s', { viewport: { width: 768, height: HEIGHT } })
  expect(await search.locator(ENTRY_PICTURE).isVisible()).toBe(false)
})
