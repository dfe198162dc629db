import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { zx } from '@qshop/shared';
import { goodsCreateBody } from '@qshop/shared/schemas/catalog';
import { validateInput } from './validation';

describe('validateInput', () => {
  test('amounts past their column and SKU stock past INT say the limit, as the server does', () => {
    const schema = z.object({ price: zx.money(), weight: zx.money({ max: 99999999 }), fee: zx.money({ min: 1 }) });
    expect(validateInput(schema, { price: '100000000.00', weight: '1'.padEnd(30, '0'), fee: '0.50' })).toEqual({
      price: 'At most 99999999.99.',
      weight: 'At most 99999999.',
      fee: 'At least 1.',
    });
    const sku = (spec: number, stock: number) => ({ spec_id: [spec], goods_price: '1.00', goods_stock: stock });
    expect(validateInput(goodsCreateBody, { goods_name: 'T', class_id: 1, skus: [sku(1, 2147483647), sku(2, 1)] })).toEqual({
      skus: "The SKUs' stock must add up to at most 2147483647.",
    });
  });

  test('a refinement naming a message key shows that message; any other text stays a format error', () => {
    const schema = z.object({ key: z.string().refine(() => false, { message: 'valid.v3Key' }), other: z.string().refine(() => false, { message: 'nope' }) });
    expect(validateInput(schema, { key: 'x', other: 'y' })).toEqual({ key: 'The API v3 key must be 32 characters.', other: 'Wrong format.' });
  });
});
