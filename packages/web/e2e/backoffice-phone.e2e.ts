// The back offices on a phone (390 px wide): the side menu is a drawer opened from the top bar, and every page of the
// menu the seed builds opens from it — the seller's in Chinese, the admin's in English — with its own controls, no
// placeholder or undeclared page, no error, and nothing wider than the screen.
import { expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { ACCOUNTS, loginThroughPage, pageApi, type Area } from './app.ts'
import { newPage } from './browser.ts'

type MenuItem = { id: number; name: string; ename?: string | null; apis?: string | null; children?: MenuItem[] }
type Language = 'zh-cn' | 'en'

const PHONE = { width: 390, height: 844 }
const PLACEHOLDERS = ['该页面将在后续版本中完成', '尚未声明为资源', 'will be completed in a later release', 'is not declared as a resource']

const label = (item: MenuItem, language: Language) => (language === 'en' && item.ename ? item.ename : item.name)

/** Every entry with a page, by its path. */
const byPath = (items: MenuItem[]): Map<string, MenuItem> =>
  new Map(items.flatMap((item) => [...(item.apis ? ([[item.apis, item]] as const) : []), ...byPath(item.children ?? [])]))

/** The module's side-menu entries as the layout lists them: an entry with a page is a leaf (its children are sub-pages). */
function sideEntries(module: MenuItem): { group: MenuItem | null; leaf: MenuItem }[] {
  return (module.children ?? []).flatMap((entry): { group: MenuItem | null; leaf: MenuItem }[] =>
    entry.apis ? [{ group: null, leaf: entry }] : (entry.children ?? []).filter((c) => c.apis).map((leaf) => ({ group: entry, leaf })),
  )
}

/** What a walked page shows once its reads are done (no loading overlay left). */
async function pageState(page: Page) {
  return page.evaluate((placeholders) => {
    const main = document.querySelector('main')
    const text = main?.textContent ?? ''
    return {
      loading: document.querySelectorAll('main .mantine-LoadingOverlay-root').length > 0,
      placeholder: placeholders.find((p) => text.includes(p)) ?? null,
      controls: main?.querySelectorAll('button, input, textarea, select, a[href], [role="tab"], table').length ?? 0,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    }
  }, PLACEHOLDERS)
}

async function walk(area: Extract<Area, 'seller' | 'admin'>, account: { username: string; password: string }, language: Language) {
  const page = await newPage({ viewport: PHONE })
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`))
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`${response.status()} from ${response.url()} on ${page.url()}`)
  })
  await loginThroughPage(page, area, account.username, account.password)
  if (language === 'en') {
    await page.evaluate(() => localStorage.setItem('lang', 'en'))
    await page.reload()
  }
  const menu = await pageApi<MenuItem[]>(page, area, '/load_menu?type=getChildren')
  expect(menu.code, menu.msg).toBe(200)
  const openMenu = page.getByRole('button', { name: language === 'en' ? 'Open the menu' : '打开菜单', exact: true })
  const drawer = page.getByRole('dialog')
  const pages = byPath(menu.data)
  // The router commits a page after the address changes: the page is there once the title names it.
  const arrivedAt = async (path: string) => {
    await page.waitForURL((url) => url.pathname === path)
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${label(pages.get(path)!, language).replace(/[()]/g, '\\$&')} - `))
    await expect.poll(async () => (await pageState(page)).loading, { timeout: 20_000 }).toBe(false)
  }
  let walked = 0

  for (const module of menu.data) {
    if (module.apis) continue // a module with its own page and no side menu
    const entries = sideEntries(module).filter(({ leaf }) => leaf.apis!.startsWith('/')) // not outside links
    for (const [entry, { group, leaf }] of entries.entries()) {
      // The module's tab (the tab row scrolls sideways on a phone) selects the side menu the drawer shows; the module
      // stays selected while its pages are opened.
      if (entry === 0) {
        const tab = page.getByRole('navigation', { name: language === 'en' ? 'Modules' : '功能模块' }).getByRole('link', { name: label(module, language), exact: true })
        const first = await tab.getAttribute('href')
        await tab.click()
        await arrivedAt(first!)
      }
      await openMenu.click()
      await drawer.waitFor()
      if (group) {
        const toggle = drawer.getByRole('button', { name: label(group, language), exact: true })
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
      }
      await drawer.getByRole('link', { name: label(leaf, language), exact: true }).click()
      await drawer.waitFor({ state: 'hidden' })
      await arrivedAt(leaf.apis!)
      const state = await pageState(page)
      if (state.placeholder) problems.push(`${leaf.apis}: shows "${state.placeholder}"`)
      if (!state.controls) problems.push(`${leaf.apis}: no controls`)
      if (state.overflow > 0) problems.push(`${leaf.apis}: ${state.overflow} px wider than the screen`)
      walked++
    }
  }
  return { walked, problems }
}

test("every page of the seller's menu opens from the phone's drawer, in Chinese", async () => {
  const { walked, problems } = await walk('seller', ACCOUNTS.seller, 'zh-cn')
  expect(walked).toBeGreaterThan(10)
  expect(problems).toEqual([])
})

test("every page of the admin's menu opens from the phone's drawer, in English", async () => {
  const { walked, problems } = await walk('admin', ACCOUNTS.admin, 'en')
  expect(walked).toBeGreaterThan(30)
  expect(problems).toEqual([])
})
