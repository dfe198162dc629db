import { describe, expect, it } from 'vitest';
import { purchaseIntentPath, readPurchaseIntent } from './purchaseIntent';

const read = (path: string) => readPurchaseIntent(new URL(path, 'http://x').searchParams);

describe('the purchase carried through the login', () => {
  it('writes the SKU, quantity and action and reads them back', () => {
    expect(purchaseIntentPath(7, { sku_id: 102, buy_num: 2 }, 'cart')).toBe('/goods/7?sku_id=102&buy_num=2&then=cart');
    expect(read(purchaseIntentPath(7, { sku_id: 102, buy_num: 2 }, 'cart'))).toEqual({ skuId: 102, buyNum: 2, then: 'cart' });
    expect(purchaseIntentPath(8, { sku_id: 0, buy_num: 1 }, 'buy')).toBe('/goods/8?buy_num=1&then=buy');
    expect(read('/goods/8?buy_num=1&then=buy')).toEqual({ skuId: null, buyNum: 1, then: 'buy' });
  });

  it('drops what does not fit', () => {
    expect(read('/goods/7?sku_id=-1&buy_num=0&then=pay')).toEqual({ skuId: null, buyNum: null, then: null });
    expect(read('/goods/7?sku_id=1e3&buy_num=2.5&then=')).toEqual({ skuId: null, buyNum: null, then: null });
    expect(read('/goods/7?sku_id=99999999999&buy_num=3')).toEqual({ skuId: null, buyNum: 3, then: null });
    expect(read('/goods/7')).toEqual({ skuId: null, buyNum: null, then: null });
  });
});
