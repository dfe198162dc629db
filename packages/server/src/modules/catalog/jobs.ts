// Catalog jobs: the stored files of deleted image-space rows leave the storage once the delete is committed.
import { z } from 'zod'
import { defineJob } from '../../core/jobs/define.ts'
import { QUEUE_MAINTENANCE } from '../../core/jobs/queues.ts'
import { removeUnusedFiles } from './storedFiles.ts'

export const removeFilesJob = defineJob({
  queue: QUEUE_MAINTENANCE,
  name: 'remove-files',
  payload: z.object({ storeId: z.number().int().positive(), files: z.array(z.object({ url: z.string(), disk_name: z.string() })).max(5000) }),
  process: async (infra, { storeId, files }) => ({ unused: await removeUnusedFiles(infra, storeId, files) }),
})

export const catalogJobs = [removeFilesJob]
