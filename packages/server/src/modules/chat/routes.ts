// The chat's routes (docs/chat.md). The shopper and the visitor: /api/chat/... (a storefront access token, or a guest
// token from POST /api/chat/guest in the x-chat-guest header) and the socket /api/chat/ws. The store:
// /api/Seller/chats/... with its seller token, by the seller.chats.* keys (sub-accounts through their roles).
import websocket from '@fastify/websocket'
import { chatConversationsQuery, chatMessagesQuery, chatSendBody, GUEST_TOKEN_HEADER } from '@qshop/shared/schemas/chat'
import { idParam, noBody } from '@qshop/shared/schemas/common'
import type { FastifyRequest } from 'fastify'
import type { AppModule, Scope } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { requestContext } from '../../core/context.ts'
import { participantOf } from './participant.ts'
import { issueGuest } from './guest.ts'
import { createChatHub } from './hub.ts'
import { listConversations, listMessages, markRead, sendMessage } from './service.ts'

const tags = ['chat']

/** The same four routes for both sides; `permissions` are the seller's keys (none in the storefront). */
function chatRoutes(app: Scope, prefix: string, permissions: { read?: string; send?: string; update?: string }, open: object) {
  const who = (req: FastifyRequest) => participantOf(app.config, req.actor, req.headers[GUEST_TOKEN_HEADER] as string | undefined)
  app.get(
    `${prefix}/conversations`,
    { schema: { querystring: chatConversationsQuery, tags, summary: 'Own conversations, the latest first, with unread counts' }, config: { ...open, permission: permissions.read } },
    async (req) => ok(req, await listConversations(app, who(req), req.query)),
  )
  app.get(
    `${prefix}/messages`,
    { schema: { querystring: chatMessagesQuery, tags, summary: 'Messages of an own conversation by id: the newest, before before_id, or after after_id' }, config: { ...open, permission: permissions.read } },
    async (req) => ok(req, await listMessages(app, who(req), req.query)),
  )
  app.post(
    `${prefix}/messages`,
    { schema: { body: chatSendBody, tags, summary: 'Send; a repeat of client_msg_id answers the stored message' }, config: { ...open, permission: permissions.send } },
    async (req) => ok(req, await sendMessage(app, requestContext(req), who(req), req.body)),
  )
  app.put(
    `${prefix}/conversations/:id/read`,
    { schema: { params: idParam, body: noBody, tags, summary: 'Mark an own conversation read' }, config: { ...open, permission: permissions.update } },
    async (req) => ok(req, await markRead(app, who(req), req.params.id)),
  )
}

const chat: AppModule = {
  name: 'chat',
  storefront: async (app) => {
    // Shoppers are recognised by their token when they send one; visitors by their guest token (participant.ts).
    const open = { public: true, optionalAuth: true }
    chatRoutes(app, '/chat', {}, open)
    app.post('/chat/guest', { schema: { body: noBody, tags, summary: "A visitor's signed guest id" }, config: { public: true, rateLimit: 'auth' } }, async (req) =>
      ok(req, issueGuest(app.config)),
    )

    const hub = createChatHub(app, app.actors)
    app.addHook('onReady', () => hub.start())
    app.addHook('preClose', async () => hub.stop())
    await app.register(websocket, { options: { maxPayload: 8 * 1024 } })
    app.get('/chat/ws', { websocket: true, schema: { tags, summary: 'Pushes messages and read receipts; first frame {type:"auth", token | guest_token}' }, config: { public: true } }, (socket) =>
      hub.accept(socket),
    )
  },
  seller: async (app) => {
    chatRoutes(app, '/chats', { read: 'seller.chats.index', send: 'seller.chats.send', update: 'seller.chats.update' }, {})
  },
}
export default chat
