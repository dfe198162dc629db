// Upload flow shared by the three areas: read the multipart request, check and re-encode, store, answer the URL.
import { createHash, randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { zx } from '@qshop/shared'
import { businessError, invalid } from '../../core/errors.ts'
import { fieldErrors } from '../../plugins/envelope.ts'
import { storageFor } from '../../adapters/storage/index.ts'
import { checkFile, processImage, type Stored } from './inspect.ts'

const MAX_SIDE = 4096

/** The form fields sent beside `file` (spec §7: `name` folder, `option` resize, `uploadType`). */
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

const pad = (n: number) => String(n).padStart(2, '0')
const day = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`

export type UploadArea = 'user' | 'seller' | 'admin'

/** Handles one upload request and answers the stored file's URL. */
export async function handleUpload(app: FastifyInstance, req: FastifyRequest, area: UploadArea): Promise<string> {
  const { file, filename, fields } = await receive(req)
  const stored: Stored = fields.uploadType === 'uploadFile' ? await checkFile(file, filename) : await processImage(file, fields.option)
  const newName = `${randomUUID()}.${stored.ext}`
  const key = `${fields.name}/${day(new Date())}/${newName}`
  const storage = await storageFor(app)
  const url = await storage.put(key, stored.body, stored.mime)

  // The seller's image space lists what was uploaded for goods (reference §1.3 file_spaces).
  if (area === 'seller' && fields.name === 'goods' && req.actor?.storeId) {
    await app.db.file_spaces.create({
      data: {
        belong_id: req.actor.storeId,
        name: filename.slice(-255) || newName,
        new_name: newName,
        md5: createHash('md5').update(stored.body).digest('hex'),
        url,
        ext_name: stored.ext,
        disk_name: storage.disk,
        info: stored.width ? `${stored.width}x${stored.height}` : '',
      },
    })
  }
  return url
}
