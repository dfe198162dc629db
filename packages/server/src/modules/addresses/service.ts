// A shopper's delivery addresses. While a shopper has addresses exactly one is the default: the schema keeps at most
// one (default_key = user_id on the default row only, UNIQUE, tied to is_default by a CHECK), and every write here
// keeps at least one: the first address is the default, deleting the default hands it to the newest remaining one,
// and is_default = 0 on the default is ignored (the default moves only by choosing another). Writes lock the shopper
// (core/shopperLock.ts), so concurrent "set default" or creates near the limit apply one after the other.
import { Code } from '@qshop/shared'
import { MAX_ADDRESSES, type Address, type AddressCreate, type AddressUpdate } from '@qshop/shared/schemas/addresses'
import type { Infra } from '../../core/infra.ts'
import type { RequestContext } from '../../core/context.ts'
import { AppError, notFound } from '../../core/errors.ts'
import { inShopperUnit } from '../../core/shopperLock.ts'
import type { Tx } from '../../core/unitOfWork.ts'
import type { Prisma } from '../../generated/prisma/client.ts'
import { areaFields } from '../content/index.ts'

export const ADDRESS_SELECT = {
  id: true, receive_name: true, receive_tel: true, area_info: true, address: true, province_id: true, city_id: true, region_id: true, is_default: true,
} satisfies Prisma.addressesSelect
export type AddressRow = Prisma.addressesGetPayload<{ select: typeof ADDRESS_SELECT }>

export const present = (row: AddressRow): Address => ({
  ...row,
  area: [row.province_id, row.city_id, row.region_id],
  is_default: row.is_default ? 1 : 0,
})

/** The shopper routes run only with a shopper actor (the storefront guard). */
const shopperOf = (ctx: RequestContext) => ctx.actor!.id

/** The shopper's addresses, the default first, then the newest. */
export async function listAddresses(app: Infra, ctx: RequestContext): Promise<Address[]> {
  const rows = await app.db.addresses.findMany({
    where: { user_id: shopperOf(ctx) },
    select: ADDRESS_SELECT,
    orderBy: [{ is_default: 'desc' }, { id: 'desc' }],
  })
  return rows.map(present)
}

/** One of the shopper's addresses; another shopper's is not found. */
export async function readAddress(app: Infra, ctx: RequestContext, id: number): Promise<Address> {
  const row = await app.db.addresses.findFirst({ where: { id, user_id: shopperOf(ctx) }, select: ADDRESS_SELECT })
  if (!row) throw notFound()
  return present(row)
}

async function makeDefault(tx: Tx, userId: number, id: number) {
  await tx.addresses.updateMany({ where: { default_key: userId }, data: { is_default: 0, default_key: null } })
  await tx.addresses.update({ where: { id }, data: { is_default: 1, default_key: userId }, select: { id: true } })
}

export async function createAddress(app: Infra, ctx: RequestContext, input: AddressCreate): Promise<{ id: number }> {
  const { area, is_default, ...fields } = input
  return inShopperUnit(app, ctx, async (tx, userId) => {
    const located = await areaFields(ctx.locale, tx, area)
    const count = await tx.addresses.count({ where: { user_id: userId } })
    if (count >= MAX_ADDRESSES) throw new AppError(Code.BUSINESS, 'msg.addressFull', null, { max: MAX_ADDRESSES })
    const { id } = await tx.addresses.create({ data: { ...fields, ...located, user_id: userId }, select: { id: true } })
    if (count === 0 || is_default === 1) await makeDefault(tx, userId, id)
    return { id }
  })
}

/** Changes any subset of the fields; is_default = 1 makes it the default. */
export async function updateAddress(app: Infra, ctx: RequestContext, id: number, input: AddressUpdate): Promise<{ id: number }> {
  const { area, is_default, ...fields } = input
  return inShopperUnit(app, ctx, async (tx, userId) => {
    const located = area ? await areaFields(ctx.locale, tx, area) : {}
    // Found first: an update that changes nothing (the same values, or none) affects no row, and is still an answer.
    if (!(await tx.addresses.findFirst({ where: { id, user_id: userId }, select: { id: true } }))) throw notFound()
    await tx.addresses.update({ where: { id }, data: { ...fields, ...located }, select: { id: true } })
    if (is_default === 1) await makeDefault(tx, userId, id)
    return { id }
  })
}

export async function setDefaultAddress(app: Infra, ctx: RequestContext, id: number): Promise<{ id: number }> {
  return inShopperUnit(app, ctx, async (tx, userId) => {
    if (!(await tx.addresses.findFirst({ where: { id, user_id: userId }, select: { id: true } }))) throw notFound()
    await makeDefault(tx, userId, id)
    return { id }
  })
}

/** Deleting the default makes the newest remaining address the default. */
export async function deleteAddress(app: Infra, ctx: RequestContext, id: number): Promise<{ deleted: number }> {
  return inShopperUnit(app, ctx, async (tx, userId) => {
    const row = await tx.addresses.findFirst({ where: { id, user_id: userId }, select: { is_default: true } })
    if (!row) throw notFound()
    await tx.addresses.delete({ where: { id }, select: { id: true } })
    if (row.is_default) {
      const next = await tx.addresses.findFirst({ where: { user_id: userId }, orderBy: { id: 'desc' }, select: { id: true } })
      if (next) await makeDefault(tx, userId, next.id)
    }
    return { deleted: 1 }
  })
}
