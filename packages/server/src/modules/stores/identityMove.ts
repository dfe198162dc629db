// Identity images of applications saved while they were still public uploads (/uploads/... on the local disk, or a
// URL of the bucket): moved to the private storage at start-up (scripts/start.ts prepare), each field taking the
// reference of its new private upload, and the public copy removed. Runs again harmlessly: moved fields are
// references. A URL of no storage of ours (another host, a file already gone) is left as it is and reported.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { PRIVATE_FILE_PATH } from '@qshop/shared/constants'
import type { Infra } from '../../core/infra.ts'
import { siteCalendar } from '../../core/siteCalendar.ts'
import { localStorage, privateStorageFor, storageFor, uploadRoot, type Storage } from '../../adapters/storage/index.ts'
import { servedFileHeaders } from '../../core/servedFiles.ts'
import { likeEscape } from '../../core/listSql.ts'
import { privateFileReference, removeWithCopies } from '../uploads/index.ts'
import { IDENTITY_FIELDS } from './identity.ts'

const FOLDER_OF = { business_license: 'business_license', id_card_t: 'id_card', id_card_b: 'id_card' } as const

type StoreIdentity = { id: number; user_id: number; business_license: string; id_card_t: string; id_card_b: string }

export async function makeIdentityImagesPrivate(app: Infra): Promise<{ moved: number; left: { store: number; field: string; value: string }[] }> {
  const reference = `${likeEscape(PRIVATE_FILE_PATH)}%`
  const stores = await app.db.$queryRaw<StoreIdentity[]>`
    SELECT id, user_id, business_license, id_card_t, id_card_b FROM stores
    WHERE (business_license <> '' AND business_license NOT LIKE ${reference}) OR (id_card_t <> '' AND id_card_t NOT LIKE ${reference})
      OR (id_card_b <> '' AND id_card_b NOT LIKE ${reference})`
  if (!stores.length) return { moved: 0, left: [] }
  const local = localStorage(uploadRoot(app))
  const configured = await storageFor(app)
  const privateStorage = await privateStorageFor(app)
  const cal = await siteCalendar(app)
  const storageOf = (url: string): Storage => (url.startsWith('/uploads/') ? local : configured)
  let moved = 0
  const left: { store: number; field: string; value: string }[] = []

  for (const store of stores) {
    for (const field of IDENTITY_FIELDS) {
      const value = store[field]
      if (!value || value.startsWith(PRIVATE_FILE_PATH)) continue
      const publicStorage = storageOf(value)
      const body = await publicStorage.read(value)
      if (!body) {
        left.push({ store: store.id, field, value })
        continue
      }
      const name = path.posix.basename(new URL(value, 'http://local').pathname)
      const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? 'bin'
      const folder = FOLDER_OF[field]
      const key = `${folder}/${cal.dayKey(new Date())}/${randomUUID()}.${ext}`
      const row = await app.db.uploads.create({
        data: {
          area: 'user', owner_id: store.user_id, folder, disk: privateStorage.disk, path: key, size: body.length,
          mime: servedFileHeaders(name)['content-type'], original_name: name.slice(-255), is_private: 1,
        },
        select: { id: true },
      })
      await privateStorage.put(key, body, servedFileHeaders(name)['content-type'])
      await app.db.uploads.update({ where: { id: row.id }, data: { url: privateFileReference(row.id) }, select: { id: true } })
      // Guarded: an applicant (or another instance starting) may have changed the field meanwhile.
      const { count } = await app.db.stores.updateMany({ where: { id: store.id, [field]: value }, data: { [field]: privateFileReference(row.id) } })
      if (!count) {
        await privateStorage.remove(key)
        await app.db.uploads.delete({ where: { id: row.id } })
        continue
      }
      moved++
      // Two applications may name the same file: the public copy goes once no application names it.
      const stillNamed = await app.db.stores.count({ where: { OR: IDENTITY_FIELDS.map((f) => ({ [f]: value })) } })
      if (!stillNamed) await removeWithCopies(app, publicStorage, value)
    }
  }
  return { moved, left }
}
