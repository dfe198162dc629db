import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIRST_PICTURE_CLASS } from '@qshop/shared/pagePictures';
import i18n from '../../i18n';
import { envelope } from '../../test/http';
import { useCartCount } from '../cartCount';
import { decodeUrlParams } from '../../utils/base64Params';
import GoodsPage from './GoodsPage';
import { renderPage, stubApi, type SeenRequest } from './testing';
import type { GoodsDetail } from './types';

const store = {
  id: 3, store_name: 'Tea House', store_logo: '', area_info: 'Beijing', comments: 2, good_rate: 50,
  score: '4.50', agree: '5.00', service: '4.00', speed: '5.00', rate: '4.63',
};

const detail: GoodsDetail = {
  id: 7, store_id: 3, class_id: 30, goods_name: 'Green tea', goods_subname: 'Spring harvest', goods_images: ['/a.png', '/b.png'],
  goods_master_image: '/a.png', goods_price: '9.90', goods_market_price: '39.00', goods_stock: 7, goods_sale: 12,
  goods_content: '<p>Fresh leaves</p><script>alert(1)</script>', price_min: '9.90', price_max: '29.90',
  classes: [{ id: 1, name: 'Food' }, { id: 10, name: 'Drinks' }, { id: 30, name: 'Tea' }], brand: null,
  attrs: [
    { id: 1, name: 'Colour', specs: [{ id: 11, name: 'Red' }, { id: 12, name: 'Blue' }] },
    { id: 2, name: 'Size', specs: [{ id: 21, name: 'M' }, { id: 22, name: 'L' }] },
  ],
  skus: [
    { id: 101, spec_id: [11, 21], sku_name: 'Red,M', goods_price: '19.90', goods_stock: 5 },
    { id: 102, spec_id: [11, 22], sku_name: 'Red,L', goods_price: '29.90', goods_stock: 2 },
    { id: 103, spec_id: [12, 22], sku_name: 'Blue,L', goods_price: '9.90', goods_stock: 0 },
  ],
  comment_statistics: { total: 2, good: 1, medium: 0, bad: 1, good_rate: 50, averages: { score: '3.50', agree: '4.00', service: '4.50', speed: '5.00' } },
  store,
  sale_list: [{ id: 8, goods_name: 'Black tea', goods_master_image: '', goods_price: '15.00', goods_sale: 3 }],
  is_fav: false,
};

const comments = (request: SeenRequest) => ({
  data: request.url.searchParams.get('is_type') === '3'
    ? [{ id: 2, score: 1, agree: 2, service: 2, speed: 2, content: 'Too bitter', image: [], reply: 'Sorry', reply_time: null, created_at: '2024-05-01 10:00:00', sku_name: 'Red,M', nickname: 'Ann', avatar: '' }]
    : [{ id: 1, score: 5, agree: 5, service: 5, speed: 5, content: 'Lovely', image: [], reply: null, reply_time: null, created_at: '2024-05-02 10:00:00', sku_name: 'Red,L', nickname: 'Bo', avatar: '' }],
  count: 1, total: 1, per_page: 10, last_page: 1, current_page: 1,
});

let requests: SeenRequest[];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  requests = stubApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/goods/7') return detail;
    if (path === '/api/goods_comments/7') return comments(request);
    if (path === '/api/user/carts') return { id: 1, cart_count: 4 };
    if (path === '/api/cart_count') return 1;
    return null;
  });
});

const open = async () => {
  const view = renderPage('/goods/:id', GoodsPage, '/goods/7');
  await screen.findByRole('heading', { name: 'Green tea' });
  return view;
};
const price = () => screen.getByTestId('goods-price').textContent;
const checkoutParams = (path: string) => {
  expect(path.startsWith('/order/before/')).toBe(true);
  return decodeUrlParams(path.split('/')[3]);
};

/** The goods page with the header's cart count beside it. */
function CountedGoodsPage() {
  const count = useCartCount(true);
  return (
    <>
      <span data-testid="cart-count">{count}</span>
      <GoodsPage />
    </>
  );
}
const stock = () => screen.getByTestId('goods-stock').textContent;
const spec = (attr: string, name: string) => within(screen.getByRole('group', { name: attr })).getByRole('button', { name });

describe('goods detail', () => {
  it('shows the price range until a SKU is chosen, then its price and stock', async () => {
    const user = userEvent.setup();
    await open();
    expect(price()).toBe('￥9.90 - ￥29.90');
    expect(stock()).toBe('7 in stock');

    await user.click(spec('Colour', 'Red'));
    expect(price()).toBe('￥9.90 - ￥29.90');
    await user.click(spec('Size', 'L'));
    expect(price()).toBe('￥29.90');
    expect(stock()).toBe('2 in stock');

    await user.click(spec('Size', 'M'));
    expect(price()).toBe('￥19.90');
    expect(stock()).toBe('5 in stock');
    // Clicking the chosen value again keeps it chosen
    await user.click(spec('Size', 'M'));
    expect(spec('Size', 'M')).toHaveAttribute('aria-pressed', 'true');
    expect(price()).toBe('￥19.90');
    // Blue exists only as the sold-out blue L
    expect(spec('Colour', 'Blue')).toBeDisabled();
  });

  it('refuses to buy without a SKU, without a quantity, beyond the stock or below 1', async () => {
    const user = userEvent.setup();
    const { router } = await open();
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a specification');

    await user.click(spec('Colour', 'Red'));
    await user.click(spec('Size', 'L'));
    await user.clear(screen.getByRole('textbox', { name: 'Quantity' }));
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in the purchase quantity');
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '3');
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Insufficient stock');
    await user.clear(screen.getByRole('textbox', { name: 'Quantity' }));
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '0');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum purchase quantity is 1');
    expect(router.state.location.pathname).toBe('/goods/7');
    expect(requests.some((r) => r.url.pathname === '/api/user/carts')).toBe(false);
  });

  it('buys the chosen SKU: the order confirmation gets goods, SKU and quantity', async () => {
    localStorage.setItem('token', 'shopper');
    const user = userEvent.setup();
    const { router } = await open();
    await user.click(spec('Colour', 'Red'));
    await user.click(spec('Size', 'L'));
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(checkoutParams(router.state.location.pathname)).toEqual({ order: [{ goods_id: 7, sku_id: 102, buy_num: 2 }], ifcart: 0 });
  });

  it('sends a visitor who favourites to the login page', async () => {
    const user = userEvent.setup();
    const { router } = await open();
    await user.click(screen.getByRole('button', { name: 'Add to favourites' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests.some((r) => r.url.pathname === '/api/user/favorites')).toBe(false);
  });

  it.each([
    ['Add to cart', 'cart'],
    ['Buy now', 'buy'],
  ])('sends a visitor who clicks "%s" to the login page, which comes back with the SKU, quantity and action', async (button, then) => {
    const user = userEvent.setup();
    const { router } = await open();
    await user.click(spec('Colour', 'Red'));
    await user.click(spec('Size', 'L'));
    await user.clear(screen.getByRole('textbox', { name: 'Quantity' }));
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '2');
    await user.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(`/goods/7?sku_id=102&buy_num=2&then=${then}`)}`);
    expect(requests.some((r) => r.url.pathname === '/api/user/carts')).toBe(false);
  });

  it('back from the login: picks the SKU and quantity again, adds them to the cart once and shows the count', async () => {
    localStorage.setItem('token', 'shopper');
    const { router } = renderPage('/goods/:id', CountedGoodsPage, '/goods/7?sku_id=102&buy_num=2&then=cart');
    await screen.findByText('Added to the cart');
    const adds = requests.filter((r) => r.url.pathname === '/api/user/carts');
    expect(adds.map((r) => [r.method, Object.fromEntries(r.body)])).toEqual([['POST', { goods_id: '7', sku_id: '102', buy_num: '2' }]]);
    expect(price()).toBe('￥29.90');
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveValue('2');
    expect(screen.getByTestId('cart-count')).toHaveTextContent('4');
    // The action is gone from the address: a reload does not add again.
    expect(router.state.location.search).toBe('?sku_id=102&buy_num=2');
  });

  it('back from the login after "buy now": goes on to the checkout with the same choice', async () => {
    localStorage.setItem('token', 'shopper');
    const { router } = renderPage('/goods/:id', GoodsPage, '/goods/7?sku_id=101&buy_num=3&then=buy');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/order\/before\//));
    expect(checkoutParams(router.state.location.pathname)).toEqual({ order: [{ goods_id: 7, sku_id: 101, buy_num: 3 }], ifcart: 0 });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('back from the login with a choice that no longer fits: shows why and does nothing', async () => {
    localStorage.setItem('token', 'shopper');
    const { router } = renderPage('/goods/:id', GoodsPage, '/goods/7?sku_id=102&buy_num=9&then=cart');
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient stock');
    expect(requests.some((r) => r.url.pathname === '/api/user/carts')).toBe(false);
    expect(router.state.location.pathname).toBe('/goods/7');
  });

  it('adds the chosen SKU to the cart of a logged-in shopper', async () => {
    localStorage.setItem('token', 'shopper');
    const user = userEvent.setup();
    await open();
    await user.click(spec('Colour', 'Red'));
    await user.click(spec('Size', 'M'));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await screen.findByText('Added to the cart');
    const add = requests.find((r) => r.url.pathname === '/api/user/carts')!;
    expect(add.method).toBe('POST');
    expect(Object.fromEntries(add.body)).toEqual({ goods_id: '7', sku_id: '101', buy_num: '1' });
  });

  it('shows the refusal of the server', async () => {
    localStorage.setItem('token', 'shopper');
    stubApi((request) => {
      if (request.url.pathname === '/api/goods/7') return detail;
      if (request.url.pathname === '/api/user/carts') return envelope(402, null, 'This goods is off the shelf or no longer exists.');
      return null;
    });
    const user = userEvent.setup();
    await open();
    await user.click(spec('Colour', 'Red'));
    await user.click(spec('Size', 'M'));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('This goods is off the shelf or no longer exists.')).toBeInTheDocument();
    expect(screen.queryByText('Added to the cart')).toBeNull();
  });

  it('shows the chosen SKU’s flash sale on the server’s clock: price, pool, countdown and the checkout with its line', async () => {
    // The server's clock is an hour behind the device's: the countdowns follow the server.
    const serverNow = Date.now() - 3_600_000;
    const at = (ms: number) => new Date(serverNow + ms).toISOString();
    const sale = (over: object) => ({ goods_id: 7, goods_name: 'Green tea', goods_image: '', goods_price: '19.90', limit_num: 1, ...over });
    stubApi((request) => {
      if (request.url.pathname === '/api/goods/7') return detail;
      if (request.url.pathname === '/api/seckills' && request.url.searchParams.get('goods_id') === '7')
        return {
          data: [
            sale({ id: 5, sku_id: 101, sku_name: 'Red,M', price: '1.00', stock: 4, start_time: at(-60_000), end_time: at(2 * 3_600_000 + 65_000) }),
            sale({ id: 6, sku_id: 102, sku_name: 'Red,L', goods_price: '29.90', price: '2.00', stock: 9, start_time: at(600_000), end_time: at(3_600_000) }),
          ],
          total: 2, per_page: 30, current_page: 1, last_page: 1, now: new Date(serverNow).toISOString(),
        };
      return null;
    });
    const user = userEvent.setup();
    const { router } = await open();
    // no SKU chosen yet: the sales are named by their SKUs
    expect((await screen.findAllByTestId('goods-seckill-other')).map((e) => e.textContent)).toEqual([
      'Red,M has a flash sale: choose it to see the sale price',
      'Red,L has a flash sale: choose it to see the sale price',
    ]);
    expect(screen.queryByTestId('goods-seckill')).toBeNull();

    await user.click(spec('Colour', 'Red'));
    await user.click(spec('Size', 'L'));
    expect(screen.getByTestId('goods-seckill-price')).toHaveTextContent('¥2.00');
    expect(screen.getByTestId('goods-seckill-countdown').textContent).toMatch(/^Starts in 0:(09:5\d|10:00)$/);
    expect(screen.queryByTestId('goods-seckill-buy')).toBeNull();
    expect(screen.getByText('Not started')).toBeInTheDocument();
    expect(screen.getAllByTestId('goods-seckill-other').map((e) => e.textContent)).toEqual(['Red,M has a flash sale: choose it to see the sale price']);

    await user.click(spec('Size', 'M'));
    expect(screen.getByTestId('goods-seckill-price')).toHaveTextContent('¥1.00');
    expect(screen.getByTestId('goods-seckill-stock')).toHaveTextContent('4 left');
    expect(screen.getByTestId('goods-seckill-countdown').textContent).toMatch(/^Ends in 2:01:0[0-5]$/);
    expect(screen.getByText('Limit 1 per shopper')).toBeInTheDocument();
    await user.click(screen.getByTestId('goods-seckill-buy'));
    expect(checkoutParams(router.state.location.pathname)).toEqual({ order: [{ goods_id: 7, sku_id: 101, buy_num: 1, seckill_id: 5 }], ifcart: 0 });
  });

  it('shows no flash sale for a goods without one, and a retry when the sales cannot be read', async () => {
    stubApi((request) => {
      if (request.url.pathname === '/api/goods/7') return detail;
      if (request.url.pathname === '/api/seckills') return envelope(500, null, 'Server error', 500);
      return null;
    });
    await open();
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeInTheDocument();
    stubApi((request) => {
      if (request.url.pathname === '/api/goods/7') return detail;
      if (request.url.pathname === '/api/seckills') return { data: [], total: 0, per_page: 30, current_page: 1, last_page: 1, now: new Date().toISOString() };
      return null;
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull());
    expect(screen.queryByTestId('goods-seckill')).toBeNull();
    expect(screen.getByTestId('goods-price')).toHaveTextContent('￥9.90 - ￥29.90');
  });

  it('shows the store card, the safe details and the reviews by class', async () => {
    const user = userEvent.setup();
    await open();
    expect(screen.getByRole('link', { name: 'Visit store' })).toHaveAttribute('href', '/store/3');
    expect(screen.getByText('Store rating 4.63')).toBeInTheDocument();
    expect(screen.getByText('Fresh leaves')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByRole('link', { name: /Black tea/ })).toHaveAttribute('href', '/goods/8');

    await user.click(screen.getByRole('tab', { name: 'Reviews (2)' }));
    await screen.findByText('Lovely');
    await user.click(screen.getByText('Negative (1)'));
    await screen.findByText('Too bitter');
    expect(screen.getByText("Seller's reply: Sorry")).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === '/api/goods_comments/7').map((r) => r.url.searchParams.get('is_type'))).toEqual(['0', '3']);
  });

  it('says "No reviews yet" for a goods and a store without reviews, never a made-up rate or score', async () => {
    const unrated = { ...store, comments: 0, good_rate: null, score: null, agree: null, service: null, speed: null, rate: null };
    stubApi((request) => {
      if (request.url.pathname === '/api/goods/7') return { ...detail, store: unrated, comment_statistics: { total: 0, good: 0, medium: 0, bad: 0, good_rate: null, averages: { score: null, agree: null, service: null, speed: null } } };
      if (request.url.pathname === '/api/goods_comments/7') return { data: [], count: 0, total: 0, per_page: 10, last_page: 1, current_page: 1 };
      return null;
    });
    const user = userEvent.setup();
    await open();
    expect(screen.getAllByText('No reviews yet')).toHaveLength(2); // the price panel and the store card
    expect(screen.queryByText(/positive/)).toBeNull();
    expect(screen.queryByText(/Store rating/)).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Reviews (0)' }));
    await waitFor(() => expect(screen.getAllByText('No reviews yet')).toHaveLength(3));
    expect(screen.queryByText(/%/)).toBeNull();
  });

  it('says so when the goods is not visible', async () => {
    stubApi((request) => (request.url.pathname === '/api/goods/99' ? envelope(404, null, 'Not found', 404) : null));
    renderPage('/goods/:id', GoodsPage, '/goods/99');
    expect(await screen.findByText('This goods does not exist or is no longer on sale')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });

  it('keeps the entry page’s copy of the main picture until its own has loaded or failed to', async () => {
    document.body.insertAdjacentHTML('afterbegin', `<img class="${FIRST_PICTURE_CLASS}" data-page="goods" src="/a.png" alt="">`);
    const entryPicture = () => document.querySelector(`.${FIRST_PICTURE_CLASS}`);
    await open();
    expect(entryPicture()).not.toBeNull();
    fireEvent.error(screen.getByRole('img', { name: 'Green tea' }));
    expect(entryPicture()).toBeNull();
  });
});
