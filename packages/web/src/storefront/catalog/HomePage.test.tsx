import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import HomePage from './HomePage';
import { decodeSearchParams } from './searchParams';
import { renderPage, stubApi } from './testing';

const card = (id: number, goods_name: string) => ({ id, goods_name, goods_master_image: `/g${id}.png`, goods_price: '9.90', goods_sale: 3 });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

const searchState = (href: string | null) => decodeSearchParams(href?.split('/')[2]);

describe('home', () => {
  it('shows slides, promotion entries, recommended goods and one floor per category', async () => {
    stubApi((request) =>
      request.url.pathname === '/api/home'
        ? {
            slides: [
              { id: 1, name: 'Spring sale', url: '/s', image: '/ad1.png' },
              { id: 2, name: 'Partner', url: 'https://example.com', image: '/ad2.png' },
            ],
            banners: [],
            recommended: [card(1, 'Green tea')],
            floors: [{ id: 5, name: 'Food', children: [{ id: 50, name: 'Drinks' }], goods: [card(2, 'Black tea')] }],
          }
        : null,
    );
    renderPage('/', HomePage, '/');
    expect(await screen.findByRole('img', { name: 'Spring sale' })).toHaveAttribute('src', '/ad1.png');
    expect(screen.getByRole('img', { name: 'Partner' }).closest('a')).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('button', { name: 'Slide 2' })).toBeInTheDocument();

    for (const [name, href] of [['Flash sales', '/seckills'], ['Group buys', '/collectives'], ['Points mall', '/integral']])
      expect(screen.getByRole('link', { name: new RegExp(name) })).toHaveAttribute('href', href);

    const recommended = screen.getByRole('region', { name: 'Recommended' });
    expect(within(recommended).getByRole('link', { name: /Green tea/ })).toHaveAttribute('href', '/goods/1');
    const floor = screen.getByRole('region', { name: 'Food' });
    expect(within(floor).getByRole('link', { name: /Black tea/ })).toHaveAttribute('href', '/goods/2');
    expect(searchState(within(floor).getByRole('link', { name: 'Drinks' }).getAttribute('href'))).toMatchObject({ class_id: 50 });
  });

  it('falls back to the site banner without slides and offers a retry when the home data fails', async () => {
    stubApi((request) => (request.url.pathname === '/api/home' ? new Response('{"code":500,"msg":"boom","data":null}', { status: 500 }) : null));
    renderPage('/', HomePage, '/');
    expect(await screen.findByText('The data could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByText('A multi-vendor shop: everything you need in one place')).toBeInTheDocument();
  });
});
