import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { renderPage, stubApi, type SeenRequest } from '../../storefront/catalog/testing';
import { answer } from '../../test/http';
import IntegralOrderPage from '../../storefront/integral/IntegralOrderPage';
import IntegralLogPage from './IntegralLogPage';
import IntegralOrdersPage from './IntegralOrdersPage';

let requests: SeenRequest[];
let state: { signed_today: boolean; streak: number; integral: number; today_points: number; next_points: number };
let logs: unknown[];

const page = (data: unknown[]) => ({ data, count: data.length, total: data.length, per_page: 30, last_page: 1, current_page: 1 });
const GOODS = { id: 5, cid: 1, goods_name: 'Thermos cup', goods_subname: '', goods_price: 300, goods_market_price: '59.00', goods_master_image: '', goods_stock: 8, goods_sale: 2, goods_images: [], goods_content: '' };
const ADDRESS = { id: 9, receive_name: 'Li', receive_tel: '13800138000', area_info: 'Beijing', address: 'Street 1', is_default: 1, province_id: 1, city_id: 2, region_id: 3, area: [1, 2, 3] };

beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.setItem('token', 'shopper');
  state = { signed_today: false, streak: 2, integral: 500, today_points: 20, next_points: 20 };
  logs = [{ id: 1, money: '500', after_money: '500', ename: 'system', is_type: 2, order_id: null, name: 'System adjustment', info: '', created_at: '2026-11-27 10:00:00' }];
  requests = stubApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/user/sign_in' && request.method === 'GET') return state;
    if (path === '/api/user/sign_in' && request.method === 'POST') {
      if (state.signed_today) return answer({ code: 402, msg: 'You have already signed in today. Come back tomorrow.', data: null });
      state = { ...state, signed_today: true, streak: 3, integral: 520, today_points: 0, next_points: 25 };
      logs = [{ id: 2, money: '20', after_money: '520', ename: 'sign_in', is_type: 2, order_id: null, name: 'Daily sign-in', info: '2026-11-28', created_at: '2026-11-28 09:00:00' }, ...logs];
      return { points: 20, streak: 3, integral: 520 };
    }
    if (path === '/api/user/money_logs') return page(logs);
    if (path === '/api/user/integral_orders') return page([]);
    if (path === '/api/integral/goods/5') return GOODS;
    if (path === '/api/user/addresses') return [ADDRESS];
    if (path === '/api/integral/pay') return { order_id: 1, order_no: 'J1', total_price: 600 };
    return null;
  });
});

describe('the points pages', () => {
  it('signs in once and shows the new ledger row', async () => {
    const user = userEvent.setup();
    renderPage('/user/integral', IntegralLogPage, '/user/integral');
    expect(await screen.findByText('Sign in today for 20 points')).toBeInTheDocument();
    expect(await screen.findByText('System adjustment')).toBeInTheDocument();
    await user.click(screen.getByTestId('sign-in-button'));
    expect(await screen.findByText('Daily sign-in')).toBeInTheDocument();
    expect(await screen.findByText('3 days in a row; tomorrow earns 25 points')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('sign-in-button')).toHaveTextContent('Signed in today'));
    expect(screen.getByTestId('sign-in-button')).toBeDisabled();
    expect(requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/user/sign_in')).toHaveLength(1);
  });

  it('says when there are no points orders', async () => {
    renderPage('/user/integral_order', IntegralOrdersPage, '/user/integral_order');
    expect(await screen.findByText('No points orders yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the points mall' })).toHaveAttribute('href', '/integral');
  });

  it('waits while the points do not pay the total', async () => {
    renderPage('/integral/order/:id/:buy_num', IntegralOrderPage, '/integral/order/5/2');
    expect(await screen.findByText('600 points in total')).toBeInTheDocument();
    // 500 points do not pay 600: the button waits
    expect(screen.getByTestId('integral-submit')).toBeDisabled();
    expect(screen.getByText('Not enough points: 100 more needed')).toBeInTheDocument();
  });

  it('sends the redemption with the default address and an Idempotency-Key when the points suffice', async () => {
    state = { ...state, integral: 1000 };
    const user = userEvent.setup();
    renderPage('/integral/order/:id/:buy_num', IntegralOrderPage, '/integral/order/5/2');
    await waitFor(() => expect(screen.getByTestId('integral-submit')).toBeEnabled());
    await user.click(screen.getByTestId('integral-submit'));
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/integral/pay')).toBe(true));
    const pay = requests.find((r) => r.url.pathname === '/api/integral/pay')!;
    expect(Object.fromEntries(pay.body)).toEqual({ id: '5', buy_num: '2', address_id: '9' });
    expect(pay.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses a link with a bad quantity', async () => {
    renderPage('/integral/order/:id/:buy_num', IntegralOrderPage, '/integral/order/5/0');
    expect(await screen.findByText('This redemption link is not valid')).toBeInTheDocument();
  });
});
