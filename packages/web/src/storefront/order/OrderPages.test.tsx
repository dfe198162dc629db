import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '@qshop/shared/schemas/addresses';
import i18n from '../../i18n';
import { envelope } from '../../test/http';
import { renderPage, stubApi, type SeenRequest } from '../catalog/testing';
import { orderBeforePath } from '../checkoutPath';
import OrderBeforePage from './OrderBeforePage';
import OrderPayPage from './OrderPayPage';
import OrderSuccessPage from './OrderSuccessPage';
import { decodePayParams, orderPayPath } from './orderParams';
import type { OrderPreview, PayInfo } from './types';

const address = (id: number, fields: Partial<Address> = {}): Address => ({
  id, receive_name: `Person ${id}`, receive_tel: '13800138000', area: [11, 12, 13], area_info: 'Beijing Beijing City Chaoyang',
  address: `Road ${id}`, province_id: 11, city_id: 12, region_id: 13, is_default: 0, ...fields,
});

const line = (goods_id: number, name: string, price: string, buy_num: number, total: string) => ({
  goods_id, sku_id: 0, cart_id: goods_id + 100, goods_name: name, goods_image: '', sku_name: '-', goods_price: price, buy_num, total_price: total,
  total_weight: '0.50', discount_money: '0.00',
});

const NO_PROMOTIONS = { full_reduction: null, coupons: [], coupon_id: 0, coupon_money: '0.00', platform_coupon_money: '0.00', collective_money: '0.00', promotions: true };

const preview = (addressId: number, freight: string): OrderPreview => ({
  address: address(addressId, { is_default: addressId === 2 ? 1 : 0 }),
  stores: [
    { store_id: 1, store_name: 'Flagship', store_logo: '', lines: [line(3, 'T-shirt', '59.00', 2, '118.00')], order_price: '118.00', freight_money: freight, ...NO_PROMOTIONS, discount_money: '0.00', total_price: (118 + Number(freight)).toFixed(2) },
    { store_id: 8, store_name: 'Tea House', store_logo: '', lines: [line(9, 'Mug', '12.50', 3, '37.50')], order_price: '37.50', freight_money: '0.00', ...NO_PROMOTIONS, discount_money: '0.00', total_price: '37.50' },
  ],
  platform_coupons: [],
  platform_coupon_id: 0,
  platform_coupon_money: '0.00',
  order_price: '155.50',
  freight_money: freight,
  discount_money: '0.00',
  total_price: (155.5 + Number(freight)).toFixed(2),
});

const CHECKOUT = orderBeforePath([{ goods_id: 3, sku_id: 0, buy_num: 2, cart_id: 103 }, { goods_id: 9, sku_id: 0, buy_num: 3, cart_id: 109 }], 1);

let requests: SeenRequest[];
let addresses: unknown;
let createAnswers: unknown[];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.setItem('token', 'shopper');
  addresses = [address(2, { is_default: 1 }), address(5)];
  createAnswers = [];
  requests = stubApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/user/addresses') return addresses;
    if (path === '/api/user/order/before') return preview(Number(request.body.get('address_id') ?? 2), request.body.get('address_id') === '5' ? '20.00' : '10.00');
    if (path === '/api/user/order/create') return createAnswers.shift();
    return null;
  });
});

const sent = (path: string) => requests.filter((r) => r.url.pathname === path);

describe('the checkout confirmation', () => {
  it('shows one block per store with freight and totals, for the default address first and then the chosen one', async () => {
    const user = userEvent.setup();
    renderPage('/order/before/:params', OrderBeforePage, CHECKOUT);
    const stores = await screen.findAllByTestId('checkout-store');
    expect(stores.map((s) => s.getAttribute('aria-label'))).toEqual(['Flagship', 'Tea House']);
    expect(within(stores[0]).getByTestId('store-freight')).toHaveTextContent('￥10.00');
    expect(within(stores[0]).getByTestId('store-total')).toHaveTextContent('￥128.00');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('￥165.50');
    expect(screen.getByRole('radio', { name: /Person 2/ })).toBeChecked();
    expect(JSON.parse(sent('/api/user/order/before')[0].body.get('order')!)).toEqual([
      { goods_id: 3, sku_id: 0, buy_num: 2, cart_id: 103 },
      { goods_id: 9, sku_id: 0, buy_num: 3, cart_id: 109 },
    ]);
    expect(sent('/api/user/order/before')[0].body.get('address_id')).toBeNull();

    await user.click(screen.getByRole('radio', { name: /Person 5/ }));
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('￥175.50'));
    expect(sent('/api/user/order/before').at(-1)!.body.get('address_id')).toBe('5');
  });

  it('a flash-sale line: says its order takes no coupons, spend & save offers or points, where the coupon choice would be', async () => {
    stubApi((request) => {
      if (request.url.pathname === '/api/user/addresses') return addresses;
      if (request.url.pathname === '/api/user/order/before') {
        const plain = preview(2, '0.00');
        return { ...plain, stores: [{ ...plain.stores[0], promotions: false, discount_money: '58.00', total_price: '60.00' }] };
      }
      return null;
    });
    renderPage('/order/before/:params', OrderBeforePage, orderBeforePath([{ goods_id: 3, sku_id: 0, buy_num: 2, seckill_id: 4 }], 0));
    expect(await screen.findByTestId('store-no-promotions')).toHaveTextContent('A flash-sale order takes no coupons, spend & save offers or points.');
    expect(screen.queryByTestId('store-coupon')).toBeNull();
    await i18n.changeLanguage('zh-cn');
    expect(await screen.findByText('秒杀订单不参与优惠券、满减和积分抵扣。')).toBeInTheDocument();
  });

  it('places the orders with one Idempotency-Key for the visit, shows a refusal, and goes on to pay', async () => {
    const user = userEvent.setup();
    const view = renderPage('/order/before/:params', OrderBeforePage, CHECKOUT);
    await screen.findAllByTestId('checkout-store');
    await user.type(within(screen.getAllByTestId('checkout-store')[1]).getByRole('textbox', { name: 'Message to the seller' }), 'gift wrap');

    createAnswers = [envelope(400, null, 'Mug: only 2 left in stock', 400), { order_id: [41, 42], order_no: ['N41', 'N42'] }];
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByTestId('checkout-refusal')).toHaveTextContent('Mug: only 2 left in stock');
    // The preview is read again after a refusal; the button waits for it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe(orderPayPath([41, 42])));

    const creates = sent('/api/user/order/create');
    expect(creates).toHaveLength(2);
    const key = creates[0].headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(creates[1].headers.get('Idempotency-Key')).toBe(key);
    expect(creates[1].body.get('address_id')).toBe('2');
    expect(JSON.parse(creates[1].body.get('remarks')!)).toEqual([{ store_id: 8, remark: 'gift wrap' }]);
    expect(decodePayParams(view.router.state.location.pathname.split('/').pop())).toEqual([41, 42]);
  });

  it('without an address offers to add one and places nothing', async () => {
    addresses = [];
    stubApi((request) => {
      if (request.url.pathname === '/api/user/addresses') return [];
      if (request.url.pathname === '/api/user/order/before') return { ...preview(2, '0.00'), address: null };
      return null;
    });
    renderPage('/order/before/:params', OrderBeforePage, CHECKOUT);
    expect(await screen.findByText('You have no delivery address yet: please add one first')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a delivery address' })).toHaveAttribute('href', `/user/address/form?redirect=${encodeURIComponent(CHECKOUT)}`);
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  it('says what the server refused the preview for, and that a broken link is not valid', async () => {
    stubApi((request) => (request.url.pathname === '/api/user/order/before' ? envelope(400, null, 'T-shirt is no longer on sale', 400) : request.url.pathname === '/api/user/addresses' ? [] : null));
    const first = renderPage('/order/before/:params', OrderBeforePage, CHECKOUT);
    expect(await screen.findByTestId('checkout-refused')).toHaveTextContent('T-shirt is no longer on sale');
    first.unmount();
    renderPage('/order/before/:params', OrderBeforePage, '/order/before/garbage!');
    expect(await screen.findByText('This link is not valid: please order again from the cart or the goods page')).toBeInTheDocument();
  });

  it('coming back after the cart lines were ordered: says they may be ordered already and links the orders', async () => {
    stubApi((request) =>
      request.url.pathname === '/api/user/order/before' ? envelope(404, null, 'These cart items were already ordered or removed.', 404) : request.url.pathname === '/api/user/addresses' ? [] : null,
    );
    renderPage('/order/before/:params', OrderBeforePage, CHECKOUT);
    const alert = await screen.findByTestId('checkout-refused');
    expect(alert).toHaveTextContent('These items may already be ordered');
    expect(alert).toHaveTextContent('These cart items were already ordered or removed.');
    expect(within(alert).getByRole('link', { name: 'View my orders' })).toHaveAttribute('href', '/user/orders');
    expect(within(alert).getByRole('link', { name: 'Back to the cart' })).toHaveAttribute('href', '/carts');
    expect(screen.queryByText(/404/)).toBeNull();
  });
});

describe('the success page', () => {
  it('"View my orders" opens the order just paid, or the list when several were', async () => {
    const one = renderPage('/order/success', OrderSuccessPage, '/order/success?order_id=41');
    expect(await screen.findByRole('link', { name: 'View my orders' })).toHaveAttribute('href', '/user/order/41');
    one.unmount();
    const two = renderPage('/order/success', OrderSuccessPage, '/order/success?order_id=41%2C42');
    expect(await screen.findByRole('link', { name: 'View my orders' })).toHaveAttribute('href', '/user/orders');
    two.unmount();
    renderPage('/order/success', OrderSuccessPage, '/order/success?order_id=x');
    expect(await screen.findByRole('link', { name: 'View my orders' })).toHaveAttribute('href', '/user/orders');
  });
});

const payInfo = (fields: Partial<PayInfo> = {}): PayInfo => ({
  orders: [
    { id: 41, order_no: 'N41', store_name: 'Flagship', total_price: '128.00', order_status: 1, pay_deadline: '2099-01-01 00:00:00' },
    { id: 42, order_no: 'N42', store_name: 'Tea House', total_price: '37.50', order_status: 1, pay_deadline: '2099-01-01 00:00:00' },
  ],
  total_price: '165.50',
  balance: '1000.00',
  has_pay_password: true,
  payments: [{ name: 'balance', enabled: true }, { name: 'wechat', enabled: false }, { name: 'alipay', enabled: false }],
  ...fields,
});

describe('the payment page', () => {
  let info: PayInfo;
  let payAnswers: unknown[];
  beforeEach(() => {
    info = payInfo();
    payAnswers = [];
    requests = stubApi((request) => {
      if (request.url.pathname === '/api/user/order/pay_info') return info;
      if (request.url.pathname === '/api/user/order/pay') {
        const next = payAnswers.shift();
        return typeof next === 'function' ? next() : next;
      }
      return null;
    });
  });

  it('pays the orders from the balance with the pay password; a wrong one is refused with the server message', async () => {
    const user = userEvent.setup();
    const view = renderPage('/order/pay/:params', OrderPayPage, orderPayPath([41, 42]));
    expect(await screen.findByTestId('pay-total')).toHaveTextContent('￥165.50');
    expect(sent('/api/user/order/pay_info')[0].url.searchParams.get('order_id')).toBe('41,42');
    expect(screen.getAllByTestId('pay-order')).toHaveLength(2);
    // Gateways the platform has not enabled are not offered.
    expect(screen.queryByRole('radio', { name: /WeChat Pay/ })).toBeNull();
    expect(screen.queryByRole('radio', { name: /Alipay/ })).toBeNull();
    expect(screen.getByTestId('pay-countdown')).toHaveTextContent(/^Please pay within/);

    await user.click(screen.getByRole('button', { name: 'Pay ￥165.50' }));
    expect(await screen.findByText('The payment password is 6 digits')).toBeInTheDocument();
    expect(sent('/api/user/order/pay')).toHaveLength(0);

    payAnswers = [envelope(402, null, 'Wrong pay password', 200), { order_pay_id: 7, pay_no: 'P7', total_price: '165.50' }];
    await user.type(screen.getByLabelText('Pay password'), '654321');
    await user.click(screen.getByRole('button', { name: 'Pay ￥165.50' }));
    expect(await screen.findByTestId('pay-refusal')).toHaveTextContent('Wrong pay password');
    expect(screen.getByLabelText('Pay password')).toHaveValue('');

    await user.type(screen.getByLabelText('Pay password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Pay ￥165.50' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/order/success'));
    expect(view.router.state.location.search).toBe('?order_id=41%2C42');
    const pays = sent('/api/user/order/pay');
    expect(pays.map((r) => Object.fromEntries(r.body))).toEqual([
      { order_id: '41,42', payment_name: 'balance', pay_password: '654321' },
      { order_id: '41,42', payment_name: 'balance', pay_password: '123456' },
    ]);
    // the refused attempt and the next one are two attempts
    const keys = pays.map((r) => r.headers.get('Idempotency-Key'));
    expect(keys.every((key) => /^[0-9a-f]{32}$/.test(key ?? ''))).toBe(true);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('pays again with the same Idempotency-Key after an attempt that got no answer, or a server error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const view = renderPage('/order/pay/:params', OrderPayPage, orderPayPath([41, 42]));
    await screen.findByTestId('pay-total');
    payAnswers = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      new Response('Bad Gateway', { status: 502, headers: { 'content-type': 'text/plain' } }),
      { order_pay_id: 7, pay_no: 'P7', total_price: '165.50' },
    ];
    for (let i = 0; i < 3; i++) {
      await user.type(screen.getByLabelText('Pay password'), '123456');
      await user.click(screen.getByRole('button', { name: 'Pay ￥165.50' }));
      if (i < 2) await waitFor(() => expect(screen.getByLabelText('Pay password')).toHaveValue(''));
    }
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/order/success'));
    const keys = sent('/api/user/order/pay').map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('leads to setting a pay password when there is none, and says when the balance is short', async () => {
    info = payInfo({ has_pay_password: false, balance: '100.00' });
    renderPage('/order/pay/:params', OrderPayPage, orderPayPath([41, 42]));
    expect(await screen.findByRole('link', { name: 'Set a pay password' })).toHaveAttribute('href', '/user/safe/pay_password');
    expect(screen.getByText('Not enough balance')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay ￥165.50' })).toBeDisabled();
  });

  it('pays by WeChat Pay: the QR code drawn in the page, the amount, polling until paid, then the success page', async () => {
    const user = userEvent.setup();
    info = payInfo({ payments: [{ name: 'balance', enabled: true }, { name: 'wechat', enabled: true }, { name: 'alipay', enabled: false }] });
    let checks = 0;
    requests = stubApi((request) => {
      if (request.url.pathname === '/api/user/order/pay_info') return info;
      if (request.url.pathname === '/api/user/order/pay') return { pay_no: 'P9', total: '165.50', code_url: 'weixin://wxpay/bizpayurl?pr=abc' };
      if (request.url.pathname === '/api/user/order/check') return { paid: ++checks >= 2, orders: [] };
      return null;
    });
    const view = renderPage('/order/pay/:params', OrderPayPage, orderPayPath([41, 42]));
    await screen.findByTestId('pay-total');
    expect(screen.queryByRole('radio', { name: /Alipay/ })).toBeNull();
    await user.click(screen.getByRole('radio', { name: /WeChat Pay/ }));
    await user.click(screen.getByRole('button', { name: 'Pay ￥165.50 with WeChat Pay' }));
    expect(await screen.findByRole('img', { name: 'QR code to pay ￥165.50' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    expect(screen.getByText('Scan the QR code with WeChat to pay')).toBeInTheDocument();
    const [opened] = sent('/api/user/order/pay');
    expect(Object.fromEntries(opened.body)).toEqual({ order_id: '41,42', payment_name: 'wechat', device: 'web' });
    expect(opened.headers.get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/order/success'), { timeout: 8000 });
    expect(sent('/api/user/order/check').length).toBeGreaterThanOrEqual(2);
  }, 15000);

  it('offers nothing to pay when the orders were paid or cancelled meanwhile', async () => {
    info = payInfo({ orders: payInfo().orders.map((o) => ({ ...o, order_status: o.id === 41 ? 2 : 0 })) });
    renderPage('/order/pay/:params', OrderPayPage, orderPayPath([41, 42]));
    expect(await screen.findByText('These orders no longer await payment (they were paid or cancelled)')).toBeInTheDocument();
    expect(screen.getByText('Awaiting shipment')).toBeInTheDocument();
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });
});
