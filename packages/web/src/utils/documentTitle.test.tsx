import { render, waitFor } from '@testing-library/react';
import { TestMantine } from '../test/TestMantine';
import { RouterProvider, createMemoryRouter, Outlet } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { stubApi } from '../storefront/catalog/testing';
import { useCommonData } from '../storefront/commonStore';
import { useDocumentTitle, usePageTitle } from './documentTitle';

/** The root layout, with the storefront's loading of the site's settings. */
function Root() {
  useDocumentTitle();
  useCommonData();
  return <Outlet />;
}

function Goods() {
  usePageTitle('拾光 X20 5G 智能手机');
  return <p>goods</p>;
}

const menu = { id: 1, name: '商品管理', ename: 'Goods', apis: '/Seller/goods', view: 'Seller/goods/index' };

function renderAt(at: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: Root,
        children: [
          { path: 's', handle: { titleKey: 'route.search' }, Component: () => <p>search</p> },
          { path: 'goods/:id', handle: { titleKey: 'route.goods' }, Component: Goods },
          { path: 'Seller/goods', handle: { menu }, Component: () => <p>seller goods</p> },
          { path: '*', Component: () => <p>elsewhere</p> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <TestMantine>
      <RouterProvider router={router} />
    </TestMantine>,
  );
  return router;
}

beforeEach(async () => {
  await i18n.changeLanguage('zh-cn');
  stubApi((request) => (request.url.pathname === '/api/common' ? { classes: [], brands: [], common: { web_name: '青禾商城' } } : null));
});

describe('document title', () => {
  it('names the page after its route, then the site, and follows the language', async () => {
    const router = renderAt('/s');
    await waitFor(() => expect(document.title).toBe('商品搜索 - 青禾商城'));
    await i18n.changeLanguage('en');
    await waitFor(() => expect(document.title).toBe('Search goods - 青禾商城'));
    await router.navigate('/Seller/goods');
    await waitFor(() => expect(document.title).toBe('Goods - 青禾商城'));
    await i18n.changeLanguage('zh-cn');
    await waitFor(() => expect(document.title).toBe('商品管理 - 青禾商城'));
  });

  it('lets a page name itself after its data, and gives the title back when it is left', async () => {
    const router = renderAt('/goods/7');
    await waitFor(() => expect(document.title).toBe('拾光 X20 5G 智能手机 - 青禾商城'));
    await router.navigate('/s');
    await waitFor(() => expect(document.title).toBe('商品搜索 - 青禾商城'));
    await router.navigate('/nowhere');
    await waitFor(() => expect(document.title).toBe('青禾商城'));
  });
});
