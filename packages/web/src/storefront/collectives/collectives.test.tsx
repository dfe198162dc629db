// Group buys on the storefront: the goods page's group price, "open a group" and the open groups to join (each a
// checkout line with collective_id), nothing when the goods has none; the /collectives page's list, empty and failed
// states; a group order's state on the shopper's orders; the checkout's note that a group order takes no promotions.
import { readFileSync } from 'node:fs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GoodsCollective, OpenCollective, OrderCollective } from '@qshop/shared/schemas/collectives';
import i18n from '../../i18n';
import collectivesEn from '../../i18n/collectives.en.json';
import collectivesZhCn from '../../i18n/collectives.zh-cn.json';
import ordersEn from '../../i18n/orders.en.json';
import ordersZhCn from '../../i18n/orders.zh-cn.json';
import { envelope } from '../../test/http';
import { keyPaths, sourceFiles } from '../../test/translationKeys';
import { decodeUrlParams } from '../../utils/base64Params';
import { groupStateKey } from '../../user/orders/GroupState';
import OrdersPage from '../../user/orders/OrdersPage';
import GoodsPage from '../catalog/GoodsPage';
import { renderPage, stubApi, type SeenRequest } from '../catalog/testing';
import type { GoodsDetail } from '../catalog/types';
import OrderBeforePage from '../order/OrderBeforePage';
import { orderBeforePath } from '../checkoutPath';
import CollectivesPage from './CollectivesPage';

const goods: GoodsDetail = {
  id: 7, store_id: 3, class_id: 30, goods_name: 'Green tea', goods_subname: '', goods_images: [], goods_master_image: '', goods_price: '100.00',
  goods_market_price: '0.00', goods_stock: 7, goods_sale: 0, goods_content: '', price_min: '100.00', price_max: '120.00', classes: [], brand: null,
  attrs: [{ id: 1, name: 'Size', specs: [{ id: 11, name: 'M' }, { id: 12, name: 'L' }] }],
  skus: [
    { id: 101, spec_id: [11], sku_name: 'M', goods_price: '100.00', goods_stock: 5 },
    { id: 102, spec_id: [12], sku_name: 'L', goods_price: '120.00', goods_stock: 2 },
  ],
  comment_statistics: { total: 0, good: 0, medium: 0, bad: 0, good_rate: 100, averages: { score: '5.00', agree: '5.00', service: '5.00', speed: '5.00' } },
  store: { id: 3, store_name: 'Tea House', store_logo: '', area_info: '', comments: 0, good_rate: 100, score: '5.00', agree: '5.00', service: '5.00', speed: '5.00', rate: '5.00' },
  sale_list: [], is_fav: false,
};
const offer: GoodsCollective = { id: 4, goods_id: 7, discount: '20.00', need: 3, expire_minutes: 30, price: '80.00', sku_prices: { '101': '80.00', '102': '96.00' } };
const group = (id: number, fields: Partial<OpenCollective> = {}): OpenCollective => ({
  id, goods_id: 7, goods_name: 'Green tea', goods_image: '', store_id: 3, price: '80.00', discount: '20.00', need: 3, join_num: 1, paid_num: 1,
  expire_at: new Date(Date.now() + 1_800_000).toISOString(), members: [{ nickname: 'a***', avatar: '' }], ...fields,
});
const list = (rows: OpenCollective[], total = rows.length) => ({ data: rows, count: rows.length, total, per_page: 30, last_page: Math.max(1, Math.ceil(total / 30)), current_page: 1 });

let requests: SeenRequest[];
let answers: Record<string, unknown>;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.setItem('token', 'shopper');
  answers = { '/api/goods/7': goods, '/api/collectives/goods/7': offer, '/api/collectives': list([group(21, { join_num: 2, members: [{ nickname: 'a***', avatar: '' }, { nickname: 'Bo', avatar: '' }] })]) };
  requests = stubApi((request) => answers[request.url.pathname] ?? null);
});

const checkoutLine = (path: string) => {
  expect(path.startsWith('/order/before/')).toBe(true);
  return (decodeUrlParams(path.split('/')[3]) as { order: unknown[] }).order;
};

describe('the goods page’s group buy', () => {
  it('shows the group price of the chosen SKU, the group size and the open groups with their members and seats left', async () => {
    const user = userEvent.setup();
    renderPage('/goods/:id', GoodsPage, '/goods/7');
    const panel = await screen.findByTestId('group-buy');
    expect(within(panel).getByTestId('group-price')).toHaveTextContent('￥80.00');
    expect(within(panel).getByTestId('group-need')).toHaveTextContent('3 people per group');
    expect(within(panel).getByText('20% off')).toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: 'Size' })).getByRole('button', { name: 'L' }));
    expect(within(panel).getByTestId('group-price')).toHaveTextContent('￥96.00');
    const open = await within(panel).findByTestId('open-group');
    expect(within(open).getAllByTestId('group-member').map((m) => m.textContent)).toEqual(['a***', 'Bo']);
    expect(within(open).getByTestId('group-left')).toHaveTextContent('1 seat left');
    expect(within(open).getByTestId('pay-countdown')).toHaveTextContent(/^Ends in (0:)?\d\d:\d\d/);
    expect(requests.find((r) => r.url.pathname === '/api/collectives')?.url.searchParams.get('goods_id')).toBe('7');
  });

  it('opens a group (collective_id −1) or joins one (its id) with the chosen SKU and quantity', async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/goods/:id', GoodsPage, '/goods/7');
    const panel = await screen.findByTestId('group-buy');
    // Without a SKU the page says why, as "buy now" does.
    await user.click(within(panel).getByTestId('group-open'));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a specification');
    expect(router.state.location.pathname).toBe('/goods/7');
    await user.click(within(screen.getByRole('group', { name: 'Size' })).getByRole('button', { name: 'M' }));
    await user.click(within(panel).getByTestId('group-open'));
    expect(checkoutLine(router.state.location.pathname)).toEqual([{ goods_id: 7, sku_id: 101, buy_num: 1, collective_id: -1 }]);

    await router.navigate('/goods/7');
    const again = await screen.findByTestId('group-buy');
    await user.click(within(screen.getByRole('group', { name: 'Size' })).getByRole('button', { name: 'M' }));
    await user.click(await within(again).findByTestId('group-join'));
    expect(checkoutLine(router.state.location.pathname)).toEqual([{ goods_id: 7, sku_id: 101, buy_num: 1, collective_id: 21 }]);
  });

  it('a visitor logs in first', async () => {
    localStorage.removeItem('token');
    const user = userEvent.setup();
    const { router } = renderPage('/goods/:id', GoodsPage, '/goods/7');
    const panel = await screen.findByTestId('group-buy');
    await user.click(within(screen.getByRole('group', { name: 'Size' })).getByRole('button', { name: 'M' }));
    await user.click(within(panel).getByTestId('group-open'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('a goods without a group buy (null) shows none', async () => {
    answers['/api/collectives/goods/7'] = envelope(200, null);
    renderPage('/goods/:id', GoodsPage, '/goods/7');
    await screen.findByRole('heading', { name: 'Green tea' });
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/collectives/goods/7')).toBe(true));
    expect(screen.queryByTestId('group-buy')).toBeNull();
    expect(requests.some((r) => r.url.pathname === '/api/collectives')).toBe(false);
  });

  it('no open group: says so and still offers to open one', async () => {
    answers['/api/collectives'] = list([]);
    renderPage('/goods/:id', GoodsPage, '/goods/7');
    const panel = await screen.findByTestId('group-buy');
    expect(await within(panel).findByTestId('open-groups-empty')).toHaveTextContent('No open group of this goods yet');
    expect(within(panel).getByTestId('group-open')).toBeEnabled();
  });
});

describe('/collectives', () => {
  it('lists the open groups with their goods, price and a way to the goods page', async () => {
    answers['/api/collectives'] = list([group(21), group(22, { goods_id: 9, goods_name: 'Black tea', price: '12.00', need: 2 })], 31);
    const user = userEvent.setup();
    const { router } = renderPage('/collectives/:params?', CollectivesPage, '/collectives');
    const cards = await screen.findAllByTestId('open-group');
    expect(cards.map((c) => c.getAttribute('data-group-id'))).toEqual(['21', '22']);
    expect(within(cards[1]).getByText('Black tea')).toBeInTheDocument();
    expect(within(cards[1]).getByText('￥12.00')).toBeInTheDocument();
    expect(within(cards[1]).getByTestId('group-left')).toHaveTextContent('1 seat left');
    expect(screen.getByText('31 in total')).toBeInTheDocument();
    await user.click(within(cards[1]).getByTestId('group-join'));
    expect(router.state.location.pathname).toBe('/goods/9');
  });

  it('empty and failed states', async () => {
    answers['/api/collectives'] = list([]);
    const view = renderPage('/collectives/:params?', CollectivesPage, '/collectives/2');
    expect(await screen.findByText('No open groups right now.')).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname === '/api/collectives')?.url.searchParams.get('page')).toBe('2');
    view.unmount();
    answers['/api/collectives'] = envelope(500, null, 'boom', 500);
    renderPage('/collectives/:params?', CollectivesPage, '/collectives');
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});

describe('a group order’s state', () => {
  const state = (fields: Partial<OrderCollective>): OrderCollective => ({ id: 1, status: 2, need: 3, paid_num: 1, expire_at: new Date(Date.now() + 60_000).toISOString(), seat: 1, refunded: false, ...fields });

  it('waiting, filled, failed (unpaid), refund on its way, refunded', () => {
    expect(groupStateKey(state({}))).toBe('waiting');
    expect(groupStateKey(state({ status: 1 }))).toBe('filled');
    expect(groupStateKey(state({ status: 0, seat: 2 }))).toBe('failed');
    expect(groupStateKey(state({ status: 0, seat: 1 }))).toBe('refunding');
    expect(groupStateKey(state({ status: 0, seat: 3 }))).toBe('refunding');
    expect(groupStateKey(state({ status: 0, seat: 3, refunded: true }))).toBe('refunded');
  });

  it('shows on the order list', async () => {
    const row = (id: number, collective: OrderCollective | null) => ({
      id, order_no: `N${id}`, store_id: 1, store_name: 'Tea House', order_status: 2, total_price: '80.00', freight_money: '0.00', created_at: '2026-11-24 10:00:00',
      pay_deadline: null, collective, lines: [],
    });
    answers['/api/user/orders'] = list([row(1, state({ paid_num: 1 })), row(2, state({ status: 1, paid_num: 3 })), row(3, state({ status: 0, seat: 3, refunded: true })), row(4, null)] as never);
    answers['/api/user/order/counts'] = { all: 4, by_status: {}, after_sale: 0 };
    renderPage('/user/orders', OrdersPage, '/user/orders');
    const orders = await screen.findAllByTestId('order');
    expect(orders.map((o) => within(o).queryByTestId('group-state')?.textContent ?? null)).toEqual([
      'Group buy: waiting for 2 more paid members', 'Group buy filled', 'Group buy failed: refunded', null,
    ]);
  });
});

describe('the checkout of a group line', () => {
  it('says that a group order takes no coupons, full reductions or points, and shows the saving', async () => {
    answers['/api/user/addresses'] = [];
    answers['/api/user/order/before'] = {
      address: null, platform_coupons: [], platform_coupon_id: 0, platform_coupon_money: '0.00', order_price: '100.00', freight_money: '0.00', discount_money: '20.00', total_price: '80.00',
      stores: [{
        store_id: 3, store_name: 'Tea House', store_logo: '', order_price: '100.00', freight_money: '0.00', full_reduction: null, coupons: [], coupon_id: 0, coupon_money: '0.00',
        platform_coupon_money: '0.00', collective_money: '20.00', promotions: false, discount_money: '20.00', total_price: '80.00',
        lines: [{ goods_id: 7, sku_id: 101, cart_id: null, goods_name: 'Green tea', goods_image: '', sku_name: 'M', goods_price: '100.00', buy_num: 1, total_price: '100.00', total_weight: '0.00', discount_money: '20.00' }],
      }],
    };
    const path = orderBeforePath([{ goods_id: 7, sku_id: 101, buy_num: 1, collective_id: 21 }], 0);
    renderPage('/order/before/:params', OrderBeforePage, path);
    expect(await screen.findByTestId('store-no-promotions')).toHaveTextContent('A group-buy order takes no coupons, spend & save offers or points.');
    expect(screen.queryByTestId('store-coupon')).toBeNull();
    expect(screen.getByTestId('store-group-saving')).toHaveTextContent('-￥20.00');
    const body = requests.find((r) => r.url.pathname === '/api/user/order/before')!.body;
    expect(JSON.parse(body.get('order')!)).toEqual([{ goods_id: 7, sku_id: 101, buy_num: 1, collective_id: 21 }]);
  });

  it('a group the server refuses: its message, and a way back to the goods', async () => {
    answers['/api/user/addresses'] = [];
    answers['/api/user/order/before'] = envelope(402, null, 'This group is full: join another or open one.');
    renderPage('/order/before/:params', OrderBeforePage, orderBeforePath([{ goods_id: 7, sku_id: 0, buy_num: 1, collective_id: 21 }], 0));
    const refused = await screen.findByTestId('checkout-refused');
    expect(refused).toHaveTextContent('This group is full: join another or open one.');
    expect(within(refused).getByRole('link', { name: 'Back to the goods' })).toHaveAttribute('href', '/goods/7');
  });
});

describe('group-buy translations', () => {
  const plain = (keys: string[]) => new Set(keys.map((k) => k.replace(/_(one|other)$/, '')));
  it('zh-cn and en hold the same keys', () => {
    expect(keyPaths(collectivesEn).sort()).toEqual(keyPaths(collectivesZhCn).sort());
    expect(keyPaths(ordersEn.orders.collective).sort()).toEqual(keyPaths(ordersZhCn.orders.collective).sort());
  });
  it('define every key the group-buy pages name, and every group state', () => {
    const known = plain(keyPaths(collectivesEn.collectives));
    const named = sourceFiles([__dirname]).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bt[gc]\(\s*'([\w.-]+)'/g)].map((m) => m[1]));
    expect(named.length).toBeGreaterThan(15);
    expect(named.filter((key) => !known.has(key))).toEqual([]);
    const states = plain(keyPaths(ordersEn.orders.collective));
    for (const key of ['waiting', 'filled', 'failed', 'refunding', 'refunded']) expect(states.has(key)).toBe(true);
  });
});
