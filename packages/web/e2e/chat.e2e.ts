// Customer-service chat end to end: the demo shopper opens 联系客服 on a goods page of the demo seller's store and
// writes; the seller, on 客服聊天 with its socket connected, sees the conversation come in unread, opens it and
// answers; the answer appears in the shopper's open drawer without a reload, and the shopper's 我的消息 lists the
// conversation with the store.
import { expect, test } from 'vitest'
import { ACCOUNTS, dbQuery, loginThroughPage, uniqueName } from './app.ts'
import { newPage } from './browser.ts'

test('a shopper asks from the goods page, the seller answers live, the shopper sees the answer live', async () => {
  const [goods] = await dbQuery<{ id: number; store_name: string }>(
    `SELECT g.id, s.store_name FROM goods g JOIN stores s ON s.id = g.store_id JOIN users u ON u.id = s.user_id
     WHERE u.username = ? AND g.goods_status = 1 AND g.goods_verify = 1 ORDER BY g.id LIMIT 1`,
    [ACCOUNTS.seller.username],
  )
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
