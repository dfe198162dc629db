// Customer-service chat (docs/chat.md): the REST bodies and queries, the answers, and the frames of /api/chat/ws.
import { z } from 'zod'
import * as zx from '../zx.ts'

export const CHAT_CONTENT_TYPES = ['text', 'image', 'goods', 'order'] as const
export type ChatContentType = (typeof CHAT_CONTENT_TYPES)[number]

/** Characters of one text message. */
export const CHAT_TEXT_MAX = 1000
/** Messages one page of history holds at most (and by default). */
export const CHAT_PAGE_MAX = 50
/** A visitor's id inside its guest token: 'g' and 20 url-safe characters. */
export const GUEST_ID_PATTERN = /^g[A-Za-z0-9_-]{20}$/
/** The header a visitor sends its guest token in (a signed-in shopper or a seller sends its access token). */
export const GUEST_TOKEN_HEADER = 'x-chat-guest'

/**
 * A picture: the address an upload answered — `/uploads/...` on the local disk, the bucket's or CDN's https address on
 * OSS. The server also checks that the configured storage stored it (modules/chat/service.ts).
 */
const pictureUrl = z
  .string()
  .trim()
  .max(255)
  .regex(/^(\/uploads\/|https:\/\/[A-Za-z0-9.-]+(:\d{1,5})?\/)[A-Za-z0-9/_.-]+\.(png|jpe?g|gif|webp)$/i)

/**
 * POST /api/chat/messages (shopper, visitor) and /api/Seller/chats/messages (the store). A shopper or visitor writes to
 * a store (`to_type` store); the store answers a shopper (`user`, by id) or a visitor (`guest`, by guest id).
 */
export const chatSendBody = z
  .strictObject({
    to_type: z.enum(['store', 'user', 'guest']),
    to_id: z.union([zx.id(), z.string().regex(GUEST_ID_PATTERN)]),
    content_type: z.enum(CHAT_CONTENT_TYPES).default('text'),
    content: z.union([z.string().trim().min(1).max(CHAT_TEXT_MAX), zx.id()]),
    /** the sender's own id of the message: sending it again answers the message already stored */
    client_msg_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  })
  .superRefine((b, ctx) => {
    if ((b.to_type === 'guest') !== (typeof b.to_id === 'string')) ctx.addIssue({ code: 'custom', path: ['to_id'], message: 'invalid' })
    const content = String(b.content)
    if (b.content_type === 'image' && !pictureUrl.safeParse(content).success) ctx.addIssue({ code: 'custom', path: ['content'], message: 'invalid' })
    if ((b.content_type === 'goods' || b.content_type === 'order') && !/^\d{1,10}$/.test(content))
      ctx.addIssue({ code: 'custom', path: ['content'], message: 'invalid' })
  })
export type ChatSend = z.infer<typeof chatSendBody>

/** GET .../chat/conversations */
export const chatConversationsQuery = z.strictObject({
  page: zx.urlInt(1, 100_000).optional(),
  per_page: zx.urlInt(1, 100).optional(),
})

/** GET .../chat/messages: the newest page, the page before `before_id`, or everything after `after_id` (a reconnect). */
export const chatMessagesQuery = z
  .strictObject({
    conversation_id: zx.urlId(),
    before_id: zx.urlId().optional(),
    after_id: zx.urlId().optional(),
    limit: zx.urlInt(1, CHAT_PAGE_MAX).optional(),
  })
  .refine((q) => q.before_id === undefined || q.after_id === undefined, { path: ['after_id'], message: 'invalid' })

/** A goods or order a card shows; null once it is gone or not shown to the reader. */
export type ChatCard =
  | { kind: 'goods'; id: number; goods_name: string; goods_master_image: string; goods_price: string }
  | { kind: 'order'; id: number; order_no: string; order_name: string; order_image: string; total_price: string; order_status: number }

export type ChatMessage = {
  id: number
  conversation_id: number
  /** 1 the shopper or visitor · 2 the store */
  sender_side: 1 | 2
  content_type: ChatContentType
  content: string
  card: ChatCard | null
  client_msg_id: string
  created_at: string
}

export type ChatConversation = {
  id: number
  store: { id: number; store_name: string; store_logo: string }
  /** the shopper, or a visitor ({id: 0, nickname: guest id}) */
  user: { id: number; nickname: string; avatar: string; guest_id: string }
  /** the reader's unread messages */
  unread: number
  /** what the other side has not read yet of the reader's messages */
  peer_unread: number
  last_message: ChatMessage | null
  last_at: string
}

/** POST /api/chat/guest: a visitor's signed id. */
export type ChatGuest = { guest_id: string; guest_token: string; expires_in: number }

/** The first frame a socket sends: an access token (shopper or seller) or a guest token. */
export const chatAuthFrame = z.strictObject({
  type: z.literal('auth'),
  token: z.string().min(1).max(4096).optional(),
  guest_token: z.string().min(1).max(256).optional(),
})

export type ChatServerFrame =
  | { type: 'ready' }
  | { type: 'message'; message: ChatMessage }
  /** the `side` read the conversation up to `last_read_id` */
  | { type: 'read'; conversation_id: number; side: 1 | 2; last_read_id: number }
  | { type: 'pong' }
