// Money out end to end: the demo store is credited by the admin's audited adjustment (through the API), the seller asks
// for a withdrawal on the withdrawals page, and the admin pays it out on the review page. The store's money moves
// from its balance to its frozen funds and out, and the seller sees the withdrawal paid. Then a shopper invites a
// second, who buys a goods with a referral rate (through the API the pages call); the first sees the commission
// pending, and after the admin's "settle now" credited on /user/distribution and /user/money.
import { beforeAll, expect, test } from 'vitest'
import { decimalToCents, fromCents, percentOf } from '@qshop/shared'
import { ACCOUNTS, apiCall, apiToken, dbQuery, loginThroughPage, uniqueName } from './app.ts'
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

test('a shopper invites a second, who buys; after settlement the first sees the commission in /user/distribution and /user/money', async () => {
  const admin = await apiToken('admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  const sellerToken = await apiToken('seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)
  const password = 'Secret@123'
  const inviterName = uniqueName('inv').replace(/-/g, '_').slice(0, 30)
  const inviteeName = uniqueName('buy').replace(/-/g, '_').slice(0, 30)
  expect((await apiCall('POST', '/api/register', undefined, { username: inviterName, password })).code).toBe(200)
  const [{ id: inviterId }] = await dbQuery<{ id: number }>('SELECT id FROM users WHERE username = ?', [inviterName])
  const registered = await apiCall<{ access_token: string }>('POST', '/api/register', undefined, { username: inviteeName, password, inviter_id: inviterId })
  expect(registered.code, registered.msg).toBe(200)
  const token = registered.data.access_token
  const [{ id: inviteeId }] = await dbQuery<{ id: number; inviter_id: number }>('SELECT id, inviter_id FROM users WHERE username = ?', [inviteeName])
  // The buyer's pay password and money, set by the admin.
  expect((await apiCall('PUT', `/api/Admin/users/${inviteeId}`, admin, { pay_password: '123456' })).code).toBe(200)
  expect((await apiCall('POST', `/api/Admin/users/${inviteeId}/money`, admin, { is_type: 0, money: '5000.00', remark: 'e2e' }, { 'Idempotency-Key': uniqueName('adj') })).code).toBe(200)
  await dbQuery("INSERT INTO addresses (user_id, receive_name, receive_tel, province_id, city_id, region_id, area_info, address, is_default, default_key) VALUES (?, '王五', '13800138000', 1, 1, 2, '某省 某市 某区', '一路 1 号', 1, ?)", [inviteeId, inviteeId])
  const [address] = await dbQuery<{ id: number }>('SELECT id FROM addresses WHERE user_id = ?', [inviteeId])
  const [goods] = await dbQuery<{ id: number; goods_price: string }>(
    `SELECT g.id, g.goods_price FROM goods g JOIN stores s ON s.id = g.store_id JOIN users u ON u.id = s.user_id
     WHERE u.username = ? AND g.goods_status = 1 AND g.goods_verify = 1 AND g.goods_stock > 0
       AND NOT EXISTS (SELECT 1 FROM goods_skus k WHERE k.goods_id = g.id) ORDER BY g.id LIMIT 1`,
    [ACCOUNTS.seller.username],
  )
  const rates = await apiCall('POST', '/api/Seller/distributions', sellerToken, { goods_id: goods.id, lev_1: '10', lev_2: '0', lev_3: '0' })
  if (rates.code !== 200) await dbQuery('UPDATE distributions SET lev_1 = 10, lev_2 = 0, lev_3 = 0 WHERE goods_id = ?', [goods.id])
  const created = await apiCall<{ order_id: number[] }>('POST', '/api/user/order/create', token, { order: [{ goods_id: goods.id, buy_num: 1 }], address_id: address.id }, { 'Idempotency-Key': uniqueName('order') })
  expect(created.code, created.msg).toBe(200)
  const [orderId] = created.data.order_id
  expect((await apiCall('POST', '/api/user/order/pay', token, { order_id: [orderId], payment_name: 'balance', pay_password: '123456' }, { 'Idempotency-Key': uniqueName('pay') })).code).toBe(200)
  expect((await apiCall('PUT', `/api/Seller/orders/${orderId}/ship`, sellerToken, { delivery_code: 'yt', delivery_no: 'YT2026112801' })).code).toBe(200)
  expect((await apiCall('PUT', `/api/user/order/${orderId}`, token, { order_status: 4 })).code).toBe(200)
  await dbQuery('UPDATE orders SET settle_after = NOW() - INTERVAL 1 DAY WHERE id = ?', [orderId])
  const [line] = await dbQuery<{ paid: string }>('SELECT CAST(total_price - discount_money AS CHAR) paid FROM order_goods WHERE order_id = ?', [orderId])
  const commission = fromCents(percentOf(decimalToCents(line.paid), '10'))

  const page = await newPage()
  await loginThroughPage(page, 'user', inviterName, password)
  await page.goto('/user/distribution')
  await expect.poll(async () => page.getByTestId('distribution-pending').textContent()).toBe(`¥${commission}`)
  expect(await page.getByTestId('invite-link').inputValue()).toContain(`/register?inviter=${inviterId}`)

  expect((await apiCall('POST', '/api/Admin/order_settlement_handle', admin, {})).code).toBe(200)
  await page.reload()
  await expect.poll(async () => page.getByTestId('distribution-earned').textContent()).toBe(`¥${commission}`)
  await page.goto('/user/money')
  const row = page.getByTestId('money-log').filter({ hasText: '会员分销' })
  await row.waitFor()
  expect(await row.textContent()).toContain(`+${commission}`)
  await expect.poll(async () => page.getByTestId('account-figure').textContent()).toBe(`¥${commission}`)
})
