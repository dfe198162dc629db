// The points mall's storefront reads (public): its home (recommended goods, and each category with its first goods),
// the categories, a search over on-shelf goods, and one goods. Stock is read live, like every stock the shopper sees.
import type { ListAnswer } from '@qshop/shared'
import type { IntegralGoodsCard, IntegralGoodsDetail, IntegralSearchQuery } from '@qshop/shared/schemas/points'
import { notFound } from '../../core/errors.ts'
import type { Infra } from '../../core/infra.ts'

const ON_SHELF = 1
/** Goods per block of the mall's home. */
const HOME_BLOCK = 4
/** Categories shown on the mall's home. */
const HOME_CLASSES = 10

const CARD = {
  id: true, cid: true, goods_name: true, goods_subname: true, goods_price: true, goods_market_price: true, goods_master_image: true, goods_stock: true, goods_sale: true,
} as const

type Db = Infra['db']
type CardRow = Omit<IntegralGoodsCard, 'goods_market_price'> & { goods_market_price: { toFixed(n: number): string } }
const card = (r: CardRow): IntegralGoodsCard => ({ ...r, goods_market_price: r.goods_market_price.toFixed(2) })

export async function integralClasses(infra: { db: Db }) {
  return infra.db.integral_goods_classes.findMany({ select: { id: true, name: true }, orderBy: { id: 'asc' } })
}

export async function integralHome(infra: { db: Db }) {
  const [recommends, classes] = await Promise.all([
    infra.db.integral_goods.findMany({ where: { goods_status: ON_SHELF, is_recommend: 1 }, select: CARD, orderBy: { id: 'desc' }, take: HOME_BLOCK }),
    infra.db.integral_goods_classes.findMany({ select: { id: true, name: true }, orderBy: { id: 'asc' }, take: HOME_CLASSES }),
  ])
  const blocks = await Promise.all(
    classes.map(async (c) => ({
      ...c,
      goods: (await infra.db.integral_goods.findMany({ where: { cid: c.id, goods_status: ON_SHELF }, select: CARD, orderBy: { id: 'desc' }, take: HOME_BLOCK })).map(card),
    })),
  )
  return { recommends: recommends.map(card), classes: blocks.filter((b) => b.goods.length) }
}

export async function integralSearch(infra: { db: Db }, q: IntegralSearchQuery): Promise<ListAnswer<IntegralGoodsCard>> {
  const where = {
    goods_status: ON_SHELF,
    ...(q.cid ? { cid: q.cid } : {}),
    ...(q.keywords ? { goods_name: { contains: q.keywords } } : {}),
  }
  const [rows, total] = await Promise.all([
    infra.db.integral_goods.findMany({ where, select: CARD, orderBy: [{ [q.sort_type]: q.sort_order }, { id: 'desc' }], skip: (q.page - 1) * q.per_page, take: q.per_page }),
    infra.db.integral_goods.count({ where }),
  ])
  return { data: rows.map(card), count: rows.length, total, per_page: q.per_page, last_page: Math.max(1, Math.ceil(total / q.per_page)), current_page: q.page }
}

export async function integralGoodsDetail(infra: { db: Db }, id: number): Promise<IntegralGoodsDetail> {
  const row = await infra.db.integral_goods.findFirst({ where: { id, goods_status: ON_SHELF }, select: { ...CARD, goods_images: true, goods_content: true } })
  if (!row) throw notFound()
  const { goods_images, goods_content, ...rest } = row
  const images = (goods_images ?? '').split(',').map((s) => s.trim()).filter(Boolean)
  return { ...card(rest), goods_images: images.length ? images : [row.goods_master_image].filter(Boolean), goods_content: goods_content ?? '' }
}
