// The SKU matrix of the goods form: the attributes the seller picks (each with the spec values picked) give one SKU
// per combination, one spec of each attribute. Attributes are ordered by id, as the server stores spec ids and names.
// Re-generating after a change of the picks keeps what was typed in: a combination still there keeps its row (its SKU
// id too, so carts holding it stay valid); a new one takes the values of the row it extends or narrows (an attribute
// added or removed), else the defaults.
import { fromCents, isMoney, toCents } from '@qshop/shared';

export interface Spec {
  id: number;
  name: string;
}

/** A store attribute and its values (GET /Seller/goods_attrs rows: name + spec_list). */
export interface Attr {
  id: number;
  name: string;
  specs: Spec[];
}

export const SKU_VALUE_COLUMNS = ['goods_price', 'goods_market_price', 'goods_stock', 'goods_weight'] as const;
export type SkuValueColumn = (typeof SKU_VALUE_COLUMNS)[number];
export type SkuColumn = SkuValueColumn | 'goods_image';
export type SkuValues = Record<SkuColumn, string>;

/** One row of the matrix as the form edits it (inputs hold text). */
export interface SkuRow extends SkuValues {
  /** The SKU's id when it exists (edit) */
  id?: number;
  /** An existing SKU's stock as the form loaded it: its new stock is saved only while the SKU still holds this */
  loaded_stock?: number;
  /** Spec ids, in attribute order */
  spec_id: number[];
  /** Spec names, in attribute order */
  names: string[];
}

const EMPTY_VALUES: SkuValues = { goods_image: '', goods_price: '', goods_market_price: '', goods_stock: '', goods_weight: '' };

/** A combination's identity: its spec ids, whatever their order. */
export const skuKey = (specIds: readonly number[]): string => [...specIds].sort((a, b) => a - b).join(',');

/** The picked attributes that take part: sorted by id, each with at least one spec. */
export function activeAttrs(attrs: readonly Attr[]): Attr[] {
  return attrs.filter((attr) => attr.specs.length > 0).sort((a, b) => a.id - b.id);
}

/** How many SKUs the picks give (checked against the limit before generating). */
export function combinationCount(attrs: readonly Attr[]): number {
  const active = activeAttrs(attrs);
  return active.length ? active.reduce((n, attr) => n * attr.specs.length, 1) : 0;
}

/** Every combination of one spec of each attribute, attribute order kept; none without attributes. */
export function combinations(attrs: readonly Attr[]): Spec[][] {
  const active = activeAttrs(attrs);
  if (!active.length) return [];
  return active.reduce<Spec[][]>((combos, attr) => combos.flatMap((combo) => attr.specs.map((spec) => [...combo, spec])), [[]]);
}

const contains = (outer: readonly number[], inner: readonly number[]) => inner.every((id) => outer.includes(id));

function valuesOf(row: SkuValues): SkuValues {
  const { goods_image, goods_price, goods_market_price, goods_stock, goods_weight } = row;
  return { goods_image, goods_price, goods_market_price, goods_stock, goods_weight };
}

/**
 * The matrix for the picked attributes. A combination already in `previous` keeps its row (id and values); a new
 * one takes the values of the previous row it extends or narrows, else `defaults`.
 */
export function buildMatrix(attrs: readonly Attr[], previous: readonly SkuRow[], defaults: Partial<SkuValues> = {}): SkuRow[] {
  const byKey = new Map(previous.map((row) => [skuKey(row.spec_id), row]));
  return combinations(attrs).map((combo) => {
    const spec_id = combo.map((spec) => spec.id);
    const names = combo.map((spec) => spec.name);
    const same = byKey.get(skuKey(spec_id));
    if (same) return { ...same, spec_id, names };
    const related = previous.find((row) => contains(spec_id, row.spec_id) || contains(row.spec_id, spec_id));
    return { spec_id, names, ...(related ? valuesOf(related) : { ...EMPTY_VALUES, ...defaults }) };
  });
}

/** Bulk fill: every non-empty value given is written into its column of every row. */
export function fillColumns(rows: readonly SkuRow[], values: Partial<SkuValues>): SkuRow[] {
  const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value.trim() !== ''));
  return rows.map((row) => ({ ...row, ...filled }));
}

/** A SKU as GET /Seller/goods/{id} answers it. */
export interface StoredSku {
  id: number;
  spec_id: number[];
  sku_name?: string;
  goods_image?: string | null;
  goods_price?: string | number | null;
  goods_market_price?: string | number | null;
  goods_stock?: string | number | null;
  goods_weight?: string | number | null;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * The picks and rows of a stored goods: the store's attributes narrowed to the specs its SKUs use, and its SKUs
 * (ids kept) in the matrix order. Combinations the seller left out stay out until the picks change.
 */
export function matrixOfSkus(storeAttrs: readonly Attr[], skus: readonly StoredSku[]): { attrs: Attr[]; rows: SkuRow[] } {
  const used = new Set(skus.flatMap((sku) => sku.spec_id));
  const attrs = activeAttrs(storeAttrs.map((attr) => ({ ...attr, specs: attr.specs.filter((spec) => used.has(spec.id)) })));
  const nameOf = new Map(attrs.flatMap((attr) => attr.specs.map((spec) => [spec.id, spec.name] as const)));
  const attrOf = new Map(attrs.flatMap((attr) => attr.specs.map((spec) => [spec.id, attr.id] as const)));
  const order = new Map(combinations(attrs).map((combo, index) => [skuKey(combo.map((spec) => spec.id)), index]));
  const rows = skus.map((sku): SkuRow => {
    const spec_id = [...sku.spec_id].sort((a, b) => (attrOf.get(a) ?? 0) - (attrOf.get(b) ?? 0));
    const storedNames = (sku.sku_name ?? '').split(',');
    return {
      id: sku.id,
      loaded_stock: Number(sku.goods_stock ?? 0),
      spec_id,
      names: spec_id.map((id, i) => nameOf.get(id) ?? storedNames[i] ?? String(id)),
      goods_image: text(sku.goods_image),
      goods_price: text(sku.goods_price),
      goods_market_price: text(sku.goods_market_price),
      goods_stock: text(sku.goods_stock),
      goods_weight: text(sku.goods_weight),
    };
  });
  const position = (row: SkuRow) => order.get(skuKey(row.spec_id)) ?? Number.MAX_SAFE_INTEGER;
  return { attrs, rows: rows.sort((a, b) => position(a) - position(b)) };
}

/** What the goods shows while SKUs exist: their summed stock and lowest price (null when none can be read). */
export function skuSummary(rows: readonly SkuRow[]): { stock: number; price: string | null } {
  let stock = 0;
  let lowest: number | null = null;
  for (const row of rows) {
    if (/^\d+$/.test(row.goods_stock.trim())) stock += Number(row.goods_stock.trim());
    const value = row.goods_price.trim();
    if (!isMoney(value) || value.startsWith('-')) continue;
    const cents = toCents(value);
    if (lowest === null || cents < lowest) lowest = cents;
  }
  return { stock, price: lowest === null ? null : fromCents(lowest) };
}
