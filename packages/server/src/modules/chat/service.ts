// The chat's reads and writes (docs/chat.md). A conversation is found only among the participant's own
// (participant.ts), so another store's or shopper's conversation is not found. A message is stored in one unit with
// its conversation's unread count and last message; a sender's repeat of its client_msg_id answers the stored message
// and writes nothing. Events go to the sockets after the commit (events.ts).
import { translate } from '@qshop/shared'
import { CHAT_PAGE_MAX, type ChatCard, type ChatConversation, type ChatMessage, type ChatSend } from '@qshop/shared/schemas/chat'
import type { ListAnswer } from '@qshop/shared/list'
import type { Infra } from '../../core/infra.ts'
import { storageFor } from '../../adapters/storage/index.ts'
import type { RequestContext } from '../../core/context.ts'
import { businessError, invalid, notFound, tooMany } from '../../core/errors.ts'
import { isDuplicateKey } from '../../core/db/index.ts'
import { runUnit, type Tx } from '../../core/unitOfWork.ts'
import { visibleGoodsWhere, visibleStoreWhere } from '../catalog/index.ts'
import { ownConversations, type Participant } from './participant.ts'
import { publishChat, type ConversationSides } from './events.ts'

type MessageRow = { id: number; conversation_id: number; sender_side: number; content_type: string; content: string; client_msg_id: string; created_at: Date }
/** What the cards are read through: the database, or the unit that stored the message. */
type CardReader = Pick<Tx, 'goods' | 'orders'>

const MESSAGE_SELECT = { id: true, conversation_id: true, sender_side: true, content_type: true, content: true, client_msg_id: true, created_at: true } as const

/** Tags and comments are removed and control characters dropped: messages are plain text wherever they are shown. */
export function plainText(text: string): string {
  return text
    .replace(/<!--[\s\S]*?-->|<\/?[A-Za-z][^>]*>/g, '')
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '')
    .trim()
}

/** The cards of goods and order messages, read for the conversation's two sides only. */
async function cardsOf(db: CardReader, rows: MessageRow[], sides: Map<number, ConversationSides>): Promise<Map<number, ChatCard>> {
  const ids = (type: string) => [...new Set(rows.filter((r) => r.content_type === type).map((r) => Number(r.content)))]
  const [goods, orders] = await Promise.all([
    db.goods.findMany({ where: { id: { in: ids('goods') } }, select: { id: true, goods_name: true, goods_master_image: true, goods_price: true } }),
    db.orders.findMany({
      where: { id: { in: ids('order') } },
      select: { id: true, user_id: true, store_id: true, order_no: true, order_name: true, order_image: true, total_price: true, order_status: true },
    }),
  ])
  const goodsById = new Map(goods.map((g) => [g.id, g]))
  const ordersById = new Map(orders.map((o) => [o.id, o]))
  const cards = new Map<number, ChatCard>()
  for (const r of rows) {
    if (r.content_type === 'goods') {
      const g = goodsById.get(Number(r.content))
      if (g) cards.set(r.id, { kind: 'goods', id: g.id, goods_name: g.goods_name, goods_master_image: g.goods_master_image, goods_price: g.goods_price.toFixed(2) })
    } else if (r.content_type === 'order') {
      const o = ordersById.get(Number(r.content))
      const conv = sides.get(r.conversation_id)
      if (o && conv && o.store_id === conv.store_id && o.user_id === conv.user_id)
        cards.set(r.id, { kind: 'order', id: o.id, order_no: o.order_no, order_name: o.order_name, order_image: o.order_image, total_price: o.total_price.toFixed(2), order_status: o.order_status })
    }
  }
  return cards
}

const present = (r: MessageRow, cards: Map<number, ChatCard>): ChatMessage => ({
  id: r.id,
  conversation_id: r.conversation_id,
  sender_side: r.sender_side === 2 ? 2 : 1,
  content_type: r.content_type as ChatMessage['content_type'],
  content: r.content,
  card: cards.get(r.id) ?? null,
  client_msg_id: r.client_msg_id,
  created_at: r.created_at.toISOString(),
})

async function presentAll(db: CardReader, rows: MessageRow[], sides: Map<number, ConversationSides>) {
  const cards = await cardsOf(db, rows, sides)
  return rows.map((r) => present(r, cards))
}

const SIDES_SELECT = { id: true, store_id: true, user_id: true, guest_id: true } as const

async function ownConversation(app: Pick<Infra, 'db'>, who: Participant, id: number) {
  const conv = await app.db.chat_conversations.findFirst({ where: { id, ...ownConversations(who) }, select: { ...SIDES_SELECT, store_unread: true, user_unread: true, last_message_id: true } })
  if (!conv) throw notFound()
  return conv
}

/** The participant's conversations, the latest first. */
export async function listConversations(app: Pick<Infra, 'db'>, who: Participant, query: { page?: number; per_page?: number }): Promise<ListAnswer<ChatConversation>> {
  const page = query.page ?? 1
  const perPage = query.per_page ?? 20
  const where = ownConversations(who)
  const [total, rows] = await Promise.all([
    app.db.chat_conversations.count({ where }),
    app.db.chat_conversations.findMany({
      where,
      orderBy: [{ last_at: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * perPage,
      take: perPage,
      select: { ...SIDES_SELECT, store_unread: true, user_unread: true, last_message_id: true, last_at: true, store: { select: { id: true, store_name: true, store_logo: true } } },
    }),
  ])
  const [users, lastRows] = await Promise.all([
    app.db.users.findMany({ where: { id: { in: rows.map((r) => r.user_id).filter(Boolean) } }, select: { id: true, nickname: true, username: true, avatar: true } }),
    app.db.chat_messages.findMany({ where: { id: { in: rows.map((r) => r.last_message_id) } }, select: MESSAGE_SELECT }),
  ])
  const usersById = new Map(users.map((u) => [u.id, u]))
  const last = new Map((await presentAll(app.db, lastRows, new Map(rows.map((r) => [r.id, r])))).map((m) => [m.id, m]))
  const data = rows.map((r): ChatConversation => {
    const user = usersById.get(r.user_id)
    return {
      id: r.id,
      store: r.store,
      user: user ? { id: user.id, nickname: user.nickname || user.username, avatar: user.avatar, guest_id: '' } : { id: 0, nickname: r.guest_id, avatar: '', guest_id: r.guest_id },
      unread: who.side === 2 ? r.store_unread : r.user_unread,
      peer_unread: who.side === 2 ? r.user_unread : r.store_unread,
      last_message: last.get(r.last_message_id) ?? null,
      last_at: r.last_at.toISOString(),
    }
  })
  return { data, count: data.length, total, per_page: perPage, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)) }
}

/** A page of a conversation's messages in id order: the newest, those before `before_id`, or those after `after_id`. */
export async function listMessages(
  app: Pick<Infra, 'db'>,
  who: Participant,
  query: { conversation_id: number; before_id?: number; after_id?: number; limit?: number },
): Promise<{ data: ChatMessage[]; has_more: boolean }> {
  const conv = await ownConversation(app, who, query.conversation_id)
  const limit = query.limit ?? CHAT_PAGE_MAX
  const after = query.after_id !== undefined
  const rows = await app.db.chat_messages.findMany({
    where: { conversation_id: conv.id, ...(after ? { id: { gt: query.after_id } } : query.before_id ? { id: { lt: query.before_id } } : {}) },
    orderBy: { id: after ? 'asc' : 'desc' },
    take: limit + 1,
    select: MESSAGE_SELECT,
  })
  const hasMore = rows.length > limit
  const page = rows.slice(0, limit)
  if (!after) page.reverse()
  return { data: await presentAll(app.db, page, new Map([[conv.id, conv]])), has_more: hasMore }
}

/** One count per sender and minute in Redis, refused past CHAT_SEND_PER_MINUTE (counted atomically by INCR). */
async function countSend(app: Pick<Infra, 'redis' | 'key' | 'config'>, who: Participant) {
  const minute = Math.floor(Date.now() / 60_000)
  const key = app.key('chat', 'sent', who.sender, minute)
  const [[, count]] = (await app.redis.multi().incr(key).expire(key, 120).exec()) as [[Error | null, number]]
  if (count > app.config.CHAT_SEND_PER_MINUTE) throw tooMany('msg.chatTooMany', (minute + 1) * 60_000 - Date.now())
}

/** The conversation a message goes to: a shopper or visitor writes to an open store; a store answers an existing one. */
async function target(app: Pick<Infra, 'db'>, who: Participant, input: ChatSend): Promise<ConversationSides> {
  if (who.side === 1) {
    if (input.to_type !== 'store' || typeof input.to_id !== 'number') throw notFound()
    const store = await app.db.stores.findFirst({ where: { id: input.to_id, ...visibleStoreWhere() }, select: { id: true, user_id: true } })
    if (!store) throw businessError('msg.chatStoreGone')
    if (store.user_id === who.userId) throw businessError('msg.chatSelf')
    return { store_id: store.id, user_id: who.userId, guest_id: who.guestId }
  }
  const sides =
    input.to_type === 'user' && typeof input.to_id === 'number'
      ? { store_id: who.storeId, user_id: input.to_id, guest_id: '' }
      : input.to_type === 'guest' && typeof input.to_id === 'string'
        ? { store_id: who.storeId, user_id: 0, guest_id: input.to_id }
        : null
  if (!sides || !(await app.db.chat_conversations.findUnique({ where: { store_id_user_id_guest_id: sides }, select: { id: true } }))) throw notFound()
  return sides
}

/** The stored content: plain text, a picture's path, or the id of a goods or order the sender may see. */
async function content(app: Infra, ctx: RequestContext, who: Participant, to: ConversationSides, input: ChatSend): Promise<string> {
  const value = String(input.content)
  if (input.content_type === 'text') {
    const text = plainText(value)
    if (!text) throw invalid({ content: translate(ctx.locale, 'valid.chatEmpty') })
    return text
  }
  if (input.content_type === 'image') {
    // Only a picture the platform's storage holds: not an address elsewhere the other side's browser would fetch.
    if (!(await storageFor(app)).keyOf(value)) throw invalid({ content: translate(ctx.locale, 'valid.chatPicture') })
    return value
  }
  const id = Number(value)
  const seen =
    input.content_type === 'goods'
      ? await app.db.goods.findFirst({ where: who.side === 2 ? { id, store_id: who.storeId } : { id, ...visibleGoodsWhere() }, select: { id: true } })
      : to.user_id > 0 && (await app.db.orders.findFirst({ where: { id, store_id: to.store_id, user_id: to.user_id }, select: { id: true } }))
  if (!seen) throw businessError('msg.chatCardRefused')
  return value
}

async function repeatOf(app: Pick<Infra, 'db'>, who: Participant, clientMsgId: string): Promise<ChatMessage | null> {
  const row = await app.db.chat_messages.findUnique({ where: { sender_client_msg_id: { sender: who.sender, client_msg_id: clientMsgId } }, select: MESSAGE_SELECT })
  if (!row) return null
  const conv = await app.db.chat_conversations.findUniqueOrThrow({ where: { id: row.conversation_id }, select: SIDES_SELECT })
  return (await presentAll(app.db, [row], new Map([[conv.id, conv]])))[0]
}

export async function sendMessage(app: Infra, ctx: RequestContext, who: Participant, input: ChatSend): Promise<ChatMessage> {
  const repeat = await repeatOf(app, who, input.client_msg_id)
  if (repeat) return repeat
  const to = await target(app, who, input)
  const stored = await content(app, ctx, who, to, input)
  await countSend(app, who)
  let message: ChatMessage
  try {
    message = await runUnit(app, async (tx, unit) => {
      // The row lock this statement takes orders the conversation's messages: last_message_id is the newest.
      if (who.side === 1)
        await tx.$executeRaw`INSERT INTO chat_conversations (store_id, user_id, guest_id, store_unread, last_at, updated_at)
          VALUES (${to.store_id}, ${to.user_id}, ${to.guest_id}, 1, NOW(3), NOW(3))
          ON DUPLICATE KEY UPDATE store_unread = store_unread + 1, last_at = NOW(3), updated_at = NOW(3)`
      else
        await tx.$executeRaw`UPDATE chat_conversations SET user_unread = user_unread + 1, last_at = NOW(3), updated_at = NOW(3)
          WHERE store_id = ${to.store_id} AND user_id = ${to.user_id} AND guest_id = ${to.guest_id}`
      const conv = await tx.chat_conversations.findUniqueOrThrow({ where: { store_id_user_id_guest_id: to }, select: SIDES_SELECT })
      const row = await tx.chat_messages.create({
        data: { conversation_id: conv.id, sender_side: who.side, sender: who.sender, client_msg_id: input.client_msg_id, content_type: input.content_type, content: stored },
        select: MESSAGE_SELECT,
      })
      await tx.chat_conversations.update({ where: { id: conv.id }, data: { last_message_id: row.id }, select: { id: true } })
      const [presented] = await presentAll(tx, [row], new Map([[conv.id, conv]]))
      unit.afterCommit(() => publishChat(app, { to, frame: { type: 'message', message: presented } }))
      return presented
    })
  } catch (err) {
    // The same client_msg_id sent twice at once: the one stored first is the answer to both.
    const first = isDuplicateKey(err) ? await repeatOf(app, who, input.client_msg_id) : null
    if (!first) throw err
    return first
  }
  return message
}

/** The participant has read the conversation: its unread count is 0 and the other side hears of it. */
export async function markRead(app: Infra, who: Participant, id: number): Promise<{ unread: 0; last_read_id: number }> {
  const conv = await ownConversation(app, who, id)
  const lastReadId = await runUnit(app, async (tx, unit) => {
    await tx.chat_conversations.update({ where: { id: conv.id }, data: who.side === 2 ? { store_unread: 0 } : { user_unread: 0 }, select: { id: true } })
    const { last_message_id } = await tx.chat_conversations.findUniqueOrThrow({ where: { id: conv.id }, select: { last_message_id: true } })
    unit.afterCommit(() => publishChat(app, { to: conv, frame: { type: 'read', conversation_id: conv.id, side: who.side, last_read_id: last_message_id } }))
    return last_message_id
  })
  return { unread: 0, last_read_id: lastReadId }
}
