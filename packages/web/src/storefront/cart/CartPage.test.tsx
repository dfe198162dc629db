import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CartStore } from '@qshop/shared/schemas/cart';
import i18n from '../../i18n';
import { envelope } from '../../test/http';
import { decodeUrlParams } from '../../utils/base64Params';
import { useCartCount } from '../cartCount';
import { renderPage, stubApi, type SeenRequest } from '../catalog/testing';
import CartPage from './CartPage';

const line = (fields: Partial<CartStore['lines'][number]> & { id: number; goods_name: string }) => ({
  goods_id: fields.id * 10, sku_id: 0, goods_image: '', sku_name: '-', goods_price: '10.00', buy_num: 1, stock: 10, line_total: '10.00', state: 'ok' as const,
  ...fields,
});

const CART: CartStore[] = [
  {
    store_id: 3, store_name: 'Tea House', store_logo: '',
    lines: [
      line({ id: 1, goods_name: 'Green tea', buy_num: 2, line_total: '20.00' }),
      line({ id: 2, goods_name: 'T-shirt', sku_id: 102, sku_name: 'Red,M', goods_price: '19.90', line_total: '19.90', stock: 5 }),
      line({ id: 3, goods_name: 'Old kettle', state: 'off_shelf' }),
    ],
  },
  {
    store_id: 4, store_name: 'Mug Shop', store_logo: '',
    lines: [
      line({ id: 4, goods_name: 'Big mug', buy_num: 3, stock: 1, line_total: '30.00', state: 'short_stock' }),
      line({ id: 5, goods_name: 'Small mug', goods_price: '8.50', line_total: '8.50' }),
    ],
  },
];

let cart: unknown;
let failLoads = 0;
let requests: SeenRequest[];
let putAnswer: (request: SeenRequest) => unknown;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.setItem('token', 'shopper');
  cart = CART;
  failLoads = 0;
  putAnswer = () => ({ id: 1, cart_count: 5 });
  requests = stubApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/user/carts') return failLoads-- > 0 ? envelope(500, null, 'Server error', 500) : cart;
    if (path.startsWith('/api/user/carts/') && request.method === 'PUT') return putAnswer(request);
    if (path.startsWith('/api/user/carts/') && request.method === 'DELETE') return { deleted: path.split('/').pop()!.split(',').length, cart_count: 2 };
    return null;
  });
});

/** The cart page with the header's count beside it. */
function CountedCartPage() {
  const count = useCartCount(true);
  return (
    <>
      <span data-testid="cart-count">{count}</span>
      <CartPage />
    </>
  );
}

const open = async () => {
  const view = renderPage('/carts', CountedCartPage, '/carts');
  await screen.findByText('Green tea');
  return view;
};
const total = () => screen.getByTestId('cart-total').textContent;
const row = (name: string) => screen.getAllByTestId('cart-line').find((r) => within(r).queryByText(name))!;
const store = (name: string) => screen.getByRole('rowgroup', { name });

describe('the cart', () => {
  it('groups the lines by store, shows why flagged lines cannot be bought, and starts with every buyable line selected', async () => {
    await open();
    expect(screen.getAllByTestId('cart-store').map((s) => s.getAttribute('aria-label'))).toEqual(['Tea House', 'Mug Shop']);
    expect(within(store('Tea House')).getAllByTestId('cart-line')).toHaveLength(3);
    expect(within(row('T-shirt')).getByText('Red,M')).toBeInTheDocument();
    expect(within(row('Old kettle')).getByText('No longer on sale')).toBeInTheDocument();
    expect(within(row('Big mug')).getByText('Only 1 left in stock')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Old kettle' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select Big mug' })).toBeDisabled();
    expect(within(row('Old kettle')).getByRole('textbox', { name: 'Quantity of Old kettle' })).toBeDisabled();
    expect(total()).toBe('￥48.40');
    expect(screen.getByTestId('cart-selected')).toHaveTextContent('Selected: 3');
    expect(screen.getByTestId('cart-count')).toHaveTextContent('5');
  });

  it('selects by line, by store and all at once; the total follows', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('checkbox', { name: 'Select every item of Tea House' }));
    expect(total()).toBe('￥8.50');
    expect(screen.getByRole('checkbox', { name: 'Select Green tea' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select T-shirt' }));
    expect(total()).toBe('￥28.40');
    expect(screen.getByRole('checkbox', { name: 'Select every item of Tea House' })).toHaveAttribute('data-indeterminate', 'true');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(total()).toBe('￥48.40');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(total()).toBe('￥0.00');
  });

  it('saves a quantity as the stepper changes it; the line, the total and the header count follow', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(within(row('Green tea')).getByRole('button', { name: 'One more' }));
    await waitFor(() => expect(within(row('Green tea')).getByTestId('line-total')).toHaveTextContent('￥30.00'));
    const put = requests.filter((r) => r.method === 'PUT');
    expect(put.map((r) => [r.url.pathname, Object.fromEntries(r.body)])).toEqual([['/api/user/carts/1', { buy_num: '3' }]]);
    expect(total()).toBe('￥58.40');

    // A typed quantity is kept within the stock.
    const quantity = within(row('T-shirt')).getByRole('textbox', { name: 'Quantity of T-shirt' });
    await user.clear(quantity);
    await user.type(quantity, '9{Enter}');
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(Object.fromEntries(requests.filter((r) => r.method === 'PUT')[1].body)).toEqual({ buy_num: '5' });
    await waitFor(() => expect(total()).toBe('￥138.00'));
    expect(screen.getByTestId('cart-count')).toHaveTextContent('5');
  });

  it('a short line can be brought down to the stock', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(within(row('Big mug')).getByRole('button', { name: 'One less' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(Object.fromEntries(requests.find((r) => r.method === 'PUT')!.body)).toEqual({ buy_num: '1' });
  });

  it('a refused quantity shows the reason and reads the cart again', async () => {
    putAnswer = () => envelope(402, { goods_id: 10, sku_id: 0 }, 'Not enough stock.');
    const user = userEvent.setup();
    await open();
    await user.click(within(row('Green tea')).getByRole('button', { name: 'One more' }));
    expect(await screen.findByText('Not enough stock.')).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.url.pathname === '/api/user/carts')).toHaveLength(2));
    expect(within(row('Green tea')).getByTestId('line-total')).toHaveTextContent('￥20.00');
  });

  it('removes a flagged line after a confirmation; cancelling removes nothing', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: 'Remove Old kettle' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove Old kettle' }));
    expect(await screen.findByText('Items to remove: 1.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Removed from the cart');
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/api/user/carts/3']);
    expect(screen.queryByText('Old kettle')).toBeNull();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');
  });

  it('deletes the selected lines; with none selected it says so', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('checkbox', { name: 'Select Small mug' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByText('Removed from the cart');
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/api/user/carts/1,2']);
    expect(screen.queryByText('Green tea')).toBeNull();
    expect(total()).toBe('￥0.00');

    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    expect(await screen.findByText('Please select the operation data first')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('checks out the selected lines with their cart ids', async () => {
    const user = userEvent.setup();
    const { router } = await open();
    await user.click(screen.getByRole('checkbox', { name: 'Select Green tea' }));
    await user.click(screen.getByRole('button', { name: 'Check out' }));
    const path = router.state.location.pathname;
    expect(path.startsWith('/order/before/')).toBe(true);
    expect(decodeUrlParams(path.split('/')[3])).toEqual({
      order: [
        { goods_id: 20, sku_id: 102, buy_num: 1, cart_id: 2 },
        { goods_id: 50, sku_id: 0, buy_num: 1, cart_id: 5 },
      ],
      ifcart: 1,
    });
  });

  it('refuses to check out nothing', async () => {
    const user = userEvent.setup();
    const { router } = await open();
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Check out' }));
    expect(await screen.findByText('No product in the cart is selected')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/carts');
  });

  it('an empty cart offers to go shopping', async () => {
    cart = [];
    renderPage('/carts', CartPage, '/carts');
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go shopping' })).toHaveAttribute('href', '/s');
  });

  it('a failed load offers to try again', async () => {
    failLoads = 1;
    const user = userEvent.setup();
    renderPage('/carts', CartPage, '/carts');
    await user.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Green tea')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === '/api/user/carts')).toHaveLength(2);
  });
});
