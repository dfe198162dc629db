// A seller's own store: opening the application (/api/store/join), the join wizard's data (/api/store) and the
// settings page of the seller back office (/api/Seller/stores).
//
// Verification: 1 filling in → 2 verifying → 3 denied (with a reason) or 4 passed. Saving store data from 1 or 3
// moves the store to 2; only an admin sets 3 or 4 (review.ts). The wizard's data (licence, ID card, categories)
// can change only in 1 or 3, so a passed store cannot swap its licence without a new review.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { STORE_VERIFY, type StoreApplication, type StoreSettings } from '@qshop/shared/schemas/catalog'
import { businessError, notFound } from '../../core/errors.ts'
import { mapPrismaError } from '../../core/prismaErrors.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import type { Prisma } from '../../generated/prisma/client.ts'
import { splitList } from '../catalog/format.ts'
import { classIndex } from '../catalog/classes.ts'
import { invalidateStoreCard } from '../catalog/cache.ts'
import { areaFields, areaValue } from './area.ts'
import { cleanRichTextFields } from '../../core/richText.ts'
import { normalizeClassPaths, storeClassPaths, writeStoreClasses } from './storeClasses.ts'

const STORE_CLOSED = 0
const EDITABLE_APPLICATION: number[] = [STORE_VERIFY.FILLING, STORE_VERIFY.DENIED]

/** Saving store data from 1 or 3 submits it for verification. */
const verifyAfterSave = (current: number) => (EDITABLE_APPLICATION.includes(current) ? STORE_VERIFY.VERIFYING : current)

const STATE_SELECT = { id: true, store_verify: true, store_status: true, store_refuse_info: true } satisfies Prisma.storesSelect

/** Opens the caller's store application (verify 1, closed until passed); answers the existing one when there is one. */
export async function joinStore(app: FastifyInstance, userId: number) {
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
export async function readApplication(app: FastifyInstance, userId: number) {
  const row = await app.db.stores.findUnique({ where: { user_id: userId }, select: APPLICATION_SELECT })
  if (!row) return null
  return {
    ...row,
    store_lat: row.store_lat.toFixed(6),
    store_lng: row.store_lng.toFixed(6),
    area: areaValue(row),
    class_id: await storeClassPaths(app.db, row.id),
  }
}

/** Saves the wizard's data and submits it (state 2). Refused while verifying or once passed. */
export async function saveApplication(app: FastifyInstance, req: FastifyRequest, userId: number, input: StoreApplication) {
  const { area, class_id, ...fields } = input
  const index = await classIndex(app)
  const paths = normalizeClassPaths(req, index, class_id)
  try {
    return await runUnit(app, async (tx) => {
      const rows = await tx.$queryRaw<{ id: number; store_verify: number }[]>`SELECT id, store_verify FROM stores WHERE user_id = ${userId} FOR UPDATE`
      const store = rows[0]
      if (!store) throw businessError('msg.storeNotApplied')
      if (!EDITABLE_APPLICATION.includes(store.store_verify)) throw businessError('msg.storeNotEditable')
      const data = { ...fields, ...(await areaFields(req, tx, area)), store_verify: STORE_VERIFY.VERIFYING, store_refuse_info: '' }
      await writeStoreClasses(tx, store.id, paths)
      return tx.stores.update({ where: { id: store.id }, data, select: STATE_SELECT })
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
export async function readSettings(app: FastifyInstance, storeId: number) {
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

export async function saveSettings(app: FastifyInstance, req: FastifyRequest, storeId: number, input: StoreSettings) {
  const { area, store_slide, store_mobile_slide, ...fields } = cleanRichTextFields(input, ['after_sale_service'])
  try {
    await runUnit(app, async (tx) => {
      const rows = await tx.$queryRaw<{ store_verify: number }[]>`SELECT store_verify FROM stores WHERE id = ${storeId} FOR UPDATE`
      if (!rows[0]) throw notFound()
      const data: Prisma.storesUncheckedUpdateInput = { ...fields, store_verify: verifyAfterSave(rows[0].store_verify) }
      if (area) Object.assign(data, await areaFields(req, tx, area))
      if (store_slide) data.store_slide = store_slide.join(',')
      if (store_mobile_slide) data.store_mobile_slide = store_mobile_slide.join(',')
      await tx.stores.update({ where: { id: storeId }, data, select: { id: true } })
    })
  } catch (err) {
    throw mapPrismaError(err)
  }
  await invalidateStoreCard(app, storeId)
  return readSettings(app, storeId)
}
