// A seller's own store: opening the application (/api/store/join), the join wizard's data (/api/store) and the
// settings page of the seller back office (/api/Seller/stores).
//
// Verification: 1 filling in → 2 verifying → 3 denied (with a reason) or 4 passed. Submitting the complete wizard
// data from 1 or 3 moves the store to 2; only an admin sets 3 or 4 (review.ts). The wizard's data (licence, ID card,
// categories) can change only in 1 or 3, so a passed store cannot swap its licence without a new review. The seller
// back office (settings) is reached only by passed stores (the seller guard), so it never changes the state.
import type { FastifyRequest } from 'fastify'
import { STORE_REVIEW_FLOW } from '@qshop/shared'
import { STORE_VERIFY, type StoreApplication, type StoreSettings } from '@qshop/shared/schemas/catalog'
import type { Infra } from '../../core/infra.ts'
import { businessError, notFound } from '../../core/errors.ts'
import { mapPrismaError } from '../../core/prismaErrors.ts'
import { runUnit, type Tx } from '../../core/unitOfWork.ts'
import { transition, type Columns } from '../../core/transition.ts'
import type { Prisma } from '../../generated/prisma/client.ts'
import { classIndex, invalidateStoreCard, normalizeClassPaths, splitList, storeClassPaths, writeStoreClasses } from '../catalog/index.ts'
import { areaFields, areaValue } from '../content/index.ts'
import { cleanRichTextFields } from '../../core/richText.ts'
import { identityReferences, signedIdentity } from './identity.ts'

const STORE_CLOSED = 0
const EDITABLE_APPLICATION: number[] = [STORE_VERIFY.FILLING, STORE_VERIFY.DENIED]

const STATE_SELECT = { id: true, store_verify: true, store_status: true, store_refuse_info: true } satisfies Prisma.storesSelect

/** Opens the caller's store application (verify 1, closed until passed); answers the existing one when there is one. */
export async function joinStore(app: Infra, userId: number) {
  const existing = await app.db.stores.findUnique({ where: { user_id: userId }, select: STATE_SELECT })
  if (existing) return existing
  try {
    return await app.db.stores.create({ data: { user_id: userId, store_verify: STORE_VERIFY.FILLING, store_status: STORE_CLOSED }, select: STATE_SELECT })
  } catch (err) {
    const mapped = mapPrismaError(err)
    // Two joins at once: the other one created it.
    const row = await app.db.stores.findUnique({ where: { user_id: userId }, select: STATE_SELECT })
    if (row) return row
    throw mapped
  }
}

const APPLICATION_SELECT = {
  ...STATE_SELECT, store_name: true, store_logo: true, store_mobile: true, store_description: true, store_company_name: true,
  province_id: true, city_id: true, region_id: true, area_info: true, store_lat: true, store_lng: true, store_address: true,
  business_license: true, business_license_no: true, legal_person: true, store_phone: true, id_card_no: true, id_card_t: true,
  id_card_b: true, emergency_contact: true, emergency_contact_phone: true, created_at: true, updated_at: true,
} satisfies Prisma.storesSelect

/** The wizard's view of the caller's store (null before /store/join). */
export async function readApplication(app: Infra, userId: number) {
  const row = await app.db.stores.findUnique({ where: { user_id: userId }, select: APPLICATION_SELECT })
  if (!row) return null
  return {
    ...row,
    ...signedIdentity(app, row),
    store_lat: row.store_lat.toFixed(6),
    store_lng: row.store_lng.toFixed(6),
    area: areaValue(row),
    class_id: await storeClassPaths(app.db, row.id),
  }
}

/** The transition 1 or 3 → 2 with the application's data, as one guarded update: false when the store is in
 *  another state (the row count decides, not an earlier read). */
async function submitForReview(tx: Tx, storeId: number, data: Record<string, string | number | undefined>): Promise<boolean> {
  const columns: Columns = { store_refuse_info: '' }
  for (const [k, v] of Object.entries(data)) if (v !== undefined) columns[k] = v
  const change = { from: EDITABLE_APPLICATION, to: STORE_VERIFY.VERIFYING }
  return (await transition(tx, STORE_REVIEW_FLOW, storeId, change, { data: columns })) === 1
}

/** Submits the wizard's data (every required field is in the body schema; no partial drafts) for review (state 2).
 *  Refused while verifying or once passed. */
export async function saveApplication(app: Infra, req: FastifyRequest, userId: number, input: StoreApplication) {
  const { area, class_id, ...fields } = input
  const index = await classIndex(app)
  const paths = normalizeClassPaths(req, index, class_id)
  Object.assign(fields, await identityReferences(app, req, userId, fields))
  try {
    return await runUnit(app, async (tx) => {
      const store = await tx.stores.findUnique({ where: { user_id: userId }, select: { id: true } })
      if (!store) throw businessError('msg.storeNotApplied')
      if (!(await submitForReview(tx, store.id, { ...fields, ...(await areaFields(req.locale, tx, area)) }))) throw businessError('msg.storeNotEditable')
      await writeStoreClasses(tx, store.id, paths)
      return tx.stores.findUniqueOrThrow({ where: { id: store.id }, select: STATE_SELECT })
    })
  } catch (err) {
    throw mapPrismaError(err)
  }
}

const SETTINGS_SELECT = {
  ...STATE_SELECT, store_name: true, store_logo: true, store_description: true, store_mobile: true, after_sale_service: true,
  store_face_image: true, province_id: true, city_id: true, region_id: true, area_info: true, store_lat: true, store_lng: true,
  store_address: true, store_slide: true, store_mobile_slide: true, updated_at: true,
} satisfies Prisma.storesSelect

/** The seller's settings page: the store of the caller (owner or sub-account). */
export async function readSettings(app: Infra, storeId: number) {
  const row = await app.db.stores.findUnique({ where: { id: storeId }, select: SETTINGS_SELECT })
  if (!row) throw notFound()
  return {
    ...row,
    store_lat: row.store_lat.toFixed(6),
    store_lng: row.store_lng.toFixed(6),
    store_slide: splitList(row.store_slide),
    store_mobile_slide: splitList(row.store_mobile_slide),
    area: areaValue(row),
  }
}

export async function saveSettings(app: Infra, req: FastifyRequest, storeId: number, input: StoreSettings) {
  const { area, store_slide, store_mobile_slide, ...fields } = cleanRichTextFields(input, ['after_sale_service'])
  const data: Prisma.storesUncheckedUpdateInput = { ...fields }
  if (area) Object.assign(data, await areaFields(req.locale, app.db, area))
  if (store_slide) data.store_slide = store_slide.join(',')
  if (store_mobile_slide) data.store_mobile_slide = store_mobile_slide.join(',')
  try {
    await app.db.stores.update({ where: { id: storeId }, data, select: { id: true } })
  } catch (err) {
    throw mapPrismaError(err)
  }
  await invalidateStoreCard(app, storeId)
  return readSettings(app, storeId)
}
