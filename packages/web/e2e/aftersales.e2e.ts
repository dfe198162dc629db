// After-sales end to end: the demo shopper's paid order of two lines; from the order page the shopper asks for the
// refund of one line (the refund form), the demo seller agrees on /Seller/refunds, the shopper's balance grows by
// exactly the amount asked and the request shows as completed on both sides.
import { beforeAll, expect, test } from 'vitest'
import { fromCents, toCents } from '@qshop/shared'
import { ACCOUNTS, apiCall, apiToken, dbQuery, expectToast, loginThroughPage } from './app.ts'
import { baseUrl, newPage } from './browser.ts'

let token: string
let orderId: number

/** A paid order of the demo shopper for one unit each of the two cheapest goods of the demo seller's store. */
async function paidOrder(): Promise<number> {
  const goods = await dbQuery<{ id: number; sku_id: number | null }>(
    `SELECT g.id, (SELECT MIN(k.id) FROM goods_skus k WHERE k.goods_id = g.id AND k.goods_stock > 0) AS sku_id
     FROM goods g JOIN stores s ON s.id = g.store_id JOIN users u ON u.id = s.user_id
     WHERE u.username = ? AND g.goods_status = 1 AND g.goods_verify = 1 AND g.goods_stock > 0 ORDER BY g.goods_price, g.id LIMIT 2`,
    [ACCOUNTS.seller.username],
  )
  expect(goods).toHaveLength(2)
  const [address] = await dbQuery<{ id: number }>('SELECT a.id FROM addresses a JOIN users u ON u.id = a.user_id WHERE u.username = ? ORDER BY a.is_default DESC, a.id LIMIT 1', [ACCOUNTS.shopper.username])
  const order = goods.map((g) => ({ goods_id: g.id, buy_num: 1, ...(g.sku_id ? { sku_id: g.sku_id } : {}) }))
  const created = await fetch(`${baseUrl()}/api/user/order/create`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Idempotency-Key': `aftersales-${Date.now()}` },
    body: JSON.stringify({ order, address_id: address.id }),
  }).then((r) => r.json() as Promise<{ code: number; msg: string; data: { order_id: number[] } }>)
  expect(created.code, created.msg).toBe(200)
  const [id] = created.data.order_id
  const paid = await apiCall('POST', '/api/user/order/pay', token, { order_id: [id], payment_name: 'balance', pay_password: '123456' })
  expect(paid.code, paid.msg).toBe(200)
  return id
}

/** The shopper's balance as the API answers it. */
async function balanceCents(): Promise<number> {
  const info = await apiCall<{ money: string }>('POST', '/api/auth/info', token, { provider: 'users' })
  expect(info.code, info.msg).toBe(200)
  return toCents(info.data.money)
}

beforeAll(async () => {
  token = await apiToken('user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  orderId = await paidOrder()
})

const refundOfOrder = async () =>
  (await dbQuery<{ id: number; refund_no: string; refund_verify: number; refund_step: number; refund_money: string }>(
    'SELECT id, refund_no, refund_verify, refund_step, refund_money FROM refunds WHERE order_id = ?',
    [orderId],
  ))

test('the shopper asks for one line back, the seller agrees, the balance grows by exactly that amount', async () => {
  const caps = await apiCall<{ lines: { order_goods_id: number; goods_name: string; refundable_money: string }[] }>('GET', `/api/user/order/${orderId}/refund_caps`, token)
  expect(caps.code, caps.msg).toBe(200)
  expect(caps.data.lines).toHaveLength(2)
  // Less than the line's cap: a partial refund of one line of the order.
  const asked = fromCents(toCents(caps.data.lines[0].refundable_money) - 1)

  // ---- the shopper: order page → after-sales → refund form ----
  const shopper = await newPage()
  await loginThroughPage(shopper, 'user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  await shopper.goto(`/user/order/${orderId}`)
  await shopper.getByTestId('after-sale-button').click()
  const line = shopper.getByTestId('refund-line').first()
  await line.getByRole('checkbox').check()
  await shopper.getByTestId('refund-money').fill(asked)
  await shopper.getByTestId('refund-reason').fill('包装破损')
  await shopper.getByTestId('refund-submit').click()
  await shopper.waitForURL(/\/user\/order\/refund\/\d+$/)
  await expect.poll(() => shopper.getByTestId('refund-state').textContent()).toBe('等待审核')
  const [opened] = await refundOfOrder()
  expect(opened).toMatchObject({ refund_verify: 0, refund_money: asked })
  const before = await balanceCents()

  // ---- the seller: /Seller/refunds → the request → agree ----
  const seller = await newPage()
  await loginThroughPage(seller, 'seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)
  await seller.goto('/Seller/refunds')
  await seller.getByRole('cell', { name: opened.refund_no, exact: true }).waitFor()
  await seller.getByRole('button', { name: `查看售后单 ${opened.refund_no}` }).click()
  const detail = seller.getByTestId('refund-detail')
  expect(await detail.getByTestId('refund-money').textContent()).toBe(`¥${asked}`)
  expect(await detail.getByText(caps.data.lines[0].goods_name).count()).toBe(1)
  expect(await detail.getByText(caps.data.lines[1].goods_name).count()).toBe(0)
  await detail.getByTestId('refund-agree').click()
  const dialog = seller.getByRole('dialog', { name: `同意售后单 ${opened.refund_no}` })
  await dialog.getByTestId('decision-submit').click()
  await expectToast(seller, '已同意')
  await expect.poll(() => detail.getByTestId('refund-state').textContent()).toBe('售后处理完成')
  expect(await detail.getByTestId('refund-agree').count()).toBe(0)

  // ---- money back to the balance, exactly the amount; the shopper sees the request done ----
  expect(await balanceCents()).toBe(before + toCents(asked))
  expect(await refundOfOrder()).toMatchObject([{ refund_verify: 1, refund_step: 3 }])
  await shopper.reload()
  await expect.poll(() => shopper.getByTestId('refund-state').textContent()).toBe('售后处理完成')
})
