// The storage in use, chosen by the `upload` config row (fields in shared/schemas/configs.ts): driver 'oss' with
// bucket, endpoint, key, secret (cdn, ssl, cname optional) selects Aliyun OSS; otherwise files go to the local disk.
import { z } from 'zod'
import type { Infra } from '../../plugins/infra.ts'
import { readConfig } from '../../core/configs.ts'
import { uploadRoot } from '../../plugins/uploads.ts'
import { localStorage } from './local.ts'
import { ossStorage } from './oss.ts'
import type { Storage } from './types.ts'

export type { Storage } from './types.ts'

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

export async function storageFor(app: Infra): Promise<Storage> {
  const row = await readConfig<{ driver?: unknown }>(app, 'upload')
  if (row?.driver !== 'oss') return localStorage(uploadRoot(app))
  // An OSS driver with missing credentials is a configuration error to fix, not a reason to write to local disk.
  return ossStorage(ossConfig.parse(row))
}
