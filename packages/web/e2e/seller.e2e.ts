// The seller back office shows each account the menus its role grants: the owner all of them, the
// customer-service sub-account only its role's, and a page outside them is the 404 page. An applicant whose store
// has not passed review does not get in: the login page says so and leads to the application.
import { expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { ACCOUNTS, apiCall, dbQuery, loginThroughPage, pageApi, storedItem, submitLogin } from './app.ts'
import { newPage } from './browser.ts'

/** A menu as the shell shows it: the module tabs, and under each the side menu's entries two levels deep. */
type MenuTree = { name: string; children: MenuTree[] }
type MenuItem = { id: number; pid?: number; name: string; apis?: string | null; children?: MenuItem[] }

const toTree = (items: MenuItem[], depth: number): MenuTree[] =>
  items.map((item) => ({ name: item.name, children: depth > 1 ? toTree(item.children ?? [], depth - 1) : [] }))

/** What the shell lists of a menu: the modules as tabs, under each its entries and their children two
 *  levels deep, except the children of an entry with its own page (sub-pages such as the goods form). */
const shownTree = (modules: MenuItem[]): MenuTree[] => {
  const entry = (item: MenuItem, depth: number): MenuTree => ({
    name: item.name,
    children: depth > 1 && !item.apis ? (item.children ?? []).map((child) => entry(child, depth - 1)) : [],
  })
  return modules.map((module) => ({ name: module.name, children: (module.children ?? []).map((item) => entry(item, 2)) }))
}

/** Opens every module tab and every side-menu group and reads what is shown. */
async function visibleMenu(page: Page): Promise<MenuTree[]> {
  const tabs = page.getByRole('navigation', { name: '功能模块' }).getByRole('link')
  const side = page.getByRole('complementary', { name: '侧边菜单' })
  const tree: MenuTree[] = []
  const count = await tabs.count()
  for (let i = 0; i < count; i++) {
    const tab = tabs.nth(i)
    await tab.click()
    await expect.poll(() => tab.getAttribute('aria-current')).toBe('true')
    // The tab opens the module's first page, whose group then expands on its own.
    const first = (await tab.getAttribute('href'))!
    await page.waitForURL((url) => url.pathname === first)
    await side.locator('.mantine-NavLink-root[data-active]').first().waitFor()
    const closedGroups = side.locator('button.mantine-NavLink-root:not([data-expanded])')
    while ((await closedGroups.count()) > 0) await closedGroups.first().click()
    const entries = await side.evaluate((aside) => {
      const visible = (el: Element) => (el as HTMLElement).checkVisibility()
      const labelOf = (root: Element) => root.querySelector('.mantine-NavLink-label')?.textContent ?? ''
      const roots = [...aside.querySelectorAll('.mantine-NavLink-root')].filter((root) => !root.parentElement?.closest('.mantine-NavLink-children'))
      return roots.filter(visible).map((root) => {
        const box = root.nextElementSibling?.querySelector('.mantine-NavLink-children')
        const children = box ? [...box.querySelectorAll('.mantine-NavLink-root')].filter(visible).map(labelOf) : []
        return { name: labelOf(root), children: children.map((name) => ({ name, children: [] })) }
      })
    })
    tree.push({ name: (await tab.innerText()).trim(), children: entries })
  }
  return tree
}

/** Every seller menu, read from the table the back office is built from. */
async function allSellerMenus(): Promise<MenuItem[]> {
  const rows = await dbQuery<MenuItem>('SELECT id, pid, name, apis FROM user_menus ORDER BY is_sort, id')
  const childrenOf = (pid: number): MenuItem[] => rows.filter((row) => row.pid === pid).map((row) => ({ ...row, children: childrenOf(row.id) }))
  return childrenOf(0)
}

test('the store owner sees every seller menu; the 客服 sub-account only its role’s, and other pages are 404', async () => {
  const page = await newPage()
  await loginThroughPage(page, 'seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)
  await page.locator('header').getByText('演示商家').waitFor()

  const allMenus = await allSellerMenus()
  const everything = toTree(allMenus, 3)
  expect(everything.length).toBeGreaterThan(1)
  const ownerMenu = await pageApi<MenuItem[]>(page, 'seller', '/load_menu?type=getChildren')
  expect(toTree(ownerMenu.data, 3)).toEqual(everything)
  expect(await visibleMenu(page)).toEqual(shownTree(allMenus))

  // Logging out returns to the seller login; the sub-account logs in in the same browser.
  await page.locator('header').getByText('演示商家').click()
  await page.getByRole('menuitem', { name: '退出登录' }).click()
  await page.waitForURL('**/Seller/login')

  await loginThroughPage(page, 'seller', ACCOUNTS.sellerCs.username, ACCOUNTS.sellerCs.password)
  await page.getByText('客服小青').waitFor()
  const csMenu = await pageApi<MenuItem[]>(page, 'seller', '/load_menu?type=getChildren')
  expect(csMenu.code).toBe(200)
  const granted = toTree(csMenu.data, 3)
  expect(await visibleMenu(page)).toEqual(shownTree(csMenu.data))
  // The role grants less than everything: 工作台 holds 客服聊天 but not 仪表盘.
  expect(granted.length).toBeLessThan(everything.length)
  const workbench = granted.find((module) => module.name === '工作台')
  expect(workbench?.children.map((entry) => entry.name)).toEqual(['客服聊天'])

  await page.getByRole('navigation', { name: '功能模块' }).getByRole('link', { name: '工作台' }).click()
  const side = page.getByRole('complementary', { name: '侧边菜单' })
  await side.getByRole('link', { name: '客服聊天' }).waitFor()
  expect(await side.getByText('仪表盘').count()).toBe(0)

  await page.goto('/Seller/dashboard')
  await page.getByText('抱歉，您访问的页面不存在。').waitFor()
  expect(await page.getByRole('heading', { name: '404' }).isVisible()).toBe(true)
  expect(new URL(page.url()).pathname).toBe('/Seller/dashboard')
})

test('an applicant whose store has not passed review is told so on the seller login and led to the application', async () => {
  const username = `apply_${Date.now().toString(36)}`
  const password = 'Apply@123456'
  const registered = await apiCall<{ access_token: string }>('POST', '/api/register', undefined, { username, password })
  expect(registered.code, registered.msg).toBe(200)
  expect((await apiCall('POST', '/api/store/join', registered.data.access_token)).code).toBe(200)

  // The applicant shops with the account, then tries the seller back office.
  const page = await newPage()
  await loginThroughPage(page, 'user', username, password)
  await page.goto('/Seller/login')
  await submitLogin(page, username, password)
  const refusal = page.getByRole('alert').filter({ hasText: '店铺未通过审核' })
  await refusal.getByText('店铺尚未通过审核，请在开店向导中查看或继续申请').waitFor()
  expect(new URL(page.url()).pathname).toBe('/Seller/login')
  expect(await storedItem(page, 'seller_token')).toBeNull()

  // The application was opened and not filled in: the wizard continues at the store data.
  await refusal.getByRole('link', { name: '查看开店申请' }).click()
  await page.waitForURL('**/store/step_2')
  await page.getByRole('textbox', { name: '店铺名称' }).waitFor()
})
