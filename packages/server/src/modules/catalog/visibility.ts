// What the storefront may show, defined once: approved, on-shelf goods of open, passed stores.
// Every storefront query takes its conditions from here (Prisma `where` objects, or the same rule as SQL for raw queries).
import { GOODS_VERIFY, STORE_VERIFY } from '@qshop/shared/schemas/catalog'
import { Prisma } from '../../generated/prisma/client.ts'

const STORE_OPEN = 1
const GOODS_ON_SHELF = 1

/** A store shows and trades only when passed and open. */
export const visibleStoreWhere = () => ({ store_status: STORE_OPEN, store_verify: STORE_VERIFY.PASSED }) satisfies Prisma.storesWhereInput

/** Goods show only when approved, on shelf and in a visible store. */
export const visibleGoodsWhere = () =>
  ({ goods_status: GOODS_ON_SHELF, goods_verify: GOODS_VERIFY.APPROVED, store: { is: visibleStoreWhere() } }) satisfies Prisma.goodsWhereInput

/** The same rule for raw SQL: `alias` names the stores table in the query. */
export const visibleStoreSql = (alias: string) =>
  Prisma.sql`${Prisma.raw(alias)}.store_status = ${STORE_OPEN} AND ${Prisma.raw(alias)}.store_verify = ${STORE_VERIFY.PASSED}`

/** The same rule for raw SQL over goods `g` joined to its store `s` (aliases given). */
export const visibleGoodsSql = (goods: string, store: string) =>
  Prisma.sql`${Prisma.raw(goods)}.goods_status = ${GOODS_ON_SHELF} AND ${Prisma.raw(goods)}.goods_verify = ${GOODS_VERIFY.APPROVED} AND ${visibleStoreSql(store)}`
