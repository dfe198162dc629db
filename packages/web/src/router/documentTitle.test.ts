import { describe, expect, it } from 'vitest';
import { documentTitle } from './documentTitle';

describe('document title', () => {
  it('names the page, then the site', () => {
    expect(documentTitle('确认订单', '演示商城')).toBe('确认订单 - 演示商城');
    expect(documentTitle('My orders', undefined)).toBe('My orders - QShop');
    expect(documentTitle('', '')).toBe('QShop');
  });
});
