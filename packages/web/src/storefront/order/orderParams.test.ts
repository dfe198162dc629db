import { describe, expect, it } from 'vitest';
import { encodeUrlParams } from '../../utils/base64Params';
import { orderBeforePath } from '../checkoutPath';
import { decodeBeforeParams, decodePayParams, orderPayPath } from './orderParams';

const segment = (path: string) => path.split('/').pop()!;

describe('checkout page params', () => {
  it('read back what the cart and the goods page write', () => {
    const lines = [
      { goods_id: 3, sku_id: 7, buy_num: 2, cart_id: 11 },
      { goods_id: 9, sku_id: 0, buy_num: 1, cart_id: 12 },
    ];
    expect(decodeBeforeParams(segment(orderBeforePath(lines, 1)))).toEqual({ order: lines, ifcart: 1 });
    expect(decodeBeforeParams(segment(orderBeforePath([{ goods_id: 3, sku_id: 0, buy_num: 4 }], 0)))).toEqual({
      order: [{ goods_id: 3, sku_id: 0, buy_num: 4 }],
      ifcart: 0,
    });
    // A group line: opening (−1) or joining group N.
    for (const collective_id of [-1, 42]) {
      const line = { goods_id: 3, sku_id: 0, buy_num: 1, collective_id };
      expect(decodeBeforeParams(segment(orderBeforePath([line], 0)))).toEqual({ order: [line], ifcart: 0 });
    }
  });

  it('refuse links that are not such a value', () => {
    const bad = [
      undefined,
      '',
      'not base64!',
      encodeUrlParams({ order: [], ifcart: 0 }),
      encodeUrlParams({ order: [{ goods_id: 3, sku_id: 0, buy_num: 0 }], ifcart: 0 }),
      encodeUrlParams({ order: [{ goods_id: -3, sku_id: 0, buy_num: 1 }], ifcart: 0 }),
      encodeUrlParams({ order: [{ goods_id: 3, sku_id: 0, buy_num: 1.5 }], ifcart: 0 }),
      encodeUrlParams({ order: [{ goods_id: '3', sku_id: 0, buy_num: 1 }], ifcart: 0 }),
      encodeUrlParams({ order: [{ goods_id: 3, sku_id: 0, buy_num: 1 }], ifcart: 2 }),
      encodeUrlParams({ order: [{ goods_id: 3, sku_id: 0, buy_num: 1e12 }], ifcart: 0 }),
      encodeUrlParams({ order: [{ goods_id: 3, sku_id: 0, buy_num: 1, collective_id: 0 }], ifcart: 0 }),
      encodeUrlParams({ order: [{ goods_id: 3, sku_id: 0, buy_num: 1, collective_id: -2 }], ifcart: 0 }),
      // cut short
      segment(orderBeforePath([{ goods_id: 3, sku_id: 0, buy_num: 4 }], 0)).slice(0, -6),
    ];
    for (const raw of bad) expect(decodeBeforeParams(raw)).toBeNull();
  });
});

describe('payment page params', () => {
  it('name the orders, each once', () => {
    expect(decodePayParams(segment(orderPayPath([5, 6])))).toEqual([5, 6]);
    expect(decodePayParams(encodeUrlParams({ order_id: [5, 5, 6] }))).toEqual([5, 6]);
  });

  it('refuse anything else', () => {
    for (const raw of [undefined, '', encodeUrlParams({ order_id: [] }), encodeUrlParams({ order_id: ['5'] }), encodeUrlParams({ order_id: [0] }), encodeUrlParams({ id: [5] })])
      expect(decodePayParams(raw)).toBeNull();
  });
});
