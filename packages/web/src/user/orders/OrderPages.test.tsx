import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { envelope } from '../../test/http';
import { renderPage, stubApi, type SeenRequest } from '../../storefront/catalog/testing';
import { orderPayPath } from '../../storefront/order/orderParams';
import type { OrderDetail, OrderRow } from '../../storefront/order/types';
import OrderPage from './OrderPage';
import OrdersPage from './OrdersPage';

const row = (id: number, status: number, fields: Partial<OrderRow> = {}): OrderRow => ({
  id, order_no: `N${id}`, store_id: 1, store_name: `Store ${id}`, order_status: status, total_price: '128.00', freight_money: '10.00',
  created_at: '2026-11-24 10:00:00', pay_deadline: status === 1 ? '2099-01-01 00:00:00' : null, collective: null,
  lines: [{ goods_id: 3, sku_id: 7, goods_name: 'T-shirt', goods_image: '', sku_name: 'Red,L', goods_price: '59.00', buy_num: 2, total_price: '118.00' }],
  ...fields,
});

const page = (rows: OrderRow[], total = rows.length) => ({ data: rows, count: rows.length, total, per_page: 30, last_page: Math.max(1, Math.ceil(total / 30)), current_page: 1 });

let requests: SeenRequest[];
let rows: OrderRow[];
let detail: unknown;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.setItem('token', 'shopper');
  rows = [row(7, 1), row(6, 2)];
  detail = null;
  requests = stubApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/user/orders') return page(rows, rows.length);
    if (path === '/api/user/order/counts') return { all: 9, by_status: { '0': 3, '1': 1, '2': 5 }, after_sale: 0 };
    if (path === '/api/user/order/7' && request.method === 'PUT') {
      rows = [row(7, 0), row(6, 2)];
      return null;
    }
    if (path === '/api/user/order/7') return detail;
    if (path === '/api/user/order/99') return envelope(404, null, 'Not found', 404);
    return null;
  });
});

const sent = (path: string) => requests.filter((r) => r.url.pathname === path);

describe('my orders', () => {
  it('shows the tabs with their counts and the orders with their actions', async () => {
    renderPage('/user/orders', OrdersPage, '/user/orders');
    const orders = await screen.findAllByTestId('order');
    expect(orders.map((o) => o.getAttribute('aria-label'))).toEqual(['N7', 'N6']);
    await waitFor(() => expect(screen.getByTestId('tab-all')).toHaveTextContent('All orders (9)'));
    expect(screen.getByTestId('tab-unpaid')).toHaveTextContent('Awaiting payment (1)');
    expect(screen.getByTestId('tab-cancelled')).toHaveTextContent('Cancelled (3)');
    expect(screen.getByTestId('tab-completed')).toHaveTextContent(/^Completed$/);

    const unpaid = within(orders[0]);
    expect(unpaid.getByTestId('order-status')).toHaveTextContent('Awaiting payment');
    expect(unpaid.getByTestId('order-total')).toHaveTextContent('￥128.00');
    expect(unpaid.getByText('(freight ￥10.00 included)')).toBeInTheDocument();
    expect(unpaid.getByText('Red,L')).toBeInTheDocument();
    expect(unpaid.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', orderPayPath([7]));
    expect(unpaid.getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/user/order/7');
    const paid = within(orders[1]);
    expect(paid.queryByRole('link', { name: 'Pay now' })).toBeNull();
    expect(paid.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('asks the list for the tab, the order number and the dates', async () => {
    const user = userEvent.setup();
    const view = renderPage('/user/orders', OrdersPage, '/user/orders?order_no=N7&from=2026-11-01&to=2026-11-24');
    await screen.findAllByTestId('order');
    expect(Object.fromEntries(sent('/api/user/orders')[0].url.searchParams)).toEqual({ page: '1', order_no: 'N7', created_at: '2026-11-01,2026-11-24' });
    expect(screen.getByRole('textbox', { name: 'Order no.' })).toHaveValue('N7');

    await user.click(screen.getByRole('tab', { name: /Awaiting payment/ }));
    await waitFor(() => expect(view.router.state.location.search).toBe('?status=1&order_no=N7&from=2026-11-01&to=2026-11-24'));
    await waitFor(() => expect(sent('/api/user/orders').at(-1)!.url.searchParams.get('order_status')).toBe('1'));

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(view.router.state.location.search).toBe('?status=1'));
  });

  it('cancels an unpaid order after a confirmation; keeping it sends nothing', async () => {
    const user = userEvent.setup();
    renderPage('/user/orders', OrdersPage, '/user/orders');
    const [first] = await screen.findAllByTestId('order');
    await user.click(within(first).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order N7 cannot be restored once cancelled; its items go back into stock.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await user.click(within(first).getByRole('button', { name: 'Cancel order' }));
    await user.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Cancel order' }));
    await screen.findByText('The order was cancelled');
    const puts = requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => [r.url.pathname, Object.fromEntries(r.body)])).toEqual([['/api/user/order/7', { order_status: '0' }]]);
    await waitFor(() => expect(within(screen.getAllByTestId('order')[0]).getByTestId('order-status')).toHaveTextContent('Cancelled'));
    expect(sent('/api/user/order/counts').length).toBeGreaterThan(1);
  });

  it('says when there is no order, and when none matches the filters', async () => {
    rows = [];
    const first = renderPage('/user/orders', OrdersPage, '/user/orders');
    expect(await screen.findByText('You have no orders yet')).toBeInTheDocument();
    first.unmount();
    renderPage('/user/orders', OrdersPage, '/user/orders?order_no=nothing');
    expect(await screen.findByText('No orders match')).toBeInTheDocument();
  });
});

const order = (fields: Partial<OrderDetail> = {}): OrderDetail => ({
  ...row(7, 2),
  order_price: '118.00', discount_money: '0.00', receive_name: 'Ann', receive_tel: '13900139000', receive_area: 'Beijing Beijing City Chaoyang',
  receive_address: 'Road 8', remark: 'gift wrap', payment_name: 'balance', pay_time: '2026-11-24 10:05:00', delivery_time: null, receipt_time: null,
  cancel_time: null, comment_time: null, delivery_code: '', delivery_no: '',
  ...fields,
});

describe('an order', () => {
  it('shows its timeline, address, lines, money and message', async () => {
    detail = order();
    renderPage('/user/order/:id', OrderPage, '/user/order/7');
    expect(await screen.findByTestId('order-no')).toHaveTextContent('N7');
    const steps = screen.getAllByTestId('timeline-step');
    expect(steps.map((s) => [s.textContent, s.getAttribute('data-done')])).toEqual([
      ['Order placed2026-11-24 10:00:00', 'true'],
      ['Paid2026-11-24 10:05:00', 'true'],
      ['Shipped-', 'false'],
      ['Received-', 'false'],
      ['Reviewed-', 'false'],
    ]);
    expect(screen.getByTestId('order-address')).toHaveTextContent('Beijing Beijing City Chaoyang Road 8');
    expect(screen.getByTestId('money-goods')).toHaveTextContent('￥118.00');
    expect(screen.getByTestId('money-freight')).toHaveTextContent('￥10.00');
    expect(screen.queryByTestId('money-discount')).toBeNull();
    expect(screen.getByTestId('money-paid')).toHaveTextContent('￥128.00');
    expect(screen.getByText('gift wrap')).toBeInTheDocument();
    expect(screen.getByText('Payment: Account balance')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.queryByTestId('pay-countdown')).toBeNull();
  });

  it('while unpaid, counts down and offers to pay or cancel', async () => {
    const user = userEvent.setup();
    detail = order({ order_status: 1, pay_time: null, payment_name: '', pay_deadline: '2099-01-01 00:00:00', discount_money: '5.00', total_price: '123.00' });
    renderPage('/user/order/:id', OrderPage, '/user/order/7');
    expect(await screen.findByTestId('pay-countdown')).toHaveTextContent(/^Time left to pay \d+:\d\d:\d\d$/);
    expect(screen.getByTestId('money-discount')).toHaveTextContent('-￥5.00');
    expect(screen.getByTestId('money-payable')).toHaveTextContent('￥123.00');
    expect(screen.queryByTestId('money-paid')).toBeNull();
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', orderPayPath([7]));

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    detail = order({ order_status: 0, pay_time: null, cancel_time: '2026-11-24 10:20:00' });
    await user.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.getAllByTestId('timeline-step').map((s) => s.textContent)).toEqual(['Order placed2026-11-24 10:00:00', 'Cancelled2026-11-24 10:20:00']));
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('says when the order does not exist', async () => {
    renderPage('/user/order/:id', OrderPage, '/user/order/99');
    expect(await screen.findByText('This order does not exist')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my orders' })).toHaveAttribute('href', '/user/orders');
  });
});
