// Sized copies for images stored before they were made on upload (a start-up step of scripts/start.ts, after the
// identity images have moved to the private storage). Two sources:
//   - `uploads` rows of public images whose copies are not recorded, on the local disk or the configured bucket:
//     each row records its copies once they are all stored, so a stopped run goes on where it stopped;
//   - files of the local upload folder that no row records (the seeded demo pictures, files of older versions):
//     a file whose copies are all there is left alone.
// A second run writes nothing. Files that are gone or cannot be decoded are counted and left as they are.
import { access, readdir } from 'node:fs/promises'
import path from 'node:path'
import { IDENTITY_UPLOAD_FOLDERS } from '@qshop/shared/constants'
import { SIZED_WIDTHS, sizedCopyUrl, takesSizedCopies } from '@qshop/shared/sizedImages'
import type { Infra } from '../../core/infra.ts'
import { localStorage, storageFor, uploadRoot, type Storage } from '../../adapters/storage/index.ts'
import { isIdentityFolder } from './privateFiles.ts'
import { COPY_WIDTHS, makeSizedCopies, storeSizedCopies } from './sizedCopies.ts'

const BATCH = 50

export type FillResult = { copied: number; unreadable: number }
type Log = (line: string) => void

/** Makes and stores an image's copies over any left by a stopped run; false when its bytes are gone or no image. */
async function copyOne(storage: Storage, url: string, key: string): Promise<boolean> {
  const body = await storage.read(url)
  if (!body) return false
  let copies
  try {
    copies = await makeSizedCopies(body)
  } catch {
    return false
  }
  await storeSizedCopies(storage, key, copies, { replace: true })
  return true
}

async function fillRecorded(app: Infra, log: Log): Promise<FillResult> {
  const local = localStorage(uploadRoot(app))
  const configured = await storageFor(app)
  const storages = new Map<string, Storage>([[local.disk, local], [configured.disk, configured]])
  const where = {
    is_private: 0,
    disk: { in: [...storages.keys()] },
    mime: { startsWith: 'image/' },
    folder: { notIn: [...IDENTITY_UPLOAD_FOLDERS] },
    copy_widths: { not: COPY_WIDTHS },
  }
  const total = await app.db.uploads.count({ where })
  const result: FillResult = { copied: 0, unreadable: 0 }
  if (!total) return result
  let after = 0
  let seen = 0
  for (;;) {
    const rows = await app.db.uploads.findMany({ where: { ...where, id: { gt: after } }, orderBy: { id: 'asc' }, take: BATCH, select: { id: true, disk: true, path: true, url: true } })
    if (!rows.length) break
    for (const row of rows) {
      after = row.id
      if (takesSizedCopies(row.path) && (await copyOne(storages.get(row.disk)!, row.url, row.path))) {
        await app.db.uploads.update({ where: { id: row.id }, data: { copy_widths: COPY_WIDTHS }, select: { id: true } })
        result.copied++
      } else result.unreadable++
    }
    seen += rows.length
    log(`sized copies: ${seen}/${total} recorded images done (${result.copied} copied, ${result.unreadable} gone or unreadable)`)
  }
  return result
}

const exists = (file: string) => access(file).then(() => true, () => false)

async function fillUnrecorded(app: Infra, log: Log): Promise<FillResult> {
  const root = uploadRoot(app)
  const local = localStorage(root)
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  const keys = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((key) => takesSizedCopies(key) && !isIdentityFolder(key.split('/')[0]))
  const result: FillResult = { copied: 0, unreadable: 0 }
  for (let start = 0; start < keys.length; start += BATCH) {
    const batch = keys.slice(start, start + BATCH)
    const recorded = await app.db.uploads.findMany({ where: { disk: local.disk, path: { in: batch } }, select: { path: true } })
    const skip = new Set(recorded.map((r) => r.path))
    const copiedBefore = result.copied
    for (const key of batch) {
      if (skip.has(key)) continue
      const complete = await Promise.all(SIZED_WIDTHS.map((w) => exists(path.join(root, sizedCopyUrl(key, w)))))
      if (complete.every(Boolean)) continue
      if (await copyOne(local, `/uploads/${key}`, key)) result.copied++
      else result.unreadable++
    }
    if (result.copied > copiedBefore) log(`sized copies: ${Math.min(start + BATCH, keys.length)}/${keys.length} local images checked (${result.copied} copied)`)
  }
  return result
}

/** Fills every missing copy; answers how many images were given copies and how many could not be read. */
export async function fillSizedCopies(app: Infra, log: Log = () => {}): Promise<FillResult> {
  const recorded = await fillRecorded(app, log)
  const unrecorded = await fillUnrecorded(app, log)
  return { copied: recorded.copied + unrecorded.copied, unreadable: recorded.unreadable + unrecorded.unreadable }
}
