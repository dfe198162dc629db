// The sockets this api instance holds, and the Redis subscription that feeds them (events.ts): an event published by
// any instance reaches every socket of the conversation's store (its accounts allowed to chat) and of its shopper or
// visitor. A socket proves who it is in its first frame within AUTH_TIMEOUT_MS (an access token of the seller or the
// storefront area, or a guest token), or is closed; a socket of an access token is closed when the token expires (the
// client comes back with a fresh one). Server pings find dead peers, and a client's {type:'ping'} frame is answered
// {type:'pong'}.
import type { WebSocket } from 'ws'
import type { Redis } from 'ioredis'
import { chatAuthFrame, type ChatServerFrame } from '@qshop/shared/schemas/chat'
import type { Infra } from '../../core/infra.ts'
import type { Actors } from '../../core/sessions.ts'
import { chatChannel, type ChatEvent } from './events.ts'
import { participantOf, sellerMayChat, type Participant } from './participant.ts'

export const AUTH_TIMEOUT_MS = 5000
export const PING_MS = 25_000
/** Close codes: no valid token in time, a token refused, the socket's access token expired. */
export const CLOSE_AUTH_TIMEOUT = 4408
export const CLOSE_UNAUTHENTICATED = 4401
export const CLOSE_TOKEN_EXPIRED = 4403
/** setTimeout's longest delay; a token living longer is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1

type Client = { socket: WebSocket; who: Participant; alive: boolean }

const reaches = (who: Participant, to: ChatEvent['to']) =>
  who.side === 2 ? who.storeId === to.store_id : who.userId > 0 ? who.userId === to.user_id : who.guestId === to.guest_id && to.guest_id !== ''

export function createChatHub(app: Pick<Infra, 'redis' | 'key' | 'log' | 'config'>, actors: Actors) {
  const clients = new Set<Client>()
  let subscriber: Redis | null = null

  const send = (socket: WebSocket, frame: ChatServerFrame) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame))
  }

  function deliver(raw: string) {
    let event: ChatEvent
    try {
      event = JSON.parse(raw) as ChatEvent
    } catch {
      return
    }
    for (const c of clients) if (reaches(c.who, event.to)) send(c.socket, event.frame)
  }

  const pinger = setInterval(() => {
    for (const c of clients) {
      if (!c.alive) c.socket.terminate()
      else {
        c.alive = false
        c.socket.ping()
      }
    }
  }, PING_MS)
  pinger.unref()

  /** Who the first frame proves to be, and when its access token expires (null for a guest token). */
  async function authenticate(raw: string): Promise<{ who: Participant; expiresAt: number | null } | null> {
    let frame
    try {
      frame = chatAuthFrame.parse(JSON.parse(raw))
    } catch {
      return null
    }
    const verified = frame.token ? await actors.fromAccessToken(frame.token) : null
    if (frame.token && !verified) return null
    const actor = verified?.actor ?? null
    if (actor && (actor.area === 'admin' || (actor.area === 'seller' && !sellerMayChat(actor)))) return null
    try {
      return { who: participantOf(app.config, actor, frame.guest_token), expiresAt: verified?.expiresAt ?? null }
    } catch {
      return null
    }
  }

  return {
    async start() {
      const sub = app.redis.duplicate({ lazyConnect: true })
      subscriber = sub
      sub.on('message', (_channel: string, message: string) => deliver(message))
      sub.on('error', (err) => app.log.warn({ err }, 'chat subscriber error'))
      const subscribe = () => sub.subscribe(chatChannel(app))
      // Redis out of reach at start does not stop the api (GET /api/ready answers 503 meanwhile, modules/system):
      // ioredis keeps reconnecting, and the channel is subscribed once it is connected.
      await sub.connect().then(subscribe, (err: unknown) => {
        app.log.warn({ err }, 'chat subscriber could not connect; it subscribes once Redis answers')
        sub.once('ready', () => void subscribe().catch((e: unknown) => app.log.warn({ err: e }, 'chat subscriber could not subscribe')))
      })
    },
    stop() {
      clearInterval(pinger)
      for (const c of clients) c.socket.close(1001)
      subscriber?.disconnect()
    },
    /** A socket just opened: it is served once its first frame authenticates it. */
    accept(socket: WebSocket) {
      let client: Client | null = null
      let timer = setTimeout(() => socket.close(CLOSE_AUTH_TIMEOUT, 'auth timeout'), AUTH_TIMEOUT_MS)
      const closeAt = (expiresAt: number) => {
        const left = expiresAt - Date.now()
        timer = left > MAX_TIMER_MS ? setTimeout(() => closeAt(expiresAt), MAX_TIMER_MS) : setTimeout(() => socket.close(CLOSE_TOKEN_EXPIRED, 'token expired'), Math.max(0, left))
      }
      let pending = false
      socket.on('message', (data) => {
        const text = String(data)
        if (client) {
          if (text.includes('"ping"')) send(socket, { type: 'pong' })
          return
        }
        if (pending) return
        pending = true
        authenticate(text).then(
          (proved) => {
            clearTimeout(timer)
            if (!proved || socket.readyState !== socket.OPEN) return socket.close(CLOSE_UNAUTHENTICATED, 'unauthenticated')
            if (proved.expiresAt !== null) closeAt(proved.expiresAt)
            client = { socket, who: proved.who, alive: true }
            clients.add(client)
            send(socket, { type: 'ready' })
          },
          () => socket.close(CLOSE_UNAUTHENTICATED, 'unauthenticated'),
        )
      })
      socket.on('pong', () => {
        if (client) client.alive = true
      })
      socket.on('close', () => {
        clearTimeout(timer)
        if (client) clients.delete(client)
      })
    },
  }
}
