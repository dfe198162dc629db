import { TestMantine } from '../test/TestMantine';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import type { MenuItem } from '../menu/types';
import { createAppRouter } from '../router';
import { envelope } from '../test/http';

vi.mock('../utils/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
// The generic list page is another module's concern; a stand-in shows which page was routed.
vi.mock('../resource/ResourcePage', async () => {
  const { useLocation } = await import('react-router-dom');
  return { default: () => <p>{useLocation().pathname} resource page</p> };
});

const menu: MenuItem[] = [
  {
    id: 1,
    name: '商品中心',
    ename: 'Goods',
    view: '',
    apis: '',
    children: [
      {
        id: 2, name: '品牌管理', ename: 'Brands', view: 'Admin/goods_brands/index', apis: '/Admin/goods_brands', is_open: 0,
        children: [{ id: 9, name: '品牌表单', ename: 'Brand form', view: 'Admin/goods_brands/form', apis: '/Admin/goods_brands/form', is_open: 0 }],
      },
      {
        id: 3,
        name: '分类',
        ename: 'Classes',
        view: '',
        apis: '',
        children: [{ id: 4, name: '商品分类', ename: 'Goods classes', view: 'Admin/goods_classes/index', apis: '/Admin/goods_classes' }],
      },
    ],
  },
  {
    id: 5,
    name: '系统中心',
    ename: 'System',
    view: '',
    apis: '',
    children: [{ id: 6, name: '菜单管理', ename: 'Menu settings', view: '', apis: '', children: [{ id: 7, name: '菜单', ename: 'Menus', view: 'Admin/menus/index', apis: '/Admin/menus' }] }],
  },
  { id: 8, name: '空模块', ename: 'Empty', view: 'Admin/empty', apis: '/Admin/empty', children: [] },
];

// Lazy route chunks are transformed on first use, which can take a few seconds in a cold run.
const LAZY = { timeout: 10_000 };

function renderAt(path: string) {
  const router = createAppRouter((routes, options) => createMemoryRouter(routes, { ...options, initialEntries: [path] }));
  render(
    <TestMantine>
      <RouterProvider router={router} />
    </TestMantine>,
  );
  return router;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (String(url).includes('load_menu') ? envelope(200, menu) : envelope(200, null))),
  );
  localStorage.setItem('admin_token', 'a');
  localStorage.setItem('admin_user', JSON.stringify({ id: 1, username: 'admin', nickname: '' }));
});

describe('back-office shell', () => {
  it('shows module tabs, the selected module two levels deep and the page title', async () => {
    renderAt('/Admin/goods_brands');
    expect(await screen.findByText('/Admin/goods_brands resource page', {}, LAZY)).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Modules' });
    expect(tabs).toHaveTextContent('Goods');
    expect(tabs).toHaveTextContent('System');
    expect(screen.getByRole('link', { name: /Goods/ })).toHaveAttribute('aria-current', 'true');
    const side = screen.getByRole('complementary', { name: 'Side menu' });
    expect(side).toHaveTextContent('Admin Centre');
    expect(side).toHaveTextContent('Brands');
    expect(side).toHaveTextContent('Classes');
    // A sub-page of an entry with its own page (a form) is routed but not listed.
    expect(side).not.toHaveTextContent('Brand form');
    expect(screen.getByRole('heading', { name: 'Brands' })).toBeInTheDocument();
    expect(screen.getByText(/Good (morning|afternoon|evening|night), -/)).toBeInTheDocument();
  });

  it('a tab opens the first page of its module with its group expanded, and remembers the module', async () => {
    const router = renderAt('/Admin/goods_brands');
    await screen.findByText('/Admin/goods_brands resource page', {}, LAZY);
    const tab = screen.getByRole('link', { name: /System/ });
    expect(tab).toHaveAttribute('href', '/Admin/menus');
    await userEvent.click(tab);
    await waitFor(() => expect(router.state.location.pathname).toBe('/Admin/menus'));
    expect(localStorage.getItem('admin_menu_index')).toBe('1');
    expect(await screen.findByText('/Admin/menus resource page', {}, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu settings' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Menus' })).toHaveAttribute('data-active', 'true');
  });

  it('lists every page as a real link: its address to open in a new tab, client-side navigation on a plain click', async () => {
    const router = renderAt('/Admin/goods_brands');
    await screen.findByText('/Admin/goods_brands resource page', {}, LAZY);
    const side = screen.getByRole('complementary', { name: 'Side menu' });
    expect(within(side).getByRole('link', { name: 'Brands' })).toHaveAttribute('href', '/Admin/goods_brands');
    await userEvent.click(within(side).getByRole('button', { name: 'Classes' }));
    const classes = within(side).getByRole('link', { name: 'Goods classes' });
    expect(classes).toHaveAttribute('href', '/Admin/goods_classes');
    const loads = vi.mocked(fetch).mock.calls.length;
    await userEvent.click(classes);
    await waitFor(() => expect(router.state.location.pathname).toBe('/Admin/goods_classes'));
    expect(await screen.findByText('/Admin/goods_classes resource page', {}, LAZY)).toBeInTheDocument();
    // no page load: the menu was not fetched again
    expect(vi.mocked(fetch).mock.calls.slice(loads).some(([url]) => String(url).includes('load_menu'))).toBe(false);
  });

  it('shows the empty-menu message for a module without children', async () => {
    renderAt('/Admin/empty');
    expect(await screen.findByText('No menu', {}, LAZY)).toBeInTheDocument();
  });

  it('a tab without any page stays selected and logs the missing route', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const emptyModule = { id: 9, name: '空', ename: 'Nothing', view: '', apis: '', children: [] };
    menu.push(emptyModule);
    try {
      const router = renderAt('/Admin/goods_brands');
      await screen.findByText('/Admin/goods_brands resource page', {}, LAZY);
      await userEvent.click(screen.getByRole('button', { name: /Nothing/ }));
      expect(screen.getByRole('button', { name: /Nothing/ })).toHaveAttribute('aria-current', 'true');
      expect(screen.getByRole('complementary', { name: 'Side menu' })).toHaveTextContent('No menu');
      expect(router.state.location.pathname).toBe('/Admin/goods_brands');
      expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('No route for menu entry'));
    } finally {
      menu.pop();
    }
  });

  it('collapses the side menu to the logo only', async () => {
    renderAt('/Admin/goods_brands');
    await screen.findByText('/Admin/goods_brands resource page', {}, LAZY);
    await userEvent.click(screen.getByRole('button', { name: 'Expand / collapse the menu' }));
    const side = screen.getByRole('complementary', { name: 'Side menu' });
    expect(side).not.toHaveTextContent('Admin Centre');
    expect(screen.getByRole('link', { name: 'Brands' })).toHaveAttribute('href', '/Admin/goods_brands');
  });

  it('reaches, opens and follows a menu group with the keyboard alone', async () => {
    const router = renderAt('/Admin/goods_brands');
    await screen.findByText('/Admin/goods_brands resource page', {}, LAZY);
    const group = screen.getByRole('button', { name: 'Classes' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    group.focus();
    await userEvent.keyboard('{Enter}');
    expect(group).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Goods classes' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/Admin/goods_classes'));
  });
});
