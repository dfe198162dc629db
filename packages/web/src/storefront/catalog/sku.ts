// Choosing what to buy on the goods page: the specs picked (one per attribute) resolve to a SKU, whose price and
// stock then apply; the purchase checks (a SKU must be selected, quantity filled in, at least 1,
// not more than the stock). Money stays the server's strings; comparisons go through integer cents.
import { fromCents, toCents } from '@qshop/shared/money';
import { MIN_BUY_QUANTITY } from '../../config';
import type { Attr, Sku } from './types';

/** Attribute id → the spec id picked for it. */
export type Selection = Readonly<Record<number, number>>;

/** What the quantity input holds: a number, or '' while it is empty. */
export type Quantity = number | '';

export type PurchaseError = 'msg.skuRequired' | 'msg.buyNumRequired' | 'msg.minBuy' | 'msg.stockShort';

const specKey = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',');

/** The spec ids picked, when every attribute has one; null otherwise. */
export function selectedSpecIds(attrs: readonly Attr[], selection: Selection): number[] | null {
  const ids: number[] = [];
  for (const attr of attrs) {
    const spec = selection[attr.id];
    if (spec === undefined || !attr.specs.some((s) => s.id === spec)) return null;
    ids.push(spec);
  }
  return ids;
}

/** The SKU of the picked specs (order does not matter); null until every attribute has a spec or when none matches. */
export function resolveSku(skus: readonly Sku[], attrs: readonly Attr[], selection: Selection): Sku | null {
  if (!skus.length) return null;
  const ids = selectedSpecIds(attrs, selection);
  if (!ids) return null;
  const key = specKey(ids);
  return skus.find((sku) => specKey(sku.spec_id) === key) ?? null;
}

/** Lowest and highest of some prices ("12.30" strings). */
export function priceRange(prices: readonly string[]): { min: string; max: string } | null {
  if (!prices.length) return null;
  const cents = prices.map((p) => toCents(p));
  return { min: fromCents(Math.min(...cents)), max: fromCents(Math.max(...cents)) };
}

/** The price to show: the chosen SKU's, else the range over the SKUs (one value when they agree), else the goods' own. */
export function displayPrice(goods: { goods_price: string; skus: readonly Sku[] }, sku: Sku | null): { min: string; max: string } {
  if (sku) return { min: sku.goods_price, max: sku.goods_price };
  return priceRange(goods.skus.map((s) => s.goods_price)) ?? { min: goods.goods_price, max: goods.goods_price };
}

/** The stock that limits the quantity: the chosen SKU's, else the goods' (for SKU goods the sum of theirs). */
export function stockOf(goods: { goods_stock: number; skus: readonly Sku[] }, sku: Sku | null): number {
  return sku ? sku.goods_stock : goods.goods_stock;
}

/** Picking a spec of an attribute replaces its pick; picking the chosen one again keeps it (a shopper clicking twice
 *  means "this one", and a SKU goods without a complete choice cannot be bought). */
export function pickSpec(selection: Selection, attrId: number, specId: number): Selection {
  return selection[attrId] === specId ? selection : { ...selection, [attrId]: specId };
}

/**
 * Whether picking `specId` for `attrId` (keeping the other picks) can still lead to a SKU in stock:
 * specs that cannot are shown disabled.
 */
export function isSpecAvailable(skus: readonly Sku[], attrs: readonly Attr[], selection: Selection, attrId: number, specId: number): boolean {
  const wanted = attrs
    .map((attr) => (attr.id === attrId ? specId : selection[attr.id]))
    .filter((id): id is number => id !== undefined);
  return skus.some((sku) => sku.goods_stock > 0 && wanted.every((id) => sku.spec_id.includes(id)));
}

/** The picks that resolve to `sku`. */
export function selectionOf(sku: Sku, attrs: readonly Attr[]): Selection {
  const selection: Record<number, number> = {};
  for (const attr of attrs) {
    const spec = attr.specs.find((s) => sku.spec_id.includes(s.id));
    if (spec) selection[attr.id] = spec.id;
  }
  return selection;
}

/** With a single SKU its specs are picked from the start. */
export function initialSelection(skus: readonly Sku[], attrs: readonly Attr[]): Selection {
  return skus.length === 1 ? selectionOf(skus[0], attrs) : {};
}

/** Why the purchase cannot go ahead, or null when it can. */
export function purchaseError(input: { hasSkus: boolean; sku: Sku | null; quantity: Quantity; stock: number }): PurchaseError | null {
  const { hasSkus, sku, quantity, stock } = input;
  if (hasSkus && !sku) return 'msg.skuRequired';
  if (quantity === '' || !Number.isFinite(quantity)) return 'msg.buyNumRequired';
  if (!Number.isInteger(quantity) || quantity < MIN_BUY_QUANTITY) return 'msg.minBuy';
  if (quantity > stock) return 'msg.stockShort';
  return null;
}

/** The quantity kept within 1..stock after the SKU changes (an empty input stays empty). */
export function clampQuantity(quantity: Quantity, stock: number): Quantity {
  if (quantity === '') return quantity;
  return Math.max(MIN_BUY_QUANTITY, Math.min(quantity, Math.max(stock, MIN_BUY_QUANTITY)));
}
