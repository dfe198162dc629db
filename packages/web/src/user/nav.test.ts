import { describe, expect, it } from 'vitest';
import { USER_NAV, isCurrentItem } from './nav';

const item = (to: string) => USER_NAV.flatMap((group) => group.items).find((i) => i.to === to)!;

describe('user-centre navigation', () => {
  it('keeps Security current on its sub-pages, and the centre home only on itself', () => {
    for (const path of ['/user/safe', '/user/safe/password', '/user/safe/pay_password', '/user/safe/phone'])
      expect(isCurrentItem(item('/user/safe'), path)).toBe(true);
    expect(isCurrentItem(item('/user/safe'), '/user/safety')).toBe(false);
    expect(isCurrentItem(item('/user'), '/user/safe/phone')).toBe(false);
    expect(isCurrentItem(item('/user'), '/user')).toBe(true);
  });

  it('keeps Addresses current on the address form', () => {
    for (const path of ['/user/address', '/user/address/form', '/user/address/form/7']) expect(isCurrentItem(item('/user/address'), path)).toBe(true);
  });

  it('keeps My orders current on the page of an order, but not on the points orders', () => {
    for (const path of ['/user/orders', '/user/order/12']) expect(isCurrentItem(item('/user/orders'), path)).toBe(true);
    expect(isCurrentItem(item('/user/orders'), '/user/integral_order')).toBe(false);
    expect(isCurrentItem(item('/user/orders'), '/user/orderz')).toBe(false);
  });
});
