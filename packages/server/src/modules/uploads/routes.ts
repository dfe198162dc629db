// POST /api/uploads (shopper), /api/Seller/uploads and /api/Admin/uploads: multipart `file` → {code: 200, data: url}.
import type { AppModule, ScopePlugin } from '../types.ts'
import { ok } from '../../plugins/envelope.ts'
import { handleUpload, type UploadArea } from './service.ts'

const schema = {
  tags: ['uploads'],
  summary: 'Upload an image (checked and re-encoded) or, with uploadType=uploadFile, a document',
  description: 'multipart/form-data: file; name = folder (letters, digits, _; default files); option = JSON {width, height} (resize to cover).',
}

const route = (area: UploadArea): ScopePlugin => async (app) => {
  // Back-office actors of any role may upload (the forms they can open need it); shoppers just need a login.
  const permission = area === 'user' ? undefined : '*'
  app.post('/uploads', { schema, config: { permission } }, async (req) => ok(req, await handleUpload(app, req, area)))
}

const uploads: AppModule = { name: 'uploads', storefront: route('user'), seller: route('seller'), admin: route('admin') }
export default uploads
