// Storefront goods detail (GET /api/goods/{id}): the goods part and the store card come from Redis (cache.ts); the
// stock and prices of the goods and its SKUs, and whether the shopper favourited it, are read per request (the cached
// part holds neither stock nor prices: modules/inventory/index.ts says why they are read, not invalidated).
import { FAVORITE_TYPE } from '@qshop/shared/schemas/catalog'
import { fromCents, toCents } from '@qshop/shared'
import type { Infra } from '../../core/infra.ts'
import { notFound } from '../../core/errors.ts'
import { liveGoods, type LiveGoods } from '../inventory/index.ts'
import { storeCard, BEST_SELLERS, type StoreCard } from './storeCard.ts'
import { brandList } from '../common/index.ts'
import { cachedJson, goodsDetailKey, peekJson, storeCardKey, type CacheHost } from './cache.ts'
import { classIndex, classPath } from './classes.ts'
import { splitList } from './format.ts'
import { commentStatistics } from './reviews.ts'
import { visibleGoodsWhere } from './visibility.ts'
import { isFavorite } from './favorites.ts'

const SALE_LIST = BEST_SELLERS - 1

async function loadGoodsDetail(app: Infra, id: number) {
  const goods = await app.db.goods.findFirst({
    where: { id, ...visibleGoodsWhere() },
    select: {
      id: true, store_id: true, class_id: true, brand_id: true, goods_name: true, goods_subname: true, goods_no: true,
      goods_images: true, goods_master_image: true, goods_weight: true, goods_sale: true, goods_collect: true, freight_id: true,
      goods_content: true, goods_content_mobile: true, created_at: true,
      goods_skus: { select: { id: true, spec_id: true, sku_name: true, goods_image: true, goods_weight: true }, orderBy: { id: 'asc' } },
    },
  })
  if (!goods) return null
  const { goods_skus, ...fields } = goods
  const skus = goods_skus.map((s) => ({ ...s, spec_id: s.spec_id.split(',').filter(Boolean).map(Number) }))
  const specIds = [...new Set(skus.flatMap((s) => s.spec_id))]
  const [specs, statistics, index, brands] = await Promise.all([
    specIds.length
      ? app.db.goods_specs.findMany({ where: { id: { in: specIds } }, select: { id: true, name: true, attr_id: true, attr: { select: { name: true } } }, orderBy: [{ attr_id: 'asc' }, { id: 'asc' }] })
      : Promise.resolve([]),
    commentStatistics(app.db, id),
    classIndex(app),
    brandList(app),
  ])
  // The attributes the SKUs combine, each with the specs used.
  const attrs = new Map<number, { id: number; name: string; specs: { id: number; name: string }[] }>()
  for (const s of specs) {
    const attr = attrs.get(s.attr_id) ?? { id: s.attr_id, name: s.attr.name, specs: [] }
    attr.specs.push({ id: s.id, name: s.name })
    attrs.set(s.attr_id, attr)
  }
  const brand = brands.find((b) => b.id === goods.brand_id) ?? null
  return {
    ...fields,
    goods_images: splitList(goods.goods_images),
    classes: classPath(index, goods.class_id).map((cid) => ({ id: cid, name: index.get(cid)!.name })),
    brand: brand && { id: brand.id, name: brand.name, thumb: brand.thumb },
    attrs: [...attrs.values()],
    skus,
    comment_statistics: statistics,
  }
}

type GoodsDetail = NonNullable<Awaited<ReturnType<typeof loadGoodsDetail>>>

/** The cached detail with the stock and prices read now; a SKU the cache still lists but that is gone now is left out
 *  (the save that removed it drops the cached detail once committed). */
function withLive(goods: GoodsDetail, live: LiveGoods) {
  const skus = goods.skus.flatMap((s) => {
    const now = live.skus.get(s.id)
    return now ? [{ ...s, ...now }] : []
  })
  const prices = (skus.length ? skus : [live.goods]).map((s) => toCents(s.goods_price))
  return { ...goods, ...live.goods, skus, price_min: fromCents(Math.min(...prices)), price_max: fromCents(Math.max(...prices)) }
}

export async function goodsDetail(app: Infra, id: number, shopperId: number | undefined) {
  const [goods, live] = await Promise.all([cachedJson<GoodsDetail | null>(app, goodsDetailKey(app, id), () => loadGoodsDetail(app, id)), liveGoods(app.db, id)])
  if (!goods || !live) throw notFound()
  const [card, fav] = await Promise.all([
    storeCard(app, goods.store_id),
    shopperId ? isFavorite(app, shopperId, id, FAVORITE_TYPE.GOODS) : false,
  ])
  if (!card) throw notFound()
  const { best_sellers, ...store } = card
  return { ...withLive(goods, live), store, sale_list: best_sellers.filter((g) => g.id !== id).slice(0, SALE_LIST), is_fav: fav }
}

/**
 * The goods' main picture (its gallery's first) when GET /api/goods/{id} has the goods and its store cached as
 * visible; undefined otherwise, also on a miss: it never reads the database (peekJson).
 */
export async function cachedGoodsPicture(app: CacheHost, id: number): Promise<string | undefined> {
  const goods = await peekJson<GoodsDetail | null>(app, goodsDetailKey(app, id))
  if (!goods || !(await peekJson<StoreCard | null>(app, storeCardKey(app, goods.store_id)))) return undefined
  return [goods.goods_master_image, ...goods.goods_images].find(Boolean)
}

/** The goods is visible (its detail loads): 404 otherwise. For reads beside it, e.g. its reviews. */
export async function requireVisibleGoods(app: Infra, id: number): Promise<void> {
  const goods = await cachedJson<GoodsDetail | null>(app, goodsDetailKey(app, id), () => loadGoodsDetail(app, id))
  if (!goods) throw notFound()
}
