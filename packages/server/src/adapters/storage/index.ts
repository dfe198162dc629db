// The storage in use, chosen by the `upload` config row (fields in shared/schemas/configs.ts): driver 'oss' with
// bucket, endpoint, key, secret (cdn, ssl, cname optional) selects Aliyun OSS; otherwise files go to the local disk.
import { z } from 'zod'
import type { Infra } from '../../core/infra.ts'
import { readConfig } from '../../core/configs.ts'
import { localPrivateStorage, localStorage, privateUploadRoot, uploadRoot } from './local.ts'
import { ossPrivateStorage, ossStorage, type OssOptions } from './oss.ts'
import type { PrivateStorage, Storage } from './types.ts'

export type { PrivateStorage, Storage } from './types.ts'
export { localPrivateStorage, localStorage, privateUploadRoot, uploadRoot } from './local.ts'

const required = z.string().trim().min(1)
const ossConfig = z.object({
  driver: z.literal('oss'),
  bucket: required,
  endpoint: required,
  key: required,
  secret: required,
  cdn: z.string().optional(),
  ssl: z.boolean().optional(),
  cname: z.boolean().optional(),
})

/** The OSS options when the upload config selects OSS, else null (local disk). */
async function ossOptions(app: Infra): Promise<OssOptions | null> {
  const row = await readConfig<{ driver?: unknown }>(app, 'upload')
  if (row?.driver !== 'oss') return null
  // An OSS driver with missing credentials is a configuration error to fix, not a reason to write to local disk.
  return ossConfig.parse(row)
}

export async function storageFor(app: Infra): Promise<Storage> {
  const oss = await ossOptions(app)
  return oss ? ossStorage(oss) : localStorage(uploadRoot(app))
}

export async function privateStorageFor(app: Infra): Promise<PrivateStorage> {
  const oss = await ossOptions(app)
  return oss ? ossPrivateStorage(oss) : localPrivateStorage(privateUploadRoot(app))
}

/**
 * What removes a stored file of `disk` by its key (uploads.disk and uploads.path), whichever storage is configured
 * now; null for OSS files while the upload config no longer selects OSS (no credentials to reach the bucket).
 */
export async function fileRemoverFor(app: Infra, disk: string, isPrivate: boolean): Promise<((key: string) => Promise<void>) | null> {
  if (disk === 'public') {
    const storage = localStorage(uploadRoot(app))
    return (key) => storage.removeKey(key)
  }
  if (disk === 'private') {
    const storage = localPrivateStorage(privateUploadRoot(app))
    return (key) => storage.remove(key)
  }
  const oss = disk === 'alioss' ? await ossOptions(app) : null
  if (!oss) return null
  if (isPrivate) {
    const storage = ossPrivateStorage(oss)
    return (key) => storage.remove(key)
  }
  const storage = ossStorage(oss)
  return (key) => storage.removeKey(key)
}
