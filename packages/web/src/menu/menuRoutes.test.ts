import { describe, expect, it, vi } from 'vitest';
import { normalizeView, resolvePage } from '../pages/registry';
import { buildMenuRoutes } from './menuRoutes';
import type { MenuItem } from './types';

vi.mock('../resource/ResourcePage', () => ({ default: () => null }));

const menu: MenuItem[] = [
  {
    id: 1,
    name: '商品中心',
    ename: 'Goods',
    view: null,
    apis: null,
    is_open: 0,
    children: [
      { id: 2, name: '品牌管理', view: 'Admin/goods_brands/index', apis: '/Admin/goods_brands', is_open: 0 },
      { id: 3, name: '商品表单', view: 'Admin/goods/form', apis: '/Admin/goods/form', is_open: 1 },
      { id: 4, name: '文档', view: 'Admin/x', apis: 'https://docs.example.com', is_open: 0 },
      { id: 5, name: '分组', view: '', apis: '', is_open: 0, children: [{ id: 6, name: '地区', view: 'Admin/areas', apis: '/Admin/areas' }] },
    ],
  },
];

describe('menu routes', () => {
  it('puts is_open 0 inside the layout and is_open 1 at the top; entries without view and path only give children', () => {
    const routes = buildMenuRoutes('admin', menu);
    expect(routes.inShell.map((route) => route.path)).toEqual(['/Admin/goods_brands', '/Admin/areas']);
    expect(routes.topLevel.map((route) => route.path)).toEqual(['/Admin/goods/form']);
    expect([...routes.paths]).toEqual(['/Admin/goods_brands', '/Admin/goods/form', '/Admin/areas']);
    expect(routes.inShell[0].id).toBe('admin-menu-2');
    expect(routes.inShell[0].handle).toMatchObject({ menu: { id: 2 } });
  });

  it('skips paths outside the area', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const routes = buildMenuRoutes('seller', [{ id: 9, name: 'x', view: 'Admin/x', apis: '/Admin/x' }]);
    expect(routes.paths.size).toBe(0);
  });

  it('maps views to pages, falling back to the generic resource page', async () => {
    expect(normalizeView('/Admin/goods_brands/index.vue')).toBe('Admin/goods_brands');
    expect(resolvePage('Admin/dashboard/index').chunk).toBe('Admin/dashboard');
    const dashboard = await resolvePage('Admin/dashboard/index').entry.load();
    const brands = await resolvePage('Admin/goods_brands/index').entry.load();
    const resource = await import('../resource/ResourcePage');
    expect(brands.default).toBe(resource.default);
    expect(dashboard.default).not.toBe(resource.default);
  });
});
