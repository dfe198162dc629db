// A store application's identity images (ID card front and back, business licence) are private uploads: the
// application stores their references, and answers them as short-lived signed URLs to the applicant and to admins.
import type { FastifyRequest } from 'fastify'
import type { Infra } from '../../core/infra.ts'
import { invalid } from '../../core/errors.ts'
import { privateFileId, privateFileReference, signedValue } from '../uploads/index.ts'

export const IDENTITY_FIELDS = ['business_license', 'id_card_t', 'id_card_b'] as const
type IdentityField = (typeof IDENTITY_FIELDS)[number]
type Identity = Record<IdentityField, string>

/**
 * The references to store for the images sent (a reference or a signed URL of one): each must be a private upload
 * of the applicant's own. Anything else (a public URL, another account's file) is refused with 400 on its field.
 */
export async function identityReferences(app: Infra, req: FastifyRequest, userId: number, input: Identity): Promise<Identity> {
  const ids = Object.fromEntries(IDENTITY_FIELDS.map((field) => [field, privateFileId(input[field])])) as Record<IdentityField, number | null>
  const wanted = Object.values(ids).filter((id): id is number => id !== null)
  const own = await app.db.uploads.findMany({ where: { id: { in: wanted }, area: 'user', owner_id: userId, is_private: 1 }, select: { id: true } })
  const owned = new Set(own.map((row) => row.id))
  const errors: Record<string, string> = {}
  for (const field of IDENTITY_FIELDS) if (!owned.has(ids[field] ?? 0)) errors[field] = req.t('valid.privateFile')
  if (Object.keys(errors).length) throw invalid(errors)
  return Object.fromEntries(IDENTITY_FIELDS.map((field) => [field, privateFileReference(ids[field]!)])) as Identity
}

/** The identity fields of a store row as signed URLs. */
export function signedIdentity(app: Infra, row: Record<string, unknown>): Partial<Identity> {
  const out: Partial<Identity> = {}
  for (const field of IDENTITY_FIELDS) {
    const value = row[field]
    if (typeof value === 'string') out[field] = signedValue(app, value)
  }
  return out
}
