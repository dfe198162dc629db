// The shopper's order page once the order ships: its tracking timeline (a demo one labelled so), and confirming the
// receipt after a confirmation.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { envelope } from '../../test/http';
import { renderPage, stubApi, type SeenRequest } from '../../storefront/catalog/testing';
import type { OrderDetail } from '../../storefront/order/types';
import OrderPage from './OrderPage';

const order = (fields: Partial<OrderDetail> = {}): OrderDetail => ({
  id: 7, order_no: 'N7', store_id: 1, store_name: 'Store', order_status: 3, total_price: '128.00', freight_money: '10.00', created_at: '2026-11-24 10:00:00',
  pay_deadline: null, collective: null, lines: [{ goods_id: 3, sku_id: 7, goods_name: 'T-shirt', goods_image: '', sku_name: 'Red,L', goods_price: '59.00', buy_num: 2, total_price: '118.00' }],
  order_price: '118.00', discount_money: '0.00', receive_name: 'Ann', receive_tel: '13900139000', receive_area: 'Beijing', receive_address: 'Road 8', remark: '',
  payment_name: 'balance', pay_time: '2026-11-24 10:05:00', delivery_time: '2026-11-24 12:00:00', receipt_time: null, cancel_time: null, comment_time: null,
  delivery_code: 'sf', delivery_no: 'SF123456',
  ...fields,
});
const tracking = {
  delivery_code: 'sf', delivery_name: 'SF Express', delivery_no: 'SF123456', state: 'in_transit', demo: true,
  events: [
    { time: '2026-11-24 18:00:00', text: 'Left the origin hub' },
    { time: '2026-11-24 12:00:00', text: 'Parcel collected' },
  ],
};

let requests: SeenRequest[];
let detail: OrderDetail;
let trackingAnswer: unknown;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.setItem('token', 'shopper');
  detail = order();
  trackingAnswer = tracking;
  requests = stubApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/user/order/7' && request.method === 'PUT') {
      detail = order({ order_status: 4, receipt_time: '2026-11-25 09:00:00' });
      return { id: 7, order_status: 4 };
    }
    if (path === '/api/user/order/7') return detail;
    if (path === '/api/user/order/7/tracking') return trackingAnswer;
    return null;
  });
});

const puts = () => requests.filter((r) => r.method === 'PUT').map((r) => [r.url.pathname, Object.fromEntries(r.body)]);

describe('a shipped order', () => {
  it('shows the tracking timeline newest first, labelled as demo data', async () => {
    renderPage('/user/order/:id', OrderPage, '/user/order/7');
    const panel = await screen.findByTestId('order-tracking');
    await waitFor(() => expect(within(panel).getAllByTestId('tracking-event')).toHaveLength(2));
    expect(within(panel).getAllByTestId('tracking-event').map((e) => e.textContent)).toEqual(['Left the origin hub2026-11-24 18:00:00', 'Parcel collected2026-11-24 12:00:00']);
    expect(within(panel).getByTestId('tracking-carrier')).toHaveTextContent('SF Express SF123456');
    expect(within(panel).getByTestId('tracking-state')).toHaveTextContent('In transit');
    expect(within(panel).getByTestId('tracking-demo')).toHaveTextContent('Demo data');
  });

  it('says when the provider failed, and loads again on retry', async () => {
    const user = userEvent.setup();
    trackingAnswer = envelope(402, null, 'Tracking is not available right now. Try again later.');
    renderPage('/user/order/:id', OrderPage, '/user/order/7');
    expect(await screen.findByText('Could not load the tracking')).toBeInTheDocument();
    trackingAnswer = { ...tracking, demo: false, events: [] };
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No tracking information yet')).toBeInTheDocument();
    expect(screen.queryByTestId('tracking-demo')).toBeNull();
  });

  it('confirms the receipt after a confirmation; "not yet" sends nothing', async () => {
    const user = userEvent.setup();
    renderPage('/user/order/:id', OrderPage, '/user/order/7');
    await user.click(await screen.findByRole('button', { name: 'Confirm receipt' }));
    expect(await screen.findByText(/Did you receive everything in order N7\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Not yet' }));
    expect(puts()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Confirm receipt' }));
    await user.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Confirm receipt' }));
    expect(await screen.findByText('Receipt confirmed')).toBeInTheDocument();
    expect(puts()).toEqual([['/api/user/order/7', { order_status: '4' }]]);
    await waitFor(() => expect(screen.queryByTestId('confirm-receipt')).toBeNull());
  });
});

describe('an order not shipped yet', () => {
  it('has neither tracking nor the confirm button, and asks for no tracking', async () => {
    detail = order({ order_status: 2, delivery_time: null, delivery_code: '', delivery_no: '' });
    renderPage('/user/order/:id', OrderPage, '/user/order/7');
    expect(await screen.findByTestId('order-no')).toHaveTextContent('N7');
    expect(screen.queryByTestId('order-tracking')).toBeNull();
    expect(screen.queryByTestId('confirm-receipt')).toBeNull();
    expect(requests.some((r) => r.url.pathname.endsWith('/tracking'))).toBe(false);
  });
});
