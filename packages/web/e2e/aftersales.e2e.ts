// After-sales end to end: the demo shopper's paid order of two lines; from the order page the shopper asks for the
// refund of one line (the refund form), the demo seller agrees on /Seller/refunds, the shopper's balance grows by
// exactly the amount asked and the request shows as completed on both sides.
import { beforeAll, expect, test } from 'vitest'
import { fromCents, toCents } from '@qshop/shared'
import { ACCOUNTS, apiCall, apiToken, dbQuery, demoPaidOrder, expectToast, loginThroughPage } from './app.ts'
import { newPage } from './browser.ts'

let token: string
let orderId: number

/** The shopper's balance as the API answers it. */
async function balanceCents(): Promise<number> {
  const info = await apiCall<{ money: string }>('POST', '/api/auth/info', token, { provider: 'users' })
  expect(info.code, info.msg).toBe(200)
  return toCents(info.data.money)
}

beforeAll(async () => {
  token = await apiToken('user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  ;({ id: orderId } = await demoPaidOrder(2))
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
