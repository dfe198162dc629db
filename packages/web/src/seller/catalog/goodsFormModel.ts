// The seller's goods form: its values, the body sent to POST /Seller/goods or PUT /Seller/goods/{id} (the shared
// goods schemas), and the checks made before sending (nothing is sent while a field is wrong).
import { translate, type DictOption } from '@qshop/shared';
import { CLASS_LEVELS, FREIGHT, MAX_SKUS, goodsCreateBody, goodsUpdateBody, skuInput } from '@qshop/shared/schemas/catalog';
import { Code } from '@qshop/shared/envelope';
import { ApiError } from '../../api/errors';
import { currentLanguage } from '../../i18n';
import { validateInput, type FieldErrors, type FormMode } from '../../resource/validation';
import { combinationCount, matrixOfSkus, type Attr, type SkuRow, type StoredSku } from './skuMatrix';

export const ON_SHELF = 1;

export interface GoodsFormValues {
  goods_name: string;
  goods_subname: string;
  goods_no: string;
  /** '' = no brand */
  brand_id: number | '';
  /** a level-3 category the store may sell in */
  class_id: number | '';
  goods_master_image: string;
  goods_images: string[];
  goods_price: string;
  goods_market_price: string;
  goods_weight: string;
  goods_stock: string;
  /** The goods' stock as the form loaded it (null: a new goods): its new stock is saved only while the goods still holds this */
  loaded_stock: number | null;
  goods_content: string;
  goods_status: number;
  /** -1 free shipping, 0 the store's default template, N a template */
  freight_id: number;
  is_recommend: number;
  /** The attributes picked for the SKU matrix, each with the specs picked */
  attrs: Attr[];
  skus: SkuRow[];
}

/** A goods as GET /Seller/goods/{id} answers it (the fields the form reads). */
export interface GoodsRecord {
  id: number;
  brand_id?: number | null;
  class_id?: number | null;
  goods_name?: string | null;
  goods_subname?: string | null;
  goods_no?: string | null;
  goods_master_image?: string | null;
  goods_images?: string[] | null;
  goods_price?: string | number | null;
  goods_market_price?: string | number | null;
  goods_weight?: string | number | null;
  goods_stock?: string | number | null;
  goods_content?: string | null;
  goods_status?: number | null;
  goods_verify?: number | null;
  refuse_info?: string | null;
  freight_id?: number | null;
  is_recommend?: number | null;
  skus?: StoredSku[];
}

export function emptyGoodsForm(): GoodsFormValues {
  return {
    goods_name: '',
    goods_subname: '',
    goods_no: '',
    brand_id: '',
    class_id: '',
    goods_master_image: '',
    goods_images: [],
    goods_price: '',
    goods_market_price: '',
    goods_weight: '',
    goods_stock: '',
    loaded_stock: null,
    goods_content: '',
    goods_status: ON_SHELF,
    freight_id: FREIGHT.STORE_DEFAULT,
    is_recommend: 0,
    attrs: [],
    skus: [],
  };
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The form's values of a stored goods; its SKUs keep their ids. */
export function goodsFormValues(goods: GoodsRecord, storeAttrs: readonly Attr[]): GoodsFormValues {
  const { attrs, rows } = matrixOfSkus(storeAttrs, goods.skus ?? []);
  return {
    goods_name: text(goods.goods_name),
    goods_subname: text(goods.goods_subname),
    goods_no: text(goods.goods_no),
    brand_id: goods.brand_id ? goods.brand_id : '',
    class_id: goods.class_id ? goods.class_id : '',
    goods_master_image: text(goods.goods_master_image),
    goods_images: goods.goods_images ?? [],
    goods_price: text(goods.goods_price),
    goods_market_price: text(goods.goods_market_price),
    goods_weight: text(goods.goods_weight),
    goods_stock: text(goods.goods_stock),
    loaded_stock: Number(goods.goods_stock ?? 0),
    goods_content: text(goods.goods_content),
    goods_status: goods.goods_status ?? ON_SHELF,
    freight_id: goods.freight_id ?? FREIGHT.STORE_DEFAULT,
    is_recommend: goods.is_recommend ?? 0,
    attrs,
    skus: rows,
  };
}

type Body = Record<string, unknown>;

/** Fields left empty are not sent (the server keeps or defaults them). */
function putFilled(body: Body, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) if (value.trim() !== '') body[name] = value.trim();
}

function skuBody(row: SkuRow): Body {
  const body: Body = { spec_id: row.spec_id, goods_price: row.goods_price.trim(), goods_stock: row.goods_stock.trim() };
  if (row.id !== undefined) Object.assign(body, { id: row.id, loaded_stock: row.loaded_stock });
  putFilled(body, { goods_image: row.goods_image, goods_market_price: row.goods_market_price, goods_weight: row.goods_weight });
  return body;
}

/**
 * The body of the form (skus as a list; see wireBody). With SKUs the goods' price and stock are theirs (the server
 * sets them), so the goods' own are not sent; `skus: []` removes every SKU. A stock of a stored goods or SKU goes with
 * the stock the form loaded (`loaded_stock`): the server refuses the save when it changed since (a sale).
 */
export function goodsBody(values: GoodsFormValues): Body {
  const body: Body = {
    goods_name: values.goods_name.trim(),
    goods_subname: values.goods_subname.trim(),
    goods_no: values.goods_no.trim(),
    brand_id: values.brand_id === '' ? 0 : values.brand_id,
    goods_master_image: values.goods_master_image,
    goods_images: values.goods_images,
    goods_content: values.goods_content,
    goods_status: values.goods_status,
    freight_id: values.freight_id,
    is_recommend: values.is_recommend,
    skus: values.skus.map(skuBody),
  };
  if (values.class_id !== '') body.class_id = values.class_id;
  putFilled(body, { goods_weight: values.goods_weight });
  if (!values.skus.length) putFilled(body, { goods_price: values.goods_price, goods_market_price: values.goods_market_price, goods_stock: values.goods_stock });
  if (body.goods_stock !== undefined && values.loaded_stock !== null) body.loaded_stock = values.loaded_stock;
  return body;
}

/** What the client posts: the SKU list as one JSON field (an empty list must still reach the server). */
export function wireBody(body: Body): Body {
  return { ...body, skus: JSON.stringify(body.skus ?? []) };
}

/** Whether `id` is a level-3 node of the category tree. */
export function isLevel3(tree: readonly DictOption[], id: unknown, level = 1): boolean {
  return tree.some((node) =>
    String(node.value) === String(id) ? level === CLASS_LEVELS : isLevel3(node.children ?? [], id, level + 1),
  );
}

const message = (key: Parameters<typeof translate>[1], params?: Record<string, string>) => translate(currentLanguage(), key, params);

/**
 * Field errors of the body against the shared schema, SKU fields as `skus.<row>.<field>`; the category must be a
 * level-3 one of the store's tree. Empty when it may be sent.
 */
export function validateGoods(body: Body, mode: FormMode, classTree: readonly DictOption[]): FieldErrors {
  const errors = validateInput(mode === 'create' ? goodsCreateBody : goodsUpdateBody, body);
  if (errors.skus && Array.isArray(body.skus)) {
    const rowErrors: FieldErrors = {};
    body.skus.forEach((sku, i) => {
      for (const [field, text] of Object.entries(validateInput(skuInput, sku as Body))) rowErrors[`skus.${i}.${field}`] = text;
    });
    if (Object.keys(rowErrors).length) {
      delete errors.skus;
      Object.assign(errors, rowErrors);
    }
  }
  // The schema's refinements do not run while a field is missing: the price of a goods without SKUs is checked here.
  const hasSkus = Array.isArray(body.skus) && body.skus.length > 0;
  if (!hasSkus && body.goods_price === undefined) errors.goods_price ??= message('valid.required');
  if (body.class_id === undefined) errors.class_id ??= message('valid.required');
  else if (!isLevel3(classTree, body.class_id)) errors.class_id ??= message('valid.classLevel3');
  return errors;
}

/** What is wrong with the attribute picks: an attribute without a spec picked, or more SKUs than allowed. */
export function attrPicksProblem(attrs: readonly Attr[]): 'pickSpecs' | 'tooManySkus' | null {
  if (attrs.some((attr) => attr.specs.length === 0)) return 'pickSpecs';
  if (combinationCount(attrs) > MAX_SKUS) return 'tooManySkus';
  return null;
}

/** The save was refused because a stock changed since the form was loaded (409 naming the stock fields). */
export function stockChanged(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.envelope?.code === Code.CONFLICT &&
    Object.keys(error.fieldErrors).some((field) => field === 'goods_stock' || /^skus\.\d+\.goods_stock$/.test(field))
  );
}
