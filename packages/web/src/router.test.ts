import { createMemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppRouter } from './router';
import { envelope } from './test/http';
import type { MenuItem } from './menu/types';

vi.mock('./utils/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('./resource/ResourcePage', () => ({ default: () => null }));

const fetchMock = vi.fn<typeof fetch>();

const adminMenu: MenuItem[] = [
  {
    id: 1,
    name: '商品中心',
    view: '',
    apis: '',
    is_open: 0,
    children: [
      { id: 2, name: '品牌管理', view: 'Admin/goods_brands/index', apis: '/Admin/goods_brands', is_open: 0 },
      { id: 3, name: '商品表单', view: 'Admin/goods/form', apis: '/Admin/goods/form', is_open: 1 },
    ],
  },
];

function start(path: string) {
  return createAppRouter((routes, options) => createMemoryRouter(routes, { ...options, initialEntries: [path] }));
}

type AppRouter = ReturnType<typeof start>;

async function settled(router: AppRouter) {
  await vi.waitFor(
    () => {
      expect(router.state.initialized).toBe(true);
      expect(router.state.navigation.state).toBe('idle');
    },
    { timeout: 10_000 },
  );
}

const routeIds = (router: AppRouter) => router.state.matches.map((match) => match.route.id);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) =>
    String(url).includes('load_menu') ? envelope(200, adminMenu) : envelope(200, null),
  );
});

describe('router and guard', () => {
  it('lets public storefront pages through without a session', async () => {
    const router = start('/goods/7');
    await settled(router);
    expect(router.state.location.pathname).toBe('/goods/7');
    expect(router.state.errors).toBeNull();
  });

  it('sends a visitor of a private storefront page to /login', async () => {
    const router = start('/user/orders');
    await settled(router);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a back-office visitor without a token to the area login', async () => {
    const router = start('/Seller/orders');
    await settled(router);
    expect(router.state.location.pathname).toBe('/Seller/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the menu once, registers its routes and re-enters the address', async () => {
    localStorage.setItem('admin_token', 'a');
    const router = start('/Admin/goods_brands?page=2');
    await settled(router);
    expect(router.state.location.pathname).toBe('/Admin/goods_brands');
    expect(router.state.location.search).toBe('?page=2');
    expect(routeIds(router)).toEqual(['root', 'admin-shell', 'admin-menu-2']);
    const menuCalls = fetchMock.mock.calls.filter(([url]) => String(url).includes('load_menu'));
    expect(menuCalls).toHaveLength(1);
    expect(String(menuCalls[0][0])).toBe('/api/Admin/load_menu?type=getChildren');
    expect(new Headers(menuCalls[0][1]!.headers).get('Authorization')).toBe('Bearer a');

    await router.navigate('/Admin/goods/form');
    await settled(router);
    expect(routeIds(router)).toEqual(['root', 'admin-menu-3']);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('load_menu'))).toHaveLength(1);
  });

  it('shows the 404 page for unknown back-office paths once the menu has loaded', async () => {
    localStorage.setItem('admin_token', 'a');
    const router = start('/Admin/no_such_page');
    await settled(router);
    expect(router.state.location.pathname).toBe('/Admin/no_such_page');
    expect(routeIds(router)[1]).toBe('admin-shell');
    expect(router.state.matches.at(-1)?.route.path).toBe('*');
  });

  it('logs a guard error and cancels the navigation', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = start('/');
    await settled(router);
    localStorage.setItem('seller_token', 's');
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await router.navigate('/Seller/orders');
    await settled(router);
    expect(router.state.location.pathname).toBe('/');
    expect(consoleError).toHaveBeenCalledWith('Navigation cancelled by the route guard:', expect.anything());
  });

  it('scrolls to the top after a navigation', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const router = start('/');
    await settled(router);
    await router.navigate('/stores');
    await settled(router);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
