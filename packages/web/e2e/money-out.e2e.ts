// Money out end to end: the demo store is credited by the admin's audited adjustment (through the API), the seller asks
// for a withdrawal on the withdrawals page, and the admin pays it out on the review page. The store's money moves
// from its balance to its frozen funds and out, and the seller sees the withdrawal paid.
import { beforeAll, expect, test } from 'vitest'
import { ACCOUNTS, apiCall, apiToken, dbQuery, loginThroughPage } from './app.ts'
import { newPage } from './browser.ts'

let storeId: number
const funds = async () =>
  (await dbQuery<{ store_money: string; store_frozen_money: string }>('SELECT store_money, store_frozen_money FROM stores WHERE id = ?', [storeId]))[0]

beforeAll(async () => {
  ;[{ id: storeId }] = await dbQuery<{ id: number }>('SELECT s.id FROM stores s JOIN users u ON u.id = s.user_id WHERE u.username = ?', [ACCOUNTS.seller.username])
  const admin = await apiToken('admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  const credited = await apiCall('POST', `/api/Admin/stores/${storeId}/money`, admin, { is_type: 0, money: '500.00', remark: 'e2e' }, { 'Idempotency-Key': `e2e-store-${Date.now()}` })
  expect(credited.code, credited.msg).toBe(200)
})

test('a seller withdraws and the admin pays out', async () => {
  const before = await funds()
  const seller = await newPage()
  await loginThroughPage(seller, 'seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)
  await seller.goto('/Seller/cashes')
  await seller.getByTestId('seller-cash-money').fill('123.45')
  await seller.getByTestId('seller-cash-name').fill('李四')
  await seller.getByTestId('seller-cash-bank').fill('建设银行')
  await seller.getByTestId('seller-cash-card').fill('6217000011112222')
  await seller.getByRole('button', { name: '申请提现' }).click()
  const asked = seller.getByRole('row').filter({ hasText: '6217********2222' }).filter({ hasText: '待审核' })
  await asked.waitFor()
  await expect.poll(async () => (await funds()).store_frozen_money).toBe((Number(before.store_frozen_money) + 123.45).toFixed(2))
  expect(Number((await funds()).store_money)).toBeCloseTo(Number(before.store_money) - 123.45, 2)
  const [{ id }] = await dbQuery<{ id: number }>('SELECT id FROM cashes WHERE store_id = ? ORDER BY id DESC LIMIT 1', [storeId])

  const admin = await newPage()
  await loginThroughPage(admin, 'admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  await admin.goto('/Admin/cashes')
  const row = admin.getByRole('row').filter({ hasText: '6217000011112222' }).filter({ hasText: '待审核' })
  await row.waitFor()
  await admin.getByRole('button', { name: `确认打款 ${id}` }).click()
  await admin.getByRole('dialog').getByRole('button', { name: '确认打款' }).click()
  await admin.getByRole('row').filter({ hasText: '6217000011112222' }).filter({ hasText: '已打款' }).first().waitFor()
  await expect.poll(async () => (await funds()).store_frozen_money).toBe(before.store_frozen_money)
  expect(Number((await funds()).store_money)).toBeCloseTo(Number(before.store_money) - 123.45, 2)

  await seller.reload()
  await seller.getByRole('row').filter({ hasText: '6217********2222' }).filter({ hasText: '已打款' }).first().waitFor()
})
