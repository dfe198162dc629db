import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { renderPage, stubApi, type SeenRequest } from '../catalog/testing';
import StorePage from './StorePage';
import StoresPage from './StoresPage';

let requests: SeenRequest[];

const store = { id: 3, store_name: 'Tea House', store_logo: '', area_info: 'Beijing', store_address: 'Road 1', sales: 20, comments: 4, good_rate: 75, rate: '4.50' };

beforeEach(async () => {
  await i18n.changeLanguage('en');
  requests = stubApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/stores') {
      const distance = request.url.searchParams.has('lat') ? { distance: 2.5 } : {};
      return { data: [{ ...store, ...distance }], count: 1, total: 1, per_page: 20, last_page: 1, current_page: 1 };
    }
    if (path === '/api/store/3')
      return { ...store, score: '4.00', agree: '5.00', service: '4.00', speed: '5.00', best_sellers: [{ id: 7, goods_name: 'Green tea', goods_master_image: '', goods_price: '9.90' }], is_fav: true };
    if (path === '/api/goods') return { data: [{ id: 8, goods_name: 'Black tea', goods_master_image: '', goods_price: '15.00' }], count: 1, total: 1, per_page: 20, last_page: 1, current_page: 1, brands: [], classes: [] };
    return null;
  });
});

afterEach(() => {
  Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
});

const storeQueries = () => requests.filter((r) => r.url.pathname === '/api/stores').map((r) => Object.fromEntries(r.url.searchParams));

describe('store list', () => {
  it('sorts by distance from the point the browser gives', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) => ok({ coords: { latitude: 39.9219, longitude: 116.4436 } } as GeolocationPosition));
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const user = userEvent.setup();
    const { router } = renderPage('/stores', StoresPage, '/stores');
    expect(await screen.findByRole('link', { name: 'Tea House' })).toHaveAttribute('href', '/store/3');
    await user.click(screen.getByText('Distance'));
    expect(await screen.findByText('2.5 km away')).toBeInTheDocument();
    await waitFor(() => expect(storeQueries().at(-1)).toEqual({ page: '1', per_page: '20', sort: 'distance', lat: '39.921900', lng: '116.443600' }));
    expect(router.state.location.search).toBe('?sort=distance');
  });

  it('stays by sales without a point, and searches by name', async () => {
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail({} as GeolocationPositionError) }, configurable: true });
    const user = userEvent.setup();
    const { router } = renderPage('/stores', StoresPage, '/stores');
    await screen.findByRole('link', { name: 'Tea House' });
    await user.click(screen.getByText('Distance'));
    expect(await screen.findByText('Your location is not available; the stores are sorted by sales.')).toBeInTheDocument();
    expect(storeQueries().every((q) => q.sort === 'sales' && !('lat' in q))).toBe(true);

    await user.type(screen.getByRole('textbox', { name: 'Search store names' }), 'tea');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(storeQueries().at(-1)).toEqual({ page: '1', per_page: '20', sort: 'sales', keywords: 'tea' }));
    expect(router.state.location.search).toBe('?keywords=tea');
  });
});

describe('store page', () => {
  it('shows the store, its best sellers and its goods searched within the store', async () => {
    const user = userEvent.setup();
    renderPage('/store/:id', StorePage, '/store/3');
    expect(await screen.findByRole('heading', { name: 'Tea House' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: /Green tea/ })).toHaveAttribute('href', '/goods/7');
    expect(await screen.findByRole('link', { name: /Black tea/ })).toHaveAttribute('href', '/goods/8');
    await user.type(screen.getByRole('textbox', { name: 'Search in this store' }), 'black');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(Object.fromEntries(requests.filter((r) => r.url.pathname === '/api/goods').at(-1)!.url.searchParams)).toEqual({
        keywords: 'black', store_id: '3', sort: 'sales', page: '1', per_page: '20',
      }),
    );
  });

  it('a follow of a logged-in shopper toggles the store', async () => {
    localStorage.setItem('token', 'shopper');
    stubApi((request) => {
      if (request.url.pathname === '/api/store/3') return { ...store, score: '4', agree: '4', service: '4', speed: '4', best_sellers: [], is_fav: false };
      if (request.url.pathname === '/api/user/favorites') return { is_fav: true };
      if (request.url.pathname === '/api/goods') return { data: [], count: 0, total: 0, per_page: 20, last_page: 1, current_page: 1, brands: [], classes: [] };
      return null;
    });
    const user = userEvent.setup();
    renderPage('/store/:id', StorePage, '/store/3');
    await user.click(await screen.findByRole('button', { name: 'Follow store' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
  });

  it('shows the after-sales terms as rich text, without script and without the editor data', async () => {
    stubApi((request) => {
      if (request.url.pathname === '/api/store/3')
        return { ...store, score: '4', agree: '4', service: '4', speed: '4', best_sellers: [], is_fav: false, after_sale_service: '<p>Seven-day <strong>returns</strong></p><img src="x" onerror="alert(1)">##qshop##{"type":"doc"}' };
      if (request.url.pathname === '/api/goods') return { data: [], count: 0, total: 0, per_page: 20, last_page: 1, current_page: 1, brands: [], classes: [] };
      return null;
    });
    renderPage('/store/:id', StorePage, '/store/3');
    expect(await screen.findByText('After-sales service')).toBeInTheDocument();
    const returns = screen.getByText('returns');
    expect(returns.tagName).toBe('STRONG');
    const terms = returns.closest('p')!.parentElement!;
    expect(terms.innerHTML).not.toContain('onerror');
    expect(terms.textContent).not.toContain('qshop');
  });
});
