// Customer-service chat end to end: the demo shopper opens 联系客服 on a goods page of the demo seller's store and
// writes; the seller, on 客服聊天 with its socket connected, sees the conversation come in unread, opens it and
// answers; the answer appears in the shopper's open drawer without a reload, and the shopper's 我的消息 lists the
// conversation with the store. A visitor asks as a guest with the goods' card and gets a picture back; a shopper sends
// its order's card and a picture from the order page.
import { expect, test } from 'vitest'
import { ACCOUNTS, dbQuery, demoPaidOrder, loginThroughPage, png, uniqueName } from './app.ts'
import { newPage } from './browser.ts'

async function demoGoods() {
  const [goods] = await dbQuery<{ id: number; goods_name: string; store_name: string }>(
    `SELECT g.id, g.goods_name, s.store_name FROM goods g JOIN stores s ON s.id = g.store_id JOIN users u ON u.id = s.user_id
     WHERE u.username = ? AND g.goods_status = 1 AND g.goods_verify = 1 ORDER BY g.id LIMIT 1`,
    [ACCOUNTS.seller.username],
  )
  return goods
}

test('a shopper asks from the goods page, the seller answers live, the shopper sees the answer live', async () => {
  const goods = await demoGoods()
  const question = uniqueName('请问有现货吗')
  const answer = uniqueName('有现货，今天发货')

  const seller = await newPage()
  await loginThroughPage(seller, 'seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)
  await seller.goto('/Seller/chats')
  await seller.getByText('实时连接', { exact: true }).waitFor()

  const shopper = await newPage()
  await loginThroughPage(shopper, 'user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  await shopper.goto(`/goods/${goods.id}`)
  await shopper.getByRole('complementary', { name: goods.store_name }).getByRole('button', { name: '联系客服' }).click()
  const drawer = shopper.getByRole('dialog', { name: `与 ${goods.store_name} 的会话` })
  const box = drawer.getByRole('textbox', { name: '输入消息，回车发送' })
  await box.fill(question)
  await box.press('Enter')
  await drawer.getByTestId('chat-message').filter({ hasText: question }).waitFor()

  // The seller's list gets the conversation, unread, over the socket; opening it reads it.
  const conversation = seller.getByTestId('chat-conversations').getByRole('button').filter({ hasText: question })
  await conversation.getByLabel(/条未读$/).waitFor()
  await conversation.click()
  await seller.getByTestId('chat-messages').getByText(question, { exact: true }).waitFor()
  await expect.poll(() => conversation.getByLabel(/条未读$/).count()).toBe(0)
  const reply = seller.getByRole('textbox', { name: '输入消息，回车发送' })
  await reply.fill(answer)
  await seller.getByRole('button', { name: '发送', exact: true }).click()

  // The answer reaches the shopper's open drawer.
  await drawer.getByTestId('chat-message').filter({ hasText: answer }).waitFor()
  const stored = await dbQuery<{ sender_side: number; content: string }>(
    'SELECT sender_side, content FROM chat_messages WHERE content IN (?, ?) ORDER BY id',
    [question, answer],
  )
  expect(stored).toEqual([{ sender_side: 1, content: question }, { sender_side: 2, content: answer }])

  await shopper.goto('/user/chats')
  const mine = shopper.getByTestId('chat-conversations').getByRole('button').filter({ hasText: goods.store_name })
  await expect.poll(() => mine.textContent()).toContain(answer)
})

test("a visitor asks about a goods as a guest and gets the seller's picture back live", async () => {
  const goods = await demoGoods()
  const question = uniqueName('游客想问尺码')

  const seller = await newPage()
  await loginThroughPage(seller, 'seller', ACCOUNTS.seller.username, ACCOUNTS.seller.password)
  await seller.goto('/Seller/chats')
  await seller.getByText('实时连接', { exact: true }).waitFor()

  const visitor = await newPage()
  await visitor.goto(`/goods/${goods.id}`)
  await visitor.getByRole('complementary', { name: goods.store_name }).getByRole('button', { name: '联系客服' }).click()
  const drawer = visitor.getByRole('dialog', { name: `与 ${goods.store_name} 的会话` })
  await drawer.getByTestId('chat-as-visitor').getByRole('link', { name: '登录后可发送图片和订单' }).waitFor()
  expect(await drawer.getByRole('button', { name: '发送图片' }).count()).toBe(0)
  await drawer.getByTestId('chat-offer').getByRole('button', { name: '发送商品' }).click()
  await drawer.getByTestId('chat-message').filter({ hasText: goods.goods_name }).waitFor()
  const box = drawer.getByRole('textbox', { name: '输入消息，回车发送' })
  await box.fill(question)
  await box.press('Enter')
  await drawer.getByTestId('chat-message').filter({ hasText: question }).waitFor()

  // The store sees a visitor's conversation with the goods' card, and answers with a picture.
  const conversation = seller.getByTestId('chat-conversations').getByRole('button').filter({ hasText: question })
  await expect.poll(() => conversation.textContent()).toMatch(/^访客 /)
  await conversation.click()
  await seller.getByTestId('chat-messages').getByTestId('chat-message').filter({ hasText: goods.goods_name }).waitFor()
  await seller.locator('input[type="file"]').setInputFiles({ name: 'answer.png', mimeType: 'image/png', buffer: png(24, [20, 120, 200]) })
  await seller.getByTestId('chat-messages').getByRole('img', { name: '图片' }).waitFor()

  // The picture reaches the visitor's drawer over the guest's socket, and loads.
  const picture = drawer.getByTestId('chat-message').getByRole('img', { name: '图片' })
  await picture.waitFor()
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(24)
  const stored = await dbQuery<{ sender_side: number; content_type: string; content: string; guest: number }>(
    `SELECT m.sender_side, m.content_type, m.content, c.guest_id <> '' AS guest FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id
     WHERE m.conversation_id = (SELECT conversation_id FROM chat_messages WHERE content = ?) ORDER BY m.id`,
    [question],
  )
  expect(stored.map((m) => [m.sender_side, m.content_type, Number(m.guest)])).toEqual([[1, 'goods', 1], [1, 'text', 1], [2, 'image', 1]])
  expect(stored[0].content).toBe(String(goods.id))
  expect(stored[2].content).toMatch(/^\/uploads\/chat\/.+\.png$/)
})

test("a shopper sends its order's card and a picture from the order page", async () => {
  const order = await demoPaidOrder()
  const shopper = await newPage()
  await loginThroughPage(shopper, 'user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  await shopper.goto(`/user/order/${order.id}`)
  await shopper.getByRole('button', { name: '联系客服' }).click()
  const drawer = shopper.getByRole('dialog', { name: /^与 .+ 的会话$/ })
  await drawer.getByTestId('chat-offer').getByText(order.order_no).waitFor()
  await drawer.getByRole('button', { name: '发送订单' }).click()
  await drawer.getByTestId('chat-message').filter({ hasText: `订单 ${order.order_no}` }).waitFor()
  await drawer.locator('input[type="file"]').setInputFiles({ name: 'parcel.png', mimeType: 'image/png', buffer: png(16, [200, 60, 20]) })
  await drawer.getByTestId('chat-message').getByRole('img', { name: '图片' }).waitFor()

  const stored = await dbQuery<{ content_type: string; content: string }>(
    `SELECT m.content_type, m.content FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id JOIN users u ON u.id = c.user_id
     WHERE u.username = ? AND m.content_type IN ('order', 'image') AND m.sender_side = 1 ORDER BY m.id DESC LIMIT 2`,
    [ACCOUNTS.shopper.username],
  )
  expect(stored.map((m) => m.content_type)).toEqual(['image', 'order'])
  expect(stored[1].content).toBe(String(order.id))
})
