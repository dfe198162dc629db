import { describe, expect, it } from 'vitest';
import { balanceCovers, payableOrders, payableTotal, paymentChoices } from './payModel';
import type { PayInfo } from './types';

const info = (fields: Partial<PayInfo> = {}): PayInfo => ({
  orders: [
    { id: 1, order_no: 'A1', store_name: 'One', total_price: '128.00', order_status: 1, pay_deadline: null },
    { id: 2, order_no: 'A2', store_name: 'Two', total_price: '37.50', order_status: 1, pay_deadline: null },
  ],
  total_price: '165.50',
  balance: '1000.00',
  has_pay_password: true,
  payments: [
    { name: 'balance', enabled: true },
    { name: 'wechat', enabled: false },
    { name: 'alipay', enabled: false },
  ],
  ...fields,
});

describe('payment page', () => {
  it('pays the server total when every order awaits payment', () => {
    expect(payableTotal(info())).toBe('165.50');
    expect(payableOrders(info()).map((o) => o.id)).toEqual([1, 2]);
  });

  it('pays only the orders still unpaid when others were paid or cancelled meanwhile', () => {
    const some = info({ orders: [{ ...info().orders[0], order_status: 0 }, info().orders[1]] });
    expect(payableOrders(some).map((o) => o.id)).toEqual([2]);
    expect(payableTotal(some)).toBe('37.50');
  });

  it('knows whether the balance covers it, to the cent', () => {
    expect(balanceCovers(info({ balance: '165.50' }))).toBe(true);
    expect(balanceCovers(info({ balance: '165.49' }))).toBe(false);
  });

  it('lists balance, WeChat Pay and Alipay, usable as the server says', () => {
    expect(paymentChoices(info())).toEqual([
      { name: 'balance', enabled: true },
      { name: 'wechat', enabled: false },
      { name: 'alipay', enabled: false },
    ]);
    expect(paymentChoices(info({ payments: [] })).every((p) => !p.enabled)).toBe(true);
  });
});
