// Private files (identity documents): stored as a reference `/api/private_files/{id}`, answered to authorised
// readers as signed URLs `…?expires=&signature=` (HMAC over the path and expiry, valid PRIVATE_FILE_URL_TTL
// seconds) so that <img> tags, which send no bearer header, can show them.
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import { IDENTITY_UPLOAD_FOLDERS, PRIVATE_FILE_PATH } from '@qshop/shared/constants'
import type { Infra } from '../../core/infra.ts'
import { notFound } from '../../core/errors.ts'
import { servedFileHeaders } from '../../core/servedFiles.ts'
import { privateStorageFor } from '../../adapters/storage/index.ts'

/** The admin key that opens private files: the store detail's, where admins review applications. */
export const PRIVATE_FILES_PERMISSION = 'admin.stores.show'

export const isIdentityFolder = (folder: string) => (IDENTITY_UPLOAD_FOLDERS as readonly string[]).includes(folder)

export const privateFileReference = (id: number) => `${PRIVATE_FILE_PATH}${id}`

/** The upload id a reference or a signed URL names (its query, if any, is not checked here). */
export function privateFileId(value: string): number | null {
  const match = /^\/api\/private_files\/([1-9]\d{0,9})(?:\?.*)?$/.exec(value)
  const id = match ? Number(match[1]) : NaN
  return Number.isSafeInteger(id) && id <= 2147483647 ? id : null
}

function signature(app: Infra, id: number, expires: number): Buffer {
  // A key of its own, derived from the server secret, so a URL signature can never pass for anything else.
  const key = createHmac('sha256', app.config.JWT_SECRET).update('qshop private file url').digest()
  return createHmac('sha256', key).update(`${privateFileReference(id)}\n${expires}`).digest()
}

export function signedFileUrl(app: Infra, id: number): string {
  const expires = Math.floor(Date.now() / 1000) + app.config.PRIVATE_FILE_URL_TTL
  return `${privateFileReference(id)}?expires=${expires}&signature=${signature(app, id, expires).toString('base64url')}`
}

export function validSignature(app: Infra, id: number, expires: number, given: string): boolean {
  if (expires * 1000 <= Date.now()) return false
  const expected = signature(app, id, expires)
  const actual = Buffer.from(given, 'base64url')
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** A stored value as its reader sees it: a private reference becomes a signed URL; anything else stays as it is. */
export function signedValue(app: Infra, value: string): string {
  const id = privateFileId(value)
  return id ? signedFileUrl(app, id) : value
}

/** Answers the bytes of a private upload (404 when it is not one, or its storage no longer has it). */
export async function sendPrivateFile(app: Infra, reply: FastifyReply, row: { path: string; disk: string } | null) {
  if (!row) throw notFound()
  const storage = await privateStorageFor(app)
  // A file on a storage the current upload settings no longer reach is gone for the api.
  const body = storage.disk === row.disk ? await storage.read(row.path) : null
  if (!body) throw notFound()
  const headers = servedFileHeaders(row.path)
  return reply
    .header('content-type', headers['content-type'])
    .header('content-disposition', headers['content-disposition'])
    .header('cache-control', 'private, no-store')
    .send(body)
}
