// Fulfilment end to end: the demo shopper's paid order is shipped by the demo seller from "awaiting shipment" with a
// carrier and a tracking number; the shopper's order page shows the tracking the provider answers (a local fake of
// the KuaiBao API, configured through the admin's logistics settings) and the shopper confirms the receipt.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ACCOUNTS, apiCall, apiToken, dbQuery, demoPaidOrder, expectToast, loginThroughPage } from './app.ts'
import { newPage } from './browser.ts'
import { startFakeKuaibao, type FakeKuaibao } from '../../server/src/adapters/logistics/fakeKuaibao.ts'

const KEYS = { appId: 'e2e-app', appKey: 'e2e-app-key-0123456789' }
const TRACKING_NO = 'YT9876543210'
let fake: FakeKuaibao
let adminToken: string
let orderId: number
let orderNo: string


beforeAll(async () => {
  fake = await startFakeKuaibao(KEYS)
  fake.waybills.set(TRACKING_NO, {
    status: 'delivering',
    events: [
      { time: '2026-11-24 09:10:00', context: '【杭州市】圆通速递 已揽收' },
      { time: '2026-11-25 07:45:00', context: '【北京市】快件已到达 北京转运中心' },
      { time: '2026-11-25 10:20:00', context: '【北京市】快递员正在派件' },
    ],
  })
  adminToken = await apiToken('admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  const configured = await apiCall('PUT', '/api/Admin/configs/logistics', adminToken, { appid: KEYS.appId, appkey: KEYS.appKey, endpoint: fake.url })
  expect(configured.code, configured.msg).toBe(200)
  ;({ id: orderId, order_no: orderNo } = await demoPaidOrder())
})

afterAll(async () => {
  // Back to the demo driver for the other browser tests.
  if (adminToken) await apiCall('PUT', '/api/Admin/configs/logistics', adminToken, { appid: '', appkey: '', endpoint: '' })
  await fake?.close()
})

const orderRow = async () =>
  (await dbQuery<{ order_status: number; delivery_code: string; delivery_no: string }>('SELECT order_status, delivery_code, delivery_no FROM orders WHERE id = ?', [orderId]))[0]

test('the seller ships with a carrier and a tracking number; the shopper sees the tracking and confirms the receipt', async () => {
  // ---- the seller: awaiting shipment → ship ----
  const seller = await newPage()
  await loginThroughPage(seller, 'seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)
  await seller.goto('/Seller/orders/wait')
  await seller.getByRole('cell', { name: orderNo, exact: true }).waitFor()
  await seller.getByRole('button', { name: `发货：订单 ${orderNo}` }).click()
  const dialog = seller.getByRole('dialog')
  await dialog.getByRole('textbox', { name: '快递公司' }).click()
  await seller.getByRole('option', { name: '圆通', exact: true }).click()
  await dialog.getByRole('textbox', { name: '快递单号' }).fill(TRACKING_NO)
  await dialog.getByRole('button', { name: '发货', exact: true }).click()
  await expectToast(seller, '订单已发货')
  expect(await orderRow()).toEqual({ order_status: 3, delivery_code: 'yt', delivery_no: TRACKING_NO })
  // It left the "awaiting shipment" list.
  await expect.poll(() => seller.getByRole('cell', { name: orderNo, exact: true }).count()).toBe(0)

  // ---- the shopper: tracking from the provider, then confirm receipt ----
  const shopper = await newPage()
  await loginThroughPage(shopper, 'user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  await shopper.goto(`/user/order/${orderId}`)
  const tracking = shopper.getByTestId('order-tracking')
  await tracking.getByTestId('tracking-event').nth(2).waitFor()
  expect(await tracking.getByTestId('tracking-event').count()).toBe(3)
  expect(await tracking.getByTestId('tracking-event').first().textContent()).toContain('快递员正在派件')
  expect(await tracking.getByTestId('tracking-state').textContent()).toBe('派送中')
  expect(await tracking.getByTestId('tracking-carrier').textContent()).toBe(`圆通 ${TRACKING_NO}`)
  expect(await tracking.getByTestId('tracking-demo').count()).toBe(0)
  // The provider was asked with the signed form the fake checks.
  expect(fake.requests.some((form) => JSON.parse(form.data ?? '{}').waybill_no === TRACKING_NO)).toBe(true)

  await shopper.getByRole('button', { name: '确认收货' }).click()
  await shopper.getByRole('dialog').getByRole('button', { name: '确认收货' }).click()
  await expectToast(shopper, '已确认收货')
  await expect.poll(async () => (await orderRow()).order_status).toBe(4)
  await expect.poll(() => shopper.getByTestId('confirm-receipt').count()).toBe(0)
})
