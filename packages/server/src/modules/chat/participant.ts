// Who is chatting: the store (a seller account of the seller area, scoped by its token's store), a shopper (the
// storefront's access token) or a visitor (a guest token the server signed, guest.ts). Never an id from the request.
import type { Actor } from '../../core/context.ts'
import type { Config } from '../../config.ts'
import { unauthenticated } from '../../core/errors.ts'
import { verifyGuest } from './guest.ts'

/** The permission a store account needs to chat (seeded from the seller routes, modules/chat/routes.ts). */
export const CHAT_READ_PERMISSION = 'seller.chats.index'

export type Participant =
  /** the store; `sender` names the account that writes */
  | { side: 2; storeId: number; sender: string }
  /** a shopper (userId, guestId '') or a visitor (userId 0, guestId) */
  | { side: 1; userId: number; guestId: string; sender: string }

/** The participant of a seller-area actor (the guard checked its permission) or of a storefront caller. */
export function participantOf(config: Pick<Config, 'JWT_SECRET'>, actor: Actor | null, guestToken: string | undefined): Participant {
  if (actor?.area === 'seller' && actor.storeId) return { side: 2, storeId: actor.storeId, sender: `seller:${actor.id}` }
  if (actor?.area === 'user') return { side: 1, userId: actor.id, guestId: '', sender: `user:${actor.id}` }
  const guestId = actor ? null : verifyGuest(config, guestToken)
  if (!guestId) throw unauthenticated()
  return { side: 1, userId: 0, guestId, sender: `guest:${guestId}` }
}

/** Whether a seller-area actor may chat for its store. */
export const sellerMayChat = (actor: Actor) => actor.all || actor.permissions.has(CHAT_READ_PERMISSION)

/** The conversations a participant may see, as a Prisma condition. */
export const ownConversations = (who: Participant) =>
  who.side === 2 ? { store_id: who.storeId } : { user_id: who.userId, guest_id: who.guestId }
