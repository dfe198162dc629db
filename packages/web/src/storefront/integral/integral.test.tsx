// The points mall's storefront pages: the home's blocks and its empty state, the search's filters in the address and
// its request, and a goods page that is gone.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { answer } from '../../test/http';
import { renderPage, stubApi, type SeenRequest } from '../catalog/testing';
import IntegralGoodsPage from './IntegralGoodsPage';
import IntegralHomePage from './IntegralHomePage';
import IntegralSearchPage from './IntegralSearchPage';

const card = (id: number, name: string, stock = 5) => ({ id, cid: 1, goods_name: name, goods_subname: '', goods_price: 100 * id, goods_market_price: '9.90', goods_master_image: '', goods_stock: stock, goods_sale: 1 });
let home: unknown;
let requests: SeenRequest[];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  home = { recommends: [card(1, 'Cup')], classes: [{ id: 1, name: 'Home goods', goods: [card(1, 'Cup'), card(2, 'Umbrella', 0)] }] };
  requests = stubApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/integral/home') return home;
    if (path === '/api/integral/class') return [{ id: 1, name: 'Home goods' }, { id: 2, name: 'Digital' }];
    if (path === '/api/integral/goods') return { data: [card(2, 'Umbrella', 0)], count: 1, total: 1, per_page: 30, last_page: 1, current_page: 1 };
    if (path === '/api/integral/goods/9') return answer({ code: 404, msg: 'The data does not exist.', data: null }, { status: 404 });
    return null;
  });
});

describe('the points mall', () => {
  it('shows the featured goods and each category with a link to the rest', async () => {
    renderPage('/integral', IntegralHomePage, '/integral');
    expect((await screen.findByText('Featured')).tagName).toBe('H4');
    expect(screen.getByText('Home goods').tagName).toBe('H4');
    expect(screen.getAllByRole('link', { name: 'Cup' })[0]).toHaveAttribute('href', '/integral/goods/1');
    expect(screen.getByText('Sold out')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'More' })).toHaveAttribute('href', '/integral/search?cid=1');
  });

  it('says when the mall has no goods', async () => {
    home = { recommends: [], classes: [] };
    renderPage('/integral', IntegralHomePage, '/integral');
    expect(await screen.findByText('The points mall has no goods yet. Stay tuned.')).toBeInTheDocument();
  });

  it('searches by category and sort, from the address', async () => {
    const user = userEvent.setup();
    renderPage('/integral/search', IntegralSearchPage, '/integral/search?cid=1');
    expect(await screen.findByRole('link', { name: 'Umbrella' })).toBeInTheDocument();
    const searches = () => requests.filter((r) => r.url.pathname === '/api/integral/goods').map((r) => Object.fromEntries(r.url.searchParams));
    expect(searches()[0]).toMatchObject({ cid: '1', sort_type: 'id', sort_order: 'desc', page: '1' });
    await user.click(screen.getByText('Points'));
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ cid: '1', sort_type: 'goods_price', sort_order: 'asc' }));
  });

  it('says a goods that is gone is gone', async () => {
    renderPage('/integral/goods/:id', IntegralGoodsPage, '/integral/goods/9');
    expect(await screen.findByText('This points goods does not exist or is off the shelf.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the points mall' })).toHaveAttribute('href', '/integral');
  });
});
