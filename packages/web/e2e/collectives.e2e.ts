// Group buys end to end: the second demo store offers a goods as a group buy of 2 (through the seller API); the demo
// shopper opens a group on the goods page and pays by balance; a second, newly registered shopper finds that group on
// /collectives, then on the goods page with its member and the seat left, joins it and pays; both order pages then say the group filled,
// and the seller's "awaiting shipment" list offers both orders for shipping, which the first one takes.
import { beforeAll, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { ACCOUNTS, apiCall, apiToken, dbQuery, expectToast, loginThroughPage, uniqueName } from './app.ts'
import { newPage } from './browser.ts'

const SELLER2 = { username: 'seller2', password: 'Seller@123456' }
const second = { username: uniqueName('grp').replace(/-/g, '_').slice(0, 30), password: 'Secret@123' }
let goods: { id: number; goods_name: string }

async function addMoney(admin: string, userId: number) {
  const added = await apiCall('POST', `/api/Admin/users/${userId}/money`, admin, { is_type: 0, money: '1000.00', remark: 'e2e' }, { 'Idempotency-Key': uniqueName('adj') })
  expect(added.code, added.msg).toBe(200)
}

beforeAll(async () => {
  // The demo tea of the second store, without SKUs; a group buy of 2 at 20% off, 60 minutes to fill.
  ;[goods] = await dbQuery<{ id: number; goods_name: string }>("SELECT id, goods_name FROM goods WHERE goods_no = 'QH-TE-001'")
  await dbQuery('DELETE FROM collectives WHERE goods_id = ? AND NOT EXISTS (SELECT 1 FROM collective_logs l WHERE l.collective_id = collectives.id)', [goods.id])
  const [existing] = await dbQuery<{ id: number }>('SELECT id FROM collectives WHERE goods_id = ?', [goods.id])
  const seller = await apiToken('seller', SELLER2.username, SELLER2.password)
  const offer = existing
    ? await apiCall('PUT', `/api/Seller/collectives/${existing.id}`, seller, { discount: '20', need: 2, expire_minutes: 60 })
    : await apiCall('POST', '/api/Seller/collectives', seller, { goods_id: goods.id, discount: '20', need: 2, expire_minutes: 60 })
  expect(offer.code, offer.msg).toBe(200)

  const admin = await apiToken('admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  const registered = await apiCall('POST', '/api/register', undefined, second)
  expect(registered.code, registered.msg).toBe(200)
  const [{ id: secondId }] = await dbQuery<{ id: number }>('SELECT id FROM users WHERE username = ?', [second.username])
  expect((await apiCall('PUT', `/api/Admin/users/${secondId}`, admin, { pay_password: '123456' })).code).toBe(200)
  await dbQuery(
    "INSERT INTO addresses (user_id, receive_name, receive_tel, province_id, city_id, region_id, area_info, address, is_default, default_key) VALUES (?, '赵六', '13800138000', 1, 1, 2, '某省 某市 某区', '二路 2 号', 1, ?)",
    [secondId, secondId],
  )
  const [{ id: shopperId }] = await dbQuery<{ id: number }>('SELECT id FROM users WHERE username = ?', [ACCOUNTS.shopper.username])
  await addMoney(admin, shopperId)
  await addMoney(admin, secondId)
})

/** On the checkout page: the group line's note, then the order placed and paid by balance. */
async function checkoutAndPay(page: Page) {
  await page.waitForURL('**/order/before/**')
  await page.getByTestId('store-no-promotions').waitFor()
  expect(await page.getByTestId('store-no-promotions').textContent()).toBe('拼团订单不参与优惠券、满减和积分抵扣。')
  await expect.poll(() => page.getByTestId('store-group-saving').count()).toBe(1)
  const total = (await page.getByTestId('checkout-total').textContent())!
  await page.getByRole('button', { name: '提交订单' }).click()
  await page.waitForURL('**/order/pay/**')
  await expect.poll(() => page.getByTestId('pay-total').textContent()).toBe(total)
  await page.getByLabel('支付密码').fill('123456')
  await page.getByRole('button', { name: `确认支付 ${total}` }).click()
  await page.waitForURL((url) => url.pathname === '/order/success')
}

const latestGroupOrder = async (username: string) =>
  (await dbQuery<{ id: number; order_no: string; collective_id: number; order_status: number }>(
    'SELECT o.id, o.order_no, o.collective_id, o.order_status FROM orders o JOIN users u ON u.id = o.user_id WHERE u.username = ? AND o.collective_id > 0 ORDER BY o.id DESC LIMIT 1',
    [username],
  ))[0]

test('open a group on the goods page, a second shopper joins it and pays, the group fills and both orders ship', async () => {
  // ---- the demo shopper opens a group ----
  const first = await newPage()
  await loginThroughPage(first, 'user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  await first.goto(`/goods/${goods.id}`)
  const panel = first.getByTestId('group-buy')
  await panel.waitFor()
  expect(await panel.getByTestId('group-need').textContent()).toBe('2人团')
  expect(await panel.getByTestId('group-price').textContent()).toBe('￥134.40')
  await panel.getByTestId('group-open').click()
  await checkoutAndPay(first)
  const opened = await latestGroupOrder(ACCOUNTS.shopper.username)
  expect(opened.order_status).toBe(2)
  const groupId = opened.collective_id
  await first.goto(`/user/order/${opened.id}`)
  await expect.poll(() => first.getByTestId('group-state').textContent()).toBe('拼团中，还差1人付款成团')

  // ---- a second shopper sees that group, its member and the seat left, and joins ----
  const [opener] = await dbQuery<{ nickname: string; username: string }>('SELECT nickname, username FROM users WHERE username = ?', [ACCOUNTS.shopper.username])
  const shown = opener.nickname || `${opener.username.slice(0, 1)}***`
  const joiner = await newPage()
  await loginThroughPage(joiner, 'user', second.username, second.password)
  // On /collectives first: the group with its goods, whose "join" leads to the goods page.
  await joiner.goto('/collectives')
  const listed = joiner.getByTestId('open-group').and(joiner.locator(`[data-group-id="${groupId}"]`))
  await listed.waitFor()
  expect(await listed.getByText(goods.goods_name).count()).toBe(1)
  await listed.getByTestId('group-join').click()
  await joiner.waitForURL((url) => url.pathname === `/goods/${goods.id}`)
  const group = joiner.getByTestId('open-group').and(joiner.locator(`[data-group-id="${groupId}"]`))
  await group.waitFor()
  // The card shows once the groups are read; its members come with it or just after.
  await expect.poll(() => group.getByTestId('group-member').allTextContents()).toEqual([shown])
  await expect.poll(() => group.getByTestId('group-left').textContent()).toBe('还差1人')
  await group.getByTestId('group-join').click()
  await checkoutAndPay(joiner)
  const joined = await latestGroupOrder(second.username)
  expect(joined.collective_id).toBe(groupId)

  // ---- both order pages: the group filled ----
  await joiner.goto(`/user/order/${joined.id}`)
  await expect.poll(() => joiner.getByTestId('group-state').textContent()).toBe('拼团成功')
  await first.reload()
  await expect.poll(() => first.getByTestId('group-state').textContent()).toBe('拼团成功')
  const [filled] = await dbQuery<{ status: number; paid_num: number }>('SELECT status, paid_num FROM collective_logs WHERE id = ?', [groupId])
  expect(filled).toEqual({ status: 1, paid_num: 2 })
  // The filled group is no longer offered to join.
  await joiner.goto(`/goods/${goods.id}`)
  await joiner.getByTestId('group-buy').waitFor()
  await expect.poll(() => joiner.locator(`[data-group-id="${groupId}"]`).count()).toBe(0)

  // ---- the seller: both orders await shipment and ship ----
  const seller = await newPage()
  await loginThroughPage(seller, 'seller', SELLER2.username, SELLER2.password)
  await seller.goto('/Seller/orders/wait')
  for (const order of [opened, joined]) await seller.getByRole('button', { name: `发货：订单 ${order.order_no}` }).waitFor()
  await seller.getByRole('button', { name: `发货：订单 ${opened.order_no}` }).click()
  const dialog = seller.getByRole('dialog')
  await dialog.getByRole('textbox', { name: '快递公司' }).click()
  await seller.getByRole('option', { name: '圆通', exact: true }).click()
  await dialog.getByRole('textbox', { name: '快递单号' }).fill('YT1234567890')
  await dialog.getByRole('button', { name: '发货', exact: true }).click()
  await expectToast(seller, '订单已发货')
  await expect.poll(async () => (await dbQuery<{ order_status: number }>('SELECT order_status FROM orders WHERE id = ?', [opened.id]))[0].order_status).toBe(3)
})
