// The chat between stores and shoppers or visitors (docs/chat.md), on the real database, Redis and two listening api
// instances sharing them: REST writes, the sockets' pushes across instances, repeats, isolation, socket auth, unread.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { WebSocket } from 'ws'
import type { ChatServerFrame } from '@qshop/shared/schemas/chat'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createSeller, createUser } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { createGoods, leafClasses } from '../catalog/testkit.ts'
import { placeOrders } from '../orders/testkit.ts'
import { CLOSE_TOKEN_EXPIRED, CLOSE_UNAUTHENTICATED } from './hub.ts'

let app: FastifyInstance
let second: FastifyInstance
let ports: [number, number]
type Seller = Awaited<ReturnType<typeof createSeller>> & { auth: Record<string, string>; token: string }
type Shopper = { id: number; auth: Record<string, string>; token: string }
let sellerA: Seller, sellerB: Seller, shopper1: Shopper, shopper2: Shopper
let serial = 0
const msgId = () => `m${Date.now()}x${++serial}`

async function listen(target: FastifyInstance) {
  await target.listen({ port: 0, host: '127.0.0.1' })
  return (target.server.address() as AddressInfo).port
}

beforeAll(async () => {
  app = await createTestApp({ CHAT_SEND_PER_MINUTE: 1000 })
  second = await createTestApp({ CHAT_SEND_PER_MINUTE: 1000 })
  await resetDb(app, { demo: false })
  ports = [await listen(app), await listen(second)]
  const seller = async (): Promise<Seller> => {
    const s = await createSeller(app)
    const token = await tokenFor(app, 'seller', s.id)
    return { ...s, token, auth: bearer(token) }
  }
  const shopper = async (): Promise<Shopper> => {
    const u = await createUser(app)
    const token = await tokenFor(app, 'user', u.id)
    return { id: u.id, token, auth: bearer(token) }
  }
  ;[sellerA, sellerB, shopper1, shopper2] = [await seller(), await seller(), await shopper(), await shopper()]
})
afterAll(async () => {
  await second?.close()
  await app?.close()
})

/** A socket on instance `i` that has sent `auth`; resolves once the server answers ready, or with its close code. */
function openSocket(i: 0 | 1, auth: object): Promise<{ ws: WebSocket; frames: ChatServerFrame[]; ready: boolean; closed: Promise<number> }> {
  const ws = new WebSocket(`ws://127.0.0.1:${ports[i]}/api/chat/ws`)
  const frames: ChatServerFrame[] = []
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    ws.on('error', reject)
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', ...auth })))
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as ChatServerFrame
      frames.push(frame)
      if (frame.type === 'ready') resolve({ ws, frames, ready: true, closed })
    })
    void closed.then(() => resolve({ ws, frames, ready: false, closed }))
  })
}

/** The first frame matching `match`, within `ms`. */
function frameWithin(frames: ChatServerFrame[], match: (f: ChatServerFrame) => boolean, ms = 1000): Promise<ChatServerFrame> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const look = () => {
      const found = frames.find(match)
      if (found) return resolve(found)
      if (Date.now() - started > ms) return reject(new Error(`no matching frame within ${ms} ms: ${JSON.stringify(frames)}`))
      setImmediate(look)
    }
    look()
  })
}

const send = (target: FastifyInstance, auth: Record<string, string>, body: object) => http(target).post(auth === sellerA.auth || auth === sellerB.auth ? '/api/Seller/chats/messages' : '/api/chat/messages').set(auth).send(body)
const toStore = (store: Seller, content: string, client_msg_id = msgId()) => ({ to_type: 'store', to_id: store.storeId, content_type: 'text', content, client_msg_id })

describe('a shopper writes to a store', () => {
  test("a REST message reaches the seller's socket within a second, on the same instance and on another one", async () => {
    const [here, there] = [await openSocket(0, { token: sellerA.token }), await openSocket(1, { token: sellerA.token })]
    expect([here.ready, there.ready]).toEqual([true, true])
    const res = await send(app, shopper1.auth, toStore(sellerA, '你好，<b>有货吗</b>？'))
    expect(res.body.code).toBe(200)
    expect(res.body.data).toMatchObject({ sender_side: 1, content_type: 'text', content: '你好，有货吗？' })
    const id = res.body.data.id
    for (const socket of [here, there]) expect(await frameWithin(socket.frames, (f) => f.type === 'message' && f.message.id === id)).toMatchObject({ message: { content: '你好，有货吗？' } })
    here.ws.close()
    there.ws.close()
  })

  test('a repeat client_msg_id stores one message and answers it, also when sent at once', async () => {
    const body = toStore(sellerA, 'once only')
    const answers = await Promise.all([0, 1, 2, 3].map((i) => send(i % 2 ? second : app, shopper1.auth, body)))
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1)
    expect(await app.db.chat_messages.count({ where: { client_msg_id: body.client_msg_id } })).toBe(1)
  })

  test("another store's seller and another shopper get 404 on the conversation", async () => {
    const sent = await send(app, shopper1.auth, toStore(sellerA, 'private'))
    const conversation = sent.body.data.conversation_id
    for (const [prefix, auth] of [['/api/Seller/chats', sellerB.auth], ['/api/chat', shopper2.auth]] as const) {
      expect((await http(app).get(`${prefix}/messages?conversation_id=${conversation}`).set(auth)).status).toBe(404)
      const read = await http(app).put(`${prefix}/conversations/${conversation}/read`).set(auth).send({})
      expect(read.status).toBe(404)
      const listed = await http(app).get(`${prefix}/conversations`).set(auth)
      expect(listed.body.data.data.map((c: { id: number }) => c.id)).not.toContain(conversation)
    }
    // Seller B cannot write into it either: a shopper of another store is not its conversation.
    expect((await send(app, sellerB.auth, { to_type: 'user', to_id: shopper1.id, content: 'hi', client_msg_id: msgId() })).status).toBe(404)
    expect((await http(app).get(`/api/Seller/chats/messages?conversation_id=${conversation}`).set(sellerA.auth)).body.data.data.at(-1).content).toBe('private')
  })

  test('unread counts follow messages and reads on both sides', async () => {
    const shopper = { id: 0, token: '', auth: {} as Record<string, string> }
    const u = await createUser(app)
    shopper.id = u.id
    shopper.token = await tokenFor(app, 'user', u.id)
    shopper.auth = bearer(shopper.token)
    const first = await send(app, shopper.auth, toStore(sellerA, 'one'))
    await send(app, shopper.auth, toStore(sellerA, 'two'))
    const conversation = first.body.data.conversation_id
    const sellerView = async () => (await http(app).get('/api/Seller/chats/conversations').set(sellerA.auth)).body.data.data.find((c: { id: number }) => c.id === conversation)
    expect(await sellerView()).toMatchObject({ unread: 2, peer_unread: 0, last_message: { content: 'two' } })

    const shopperSocket = await openSocket(1, { token: shopper.token })
    const read = await http(app).put(`/api/Seller/chats/conversations/${conversation}/read`).set(sellerA.auth).send({})
    expect(read.body.data.unread).toBe(0)
    expect(await frameWithin(shopperSocket.frames, (f) => f.type === 'read' && f.conversation_id === conversation)).toMatchObject({ side: 2 })
    expect(await sellerView()).toMatchObject({ unread: 0 })

    await send(app, sellerA.auth, { to_type: 'user', to_id: shopper.id, content: 'answer', client_msg_id: msgId() })
    const shopperView = async () => (await http(app).get('/api/chat/conversations').set(shopper.auth)).body.data.data[0]
    expect(await shopperView()).toMatchObject({ id: conversation, unread: 1, store: { id: sellerA.storeId } })
    await http(app).put(`/api/chat/conversations/${conversation}/read`).set(shopper.auth).send({})
    expect(await shopperView()).toMatchObject({ unread: 0 })
    shopperSocket.ws.close()
  })

  test('a reconnecting client receives what it missed by id', async () => {
    const socket = await openSocket(0, { token: shopper2.token })
    const first = await send(app, shopper2.auth, toStore(sellerA, 'before the break'))
    const conversation = first.body.data.conversation_id
    await frameWithin(socket.frames, (f) => f.type === 'message' && f.message.id === first.body.data.id)
    socket.ws.close()
    await socket.closed
    const missed = []
    for (const text of ['missed 1', 'missed 2']) missed.push((await send(app, sellerA.auth, { to_type: 'user', to_id: shopper2.id, content: text, client_msg_id: msgId() })).body.data.id)
    const again = await openSocket(1, { token: shopper2.token })
    const caughtUp = await http(second).get(`/api/chat/messages?conversation_id=${conversation}&after_id=${first.body.data.id}`).set(shopper2.auth)
    expect(caughtUp.body.data.data.map((m: { id: number; content: string }) => [m.id, m.content])).toEqual([[missed[0], 'missed 1'], [missed[1], 'missed 2']])
    const live = await send(app, sellerA.auth, { to_type: 'user', to_id: shopper2.id, content: 'live again', client_msg_id: msgId() })
    await frameWithin(again.frames, (f) => f.type === 'message' && f.message.id === live.body.data.id)
    again.ws.close()
  })
})

describe('the socket', () => {
  test('refuses a forged, an expired or a meaningless access token, a forged guest token, and a store account without the chat key', async () => {
    const [header, payload] = sellerA.token.split('.')
    const forged = `${header}.${payload}.${'A'.repeat(43)}`
    const expired = app.jwt.sign({ sub: sellerA.id, area: 'seller', sid: '1' }, { expiresIn: -10 })
    const sub = await createUser(app, { belong_id: sellerA.id })
    for (const auth of [{ token: forged }, { token: expired }, { token: 'nonsense' }, { guest_token: 'gAAAAAAAAAAAAAAAAAAAA.9999999999.forged' }, { token: await tokenFor(app, 'seller', sub.id) }]) {
      const socket = await openSocket(0, auth)
      expect(socket.ready, JSON.stringify(auth)).toBe(false)
      expect(await socket.closed).toBe(CLOSE_UNAUTHENTICATED)
    }
  })

  test('closes a socket when its access token expires; a fresh token connects again', async () => {
    const { sub, sid } = JSON.parse(Buffer.from(shopper1.token.split('.')[1], 'base64url').toString()) as { sub: number; sid: string }
    const shortLived = app.jwt.sign({ sub, area: 'user', sid }, { expiresIn: 2 })
    const socket = await openSocket(0, { token: shortLived })
    expect(socket.ready).toBe(true)
    expect(await socket.closed).toBe(CLOSE_TOKEN_EXPIRED)
    const again = await openSocket(0, { token: shopper1.token })
    expect(again.ready).toBe(true)
    again.ws.close()
  })

  test('answers a ping with a pong', async () => {
    const socket = await openSocket(0, { token: shopper1.token })
    socket.ws.send(JSON.stringify({ type: 'ping' }))
    await frameWithin(socket.frames, (f) => f.type === 'pong')
    socket.ws.close()
  })
})

describe('visitors', () => {
  test('chat under a guest id the server signed; an id the client makes up is refused', async () => {
    const guest = (await http(app).post('/api/chat/guest').send({})).body.data
    expect(guest.guest_id).toMatch(/^g[A-Za-z0-9_-]{20}$/)
    const headers = { 'x-chat-guest': guest.guest_token }
    const socket = await openSocket(1, { guest_token: guest.guest_token })
    const sent = await http(app).post('/api/chat/messages').set(headers).send(toStore(sellerA, 'from a visitor'))
    expect(sent.body.code).toBe(200)
    const answer = await send(app, sellerA.auth, { to_type: 'guest', to_id: guest.guest_id, content: 'welcome', client_msg_id: msgId() })
    expect(answer.body.code).toBe(200)
    await frameWithin(socket.frames, (f) => f.type === 'message' && f.message.content === 'welcome')
    const made = `${guest.guest_id.slice(0, -1)}x.${guest.guest_token.split('.')[1]}.${guest.guest_token.split('.')[2]}`
    expect((await http(app).get('/api/chat/conversations').set({ 'x-chat-guest': made })).status).toBe(401)
    expect((await http(app).get('/api/chat/conversations')).status).toBe(401)
    // A seller token is not a storefront token.
    expect((await http(app).get('/api/chat/conversations').set(sellerA.auth)).status).toBe(401)
    socket.ws.close()
  })
})

describe('content', () => {
  test('cards reference what the sender may see: its own order of the store, not another shopper’s', async () => {
    const leaves = await leafClasses(app)
    const goods = await createGoods(app, sellerA.storeId, leaves[0].id)
    const [own] = await placeOrders(app, shopper1.id, [{ goods_id: goods.id, buy_num: 1 }])
    const [foreign] = await placeOrders(app, shopper2.id, [{ goods_id: goods.id, buy_num: 1 }])
    const card = (content_type: string, id: number) => ({ ...toStore(sellerA, String(id)), content_type })
    const sent = await send(app, shopper1.auth, card('order', own))
    expect(sent.body.data.card).toMatchObject({ kind: 'order', id: own })
    expect((await send(app, shopper1.auth, card('goods', goods.id))).body.data.card).toMatchObject({ kind: 'goods', id: goods.id })
    const refused = await send(app, shopper1.auth, card('order', foreign))
    expect(refused.body).toMatchObject({ code: 402 })
    expect(await app.db.chat_messages.count({ where: { content_type: 'order', content: String(foreign) } })).toBe(0)
  })

  test('refuses unknown fields, an empty text once tags are removed, too long a text and a picture not stored here, storing nothing', async () => {
    const before = await app.db.chat_messages.count()
    expect((await send(app, shopper1.auth, { ...toStore(sellerA, 'x'), extra: 1 })).status).toBe(400)
    expect((await send(app, shopper1.auth, toStore(sellerA, '<img src=x onerror=alert(1)>'))).status).toBe(400)
    expect((await send(app, shopper1.auth, toStore(sellerA, 'x'.repeat(1001)))).status).toBe(400)
    expect((await send(app, shopper1.auth, { ...toStore(sellerA, 'javascript:alert(1)'), content_type: 'image' })).status).toBe(400)
    // A picture elsewhere (the other side's browser would fetch it) is refused by the storage check, with its message.
    const elsewhere = await send(app, shopper1.auth, { ...toStore(sellerA, 'https://tracker.example/pixel.png'), content_type: 'image' })
    expect(elsewhere.status).toBe(400)
    expect(JSON.stringify(elsewhere.body)).toContain('本站上传的图片')
    expect(await app.db.chat_messages.count()).toBe(before)
    const ours = await send(app, shopper1.auth, { ...toStore(sellerA, '/uploads/chat/20261129/a1b2.png'), content_type: 'image' })
    expect(ours.body).toMatchObject({ code: 200, data: { content_type: 'image', content: '/uploads/chat/20261129/a1b2.png' } })
  })

  test('a sender past its limit per minute is refused, counted atomically', async () => {
    const limited = await createTestApp({ CHAT_SEND_PER_MINUTE: 3 })
    try {
      const u = await createUser(limited)
      const auth = bearer(await tokenFor(limited, 'user', u.id))
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => http(limited).post('/api/chat/messages').set(auth).send(toStore(sellerA, `burst ${i}`))))
      expect(answers.filter((a) => a.body.code === 200)).toHaveLength(3)
      expect(answers.filter((a) => a.status === 429)).toHaveLength(3)
      expect(await limited.db.chat_messages.count({ where: { sender: `user:${u.id}` } })).toBe(3)
    } finally {
      await limited.close()
    }
  })
})
