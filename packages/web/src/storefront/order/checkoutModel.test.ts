import { describe, expect, it } from 'vitest';
import { createBody, previewBody } from './checkoutModel';

const params = { order: [{ goods_id: 3, sku_id: 7, buy_num: 2, cart_id: 11 }], ifcart: 1 as const };

describe('checkout bodies', () => {
  it('preview for the chosen address, or the default one when none was chosen', () => {
    expect(previewBody(params, null)).toEqual({ order: params.order, ifcart: 1 });
    expect(previewBody(params, 4)).toEqual({ order: params.order, ifcart: 1, address_id: 4 });
  });

  it('send the remarks written, trimmed, and none for blank ones', () => {
    expect(createBody(params, 4, { 2: '  ring first ', 5: '   ' })).toEqual({ order: params.order, ifcart: 1, address_id: 4, remarks: [{ store_id: 2, remark: 'ring first' }] });
    expect(createBody(params, 4, { 5: '' })).toEqual({ order: params.order, ifcart: 1, address_id: 4 });
  });
});
