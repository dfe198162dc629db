// Storefront home (GET /api/home): ad slides and banners, one floor per top category (up to 8 visible goods of its
// level-3 descendants, home picks first, then best sellers) and the recommended goods (home picks by sales).
// The goods part is cached until a catalog write (cache.ts); ads have time windows, so they are cached briefly.
import type { Infra } from '../../core/infra.ts'
import { activeAds } from '../content/index.ts'
import { classTree } from '../common/index.ts'
import { GOODS_CARD_SELECT } from './storeCard.ts'
import { cachedJson, homeKey, peekJson, type CacheHost } from './cache.ts'
import { classIndex, leafClassIds } from './classes.ts'
import { visibleGoodsWhere } from './visibility.ts'

export const HOME_SLIDES_SLOT = 'PC_首页幻灯片'
export const HOME_BANNER_SLOT = 'PC_首页广告'
const FLOOR_GOODS = 8
const RECOMMENDED = 10
const ADS_TTL_SECONDS = 60

async function loadHomeGoods(app: Infra) {
  const [tree, index] = await Promise.all([classTree(app), classIndex(app)])
  const floors = await Promise.all(
    tree.map(async (top) => ({
      id: top.id,
      name: top.name,
      thumb: top.thumb,
      children: top.children.map((c) => ({ id: c.id, name: c.name })),
      goods: await app.db.goods.findMany({
        where: { ...visibleGoodsWhere(), class_id: { in: leafClassIds(index, top.id) } },
        select: GOODS_CARD_SELECT,
        orderBy: [{ is_master: 'desc' }, { goods_sale: 'desc' }, { id: 'desc' }],
        take: FLOOR_GOODS,
      }),
    })),
  )
  const recommended = await app.db.goods.findMany({
    where: { ...visibleGoodsWhere(), is_master: 1 },
    select: GOODS_CARD_SELECT,
    orderBy: [{ goods_sale: 'desc' }, { id: 'desc' }],
    take: RECOMMENDED,
  })
  return { floors: floors.filter((f) => f.goods.length > 0), recommended }
}

const homeAdsKey = (app: CacheHost) => app.key('catalog', 'home_ads')
type HomeAds = { slides: Awaited<ReturnType<typeof activeAds>>; banners: Awaited<ReturnType<typeof activeAds>> }

export async function homePage(app: Infra) {
  const [ads, goods] = await Promise.all([
    cachedJson<HomeAds>(app, homeAdsKey(app), async () => ({ slides: await activeAds(app, HOME_SLIDES_SLOT), banners: await activeAds(app, HOME_BANNER_SLOT) }), ADS_TTL_SECONDS),
    cachedJson(app, homeKey(app), () => loadHomeGoods(app)),
  ])
  return { ...ads, ...goods }
}

/** The first slide's picture, when GET /api/home has it cached (peekJson: never a database read). */
export async function cachedFirstSlide(app: CacheHost): Promise<string | undefined> {
  return (await peekJson<HomeAds>(app, homeAdsKey(app)))?.slides[0]?.image || undefined
}
