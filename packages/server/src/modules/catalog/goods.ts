// The seller's goods form (create, update, read for editing) and the admin's goods review.
//
// Rules: class_id is a level-3 category the store may sell in; brand and freight template must exist (the template in
// the store); SKUs follow skus.ts and then set the goods' list price (lowest SKU price). Stock is the inventory
// module's: the form's new stock goes there with the stock the form loaded (modules/inventory/adjust.ts), and a stock
// changed since the form loaded it refuses the whole save (409, the changed fields named). With the platform's goods
// review on (configs.store.goods_verify), new goods and edits of name, subname or content wait for review (2); an edit
// of a rejected goods resubmits it. With review off, every save approves (1).
import type { FastifyRequest } from 'fastify'
import { Code, GOODS_REVIEW_FLOW } from '@qshop/shared'
import { GOODS_VERIFY, FREIGHT, type GoodsCreate, type GoodsUpdate, type SkuInput } from '@qshop/shared/schemas/catalog'
import type { Infra } from '../../core/infra.ts'
import { readGroupConfig } from '../../core/configs.ts'
import { AppError, businessError, invalid, notFound } from '../../core/errors.ts'
import { mapPrismaError } from '../../core/prismaErrors.ts'
import { inUnit, runUnit, type Tx } from '../../core/unitOfWork.ts'
import { transition } from '../../core/transition.ts'
import type { RequestContext } from '../../core/context.ts'
import type { Prisma } from '../../generated/prisma/client.ts'
import { allowedClassIds } from './storeClasses.ts'
import { classIndex, classPath, isLeafClass } from './classes.ts'
import { adjustStock, StockChanged } from '../inventory/index.ts'
import { normalizeSkus, skuPrices, syncSkus } from './skus.ts'
import { searchText } from './searchText.ts'
import { invalidateGoods } from './cache.ts'
import { splitList } from './format.ts'
import { cleanRichTextFields } from '../../core/richText.ts'

/** Edits of these send an approved goods back to review. */
const REVIEWED_FIELDS = ['goods_name', 'goods_subname', 'goods_content', 'goods_content_mobile'] as const

const EDIT_SELECT = {
  id: true, store_id: true, brand_id: true, class_id: true, goods_name: true, goods_subname: true, goods_no: true,
  goods_images: true, goods_master_image: true, goods_price: true, goods_market_price: true, goods_stock: true,
  goods_weight: true, goods_sale: true, goods_collect: true, goods_status: true, goods_verify: true, refuse_info: true,
  freight_id: true, goods_content: true, goods_content_mobile: true, is_recommend: true, is_master: true,
  created_at: true, updated_at: true,
  goods_skus: {
    select: { id: true, spec_id: true, sku_name: true, goods_image: true, goods_price: true, goods_market_price: true, goods_stock: true, goods_weight: true },
    orderBy: { id: 'asc' },
  },
} satisfies Prisma.goodsSelect

type Existing = { goods_name: string; goods_subname: string; goods_content: string | null; goods_content_mobile: string | null; goods_verify: number; goods_weight: unknown; goods_master_image: string; skus: number }

const specIds = (value: string) => value.split(',').filter(Boolean).map(Number)

async function reviewOn(app: Infra): Promise<boolean> {
  return (await readGroupConfig(app, 'store')).goods_verify === true
}

function nextVerify(review: boolean, existing: Existing | null, input: GoodsUpdate): number {
  if (!review) return GOODS_VERIFY.APPROVED
  if (!existing) return GOODS_VERIFY.PENDING
  const changed = REVIEWED_FIELDS.some((f) => input[f] !== undefined && (input[f] ?? '') !== (existing[f] ?? ''))
  if (changed || existing.goods_verify === GOODS_VERIFY.REJECTED) return GOODS_VERIFY.PENDING
  return existing.goods_verify
}

/** Checks the references of the posted fields against the store (400 naming the field). */
async function checkReferences(app: Infra, req: FastifyRequest, tx: Tx, storeId: number, input: GoodsUpdate) {
  if (input.class_id !== undefined) {
    if (!isLeafClass(await classIndex(app), input.class_id)) throw invalid({ class_id: req.t('valid.classLevel3') })
    if (!(await allowedClassIds(tx, storeId)).has(input.class_id)) throw invalid({ class_id: req.t('valid.classNotAllowed') })
  }
  if (input.brand_id && !(await tx.goods_brands.findUnique({ where: { id: input.brand_id }, select: { id: true } })))
    throw invalid({ brand_id: req.t('valid.notExists') })
  if (input.freight_id !== undefined && input.freight_id > FREIGHT.STORE_DEFAULT) {
    if (!(await tx.freights.findFirst({ where: { id: input.freight_id, store_id: storeId }, select: { id: true } })))
      throw invalid({ freight_id: req.t('valid.notExists') })
  }
}

/** The 409 of a save whose stock moved since the form loaded it: each changed stock field named. */
function stockConflict(req: FastifyRequest, err: StockChanged, skus: SkuInput[] | undefined): AppError {
  const fields = Object.fromEntries(
    err.rows.map(({ sku_id }) => {
      const i = sku_id ? (skus ?? []).findIndex((s) => s.id === sku_id) : -1
      return [i >= 0 ? `skus.${i}.goods_stock` : 'goods_stock', req.t('valid.stockChanged')]
    }),
  )
  return new AppError(Code.CONFLICT, 'msg.stockChanged', fields)
}

/** Creates (id null) or updates a goods of the caller's store; answers its id and review state. */
export async function saveGoods(app: Infra, req: FastifyRequest, posted: GoodsCreate | GoodsUpdate, id: number | null) {
  const input = cleanRichTextFields(posted, ['goods_content', 'goods_content_mobile'])
  const storeId = req.actor?.storeId
  if (!storeId) throw notFound()
  const review = await reviewOn(app)
  // Stock is not a column this save writes: it goes to the inventory (creates have nothing loaded).
  const { skus: skuInput, goods_images, goods_stock, ...rest } = input
  const { loaded_stock, ...fields } = rest as Omit<GoodsUpdate, 'skus' | 'goods_images' | 'goods_stock'>
  try {
    return await runUnit(app, async (tx, unit) => {
      let existing: Existing | null = null
      if (id !== null) {
        // Edits of one goods (its SKU list above all) run one after the other: the first write locks the row, and tells
        // whether the store has it.
        const { count } = await tx.goods.updateMany({ where: { id, store_id: storeId }, data: { updated_at: new Date() } })
        if (!count) throw notFound()
        const row = await tx.goods.findFirst({
          where: { id, store_id: storeId },
          select: { goods_name: true, goods_subname: true, goods_content: true, goods_content_mobile: true, goods_verify: true, goods_weight: true, goods_master_image: true, _count: { select: { goods_skus: true } } },
        })
        if (!row) throw notFound()
        existing = { ...row, skus: row._count.goods_skus }
      }
      await checkReferences(app, req, tx, storeId, input)

      const data: Record<string, unknown> = { ...fields }
      if (goods_images !== undefined) {
        data.goods_images = goods_images.join(',')
        if (!fields.goods_master_image && !existing?.goods_master_image && goods_images.length) data.goods_master_image = goods_images[0]
      }
      if (fields.goods_name !== undefined) data.search_text = searchText(fields.goods_name)
      data.goods_verify = nextVerify(review, existing, input)
      if (data.goods_verify !== GOODS_VERIFY.REJECTED) data.refuse_info = ''

      const skus = skuInput
        ? await normalizeSkus(req, tx, storeId, skuInput, {
            goods_image: String(data.goods_master_image ?? existing?.goods_master_image ?? ''),
            goods_weight: String(fields.goods_weight ?? existing?.goods_weight ?? '0.00'),
          })
        : null
      const hasSkus = skus ? skus.length > 0 : Boolean(existing?.skus)
      // With SKUs the goods' price is theirs, whatever was posted.
      if (skus?.length) Object.assign(data, skuPrices(skus))
      else if (hasSkus) for (const k of ['goods_price', 'goods_market_price']) delete data[k]

      const goodsId =
        id !== null
          ? (await tx.goods.update({ where: { id }, data: data as Prisma.goodsUncheckedUpdateInput, select: { id: true } })).id
          : (await tx.goods.create({ data: { ...(data as Prisma.goodsUncheckedCreateInput), store_id: storeId }, select: { id: true } })).id
      const skuIds = skus ? await syncSkus(req, tx, goodsId, skus) : []
      if (skuInput?.length) {
        await adjustStock(tx, goodsId, { skus: skuInput.map((s, i) => ({ sku_id: skuIds[i], stock: s.goods_stock, loaded: s.loaded_stock })) })
      } else if (!hasSkus && goods_stock !== undefined) {
        await adjustStock(tx, goodsId, { goods: { stock: goods_stock, loaded: loaded_stock } })
      }
      unit.afterCommit(() => invalidateGoods(app, [goodsId], [storeId]))
      return { id: goodsId, goods_verify: data.goods_verify as number }
    })
  } catch (err) {
    if (err instanceof StockChanged) throw stockConflict(req, err, skuInput)
    throw mapPrismaError(err)
  }
}

/** A goods as the forms edit it: images as a list, SKUs with their spec ids, the category path. */
export async function goodsForEdit(app: Infra, where: Prisma.goodsWhereInput) {
  const row = await app.db.goods.findFirst({ where, select: { ...EDIT_SELECT, store: { select: { id: true, store_name: true } } } })
  if (!row) throw notFound()
  const { goods_skus, ...goods } = row
  return {
    ...goods,
    goods_images: splitList(goods.goods_images),
    class_path: classPath(await classIndex(app), goods.class_id),
    skus: goods_skus.map((s) => ({ ...s, spec_id: specIds(s.spec_id) })),
  }
}

/** Admin review: approve (1) or reject (0, with the reason shown to the seller) a pending goods, or reverse the
 *  decision on a decided one. */
export async function verifyGoods(app: Infra, ctx: RequestContext, id: number, decision: { goods_verify: 0 | 1; refuse_info?: string }) {
  const approved = decision.goods_verify === GOODS_VERIFY.APPROVED
  const from = [GOODS_VERIFY.PENDING, approved ? GOODS_VERIFY.REJECTED : GOODS_VERIFY.APPROVED]
  return inUnit(app, ctx, async (tx, unit) => {
    const decided = await transition(tx, GOODS_REVIEW_FLOW, id, { from, to: decision.goods_verify }, {
      data: { refuse_info: approved ? '' : (decision.refuse_info ?? '') },
    })
    const row = await tx.goods.findUnique({ where: { id }, select: { store_id: true } })
    if (!row) throw notFound()
    if (!decided) throw businessError('msg.goodsAlreadyDecided')
    unit.afterCommit(() => invalidateGoods(app, [id], [row.store_id]))
    return { id, goods_verify: decision.goods_verify }
  })
}
