// An upload writes its `uploads` row first (url ''), then stores the bytes, then records the URL. A process that
// dies in between leaves a row without a URL, maybe with stored bytes nobody was told of. The sweeper removes
// both once the upload is well past any that could still be running. Stored bytes always have a row (the row is
// written first, and a failed upload removes the bytes before the row), so no file is left without one.
import { z } from 'zod'
import { defineJob } from '../../core/jobs/define.ts'
import { QUEUE_MAINTENANCE } from '../../core/jobs/queues.ts'
import type { Infra } from '../../core/infra.ts'
import { fileRemoverFor } from '../../adapters/storage/index.ts'

/** Far longer than storing one file takes (at most UPLOAD_MAX_BYTES to the disk or the bucket). */
export const UNFINISHED_UPLOAD_AGE_MS = 10 * 60 * 1000
const BATCH = 500

/** Removes the rows (and their stored files) of uploads left unfinished before `now - UNFINISHED_UPLOAD_AGE_MS`. */
export async function sweepUnfinishedUploads(infra: Infra, now = new Date()): Promise<number> {
  const rows = await infra.db.uploads.findMany({
    where: { url: '', created_at: { lt: new Date(now.getTime() - UNFINISHED_UPLOAD_AGE_MS) } },
    select: { id: true, disk: true, path: true, is_private: true },
    orderBy: { id: 'asc' },
    take: BATCH,
  })
  let removed = 0
  for (const row of rows) {
    const remove = await fileRemoverFor(infra, row.disk, row.is_private === 1)
    if (!remove) {
      infra.log.warn({ upload: row.id, disk: row.disk }, 'unfinished upload kept: its storage is no longer configured')
      continue
    }
    // The file first: should the row's delete fail, the next sweep tries again.
    await remove(row.path)
    removed += (await infra.db.uploads.deleteMany({ where: { id: row.id, url: '' } })).count
  }
  return removed
}

export const sweepUploadsJob = defineJob({
  queue: QUEUE_MAINTENANCE,
  name: 'sweep-unfinished-uploads',
  payload: z.object({}),
  every: 5 * 60 * 1000,
  process: async (infra) => ({ removed: await sweepUnfinishedUploads(infra) }),
})
