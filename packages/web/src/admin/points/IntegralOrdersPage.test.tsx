// The admin's points orders: the generic list, with a ship action on each order awaiting shipment only, which sends
// the carrier and number to PUT /api/Admin/integral_orders/{id}/ship and reloads the list.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it } from 'vitest';
import i18n from '../../i18n';
import { listAnswer, renderInApp, stubApi, type SeenRequest } from '../../resource/testing';
import IntegralOrdersPage from './IntegralOrdersPage';

const ROWS = [
  { id: 21, order_no: 'J21', order_name: 'Thermos cup', order_image: '', user_id: 3, total_price: 300, order_status: 1, receive_name: 'Ann', delivery_code: '', delivery_no: '', created_at: '2026-11-28 09:00:00' },
  { id: 22, order_no: 'J22', order_name: 'Umbrella', order_image: '', user_id: 3, total_price: 450, order_status: 2, receive_name: 'Bob', delivery_code: 'sf', delivery_no: 'SF1', created_at: '2026-11-28 09:30:00' },
];
let requests: SeenRequest[];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  requests = stubApi((request) => {
    const path = request.url.pathname;
    if (request.method === 'PUT' && path.endsWith('/ship')) return { code: 200, msg: '', data: null };
    if (path === '/api/expresses') return { code: 200, msg: '', data: [{ id: 1, name: 'SF Express', code: 'sf' }] };
    if (path === '/api/Admin/integral_orders') return listAnswer(ROWS);
    return { code: 404, msg: 'not found', data: null };
  });
});

it('ships an order awaiting shipment, and offers nothing on a shipped one', async () => {
  const user = userEvent.setup();
  renderInApp(<IntegralOrdersPage />, '/Admin/integral_orders');
  const ship = await screen.findByRole('button', { name: 'Ship J21' });
  expect(screen.queryByRole('button', { name: 'Ship J22' })).toBeNull();
  await user.click(ship);
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('textbox', { name: i18n.t('fulfil.carrier') }));
  await user.click(await screen.findByRole('option', { name: 'SF Express' }));
  await user.type(within(dialog).getByRole('textbox', { name: i18n.t('fulfil.trackingNo') }), 'SF12345');
  const lists = () => requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/Admin/integral_orders').length;
  const before = lists();
  await user.click(within(dialog).getByTestId('ship-submit'));
  await waitFor(() =>
    expect(requests.filter((r) => r.method === 'PUT').map((r) => [r.url.pathname, Object.fromEntries(new URLSearchParams(r.body))])).toEqual([
      ['/api/Admin/integral_orders/21/ship', { delivery_code: 'sf', delivery_no: 'SF12345' }],
    ]),
  );
  await waitFor(() => expect(lists()).toBeGreaterThan(before));
});
