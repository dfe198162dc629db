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

  it('draws a slide’s headline and subheadline over its picture in the current language; a slide without one shows none', async () => {
    const slides = [
      { id: 1, name: 'spring-2026', url: '/s', image: '/ad1.png', title: '春季大促', etitle: 'Spring sale', subtitle: '全场五折', esubtitle: 'Everything half price' },
      { id: 2, name: 'Partner', url: 'https://example.com', image: '/ad2.png', title: '', etitle: '', subtitle: '', esubtitle: '' },
      { id: 3, name: 'zh-only', url: '/z', image: '/ad3.png', title: '只有中文', etitle: '', subtitle: '副标题', esubtitle: '' },
    ];
    stubApi((request) => (request.url.pathname === '/api/home' ? { slides, banners: [], recommended: [], floors: [] } : null));
    renderPage('/', HomePage, '/');
    // the headline names the link; the picture under it is decoration
    const spring = await screen.findByRole('link', { name: 'Spring sale Everything half price' });
    expect(spring).toHaveAttribute('href', '/s');
    expect(within(spring).getByText('Spring sale')).toBeVisible();
    expect(spring.querySelector('img')).toHaveAttribute('alt', '');
    // no headline: the picture alone, named by the ad's name, with no text over it
    const partner = screen.getByRole('img', { name: 'Partner' }).closest('a')!;
    expect(partner.textContent).toBe('');
    // no English headline: the Chinese pair, marked as Chinese
    const zhOnly = screen.getByRole('link', { name: '只有中文 副标题' });
    expect(within(zhOnly).getByText('只有中文').parentElement).toHaveAttribute('lang', 'zh-CN');

    await i18n.changeLanguage('zh-cn');
    expect(await screen.findByRole('link', { name: '春季大促 全场五折' })).toHaveAttribute('href', '/s');
    expect(screen.queryByText('Spring sale')).toBeNull();
    expect(within(screen.getByRole('link', { name: '只有中文 副标题' })).getByText('只有中文').parentElement).not.toHaveAttribute('lang');
  });

  it('falls back to the site banner without slides and offers a retry when the home data fails', async () => {
    stubApi((request) => (request.url.pathname === '/api/home' ? new Response('{"code":500,"msg":"boom","data":null}', { status: 500 }) : null));
    renderPage('/', HomePage, '/');
    expect(await screen.findByText('The data could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByText('A multi-vendor shop: everything you need in one place')).toBeInTheDocument();
  });
});
