// Storefront stores: the list (GET /api/stores: search by name, sort by sales, rating or distance from the shopper's
// point) and one store's public page (GET /api/store/{id}). Visible stores only.
import { FAVORITE_TYPE, type StoreListQuery } from '@qshop/shared/schemas/catalog'
import type { Infra } from '../../core/infra.ts'
import { notFound } from '../../core/errors.ts'
import { Prisma } from '../../generated/prisma/client.ts'
import { BEST_SELLERS, goodRate, isFavorite, storeCard, visibleStoreSql } from '../catalog/index.ts'

const EARTH_RADIUS_KM = 6371
const STORE_PAGE_BEST_SELLERS = BEST_SELLERS - 1

type StoreRow = {
  id: number; store_name: string; store_logo: string; store_description: string; area_info: string; store_address: string
  store_lat: { toFixed(n: number): string }; store_lng: { toFixed(n: number): string }
  sales: unknown; comments: unknown; good: unknown; rate: unknown; distance?: unknown
}

/** Great-circle distance in km from (lat, lng) to the store `s` (haversine). */
const distanceSql = (lat: number, lng: number) =>
  Prisma.sql`${EARTH_RADIUS_KM} * 2 * ASIN(SQRT(POWER(SIN(RADIANS(s.store_lat - ${lat}) / 2), 2)
    + COS(RADIANS(${lat})) * COS(RADIANS(s.store_lat)) * POWER(SIN(RADIANS(s.store_lng - ${lng}) / 2), 2)))`

const ORDER: Record<StoreListQuery['sort'], Prisma.Sql> = {
  sales: Prisma.sql`sales DESC, s.id DESC`,
  // Stores without reviews (rate NULL) come after the rated ones.
  rating: Prisma.sql`rate DESC, s.id DESC`,
  distance: Prisma.sql`distance ASC, s.id ASC`,
}

export async function listStores(app: Infra, q: StoreListQuery) {
  const where = [visibleStoreSql('s')]
  if (q.keywords) where.push(Prisma.sql`s.store_name LIKE ${`%${q.keywords.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`)
  const condition = Prisma.join(where, ' AND ')
  const point = q.lat !== undefined && q.lng !== undefined ? { lat: Number(q.lat), lng: Number(q.lng) } : null
  const distance = point ? Prisma.sql`, ${distanceSql(point.lat, point.lng)} AS distance` : Prisma.empty
  // A review's class and the rating follow catalog/reviews.ts: good when the 4 scores sum to 15 or more; 5 without reviews.
  const [rows, [{ total }]] = await Promise.all([
    app.db.$queryRaw<StoreRow[]>`SELECT s.id, s.store_name, s.store_logo, s.store_description, s.area_info, s.store_address,
        s.store_lat, s.store_lng, COALESCE(gs.sales, 0) AS sales, COALESCE(cs.n, 0) AS comments, COALESCE(cs.good, 0) AS good,
        cs.rate AS rate ${distance}
      FROM stores s
      LEFT JOIN (SELECT store_id, SUM(goods_sale) AS sales FROM goods GROUP BY store_id) gs ON gs.store_id = s.id
      LEFT JOIN (SELECT c.store_id, COUNT(*) AS n, SUM(c.score + c.agree + c.service + c.speed >= 15) AS good,
          AVG(c.score + c.agree + c.service + c.speed) / 4 AS rate
        FROM order_comments c GROUP BY c.store_id) cs ON cs.store_id = s.id
      WHERE ${condition} ORDER BY ${ORDER[q.sort]} LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`,
    app.db.$queryRaw<{ total: bigint }[]>`SELECT COUNT(*) AS total FROM stores s WHERE ${condition}`,
  ])
  const count = Number(total)
  return {
    data: rows.map(({ good, distance: km, ...r }) => {
      const comments = Number(r.comments)
      return {
        ...r,
        store_lat: r.store_lat.toFixed(6),
        store_lng: r.store_lng.toFixed(6),
        sales: Number(r.sales),
        comments,
        good_rate: goodRate(Number(good), comments),
        rate: comments ? Number(r.rate).toFixed(2) : null,
        ...(km === undefined ? {} : { distance: Number(Number(km).toFixed(2)) }),
      }
    }),
    count: rows.length,
    total: count,
    per_page: q.per_page,
    last_page: Math.max(1, Math.ceil(count / q.per_page)),
    current_page: q.page,
  }
}

/** A visible store's public page: card, ratings, best sellers and whether the shopper follows it. */
export async function storePage(app: Infra, id: number, shopperId: number | undefined) {
  const [card, fav] = await Promise.all([storeCard(app, id), shopperId ? isFavorite(app, shopperId, id, FAVORITE_TYPE.STORE) : false])
  if (!card) throw notFound()
  return { ...card, best_sellers: card.best_sellers.slice(0, STORE_PAGE_BEST_SELLERS), is_fav: fav }
}
