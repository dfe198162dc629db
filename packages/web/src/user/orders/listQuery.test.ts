import { describe, expect, it } from 'vitest';
import { ordersQuery, readListState, writeListState } from './listQuery';

describe('orders list address', () => {
  it('turns tab, page and filters into the list query and back', () => {
    const search = new URLSearchParams('status=1&page=3&order_no=%20202611%20&from=2026-11-01&to=2026-11-24');
    const state = readListState(search);
    expect(state).toEqual({ tab: 'unpaid', page: 3, orderNo: '202611', from: '2026-11-01', to: '2026-11-24' });
    expect(ordersQuery(state)).toEqual({ page: 3, order_status: 1, order_no: '202611', created_at: '2026-11-01,2026-11-24' });
    expect(writeListState(state).toString()).toBe('status=1&order_no=202611&from=2026-11-01&to=2026-11-24&page=3');
  });

  it('asks for every order on page 1 by default, and for cancelled ones with status 0', () => {
    expect(ordersQuery(readListState(new URLSearchParams()))).toEqual({ page: 1 });
    expect(ordersQuery(readListState(new URLSearchParams('status=0')))).toEqual({ page: 1, order_status: 0 });
    expect(writeListState(readListState(new URLSearchParams('status=9&page=1'))).toString()).toBe('');
  });

  it('drops pages, days and half ranges that are not valid', () => {
    const state = readListState(new URLSearchParams('page=-2&from=2026-02-30&to=2026-11-24'));
    expect(state).toMatchObject({ page: 1, from: null, to: '2026-11-24' });
    expect(ordersQuery(state)).toEqual({ page: 1 });
    expect(readListState(new URLSearchParams('page=2.5')).page).toBe(1);
  });
});
