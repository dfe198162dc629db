// Chat events cross api instances through one Redis channel: the instance that stored a message (or a read) publishes
// it after the commit, and every instance's hub (hub.ts) hands it to the sockets it holds for either side. A socket
// that missed an event (down, reconnecting) reads the messages after its last id by REST.
import type { ChatServerFrame } from '@qshop/shared/schemas/chat'
import type { Infra } from '../../core/infra.ts'

/** The two sides of a conversation, which the hub matches its sockets against. */
export type ConversationSides = { store_id: number; user_id: number; guest_id: string }
export type ChatEvent = { to: ConversationSides; frame: ChatServerFrame }

export const chatChannel = (app: Pick<Infra, 'key'>) => app.key('chat', 'events')

/** Publishes after the unit's commit; a lost event only delays the socket until its client reads by REST. */
export async function publishChat(app: Pick<Infra, 'key' | 'redis' | 'log'>, event: ChatEvent) {
  try {
    await app.redis.publish(chatChannel(app), JSON.stringify(event))
  } catch (err) {
    app.log.warn({ err }, 'chat event not published')
  }
}
