// Shoppers' favourite goods and followed stores. Toggling a goods moves goods.goods_collect in the same transaction;
// only visible goods and stores can be added, and the list shows only those still visible.
import { FAVORITE_TYPE } from '@qshop/shared/schemas/catalog'
import type { Infra } from '../../core/infra.ts'
import { notFound } from '../../core/errors.ts'
import { mapPrismaError } from '../../core/prismaErrors.ts'
import { runUnit, type Tx, type Unit } from '../../core/unitOfWork.ts'
import { GOODS_CARD_SELECT, PUBLIC_STORE_SELECT, presentPublicStore } from './storeCard.ts'
import { invalidateGoodsCounters } from './cache.ts'
import { visibleGoodsWhere, visibleStoreWhere } from './visibility.ts'

type Kind = 0 | 1

export async function isFavorite(app: Infra, userId: number, outId: number, kind: Kind): Promise<boolean> {
  const row = await app.db.favorites.findUnique({ where: { user_id_out_id_is_type: { user_id: userId, out_id: outId, is_type: kind } }, select: { id: true } })
  return row !== null
}

/** Goods whose counters changed, with their stores (for cache invalidation). */
type Touched = { goodsId: number; storeId: number }[]

async function removeRows(tx: Tx, rows: { id: number; out_id: number; is_type: number }[]): Promise<Touched> {
  const goodsIds: number[] = []
  for (const row of rows) {
    // Counted only when this transaction deleted the row (a concurrent removal must not decrement twice).
    const { count } = await tx.favorites.deleteMany({ where: { id: row.id } })
    if (count && row.is_type === FAVORITE_TYPE.GOODS) goodsIds.push(row.out_id)
  }
  if (!goodsIds.length) return []
  await tx.goods.updateMany({ where: { id: { in: goodsIds }, goods_collect: { gt: 0 } }, data: { goods_collect: { decrement: 1 } } })
  const goods = await tx.goods.findMany({ where: { id: { in: goodsIds } }, select: { id: true, store_id: true } })
  return goods.map((g) => ({ goodsId: g.id, storeId: g.store_id }))
}

/** Drops the cached counters of the goods whose favourites changed, once the change is committed. */
function invalidateAfter(app: Infra, unit: Unit, touched: Touched) {
  if (touched.length) unit.afterCommit(() => invalidateGoodsCounters(app, touched.map((t) => t.goodsId), [...new Set(touched.map((t) => t.storeId))]))
}

/** Adds the favourite when absent (the target must be visible), removes it when present. Answers the new state. */
export async function toggleFavorite(app: Infra, userId: number, outId: number, kind: Kind): Promise<boolean> {
  try {
    return await runUnit(app, async (tx, unit) => {
      const key = { user_id: userId, out_id: outId, is_type: kind }
      const existing = await tx.favorites.findUnique({ where: { user_id_out_id_is_type: key }, select: { id: true, out_id: true, is_type: true } })
      if (existing) {
        invalidateAfter(app, unit, await removeRows(tx, [existing]))
        return false
      }
      if (kind === FAVORITE_TYPE.GOODS) {
        const goods = await tx.goods.findFirst({ where: { id: outId, ...visibleGoodsWhere() }, select: { store_id: true } })
        if (!goods) throw notFound()
        await tx.favorites.create({ data: key })
        await tx.goods.update({ where: { id: outId }, data: { goods_collect: { increment: 1 } }, select: { id: true } })
        invalidateAfter(app, unit, [{ goodsId: outId, storeId: goods.store_id }])
      } else {
        if (!(await tx.stores.findFirst({ where: { id: outId, ...visibleStoreWhere() }, select: { id: true } }))) throw notFound()
        await tx.favorites.create({ data: key })
      }
      return true
    })
  } catch (err) {
    throw mapPrismaError(err)
  }
}

/** Removes the caller's favourites by row id; any id that is not the caller's refuses the whole batch (404). */
export async function removeFavorites(app: Infra, userId: number, ids: number[]): Promise<number> {
  await runUnit(app, async (tx, unit) => {
    const rows = await tx.favorites.findMany({ where: { id: { in: ids }, user_id: userId }, select: { id: true, out_id: true, is_type: true } })
    if (rows.length !== ids.length) throw notFound()
    invalidateAfter(app, unit, await removeRows(tx, rows))
  })
  return ids.length
}

/** A page of the caller's favourites of one kind whose goods or store is still visible, newest first. */
export async function listFavorites(app: Infra, userId: number, kind: Kind, page: number, perPage: number) {
  const all = await app.db.favorites.findMany({ where: { user_id: userId, is_type: kind }, select: { out_id: true } })
  const ids = all.map((f) => f.out_id)
  const visibleIds = ids.length
    ? kind === FAVORITE_TYPE.GOODS
      ? (await app.db.goods.findMany({ where: { id: { in: ids }, ...visibleGoodsWhere() }, select: { id: true } })).map((g) => g.id)
      : (await app.db.stores.findMany({ where: { id: { in: ids }, ...visibleStoreWhere() }, select: { id: true } })).map((s) => s.id)
    : []
  const where = { user_id: userId, is_type: kind, out_id: { in: visibleIds } }
  const rows = await app.db.favorites.findMany({
    where,
    select: { id: true, out_id: true, is_type: true, created_at: true },
    orderBy: { id: 'desc' },
    skip: (page - 1) * perPage,
    take: perPage,
  })
  const pageIds = rows.map((r) => r.out_id)
  const targets: Map<number, unknown> =
    kind === FAVORITE_TYPE.GOODS
      ? new Map((await app.db.goods.findMany({ where: { id: { in: pageIds } }, select: GOODS_CARD_SELECT })).map((g) => [g.id, g]))
      : new Map((await app.db.stores.findMany({ where: { id: { in: pageIds } }, select: PUBLIC_STORE_SELECT })).map((s) => [s.id, presentPublicStore(s)]))
  const total = visibleIds.length
  return {
    data: rows.map((r) => ({ ...r, [kind === FAVORITE_TYPE.GOODS ? 'goods' : 'store']: targets.get(r.out_id) ?? null })),
    count: rows.length,
    total,
    per_page: perPage,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    current_page: page,
  }
}
