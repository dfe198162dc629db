import { describe, expect, it } from 'vitest';
import { decodeUrlParams, encodeUrlParams } from './base64Params';

describe('base64url params', () => {
  it('round-trips UTF-8 JSON with only path-safe characters and no padding', () => {
    const params = { order: [{ goods_id: 7, sku_id: 102, buy_num: 2, cart_id: 9 }], ifcart: 1, note: '红色 ?/+' };
    const encoded = encodeUrlParams(params);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeUrlParams(encoded)).toEqual(params);
    // ">>>" encodes to "Pj4+" in base64: the url alphabet writes "-".
    expect(encodeUrlParams({ a: '>>>' })).not.toMatch(/[+/=]/);
  });

  it.each(['', 'not json', 'e30=', '%7B%7D', '////'])('refuses %j', (raw) => {
    expect(decodeUrlParams(raw)).toBeNull();
  });
});
