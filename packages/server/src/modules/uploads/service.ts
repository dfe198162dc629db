// Upload flow shared by the three areas: read the multipart request, check and re-encode, store, answer the URL.
import { createHash, randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { FastifyRequest } from 'fastify'
import { zx } from '@qshop/shared'
import type { Infra } from '../../core/infra.ts'
import { siteCalendar } from '../../core/siteCalendar.ts'
import { businessError, invalid } from '../../core/errors.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { fieldErrors } from '../../core/envelope.ts'
import { privateStorageFor, storageFor, type PrivateStorage, type Storage } from '../../adapters/storage/index.ts'
import { checkFile, processImage, type Stored } from './inspect.ts'
import { reserveUpload } from './quota.ts'
import { isIdentityFolder, privateFileReference, signedFileUrl } from './privateFiles.ts'
import { COPY_WIDTHS, makeSizedCopies, removeWithCopies, storeSizedCopies, type SizedCopy } from './sizedCopies.ts'

const MAX_SIDE = 4096

/** The form fields sent beside `file`. */
export const uploadFields = z
  .object({
    name: z.string().regex(/^[A-Za-z0-9_]{1,32}$/).default('files'),
    option: zx
      .json(
        z
          .object({
            width: z.number().int().min(1).max(MAX_SIDE).optional(),
            height: z.number().int().min(1).max(MAX_SIDE).optional(),
          })
          .strict(),
      )
      .optional(),
    uploadType: z.literal('uploadFile').optional(),
  })
  .strict()

type Received = { file: Buffer; filename: string; fields: z.infer<typeof uploadFields> }

/** Reads the request; the file is buffered within UPLOAD_MAX_BYTES (beyond it @fastify/multipart answers 413). */
async function receive(req: FastifyRequest): Promise<Received> {
  const required = () => invalid({ file: req.t('valid.required') })
  if (!req.isMultipart()) throw required()
  const raw: Record<string, unknown> = {}
  let file: Buffer | null = null
  let filename = ''
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') throw invalid({ [part.fieldname]: req.t('valid.unknownField') })
      file = await part.toBuffer()
      filename = part.filename ?? ''
    } else raw[part.fieldname] = part.value
  }
  if (!file) throw required()
  if (file.length === 0) throw businessError('msg.uploadEmpty')
  const parsed = uploadFields.safeParse(raw)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ keyword: i.code, instancePath: `/${i.path.join('/')}`, message: i.message, params: i as unknown as Record<string, unknown> }))
    throw invalid(fieldErrors(req.locale, issues))
  }
  return { file, filename, fields: parsed.data }
}

export type UploadArea = 'user' | 'seller' | 'admin'

/**
 * Handles one upload request and answers the stored file's URL (a signed URL for an identity document). The file
 * is counted against the daily quota, recorded in `uploads` before its bytes are stored, and on any failure the
 * stored bytes, the row and the quota are given back. A public image is stored with its WebP copies at the page
 * widths (sizedCopies.ts), which the quota does not count: they are the platform's, not the uploader's choice.
 */
export async function handleUpload(app: Infra, req: FastifyRequest, area: UploadArea): Promise<string> {
  const { file, filename, fields } = await receive(req)
  const stored: Stored = fields.uploadType === 'uploadFile' ? await checkFile(file, filename) : await processImage(file, fields.option)
  const actor = req.actor!
  const storeId = area === 'seller' ? actor.storeId! : 0
  // The site's day: the quota's, and the folder the file is stored in.
  const today = (await siteCalendar(app)).dayKey(new Date())
  const newName = `${randomUUID()}.${stored.ext}`
  const key = `${fields.name}/${today}/${newName}`
  const isPrivate = isIdentityFolder(fields.name)
  const destination = isPrivate ? privateDestination(await privateStorageFor(app)) : publicDestination(app, await storageFor(app))
  const release = await reserveUpload(app, area === 'seller' ? { area, id: storeId } : { area, id: actor.id }, today, stored.body.length)

  let rowId: number | null = null
  let url: string | null = null
  try {
    // Encoded after the quota check, so that refused uploads cost no encoding.
    const copies = !isPrivate && fields.uploadType !== 'uploadFile' ? await makeSizedCopies(stored.body) : []
    const row = await app.db.uploads.create({
      data: {
        area, owner_id: actor.id, store_id: storeId, folder: fields.name, disk: destination.disk, path: key, size: stored.body.length,
        mime: stored.mime, original_name: filename.slice(-255), is_private: isPrivate ? 1 : 0,
      },
      select: { id: true },
    })
    rowId = row.id
    url = await destination.store(key, stored, row.id, copies)
    await recordStored(app, row.id, url, { area, storeId, folder: fields.name, filename, newName, stored, disk: destination.disk, copied: copies.length > 0 })
    return isPrivate ? signedFileUrl(app, row.id) : url
  } catch (err) {
    if (url) await destination.discard(key, url)
    if (rowId) await app.db.uploads.delete({ where: { id: rowId } })
    await release()
    throw err
  }
}

/**
 * Where a file goes: `store` stores it with its sized copies (all or nothing) and answers what the row records as
 * its URL, `discard` takes the stored file and its copies back.
 */
type Destination = {
  disk: string
  store(key: string, stored: Stored, rowId: number, copies: SizedCopy[]): Promise<string>
  discard(key: string, url: string): Promise<void>
}

const publicDestination = (app: Infra, storage: Storage): Destination => ({
  disk: storage.disk,
  async store(key, stored, _rowId, copies) {
    const url = await storage.put(key, stored.body, stored.mime)
    try {
      await storeSizedCopies(storage, key, copies)
    } catch (err) {
      await storage.remove(url)
      throw err
    }
    return url
  },
  discard: (_key, url) => removeWithCopies(app, storage, url),
})

const privateDestination = (storage: PrivateStorage): Destination => ({
  disk: storage.disk,
  async store(key, stored, rowId) {
    await storage.put(key, stored.body, stored.mime)
    return privateFileReference(rowId)
  },
  discard: (key) => storage.remove(key),
})

type StoredUpload = { area: UploadArea; storeId: number; folder: string; filename: string; newName: string; stored: Stored; disk: string; copied: boolean }

/** The upload's URL and copies on its row and, for a seller's goods image, the store's image space (reference §1.3 file_spaces). */
async function recordStored(app: Infra, id: number, url: string, upload: StoredUpload) {
  const { stored } = upload
  await runUnit(app, async (tx) => {
    await tx.uploads.update({ where: { id }, data: { url, copy_widths: upload.copied ? COPY_WIDTHS : '' }, select: { id: true } })
    if (upload.area === 'seller' && upload.folder === 'goods')
      await tx.file_spaces.create({
        data: {
          belong_id: upload.storeId,
          name: upload.filename.slice(-255) || upload.newName,
          new_name: upload.newName,
          md5: createHash('md5').update(stored.body).digest('hex'),
          url,
          ext_name: stored.ext,
          disk_name: upload.disk,
          info: stored.width ? `${stored.width}x${stored.height}` : '',
        },
        select: { id: true },
      })
  })
}
