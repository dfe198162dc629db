import { describe, expect, it } from 'vitest';
import { loginReturningTo, safeReturnTo } from './returnTo';

describe('the login return path', () => {
  it.each([
    ['/goods/7?sku_id=101&buy_num=2&then=cart', '/goods/7?sku_id=101&buy_num=2&then=cart'],
    ['/carts', '/carts'],
    ['/user/address/form/3#top', '/user/address/form/3#top'],
    ['/s/%E8%8C%B6', '/s/%E8%8C%B6'],
  ])('follows the same-site path %s', (raw, path) => {
    expect(safeReturnTo(raw)).toBe(path);
  });

  it.each([
    [null],
    [''],
    ['https://evil.example/x'],
    ['//evil.example/x'],
    ['/\\evil.example/x'],
    ['\\\\evil.example'],
    ['javascript:alert(1)'],
    ['goods/7'],
    ['/\tevil'],
    ['/\n/evil.example'],
    ['/login'],
    ['/login?redirect=/carts'],
    ['/register'],
    ['/Admin/login'],
  ])('ignores %j', (raw) => {
    expect(safeReturnTo(raw)).toBeNull();
  });

  it('builds the login address that comes back, and reads it back', () => {
    const to = loginReturningTo('/goods/7?sku_id=101&then=buy');
    expect(to).toBe('/login?redirect=%2Fgoods%2F7%3Fsku_id%3D101%26then%3Dbuy');
    expect(safeReturnTo(new URL(to, 'http://x').searchParams.get('redirect'))).toBe('/goods/7?sku_id=101&then=buy');
  });
});
