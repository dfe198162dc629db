// What the storefront shows of a store: public fields only (never licence, ID card, balances), its ratings and
// its best sellers. Cached as the "store card" (cache.ts), used by GET /api/store/{id} (modules/stores) and the goods
// detail; kept with the catalog, whose cache holds it and whose writes drop it.
import type { Infra } from '../../core/infra.ts'
import type { Prisma } from '../../generated/prisma/client.ts'
import { cachedJson, storeCardKey } from './cache.ts'
import { splitList } from './format.ts'
import { storeRatings, type StoreRatings } from './reviews.ts'
import { visibleGoodsWhere, visibleStoreWhere } from './visibility.ts'

/** Best sellers kept on the card: the goods page shows 6 besides itself. */
export const BEST_SELLERS = 7

export const PUBLIC_STORE_SELECT = {
  id: true, store_name: true, store_logo: true, store_face_image: true, store_description: true, store_mobile: true,
  store_slide: true, store_mobile_slide: true, area_info: true, store_address: true, store_lat: true, store_lng: true,
  after_sale_service: true, created_at: true,
} satisfies Prisma.storesSelect

export const GOODS_CARD_SELECT = {
  id: true, goods_name: true, goods_subname: true, goods_master_image: true, goods_price: true, goods_market_price: true, goods_sale: true, store_id: true,
} satisfies Prisma.goodsSelect

type PublicStoreRow = Prisma.storesGetPayload<{ select: typeof PUBLIC_STORE_SELECT }>

/** Coordinates keep their 6 decimals (the wire's Decimal rule would round them to 2). */
export function presentPublicStore(row: PublicStoreRow) {
  return {
    ...row,
    store_slide: splitList(row.store_slide),
    store_mobile_slide: splitList(row.store_mobile_slide),
    store_lat: row.store_lat.toFixed(6),
    store_lng: row.store_lng.toFixed(6),
  }
}

export type StoreCard = ReturnType<typeof presentPublicStore> &
  StoreRatings & { best_sellers: Prisma.goodsGetPayload<{ select: typeof GOODS_CARD_SELECT }>[] }

async function loadStoreCard(app: Infra, storeId: number): Promise<StoreCard | null> {
  const store = await app.db.stores.findFirst({ where: { id: storeId, ...visibleStoreWhere() }, select: PUBLIC_STORE_SELECT })
  if (!store) return null
  const [ratings, best] = await Promise.all([
    storeRatings(app.db, storeId),
    app.db.goods.findMany({
      where: { store_id: storeId, ...visibleGoodsWhere() },
      select: GOODS_CARD_SELECT,
      orderBy: [{ goods_sale: 'desc' }, { id: 'desc' }],
      take: BEST_SELLERS,
    }),
  ])
  return { ...presentPublicStore(store), ...ratings, best_sellers: best }
}

/** The card of a visible store (null when the store is hidden or unknown). */
export function storeCard(app: Infra, storeId: number): Promise<StoreCard | null> {
  return cachedJson(app, storeCardKey(app, storeId), () => loadStoreCard(app, storeId))
}
