// Housekeeping jobs: sessions are deleted once expired, or a day after they were revoked. Rotated sessions stay
// until they expire: presenting their spent refresh token must still be recognised as a reuse and end the family.
import type { Db } from '../core/db.ts'

export async function purgeSessions(db: Db, now = new Date()): Promise<number> {
  const { count } = await db.auth_sessions.deleteMany({
    where: { OR: [{ expires_at: { lt: now } }, { replaced_by: null, revoked_at: { lt: new Date(now.getTime() - 86400 * 1000) } }] },
  })
  return count
}
