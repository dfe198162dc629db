// Housekeeping jobs: expired and revoked sessions are deleted after their refresh lifetime.
import type { Db } from '../core/db.ts'

export async function purgeSessions(db: Db, now = new Date()): Promise<number> {
  const { count } = await db.auth_sessions.deleteMany({
    where: { OR: [{ expires_at: { lt: now } }, { revoked_at: { lt: new Date(now.getTime() - 86400 * 1000) } }] },
  })
  return count
}
