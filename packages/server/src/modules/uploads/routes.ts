// POST /api/uploads (shopper), /api/Seller/uploads and /api/Admin/uploads: multipart `file` → {code: 200, data: url}.
// GET /api/private_files/{id} (the owner, or anyone with a signed URL) and /api/Admin/private_files/{id}: the
// identity documents uploaded to the private folders.
import { z } from 'zod'
import { zx } from '@qshop/shared'
import { idParam } from '@qshop/shared/schemas/common'
import type { AppModule, ScopePlugin } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { notFound, unauthenticated } from '../../core/errors.ts'
import { handleUpload, type UploadArea } from './service.ts'
import { PRIVATE_FILES_PERMISSION, sendPrivateFile, validSignature } from './privateFiles.ts'
import { sweepUploadsJob } from './sweeper.ts'

const schema = {
  tags: ['uploads'],
  summary: 'Upload an image (checked and re-encoded) or, with uploadType=uploadFile, a document',
  description:
    'multipart/form-data: file; name = folder (letters, digits, _; default files; id_card and business_license are private: ' +
    'the answer is a signed URL); option = JSON {width, height} (resize to cover). Counted against the daily quota (402 beyond it).',
}

const route = (area: UploadArea): ScopePlugin => async (app) => {
  // Back-office actors of any role may upload (the forms they can open need it); shoppers just need a login.
  const permission = area === 'user' ? undefined : '*'
  app.post('/uploads', { schema, config: { permission } }, async (req) => ok(req, await handleUpload(app, req, area)))
}

const signedQuery = z.strictObject({
  expires: zx.urlInt(1, 2 ** 32).optional(),
  signature: z.string().max(64).optional(),
})
const privateRow = (app: Parameters<ScopePlugin>[0], id: number) =>
  app.db.uploads.findFirst({ where: { id, is_private: 1 }, select: { area: true, owner_id: true, path: true, disk: true } })

const storefront: ScopePlugin = async (app) => {
  await route('user')(app)
  app.get(
    '/private_files/:id',
    {
      schema: { params: idParam, querystring: signedQuery, tags: ['uploads'], summary: 'A private file: to its owner (bearer), or by a signed URL' },
      config: { public: true, optionalAuth: true },
    },
    async (req, reply) => {
      const { id } = req.params
      const { expires, signature } = req.query
      if (expires !== undefined || signature !== undefined) {
        // A signed URL stands for the reader it was issued to; a wrong or expired one is no file at all.
        if (expires === undefined || signature === undefined || !validSignature(app, id, expires, signature)) throw notFound()
        return sendPrivateFile(app, reply, await privateRow(app, id))
      }
      const actor = req.actor
      if (!actor) throw unauthenticated()
      const row = await privateRow(app, id)
      return sendPrivateFile(app, reply, row && row.area === 'user' && row.owner_id === actor.id ? row : null)
    },
  )
}

const admin: ScopePlugin = async (app) => {
  await route('admin')(app)
  // Admins see identity documents while reviewing store applications.
  app.get('/private_files/:id', { schema: { params: idParam, tags: ['uploads'], summary: 'A private file (identity document)' }, config: { permission: PRIVATE_FILES_PERMISSION } }, async (req, reply) =>
    sendPrivateFile(app, reply, await privateRow(app, req.params.id)),
  )
}

const uploads: AppModule = { name: 'uploads', storefront, seller: route('seller'), admin, jobs: [sweepUploadsJob] }
export default uploads
