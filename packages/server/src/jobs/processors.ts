// What the worker does with each job of its queues (also run by the tests with a real BullMQ worker).
import type { Processor } from 'bullmq'
import type { Infra } from '../plugins/infra.ts'
import { removeUnusedFiles, type StoredFile } from '../modules/catalog/storedFiles.ts'
import { purgeSessions } from './maintenance.ts'
import { purgeSent, sendStaged, type Queues } from './outbox.ts'

export const JOB_REMOVE_FILES = 'remove-files'
export type RemoveFilesJob = { storeId: number; files: StoredFile[] }

export function maintenanceProcessor(infra: Infra, queues: Queues): Processor {
  return async (job) => {
    switch (job.name) {
      case 'purge-sessions':
        return { purged: await purgeSessions(infra.db) }
      case 'purge-outbox':
        return { purged: await purgeSent(infra.db) }
      case 'send-outbox':
        return { sent: await sendStaged(infra.db, queues) }
      case JOB_REMOVE_FILES: {
        const { storeId, files } = job.data as RemoveFilesJob
        return { unused: await removeUnusedFiles(infra, storeId, files) }
      }
      default:
        throw new Error(`unknown job ${job.name}`)
    }
  }
}
