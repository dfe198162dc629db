import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { renderPage, stubApi, type SeenRequest } from '../../storefront/catalog/testing';
import FavoritesPage from './FavoritesPage';

let goodsRows: unknown[];
let requests: SeenRequest[];

const page = (data: unknown[], total = data.length) => ({ data, count: data.length, total, per_page: 20, last_page: Math.max(1, Math.ceil(total / 20)), current_page: 1 });

beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.setItem('token', 'shopper');
  goodsRows = [
    { id: 41, out_id: 7, is_type: 0, created_at: '2024-05-01 10:00:00', goods: { id: 7, goods_name: 'Green tea', goods_master_image: '', goods_price: '9.90' } },
    { id: 42, out_id: 8, is_type: 0, created_at: '2024-05-01 10:00:00', goods: { id: 8, goods_name: 'Black tea', goods_master_image: '', goods_price: '15.00' } },
  ];
  requests = stubApi((request) => {
    if (request.url.pathname === '/api/user/favorites') {
      return request.url.searchParams.get('is_type') === '1'
        ? page([{ id: 51, out_id: 3, is_type: 1, created_at: '2024-05-01 10:00:00', store: { id: 3, store_name: 'Tea House', store_logo: '' } }])
        : page(goodsRows);
    }
    if (request.method === 'DELETE') {
      goodsRows = goodsRows.filter((row) => `/api/user/favorites/${(row as { id: number }).id}` !== request.url.pathname);
      return { deleted: 1 };
    }
    return null;
  });
});

describe('favourites', () => {
  it('lists favourite goods and removes one', async () => {
    const user = userEvent.setup();
    renderPage('/user/favorites', FavoritesPage, '/user/favorites');
    expect(await screen.findByRole('link', { name: 'Green tea' })).toHaveAttribute('href', '/goods/7');
    expect(screen.getByText('￥9.90')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Remove' })[0]);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Green tea' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Black tea' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'DELETE')?.url.pathname).toBe('/api/user/favorites/41');
    expect(await screen.findByText('Removed from favourites')).toBeInTheDocument();
  });

  it('lists followed stores on their own tab, and says when there is nothing', async () => {
    goodsRows = [];
    const user = userEvent.setup();
    renderPage('/user/favorites', FavoritesPage, '/user/favorites');
    expect(await screen.findByText('No favourite goods yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Followed stores' }));
    expect(await screen.findByRole('link', { name: 'Tea House' })).toHaveAttribute('href', '/store/3');
    expect(screen.getByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === '/api/user/favorites').map((r) => r.url.searchParams.get('is_type'))).toEqual(['0', '1']);
  });
});
