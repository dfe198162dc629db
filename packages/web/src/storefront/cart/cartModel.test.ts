import { describe, expect, it } from 'vitest';
import type { CartLine, CartStore } from '@qshop/shared/schemas/cart';
import { checkedOf, keepSelection, selectEverything, selectionTotal, toggleLines, withoutLines, withQuantity } from './cartModel';

const line = (id: number, fields: Partial<CartLine> = {}): CartLine => ({
  id, goods_id: id, sku_id: 0, goods_name: `g${id}`, goods_image: '', sku_name: '-', goods_price: '0.10', buy_num: 3, stock: 9, line_total: '0.30', state: 'ok', ...fields,
});
const stores = (...groups: CartLine[][]): CartStore[] => groups.map((lines, i) => ({ store_id: i + 1, store_name: `s${i}`, store_logo: '', lines }));

describe('cart selection', () => {
  it('selects only lines that can be bought, and sums them in cents', () => {
    const cart = stores([line(1), line(2, { state: 'off_shelf' })], [line(3, { goods_price: '0.20', line_total: '0.60' })]);
    const all = selectEverything(cart);
    expect([...all]).toEqual([1, 3]);
    expect(selectionTotal(cart, all)).toBe('0.90');
    expect(checkedOf(cart[0].lines, all)).toBe(true);
    expect(checkedOf(cart[0].lines, toggleLines(all, [line(1)], false))).toBe(false);
    expect(checkedOf([line(1), line(4)], all)).toBe('some');
    expect(checkedOf([line(2, { state: 'sku_gone' })], new Set([2]))).toBe(false);
  });

  it('over a reload keeps what was chosen, selects lines new to the page and drops lines that became flagged', () => {
    const before = stores([line(1), line(2), line(3)]);
    const now = stores([line(1), line(2, { state: 'short_stock' }), line(3), line(4)]);
    expect([...keepSelection(new Set([1, 2]), before, now)].sort()).toEqual([1, 4]);
    expect([...keepSelection(new Set(), undefined, now)].sort()).toEqual([1, 3, 4]);
  });

  it('recomputes a line total after a quantity change and drops emptied stores', () => {
    const cart = stores([line(1)], [line(2)]);
    expect(withQuantity(cart, 1, 7)[0].lines[0]).toMatchObject({ buy_num: 7, line_total: '0.70' });
    expect(withoutLines(cart, [2]).map((s) => s.store_id)).toEqual([1]);
  });
});
