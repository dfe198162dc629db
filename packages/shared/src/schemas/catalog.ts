// Catalog and stores: status numbers, limits and the request bodies / queries of the goods form, the store
// application and settings, reviews, favourites and the storefront's search and store list.
import { z } from 'zod'
import * as zx from '../zx.ts'
import { GOODS_VERIFY, STORE_VERIFY } from '../states.ts'
import { areaPath } from './common.ts'
import { FREIGHT, MAX_GOODS_IMAGES, MAX_SKUS, MAX_SKU_SPECS, STORE_SLIDES, MAX_STORE_CLASSES, GOODS_SORTS, STORE_SORTS, STOREFRONT_MAX_PER_PAGE, STOREFRONT_MAX_PAGE } from '../catalogRules.ts'

export { GOODS_VERIFY, STORE_VERIFY }

export * from '../catalogRules.ts'

const url = () => zx.text(255)
/** Image URLs from an array or a comma-separated string. */
const urlList = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? [] : v.split(',').map((s) => s.trim())) : v),
    z.array(zx.text(255, 1).refine((s) => !s.includes(','), { message: 'format' })).max(max),
  )
const nonNegative = (max = zx.INT_MAX) => zx.int().pipe(z.number().min(0).max(max))
/** Weight in kg with two decimals, as a string. */
const weight = () => zx.money({ max: 99999999 })
/** A coordinate in degrees with up to 6 decimals, answered as a string. */
const coordinate = (limit: number) =>
  z
    .preprocess((v) => (typeof v === 'number' ? String(v) : v === '' ? undefined : v), z.string().trim())
    .refine((s) => /^-?\d{1,3}(\.\d{1,6})?$/.test(s) && Math.abs(Number(s)) <= limit, { message: 'format' })
/** Categories the store may sell in: level-3 category ids, or cascader paths [level 1, level 2, level 3]. */
const classPaths = () =>
  zx.json(z.array(z.union([zx.id(), z.array(zx.id()).length(3)])).min(1).max(MAX_STORE_CLASSES))

// ---- seller goods form (POST /api/Seller/goods, PUT /api/Seller/goods/{id}) ----
//
// A form never writes an absolute stock it loaded earlier: with the new stock of an existing SKU (or of a stored goods
// without SKUs) it sends `loaded_stock`, the stock it showed when it was opened. The save sets the new stock only while
// the row still holds that value, and otherwise refuses as a whole (409 msg.stockChanged): a sale made since is never
// overwritten (packages/server/src/modules/inventory/adjust.ts).

/** The issue both sides translate as valid.required (server core/envelope.ts, web resource/validation.ts). */
const required = (ctx: z.RefinementCtx, path: string) =>
  ctx.addIssue({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, input: '', path: [path] })

export const skuInput = z
  .strictObject({
    /** an existing SKU of this goods (kept, so carts that hold it stay valid); absent = new */
    id: zx.id().optional(),
    /** goods_specs ids: one spec of each attribute the goods combines */
    spec_id: zx.ids().pipe(z.array(z.number()).min(1).max(MAX_SKU_SPECS)),
    goods_image: url().optional(),
    goods_price: zx.money(),
    goods_market_price: zx.money().optional(),
    goods_stock: nonNegative(),
    /** an existing SKU's stock as the form loaded it (required with id, refused without) */
    loaded_stock: nonNegative().optional(),
    goods_weight: weight().optional(),
  })
  .superRefine((sku, ctx) => {
    if (sku.id !== undefined && sku.loaded_stock === undefined) required(ctx, 'loaded_stock')
    if (sku.id === undefined && sku.loaded_stock !== undefined) ctx.addIssue({ code: 'unrecognized_keys', keys: ['loaded_stock'], input: sku })
  })
export type SkuInput = z.infer<typeof skuInput>

const goodsFields = {
  goods_name: zx.text(200, 1),
  goods_subname: zx.text(255),
  goods_no: zx.text(64),
  /** 0 = no brand */
  brand_id: nonNegative(),
  /** a level-3 category the store may sell in */
  class_id: zx.id(),
  goods_master_image: url(),
  goods_images: urlList(MAX_GOODS_IMAGES),
  /** ignored when SKUs exist (the lowest SKU price is the list price) */
  goods_price: zx.money(),
  goods_market_price: zx.money(),
  goods_weight: weight(),
  /** ignored when SKUs exist (the sum of SKU stock) */
  goods_stock: nonNegative(),
  goods_content: zx.richText(),
  goods_content_mobile: zx.richText(),
  /** 1 on shelf · 0 off */
  goods_status: zx.flag(),
  /** -1 free shipping · 0 the store's default template · N a template of the store */
  freight_id: zx.int().pipe(z.number().min(FREIGHT.FREE)),
  /** featured on the store's home page */
  is_recommend: zx.flag(),
  /** the SKU matrix; [] removes every SKU; absent (on update) leaves them as they are */
  skus: zx.json(
    z
      .array(skuInput)
      .max(MAX_SKUS)
      // The goods' stock is the sum of its SKUs' stock, kept in an INT column too (a SKU's own stock past it is
      // reported on that SKU).
      .refine((skus) => skus.some((s) => !(s.goods_stock <= zx.INT_MAX)) || skus.reduce((n, s) => n + s.goods_stock, 0) <= zx.INT_MAX, {
        message: 'stockTotal',
        params: { max: zx.INT_MAX },
      }),
  ),
}

const goodsObject = z.strictObject(goodsFields)
/** Update: any subset of the form's fields; a new goods_stock comes with the loaded_stock it replaces. */
export const goodsUpdateBody = goodsObject
  .extend({ loaded_stock: nonNegative() })
  .partial()
  .superRefine((v, ctx) => {
    if (v.goods_stock !== undefined && v.loaded_stock === undefined) required(ctx, 'loaded_stock')
    if (v.loaded_stock !== undefined && v.goods_stock === undefined) required(ctx, 'goods_stock')
  })
export const goodsCreateBody = goodsObject
  .partial()
  .required({ goods_name: true, class_id: true })
  .superRefine((v, ctx) => {
    // Without SKUs the goods' own price is the price.
    if (!v.skus?.length && v.goods_price === undefined) required(ctx, 'goods_price')
  })
export type GoodsCreate = z.infer<typeof goodsCreateBody>
export type GoodsUpdate = z.infer<typeof goodsUpdateBody>

/** Admin review: approve (1) or reject (0, with the reason shown to the seller). */
export const goodsVerifyBody = z
  .strictObject({ goods_verify: zx.int().pipe(z.union([z.literal(0), z.literal(1)])), refuse_info: zx.text(255).optional() })
  .superRefine((v, ctx) => {
    if (v.goods_verify === GOODS_VERIFY.REJECTED && !v.refuse_info)
      ctx.addIssue({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, input: '', path: ['refuse_info'] })
  })

// ---- stores ----

/** Store data sent by the join wizard (PUT /api/store). Saving moves a store in state 1 or 3 to 2. */
export const storeApplicationBody = z.strictObject({
  store_name: zx.text(64, 1),
  store_logo: url().optional(),
  store_mobile: zx.phone(),
  store_description: zx.text(255).optional(),
  store_company_name: zx.text(120).optional(),
  area: areaPath(),
  store_lat: coordinate(90).optional(),
  store_lng: coordinate(180).optional(),
  store_address: zx.text(255, 1),
  business_license: zx.text(255, 1),
  business_license_no: zx.text(64, 1),
  legal_person: zx.text(64, 1),
  store_phone: zx.phone(),
  id_card_no: zx.text(32, 1).regex(/^\d{17}[\dXx]$/, { message: 'format' }),
  id_card_t: zx.text(255, 1),
  id_card_b: zx.text(255, 1),
  emergency_contact: zx.text(64).optional(),
  emergency_contact_phone: zx.phone().or(z.literal('')).optional(),
  class_id: classPaths(),
})
export type StoreApplication = z.infer<typeof storeApplicationBody>

/** The seller's store settings page (PUT /api/Seller/stores): any subset. */
export const storeSettingsBody = z.strictObject({
  store_logo: url().optional(),
  store_name: zx.text(64, 1).optional(),
  store_description: zx.text(255).optional(),
  store_mobile: zx.phone().optional(),
  after_sale_service: zx.richText().optional(),
  store_face_image: url().optional(),
  area: areaPath().optional(),
  store_lat: coordinate(90).optional(),
  store_lng: coordinate(180).optional(),
  store_address: zx.text(255).optional(),
  store_slide: urlList(STORE_SLIDES).optional(),
  store_mobile_slide: urlList(STORE_SLIDES).optional(),
})
export type StoreSettings = z.infer<typeof storeSettingsBody>

/** Admin review of a store that is verifying: pass (4) or deny (3, with the reason shown to the applicant). */
export const storeVerifyBody = z
  .strictObject({ store_verify: zx.int().pipe(z.union([z.literal(3), z.literal(4)])), store_refuse_info: zx.text(255).optional() })
  .superRefine((v, ctx) => {
    if (v.store_verify === STORE_VERIFY.DENIED && !v.store_refuse_info)
      ctx.addIssue({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, input: '', path: ['store_refuse_info'] })
  })
export const storeStatusBody = z.strictObject({ store_status: zx.flag() })

// ---- storefront ----

const page = () => zx.urlInt(1, STOREFRONT_MAX_PAGE).default(1)
const perPage = (fallback: number) => zx.urlInt(1, STOREFRONT_MAX_PER_PAGE).default(fallback)
const keywords = () => zx.text(50).optional()

/** GET /api/goods: plain query parameters (the web route /s/{params?} maps onto them). */
export const goodsSearchQuery = z.strictObject({
  page: page(),
  per_page: perPage(20),
  keywords: keywords(),
  /** a category of any level: its level-3 descendants are searched */
  class_id: zx.urlId().optional(),
  brand_id: zx.urlId().optional(),
  store_id: zx.urlId().optional(),
  price_min: zx.money().optional(),
  price_max: zx.money().optional(),
  /** 1: the store's picks (with store_id, the store page's recommended goods) */
  is_recommend: zx.flag().optional(),
  sort: z.enum(GOODS_SORTS).default('sales'),
})
export type GoodsSearchQuery = z.infer<typeof goodsSearchQuery>

/** GET /api/stores */
export const storeListQuery = z
  .strictObject({
    page: page(),
    per_page: perPage(20),
    keywords: keywords(),
    sort: z.enum(STORE_SORTS).default('sales'),
    /** the shopper's point; with both, every store carries its distance in km */
    lat: coordinate(90).optional(),
    lng: coordinate(180).optional(),
  })
  .superRefine((v, ctx) => {
    for (const key of ['lat', 'lng'] as const)
      if ((v.sort === 'distance' || v.lat !== undefined || v.lng !== undefined) && v[key] === undefined)
        ctx.addIssue({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, input: '', path: [key] })
  })
export type StoreListQuery = z.infer<typeof storeListQuery>

/** GET /api/goods_comments/{id} */
export const commentListQuery = z.strictObject({
  page: page(),
  per_page: perPage(10),
  is_type: zx.urlInt(0, 3).default(0),
})

/** POST /api/user/favorites (toggle); GET /api/is_fav takes the same as a query */
export const favoriteBody = z.strictObject({
  out_id: zx.id(),
  is_type: zx.int().pipe(z.union([z.literal(0), z.literal(1)])).default(0),
})
/** favorites.is_type in a query string */
const favoriteKind = () => zx.urlInt(0, 1).pipe(z.union([z.literal(0), z.literal(1)])).default(0)
export const favoriteQuery = z.strictObject({ out_id: zx.urlId(), is_type: favoriteKind() })
export const favoriteListQuery = z.strictObject({
  page: page(),
  per_page: perPage(20),
  is_type: favoriteKind(),
})
