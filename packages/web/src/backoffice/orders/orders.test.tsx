// The back-office order pages: status tabs and the wait page ask for the right list, the detail shows the order with
// its tracking, shipping needs a carrier and a valid number and sends them, the receiver is editable only before
// shipping; the form rules follow the server's schemas.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { listAnswer, renderInApp, stubApi, type SeenRequest } from '../../resource/testing';
import { OrderDetailView } from './OrderDetailView';
import OrdersPage from './OrdersPage';
import { areaOfPath, isWaitPage, listEndpoint, receiverErrors, shipErrors } from './orderModel';

const ok = (data: unknown) => ({ code: 200, msg: '', data });
const tf = (key: string, options?: Record<string, unknown>) => i18n.t(`fulfil.${key}`, options);

const ROWS = [
  { id: 11, order_no: 'O11', order_name: 'Tea', total_price: '25.00', order_status: 2, receive_name: 'Ann', receive_tel: '139', delivery_no: '', pay_time: '2026-11-24 10:00:00', created_at: '2026-11-24 09:00:00' },
  { id: 12, order_no: 'O12', order_name: 'Cup', total_price: '9.00', order_status: 3, receive_name: 'Bob', receive_tel: '138', delivery_no: 'SF1', pay_time: '2026-11-24 10:00:00', created_at: '2026-11-24 09:30:00' },
];
const detail = (fields: Record<string, unknown> = {}) => ({
  id: 11, order_no: 'O11', order_status: 2, store_name: 'Shop', buyer: 'ann', total_price: '25.00', order_price: '25.00', freight_money: '0.00',
  discount_money: '0.00', refund_money: '0.00', open_refunds: 0, remark: '', payment_name: 'balance', pay_no: 'P1', pay_time: '2026-11-24 10:00:00',
  created_at: '2026-11-24 09:00:00', delivery_code: '', delivery_name: '', delivery_no: '', delivery_time: null, receipt_time: null, comment_time: null,
  cancel_time: null, settle_after: null, receive_name: 'Ann', receive_tel: '13900000000', receive_area: 'Beijing', receive_address: 'Road 8',
  lines: [{ id: 1, goods_name: 'Tea', sku_name: '-', goods_price: '25.00', buy_num: 1, total_price: '25.00', refunded_num: 0, refunded_money: '0.00' }],
  refunds: [],
  ...fields,
});
const EXPRESSES = [{ id: 1, name: 'SF Express', code: 'sf' }, { id: 2, name: 'Yunda', code: 'yd' }];

let requests: SeenRequest[];
let order: Record<string, unknown>;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  order = detail();
  requests = stubApi((request) => {
    const path = request.url.pathname;
    if (request.method === 'PUT' && path.endsWith('/ship')) {
      order = detail({ order_status: 3, delivery_code: 'yd', delivery_name: 'Yunda', delivery_no: 'YD12345', delivery_time: '2026-11-25 08:00:00' });
      return ok({ id: 11, order_status: 3 });
    }
    if (request.method === 'PUT') return ok({ id: 11 });
    if (path === '/api/expresses') return ok(EXPRESSES);
    if (path.endsWith('/orders/11/tracking'))
      return ok({ delivery_code: 'yd', delivery_name: 'Yunda', delivery_no: 'YD12345', state: 'collected', demo: false, events: [{ time: '2026-11-25 08:00:00', text: 'Collected in Hangzhou' }] });
    if (path.endsWith('/orders/11')) return ok(order);
    if (path.endsWith('/orders')) return listAnswer(ROWS);
    return { code: 404, msg: 'not found', data: null };
  });
});

const lists = () => requests.filter((r) => r.method === 'GET' && r.url.pathname.endsWith('/orders'));
const puts = () => requests.filter((r) => r.method === 'PUT').map((r) => [r.url.pathname, Object.fromEntries(new URLSearchParams(r.body))]);

describe('the order model', () => {
  it('reads the area and the wait page from the path, and names each tab\'s endpoint', () => {
    expect([areaOfPath('/Admin/orders'), areaOfPath('/Seller/orders/wait')]).toEqual(['Admin', 'Seller']);
    expect([isWaitPage('/Seller/orders/wait'), isWaitPage('/Seller/orders')]).toEqual([true, false]);
    expect([listEndpoint('Seller', 'all'), listEndpoint('Seller', 'paid'), listEndpoint('Admin', 'cancelled')]).toEqual(['/Seller/orders', '/Seller/orders?order_status=2', '/Admin/orders?order_status=0']);
  });

  it('checks the forms like the server', () => {
    expect(shipErrors({ delivery_code: '', delivery_no: 'ab' })).toEqual({ delivery_code: 'carrierRequired', delivery_no: 'trackingNoInvalid' });
    expect(shipErrors({ delivery_code: 'sf', delivery_no: 'SF-12345' })).toEqual({});
    expect(receiverErrors({ receive_name: ' ', receive_tel: 'x', receive_area: 'a', receive_address: 'b' })).toEqual({ receive_name: 'required', receive_tel: 'telInvalid' });
  });
});

describe('the order list', () => {
  it('asks for every order, then for a tab\'s status; offers shipping only on orders awaiting it', async () => {
    const user = userEvent.setup();
    renderInApp(<OrdersPage />, '/Seller/orders');
    expect(await screen.findByText('O11')).toBeInTheDocument();
    expect(lists()[0].url.searchParams.get('order_status')).toBeNull();
    expect(screen.getByRole('button', { name: tf('shipOf', { no: 'O11' }) })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: tf('shipOf', { no: 'O12' }) })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Shipped' }));
    await waitFor(() => expect(lists().at(-1)!.url.searchParams.get('order_status')).toBe('3'));
  });

  it('the wait page lists the orders awaiting shipment without tabs', async () => {
    renderInApp(<OrdersPage />, '/Seller/orders/wait');
    await screen.findByText('O11');
    expect(lists()[0].url.pathname).toBe('/api/Seller/orders');
    expect(lists()[0].url.searchParams.get('order_status')).toBe('2');
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('the admin page reads the admin list', async () => {
    renderInApp(<OrdersPage />, '/Admin/orders');
    await screen.findByText('O11');
    expect(lists()[0].url.pathname).toBe('/api/Admin/orders');
  });

  it('ships from a row: carrier and number required, then sent, and the list reloads', async () => {
    const user = userEvent.setup();
    renderInApp(<OrdersPage />, '/Seller/orders/wait');
    await user.click(await screen.findByRole('button', { name: tf('shipOf', { no: 'O11' }) }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('ship-submit'));
    expect(within(dialog).getByText(tf('carrierRequired'))).toBeInTheDocument();
    expect(within(dialog).getByText(tf('trackingNoInvalid'))).toBeInTheDocument();
    expect(puts()).toEqual([]);
    await user.click(within(dialog).getByRole('textbox', { name: tf('carrier') }));
    await user.click(await screen.findByRole('option', { name: 'Yunda' }));
    await user.type(within(dialog).getByRole('textbox', { name: tf('trackingNo') }), 'YD12345');
    const before = lists().length;
    await user.click(within(dialog).getByTestId('ship-submit'));
    await waitFor(() => expect(puts()).toEqual([['/api/Seller/orders/11/ship', { delivery_code: 'yd', delivery_no: 'YD12345' }]]));
    expect(await screen.findByText(tf('shipped'))).toBeInTheDocument();
    await waitFor(() => expect(lists().length).toBeGreaterThan(before));
  });
});

describe('the order detail', () => {
  it('shows lines, receiver and payment; edits the receiver before shipping', async () => {
    const user = userEvent.setup();
    renderInApp(<OrderDetailView area="Seller" id={11} onChanged={() => {}} />, '/Seller/orders');
    const view = await screen.findByTestId('order-detail');
    expect(within(view).getByTestId('detail-receiver')).toHaveTextContent('Ann 13900000000 · Beijing Road 8');
    expect(within(view).getByText('P1')).toBeInTheDocument();
    expect(within(view).getByText(tf('tracking.notShipped'))).toBeInTheDocument();
    await user.click(within(view).getByRole('button', { name: tf('editReceiver') }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: tf('receiveName') });
    await user.clear(name);
    await user.type(name, 'Carl');
    await user.click(within(dialog).getByTestId('receiver-submit'));
    await waitFor(() =>
      expect(puts()).toEqual([['/api/Seller/orders/11/receiver', { receive_name: 'Carl', receive_tel: '13900000000', receive_area: 'Beijing', receive_address: 'Road 8' }]]),
    );
  });

  it('once shipped: tracking shown, neither ship nor receiver edit offered', async () => {
    order = detail({ order_status: 3, delivery_code: 'yd', delivery_name: 'Yunda', delivery_no: 'YD12345', delivery_time: '2026-11-25 08:00:00' });
    renderInApp(<OrderDetailView area="Admin" id={11} onChanged={() => {}} />, '/Admin/orders');
    expect(await screen.findByText('Collected in Hangzhou')).toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname === '/api/Admin/orders/11/tracking')).toBe(true);
    expect(screen.getByTestId('order-status')).toHaveTextContent('Shipped');
    expect(screen.queryByRole('button', { name: tf('editReceiver') })).toBeNull();
    expect(screen.queryByTestId('detail-ship')).toBeNull();
  });

  it('says when the order could not be loaded', async () => {
    stubApi(() => ({ code: 500, msg: 'boom', data: null }));
    renderInApp(<OrderDetailView area="Seller" id={11} onChanged={() => {}} />, '/Seller/orders');
    expect(await screen.findByText(tf('loadFailed'))).toBeInTheDocument();
  });
});
