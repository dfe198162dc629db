// Files of the seller's image space leave the storage after their rows, unless the store still shows them.
import { storageFor } from '../../adapters/storage/index.ts'
import { likeEscape } from '../../core/listSql.ts'
import type { Infra } from '../../core/infra.ts'
import { removeWithCopies } from '../uploads/index.ts'

export type StoredFile = { url: string; disk_name: string }

/** Whether a goods, a SKU or the store page of the store shows the file, or another image-space row lists it. */
async function inUse(app: Infra, storeId: number, url: string): Promise<boolean> {
  const inText = `%${likeEscape(url)}%`
  const rows = await app.db.$queryRaw<unknown[]>`
    SELECT 1 FROM goods WHERE store_id = ${storeId} AND (goods_master_image = ${url} OR FIND_IN_SET(${url}, goods_images)
      OR goods_content LIKE ${inText} OR goods_content_mobile LIKE ${inText})
    UNION ALL SELECT 1 FROM goods_skus s JOIN goods g ON g.id = s.goods_id WHERE g.store_id = ${storeId} AND s.goods_image = ${url}
    UNION ALL SELECT 1 FROM stores WHERE id = ${storeId} AND (store_logo = ${url} OR store_face_image = ${url}
      OR FIND_IN_SET(${url}, store_slide) OR FIND_IN_SET(${url}, store_mobile_slide))
    UNION ALL SELECT 1 FROM file_spaces WHERE url = ${url}
    LIMIT 1`
  return rows.length > 0
}

/**
 * Removes deleted image-space files, with their sized copies, from the storage (a job staged with the rows' delete, see resources.ts). A file
 * the store still shows stays, and so does a file on a storage the current upload settings no longer reach.
 * Removing a file that is already gone is no error, so a retried job is harmless. Answers how many files were
 * unused (removed now, or gone already).
 */
export async function removeUnusedFiles(app: Infra, storeId: number, files: StoredFile[]): Promise<number> {
  if (!files.length) return 0
  const storage = await storageFor(app)
  let unused = 0
  for (const file of files) {
    if (file.disk_name !== storage.disk || (await inUse(app, storeId, file.url))) continue
    await removeWithCopies(app, storage, file.url)
    unused++
  }
  return unused
}
