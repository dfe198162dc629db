// Every page of every menu, as a user opens it: the seller's and the admin's back-office menus (as the seed builds them,
// read from /load_menu) and the user centre's navigation (src/user/nav.ts), each in Chinese and in English, on a
// 1440 px screen and on a 390 px phone. On a phone the back-office side menu is a drawer opened from the top bar and the
// user centre's navigation is a select above the page; at 1440 px both are beside the page. Every page arrives (its
// address, its title, no loader left) with its own controls, no placeholder or undeclared page, no error, no 5xx,
// nothing wider than the screen and, at 1440 px, no text cut without its whole text as a tooltip.
import { expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import en from '../src/i18n/en.json'
import zhCn from '../src/i18n/zh-cn.json'
import { USER_NAV } from '../src/user/nav.ts'
import { ACCOUNTS, loginThroughPage, pageApi, type Area } from './app.ts'
import { newPage } from './browser.ts'

type MenuItem = { id: number; name: string; ename?: string | null; apis?: string | null; children?: MenuItem[] }
type Language = 'zh-cn' | 'en'
type Viewport = { width: number; height: number }

const PHONE: Viewport = { width: 390, height: 844 }
const WIDE: Viewport = { width: 1440, height: 900 }
/** A back-office walk opens 15 to 45 pages: more than the default time of a test on a loaded machine. */
const WALK_TIMEOUT = 240_000
const PLACEHOLDERS = ['该页面将在后续版本中完成', '尚未声明为资源', 'will be completed in a later release', 'is not declared as a resource']

/** A string of the app's translations (a dotted key of src/i18n/<language>.json). */
function tr(language: Language, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], language === 'en' ? en : zhCn)
  if (typeof value !== 'string') throw new Error(`no ${language} string ${key}`)
  return value
}

const label = (item: MenuItem, language: Language) => (language === 'en' && item.ename ? item.ename : item.name)
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Every entry with a page, by its path. */
const byPath = (items: MenuItem[]): Map<string, MenuItem> =>
  new Map(items.flatMap((item) => [...(item.apis ? ([[item.apis, item]] as const) : []), ...byPath(item.children ?? [])]))

/** The module's side-menu entries as the layout lists them: an entry with a page is a leaf (its children are sub-pages). */
function sideEntries(module: MenuItem): { group: MenuItem | null; leaf: MenuItem }[] {
  return (module.children ?? []).flatMap((entry): { group: MenuItem | null; leaf: MenuItem }[] =>
    entry.apis ? [{ group: null, leaf: entry }] : (entry.children ?? []).filter((c) => c.apis).map((leaf) => ({ group: entry, leaf })),
  )
}

/** What a walked page shows (in <main>): whether a read is still going, a placeholder, its controls, what overflows. */
async function pageState(page: Page, checkCuts: boolean) {
  return page.evaluate(
    ({ placeholders, checkCuts }) => {
      const main = document.querySelector('main')
      const text = main?.textContent ?? ''
      // Text cut by an ellipsis with no tooltip carrying the whole of it (the wide lists' cells carry a title).
      const cuts: string[] = []
      if (checkCuts) {
        for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
          if (!element.childElementCount && element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0) {
            const style = getComputedStyle(element)
            if (style.textOverflow === 'ellipsis' && !element.closest('[title]') && element.checkVisibility()) cuts.push(element.textContent ?? '')
          }
        }
      }
      return {
        loading: (main?.querySelectorAll('.mantine-LoadingOverlay-root, .mantine-Loader-root').length ?? 0) > 0,
        placeholder: placeholders.find((p) => text.includes(p)) ?? null,
        controls: main?.querySelectorAll('button, input, textarea, select, a[href], [role="tab"], table').length ?? 0,
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        cuts,
      }
    },
    { placeholders: PLACEHOLDERS, checkCuts },
  )
}

/** A page with the problems it meets collected: uncaught errors and 5xx answers. */
async function watchedPage(viewport: Viewport) {
  // Less motion: the phone's drawer opens and closes for every page without its transitions (the app honours it).
  const page = await newPage({ viewport, reducedMotion: true })
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`))
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`${response.status()} from ${response.url()} on ${page.url()}`)
  })
  return { page, problems }
}

async function useLanguage(page: Page, language: Language) {
  if (language === 'zh-cn') return
  await page.evaluate(() => localStorage.setItem('lang', 'en'))
  await page.reload()
}

/** Waits until no read of the page is going, then notes what is wrong with it. */
async function checkPage(page: Page, path: string, viewport: Viewport, problems: string[]) {
  await expect.poll(async () => (await pageState(page, false)).loading, { timeout: 20_000 }).toBe(false)
  const state = await pageState(page, viewport === WIDE)
  if (state.placeholder) problems.push(`${path}: shows "${state.placeholder}"`)
  if (!state.controls) problems.push(`${path}: no controls`)
  if (state.overflow > 0) problems.push(`${path}: ${state.overflow} px wider than the screen`)
  for (const cut of state.cuts) problems.push(`${path}: "${cut}" is cut`)
}

async function walkBackOffice(area: Extract<Area, 'seller' | 'admin'>, language: Language, viewport: Viewport) {
  const account = area === 'admin' ? ACCOUNTS.admin : ACCOUNTS.seller
  const { page, problems } = await watchedPage(viewport)
  const phone = viewport === PHONE
  await loginThroughPage(page, area, account.username, account.password)
  await useLanguage(page, language)
  const menu = await pageApi<MenuItem[]>(page, area, '/load_menu?type=getChildren')
  expect(menu.code, menu.msg).toBe(200)
  const pages = byPath(menu.data)
  const openMenu = page.getByRole('button', { name: tr(language, 'shell.openMenu'), exact: true })
  // On a phone the side menu is in the drawer; at 1440 px it is beside the page.
  const side = phone ? page.getByRole('dialog') : page.getByRole('complementary', { name: tr(language, 'shell.sideMenu'), exact: true })
  // The router commits a page after the address changes: the page is there once the title names it.
  const arrivedAt = async (path: string) => {
    await page.waitForURL((url) => url.pathname === path)
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${escapeRegExp(label(pages.get(path)!, language))} - `))
  }
  let walked = 0

  for (const module of menu.data) {
    if (module.apis) continue // a module with its own page and no side menu
    const entries = sideEntries(module).filter(({ leaf }) => leaf.apis!.startsWith('/')) // not outside links
    for (const [entry, { group, leaf }] of entries.entries()) {
      // The module's tab (the tab row scrolls sideways on a phone) selects the side menu; the module stays selected
      // while its pages are opened.
      if (entry === 0) {
        const tab = page.getByRole('navigation', { name: tr(language, 'shell.modules'), exact: true }).getByRole('link', { name: label(module, language), exact: true })
        const first = await tab.getAttribute('href')
        await tab.click()
        await arrivedAt(first!)
      }
      if (phone) {
        await openMenu.click()
        await side.waitFor()
      }
      if (group) {
        const toggle = side.getByRole('button', { name: label(group, language), exact: true })
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
      }
      await side.getByRole('link', { name: label(leaf, language), exact: true }).click()
      if (phone) await side.waitFor({ state: 'hidden' })
      await arrivedAt(leaf.apis!)
      await checkPage(page, leaf.apis!, viewport, problems)
      walked++
    }
  }
  return { walked, problems }
}

/** Every entry of the user centre's navigation, clicked (at 1440 px) or chosen from the select (on a phone). */
async function walkUserCentre(language: Language, viewport: Viewport) {
  const { page, problems } = await watchedPage(viewport)
  const phone = viewport === PHONE
  await loginThroughPage(page, 'user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  await useLanguage(page, language)
  await page.goto('/user')
  const name = tr(language, 'route.userHome')
  const nav = page.getByRole('navigation', { name, exact: true })
  const select = page.getByRole('combobox', { name, exact: true })
  // Shown on its own size only: the select on a phone, the side navigation beside the page at 1440 px.
  await (phone ? select : nav).waitFor()
  expect(await (phone ? nav : select).isVisible()).toBe(false)
  let walked = 0

  for (const item of USER_NAV.flatMap((group) => group.items)) {
    const itemLabel = tr(language, item.labelKey)
    if (phone) await select.selectOption({ label: itemLabel })
    else await nav.getByRole('link', { name: itemLabel, exact: true }).click()
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === decodeURIComponent(item.to))
    // The page is there once the navigation marks its entry as the current one and (but for the help articles,
    // titled by the article) the title names it.
    if (phone) await expect.poll(() => select.inputValue()).toBe(item.to)
    else await expect.poll(() => nav.locator('a[data-active]').getAttribute('href')).toBe(item.to)
    if (!item.to.startsWith('/user/article/')) await expect.poll(() => page.title()).toMatch(new RegExp(`^${escapeRegExp(itemLabel)} - `))
    await checkPage(page, decodeURIComponent(item.to), viewport, problems)
    walked++
  }
  return { walked, problems }
}

// Each area's two walks run at once, each in a browser context of its own: a walk spends much of its time waiting for a
// page, and two at a time keep both cores of a CI machine busy where one walk after another left one idle.

test("every page of the seller's menu opens from the phone's drawer in Chinese, and from the side menu at 1440 px in English", async () => {
  const walks = await Promise.all([walkBackOffice('seller', 'zh-cn', PHONE), walkBackOffice('seller', 'en', WIDE)])
  for (const { walked, problems } of walks) {
    expect(walked).toBeGreaterThan(10)
    expect(problems).toEqual([])
  }
}, WALK_TIMEOUT)

test("every page of the admin's menu opens from the phone's drawer in English, and from the side menu at 1440 px in Chinese", async () => {
  const walks = await Promise.all([walkBackOffice('admin', 'en', PHONE), walkBackOffice('admin', 'zh-cn', WIDE)])
  for (const { walked, problems } of walks) {
    expect(walked).toBeGreaterThan(30)
    expect(problems).toEqual([])
  }
}, WALK_TIMEOUT)

test("every page of the user centre's navigation opens from it at 1440 px in Chinese, and from the phone's select in English", async () => {
  const walks = await Promise.all([walkUserCentre('zh-cn', WIDE), walkUserCentre('en', PHONE)])
  for (const { walked, problems } of walks) {
    expect(walked).toBe(USER_NAV.flatMap((group) => group.items).length)
    expect(problems).toEqual([])
  }
}, WALK_TIMEOUT)
