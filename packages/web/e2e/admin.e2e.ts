// An administrator works a generic resource page (物流公司, /Admin/expresses) end to end: add, edit,
// search, export and delete, each change seen in the table and confirmed by the API.
import path from 'node:path'
import { expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { ACCOUNTS, apiCall, apiToken, loginThroughPage, expectToast, openCarriersThroughMenus, uniqueName } from './app.ts'
import { newPage, screenshot } from './browser.ts'
import { ARTIFACTS } from './env.ts'

type Express = { id: number; name: string; code: string }

async function expressesNamed(token: string, name: string): Promise<Express[]> {
  const answer = await apiCall<{ data: Express[] }>('GET', `/api/Admin/expresses?name=${encodeURIComponent(name)}&per_page=100`, token)
  expect(answer.code, answer.msg).toBe(200)
  return answer.data.data
}

const table = (page: Page) => page.locator('table').first()
const rowOf = (page: Page, text: string) => table(page).locator('tbody tr').filter({ hasText: text })
const dialog = (page: Page) => page.getByRole('dialog')

test('admin adds, edits, searches, exports and deletes a carrier on the generic list page', async () => {
  const token = await apiToken('admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  const page = await newPage()
  await loginThroughPage(page, 'admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  await expect.poll(() => new URL(page.url()).pathname).toBe('/Admin/dashboard')
  await page.getByText('超级管理员').waitFor()
  await page.getByRole('heading', { name: '仪表盘' }).waitFor()
  await expectToast(page, '登录成功')
  await screenshot(page, 'shell')

  // The side menu: 200 px with the system name, 63 px with the logo only when collapsed.
  const side = page.getByRole('complementary', { name: '侧边菜单' })
  const sideWidth = async () => Math.round((await side.boundingBox())!.width)
  expect(await sideWidth()).toBe(200)
  await page.getByRole('button', { name: '展开 / 收起菜单' }).click()
  await expect.poll(sideWidth).toBe(63)
  expect(await side.getByText('平台管理后台').count()).toBe(0)
  await page.getByRole('button', { name: '展开 / 收起菜单' }).click()
  await expect.poll(sideWidth).toBe(200)
  await side.getByText('平台管理后台').waitFor()

  // The module tab, then the group and the leaf of the side menu.
  await openCarriersThroughMenus(page)
  const modules = page.getByRole('navigation', { name: '功能模块' })
  expect(await modules.getByRole('link', { name: '店铺中心' }).getAttribute('aria-current')).toBe('true')
  await page.waitForURL('**/Admin/expresses')
  await page.getByRole('heading', { name: '物流公司' }).waitFor()
  await page.getByRole('cell', { name: '顺丰', exact: true }).waitFor()
  await screenshot(page, 'list')

  // Add
  const name = uniqueName()
  const code = name.replace(/-/g, '_')
  await page.getByRole('button', { name: '添加', exact: true }).click()
  await dialog(page).getByLabel('名称').fill(name)
  await dialog(page).getByLabel('快递编码').fill(code)
  await screenshot(page, 'form')
  // The add dialog is half the window wide.
  const dialogBox = await dialog(page).boundingBox()
  expect(Math.abs(dialogBox!.width - page.viewportSize()!.width / 2)).toBeLessThan(4)
  await dialog(page).getByRole('button', { name: '确定' }).click()
  await expectToast(page, '操作成功')
  await dialog(page).waitFor({ state: 'hidden' })
  await rowOf(page, name).waitFor()
  const [created] = await expressesNamed(token, name)
  expect(created).toMatchObject({ name, code })

  // Edit
  const edited = `${name}-edited`
  await rowOf(page, name).getByRole('button', { name: '编辑' }).click()
  const nameInput = dialog(page).getByLabel('名称')
  await expect.poll(() => nameInput.inputValue()).toBe(name)
  await nameInput.fill(edited)
  await dialog(page).getByRole('button', { name: '确定' }).click()
  await expectToast(page, '操作成功')
  await dialog(page).waitFor({ state: 'hidden' })
  await rowOf(page, edited).waitFor()
  expect(await expressesNamed(token, edited)).toEqual([expect.objectContaining({ id: created.id, name: edited, code })])

  // Search: only the edited row remains
  await page.locator('#search-name').fill(edited)
  await page.getByRole('button', { name: '查询' }).click()
  await page.getByText('共 1 条').waitFor()
  await expect.poll(() => table(page).locator('tbody tr').count()).toBe(1)
  expect(await table(page).locator('tbody tr').first().innerText()).toContain(edited)

  // Export: a workbook named after the menu with the row in Sheet1
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出' }).click()])
  expect(download.suggestedFilename()).toBe('物流公司.xlsx')
  const saved = path.join(ARTIFACTS, 'export.xlsx')
  await download.saveAs(saved)
  const { Workbook } = await import('exceljs')
  const workbook = new Workbook()
  await workbook.xlsx.readFile(saved)
  const sheet = workbook.getWorksheet('Sheet1')
  expect(sheet).toBeDefined()
  const values = sheet!.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).filter((v) => v !== undefined && v !== null))
  expect(values[0]).toEqual(expect.arrayContaining(['名称', '快递编码']))
  expect(values.slice(1)).toEqual([expect.arrayContaining([edited, code])])

  // Delete: cancelling the confirmation keeps the row, confirming removes it
  await rowOf(page, edited).getByRole('checkbox').check()
  await page.getByRole('button', { name: '批量删除' }).click()
  const confirm = page.getByRole('dialog').filter({ hasText: '删除确认' })
  await confirm.getByText('确定要删除选中的数据吗？').waitFor()
  await confirm.getByRole('button', { name: '取消' }).click()
  await confirm.waitFor({ state: 'hidden' })
  await rowOf(page, edited).waitFor()
  expect(await expressesNamed(token, edited)).toHaveLength(1)

  await page.getByRole('button', { name: '批量删除' }).click()
  await confirm.getByRole('button', { name: '确定' }).click()
  await expectToast(page, '操作成功')
  await confirm.waitFor({ state: 'hidden' })
  await page.getByText('暂无数据').waitFor()
  await page.getByText('共 0 条').waitFor()
  expect(await expressesNamed(token, edited)).toEqual([])
  expect((await apiCall('GET', `/api/Admin/expresses/${created.id}`, token)).code).not.toBe(200)
})
