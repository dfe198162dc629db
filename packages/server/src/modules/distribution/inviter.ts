// The referral tree: users.inviter_id. A user's inviter is never the user, nor anyone below the user (that would make
// a loop): the chain above the new inviter is walked with locking reads, so two changes that would close a loop
// between them wait for each other (or deadlock, and the retried unit sees the other's change) instead of both passing.
import type { Tx } from '../../core/unitOfWork.ts'
import { businessError } from '../../core/errors.ts'

/** Longer chains than this are refused as loops (they cannot be built through these checks). */
const MAX_DEPTH = 10_000

/** Refuses an inviter that does not exist, is the user, or is below the user. `userId` null: a user being created. */
export async function checkInviter(tx: Tx, userId: number | null, inviterId: number): Promise<void> {
  if (userId !== null && inviterId === userId) throw businessError('msg.inviterSelf')
  let at = inviterId
  for (let depth = 0; at > 0; depth++) {
    const [row] = await tx.$queryRaw<{ inviter_id: number }[]>`SELECT inviter_id FROM users FORCE INDEX (PRIMARY) WHERE id = ${at} FOR UPDATE`
    if (!row) {
      if (at === inviterId) throw businessError('msg.inviterNotFound')
      return
    }
    if (depth > MAX_DEPTH) throw businessError('msg.inviterLoop')
    at = Number(row.inviter_id)
    if (userId !== null && at === userId) throw businessError('msg.inviterLoop')
  }
}
