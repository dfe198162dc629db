import { describe, expect, it } from 'vitest';
import {
  clampQuantity, displayPrice, initialSelection, isSpecAvailable, priceRange, purchaseError, resolveSku, selectedSpecIds, stockOf, pickSpec,
} from './sku';
import type { Attr, Sku } from './types';

// Colour (red 11, blue 12) × size (M 21, L 22); blue L is sold out and blue M was never made.
const attrs: Attr[] = [
  { id: 1, name: 'Colour', specs: [{ id: 11, name: 'Red' }, { id: 12, name: 'Blue' }] },
  { id: 2, name: 'Size', specs: [{ id: 21, name: 'M' }, { id: 22, name: 'L' }] },
];
const sku = (id: number, spec_id: number[], goods_price: string, goods_stock: number): Sku => ({ id, spec_id, sku_name: '', goods_price, goods_stock });
const skus: Sku[] = [sku(101, [11, 21], '19.90', 5), sku(102, [22, 11], '29.90', 2), sku(103, [12, 22], '9.90', 0)];
const goods = { goods_price: '9.90', goods_stock: 7, skus };

describe('SKU resolution', () => {
  it('needs one spec of every attribute', () => {
    expect(selectedSpecIds(attrs, { 1: 11 })).toBeNull();
    expect(resolveSku(skus, attrs, { 1: 11 })).toBeNull();
    expect(selectedSpecIds(attrs, { 1: 11, 2: 22 })).toEqual([11, 22]);
  });

  it('finds the SKU whatever the order of its spec ids', () => {
    expect(resolveSku(skus, attrs, { 1: 11, 2: 22 })?.id).toBe(102);
    expect(resolveSku(skus, attrs, { 2: 21, 1: 11 })?.id).toBe(101);
  });

  it('finds nothing for a combination no SKU has, or a spec of another attribute', () => {
    expect(resolveSku(skus, attrs, { 1: 12, 2: 21 })).toBeNull();
    expect(resolveSku(skus, attrs, { 1: 21, 2: 22 })).toBeNull();
  });

  it('picks the only SKU from the start, nothing when there are several', () => {
    expect(initialSelection([skus[1]], attrs)).toEqual({ 1: 11, 2: 22 });
    expect(initialSelection(skus, attrs)).toEqual({});
    expect(initialSelection([], [])).toEqual({});
  });

  it('replaces the spec of the same attribute and keeps a spec picked again', () => {
    expect(pickSpec({ 1: 11 }, 1, 12)).toEqual({ 1: 12 });
    expect(pickSpec({ 1: 11, 2: 21 }, 1, 11)).toEqual({ 1: 11, 2: 21 });
  });

  it('disables specs that cannot lead to a SKU in stock', () => {
    expect(isSpecAvailable(skus, attrs, {}, 1, 12)).toBe(false); // blue: only blue L, sold out
    expect(isSpecAvailable(skus, attrs, {}, 1, 11)).toBe(true);
    expect(isSpecAvailable(skus, attrs, { 1: 11 }, 2, 22)).toBe(true);
    expect(isSpecAvailable(skus, attrs, { 2: 22 }, 1, 12)).toBe(false);
    // the picked spec of the attribute itself is replaced, not combined
    expect(isSpecAvailable(skus, attrs, { 1: 11 }, 1, 12)).toBe(false);
  });
});

describe('price and stock', () => {
  it('shows the range over the SKUs until one is chosen, then its price', () => {
    expect(displayPrice(goods, null)).toEqual({ min: '9.90', max: '29.90' });
    expect(displayPrice(goods, skus[0])).toEqual({ min: '19.90', max: '19.90' });
    expect(displayPrice({ goods_price: '5.00', skus: [] }, null)).toEqual({ min: '5.00', max: '5.00' });
  });

  it('compares money as cents, not as text', () => {
    expect(priceRange(['100.00', '9.99', '20.5'])).toEqual({ min: '9.99', max: '100.00' });
    expect(priceRange([])).toBeNull();
  });

  it('takes the stock of the chosen SKU, else of the goods', () => {
    expect(stockOf(goods, skus[1])).toBe(2);
    expect(stockOf(goods, null)).toBe(7);
  });
});

describe('purchase checks', () => {
  const base = { hasSkus: true, sku: skus[0], quantity: 1 as number | '', stock: 5 };

  it('refuses without a SKU when the goods has SKUs', () => {
    expect(purchaseError({ ...base, sku: null })).toBe('msg.skuRequired');
    expect(purchaseError({ ...base, hasSkus: false, sku: null })).toBeNull();
  });

  it('needs a quantity of at least 1 and at most the stock', () => {
    expect(purchaseError({ ...base, quantity: '' })).toBe('msg.buyNumRequired');
    expect(purchaseError({ ...base, quantity: 0 })).toBe('msg.minBuy');
    expect(purchaseError({ ...base, quantity: -2 })).toBe('msg.minBuy');
    expect(purchaseError({ ...base, quantity: 1.5 })).toBe('msg.minBuy');
    expect(purchaseError({ ...base, quantity: 6 })).toBe('msg.stockShort');
    expect(purchaseError({ ...base, quantity: 5 })).toBeNull();
    expect(purchaseError({ ...base, quantity: 1, stock: 0 })).toBe('msg.stockShort');
  });

  it('keeps the quantity within the new stock', () => {
    expect(clampQuantity(9, 2)).toBe(2);
    expect(clampQuantity(0, 2)).toBe(1);
    expect(clampQuantity(3, 0)).toBe(1);
    expect(clampQuantity('', 4)).toBe('');
  });
});
