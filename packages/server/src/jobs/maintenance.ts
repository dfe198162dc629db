// Housekeeping jobs of the maintenance queue: sessions deleted once expired, or a day after they were revoked
// (rotated sessions stay until they expire: presenting their spent refresh token must still be recognised as a reuse
// and end the family); unsent outbox rows sent (the outbox's sweeper), sent ones and old idempotency records purged.
import { z } from 'zod'
import type { Db } from '../core/db/index.ts'
import { purgeIdempotencyKeys } from '../core/idempotency.ts'
import { defineJob } from '../core/jobs/define.ts'
import { purgeSent, sendStaged } from '../core/jobs/outbox.ts'
import { QUEUE_MAINTENANCE } from '../core/jobs/queues.ts'

export async function purgeSessions(db: Db, now = new Date()): Promise<number> {
  const { count } = await db.auth_sessions.deleteMany({
    where: { OR: [{ expires_at: { lt: now } }, { replaced_by: null, revoked_at: { lt: new Date(now.getTime() - 86400 * 1000) } }] },
  })
  return count
}

const HOUR = 60 * 60 * 1000
const none = z.object({})

export const maintenanceJobs = [
  defineJob({ queue: QUEUE_MAINTENANCE, name: 'purge-sessions', payload: none, every: HOUR, process: async (infra) => ({ purged: await purgeSessions(infra.db) }) }),
  defineJob({ queue: QUEUE_MAINTENANCE, name: 'send-outbox', payload: none, every: 60 * 1000, process: async (infra) => ({ sent: await sendStaged(infra.db, infra.queues) }) }),
  defineJob({ queue: QUEUE_MAINTENANCE, name: 'purge-outbox', payload: none, every: HOUR, process: async (infra) => ({ purged: await purgeSent(infra.db) }) }),
  defineJob({ queue: QUEUE_MAINTENANCE, name: 'purge-idempotency', payload: none, every: HOUR, process: async (infra) => ({ purged: await purgeIdempotencyKeys(infra.db) }) }),
]
