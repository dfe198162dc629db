// Reviews end to end: the demo shopper's order is paid, shipped by the demo seller and received (through the API the
// pages call); the shopper reviews its line from the order page and the order completes; the goods page's review tab
// shows the review and the statistics; the seller replies on /Seller/order_comments and the goods page (and the
// shopper's own review) shows the reply.
import { beforeAll, expect, test } from 'vitest'
import { ACCOUNTS, apiCall, apiToken, dbQuery, demoPaidOrder, expectToast, loginThroughPage, uniqueName } from './app.ts'
import { newPage } from './browser.ts'
import type { Locator } from 'playwright-core'

const REVIEW_TEXT = `${uniqueName('review')} 做工很好，和描述一致`
const REPLY_TEXT = `${uniqueName('reply')} 感谢您的支持，欢迎再来`
let orderId: number
let goodsId: number
let goodsName: string

/** A received (status 4) order of the demo shopper: paid by balance, shipped by the seller, received by the shopper. */
async function receivedOrder(): Promise<number> {
  const { id, token } = await demoPaidOrder()
  const sellerToken = await apiToken('seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)
  const shipped = await apiCall('PUT', `/api/Seller/orders/${id}/ship`, sellerToken, { delivery_code: 'yt', delivery_no: 'YT2026112501' })
  expect(shipped.code, shipped.msg).toBe(200)
  const received = await apiCall('PUT', `/api/user/order/${id}`, token, { order_status: 4 })
  expect(received.code, received.msg).toBe(200)
  return id
}

beforeAll(async () => {
  orderId = await receivedOrder()
  ;[{ goods_id: goodsId, goods_name: goodsName }] = await dbQuery<{ goods_id: number; goods_name: string }>('SELECT goods_id, goods_name FROM order_goods WHERE order_id = ?', [orderId])
})

/** Gives `stars` to one score of a review form by pressing its star (the radio inputs behind the stars are hidden). */
async function rate(form: Locator, key: string, stars: number) {
  const id = await form.getByTestId(`rating-${key}`).getByRole('radio', { name: String(stars), exact: true }).getAttribute('id')
  await form.locator(`label[for="${id}"]`).click()
}

/**
 * What the goods' review tab should say, from every review of the goods in the database (other browser tests may
 * have added some): the count, the good ones (the four scores add up to 15 or more) and the averages.
 */
async function expectedStatistics() {
  const [row] = await dbQuery<Record<string, string | number>>(
    `SELECT COUNT(*) AS total, COALESCE(SUM(score + agree + service + speed >= 15), 0) AS good,
       FORMAT(AVG(score), 2) AS score, FORMAT(AVG(agree), 2) AS agree, FORMAT(AVG(service), 2) AS service, FORMAT(AVG(speed), 2) AS speed
     FROM order_comments WHERE goods_id = ?`,
    [goodsId],
  )
  return {
    total: Number(row.total),
    good: Number(row.good),
    averages: `平均评分综合评分 ${row.score}描述相符 ${row.agree}服务态度 ${row.service}发货速度 ${row.speed}`,
  }
}

test('the shopper reviews a received order, the goods page shows it, the seller replies, the goods page shows the reply', async () => {
  // ---- the shopper: order page → review page → scores and text → submit ----
  const shopper = await newPage()
  await loginThroughPage(shopper, 'user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  await shopper.goto(`/user/order/${orderId}`)
  expect(await shopper.getByTestId('order-status').first().textContent()).toBe('待评价')
  await shopper.getByRole('link', { name: '评价', exact: true }).click()
  await shopper.waitForURL(`**/user/order/comment/${orderId}`)
  const line = shopper.getByTestId('review-line').filter({ hasText: goodsName })
  const form = line.getByTestId('review-form')
  await form.waitFor()
  // Stars start full; the shopper takes some off.
  await rate(form, 'agree', 4)
  await rate(form, 'speed', 3)
  expect(await form.getByTestId('rating-agree').getAttribute('aria-label')).toBe('描述相符：4 星（满分 5 星）')
  expect(await form.getByTestId('rating-speed').getAttribute('aria-label')).toBe('发货速度：3 星（满分 5 星）')
  await form.getByRole('textbox', { name: '评价内容' }).fill(REVIEW_TEXT)
  await form.getByRole('button', { name: '提交评价' }).click()
  await expectToast(shopper, '全部商品已评价，订单已完成')
  await shopper.getByTestId('reviews-done').waitFor()
  expect(await line.textContent()).toContain(REVIEW_TEXT)
  expect(await line.getByTestId('review-form').count()).toBe(0)

  const [comment] = await dbQuery<{ score: number; agree: number; service: number; speed: number; content: string }>(
    'SELECT score, agree, service, speed, content FROM order_comments WHERE order_id = ?',
    [orderId],
  )
  expect({ ...comment, score: Number(comment.score), agree: Number(comment.agree), service: Number(comment.service), speed: Number(comment.speed) }).toEqual({
    score: 5, agree: 4, service: 5, speed: 3, content: REVIEW_TEXT,
  })
  const [order] = await dbQuery<{ order_status: number; comment_time: Date | null }>('SELECT order_status, comment_time FROM orders WHERE id = ?', [orderId])
  expect(order.order_status).toBe(6)
  expect(order.comment_time).not.toBeNull()

  // The order page shows it completed, with "view reviews" instead of "review".
  await shopper.goto(`/user/order/${orderId}`)
  await shopper.getByRole('link', { name: '查看评价', exact: true }).waitFor()
  expect(await shopper.getByTestId('order-status').first().textContent()).toBe('已完成')
  expect(await shopper.getByRole('link', { name: '评价', exact: true }).count()).toBe(0)

  // ---- the goods page's review tab: statistics and the review ----
  const stats = await expectedStatistics()
  await shopper.goto(`/goods/${goodsId}`)
  await shopper.getByRole('tab', { name: `商品评价（${stats.total}）` }).click()
  const review = shopper.getByRole('tabpanel').locator('p', { hasText: REVIEW_TEXT })
  await review.waitFor()
  const panel = shopper.getByRole('tabpanel')
  expect(await panel.getByText(`全部（${stats.total}）`).count()).toBe(1)
  expect(await panel.getByText(`好评（${stats.good}）`).count()).toBe(1)
  expect(await panel.getByText(`${Math.round((stats.good * 100) / stats.total)}%`, { exact: true }).count()).toBe(1)
  expect(await panel.getByTestId('review-averages').textContent()).toBe(stats.averages)

  // ---- the seller replies ----
  const seller = await newPage()
  await loginThroughPage(seller, 'seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)
  await seller.goto('/Seller/order_comments')
  const row = seller.getByRole('row').filter({ hasText: REVIEW_TEXT })
  await row.waitFor()
  await row.getByRole('button', { name: `回复 ${goodsName} 的评价` }).click()
  const dialog = seller.getByRole('dialog', { name: '回复评价' })
  expect(await dialog.getByTestId('replying-to').textContent()).toBe(REVIEW_TEXT)
  await dialog.getByRole('textbox', { name: '回复内容' }).fill(REPLY_TEXT)
  const saved = seller.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/Seller/order_comments/'))
  await dialog.getByRole('button', { name: '保存回复' }).click()
  expect((await (await saved).json()).code).toBe(200)
  await expectToast(seller, '回复已保存')
  await dialog.waitFor({ state: 'hidden' })
  // The list reloaded with the reply in the row.
  await row.filter({ hasText: REPLY_TEXT }).waitFor()
  const [replied] = await dbQuery<{ reply: string; reply_time: Date | null }>('SELECT reply, reply_time FROM order_comments WHERE order_id = ?', [orderId])
  expect(replied.reply).toBe(REPLY_TEXT)
  expect(replied.reply_time).not.toBeNull()

  // ---- the goods page shows the reply under the review ----
  await shopper.reload()
  await shopper.getByRole('tab', { name: `商品评价（${stats.total}）` }).click()
  await shopper.getByRole('tabpanel').getByText(`商家回复：${REPLY_TEXT}`).waitFor()
  // ...and under the shopper's own review of the line.
  await shopper.goto(`/user/order/comment/${orderId}`)
  expect(await line.getByTestId('review-reply').textContent()).toBe(`商家回复：${REPLY_TEXT}`)
})
