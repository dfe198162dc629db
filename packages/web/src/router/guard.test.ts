import { describe, expect, it, vi } from 'vitest';
import type { Area } from '../auth/areas';
import { runGuard, type GuardDeps, type StoredSession } from './guard';

function deps(tokens: Partial<Record<Area, string>> = {}, menuLoaded = false): GuardDeps {
  const session = (area: Area): StoredSession => ({ token: tokens[area] ?? null, user: null });
  return {
    startProgress: vi.fn(),
    readSessions: vi.fn(() => ({ user: session('user'), seller: session('seller'), admin: session('admin') })),
    isMenuLoaded: vi.fn(() => menuLoaded),
    loadMenuRoutes: vi.fn(async () => undefined),
  };
}

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('route guard', () => {
  it('starts the progress bar and reads every area session', async () => {
    const d = deps();
    await runGuard(at('/'), d);
    expect(d.startProgress).toHaveBeenCalledOnce();
    expect(d.readSessions).toHaveBeenCalledOnce();
  });

  it('flags the home path and passes public pages straight through', async () => {
    expect(await runGuard(at('/'), deps())).toEqual({ kind: 'pass', isHome: true, area: 'user' });
    expect(await runGuard(at('/goods/5'), deps())).toEqual({ kind: 'pass', isHome: false, area: 'user' });
    for (const login of ['/login', '/register', '/forget_password', '/Admin/login', '/Seller/login']) {
      expect((await runGuard(at(login), deps())).kind).toBe('pass');
    }
  });

  it.each([
    ['/user/orders', '/login?redirect=%2Fuser%2Forders'],
    ['/carts', '/login?redirect=%2Fcarts'],
    ['/order/pay/abc', '/login?redirect=%2Forder%2Fpay%2Fabc'],
    ['/Admin/goods_brands', '/Admin/login'],
    ['/Seller/orders', '/Seller/login'],
    ['/Admin', '/Admin/login'],
  ])('without a token, %s goes to %s', async (path, login) => {
    expect(await runGuard(at(path), deps())).toEqual({ kind: 'redirect', to: login });
  });

  it('sends a shopper to the login page with the whole address to come back to', async () => {
    expect(await runGuard(at('/user/address/form/3', '?from=cart', '#top'), deps())).toEqual({
      kind: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/user/address/form/3?from=cart#top')}`,
    });
  });

  it('uses the token of the area the path belongs to', async () => {
    expect((await runGuard(at('/Admin/x'), deps({ user: 't', seller: 's' }))).kind).toBe('redirect');
    expect((await runGuard(at('/user'), deps({ user: 't' }))).kind).toBe('pass');
  });

  it('logged in with the menu not loaded: loads menu routes, then re-enters the same address', async () => {
    const d = deps({ admin: 'a' });
    const result = await runGuard(at('/Admin/goods_brands', '?page=2', '#top'), d);
    expect(d.loadMenuRoutes).toHaveBeenCalledWith('admin');
    expect(result).toEqual({ kind: 'reenter', to: '/Admin/goods_brands?page=2#top' });
  });

  it('logged in with the menu loaded: passes', async () => {
    const d = deps({ seller: 's' }, true);
    expect(await runGuard(at('/Seller/orders'), d)).toEqual({ kind: 'pass', isHome: false, area: 'seller' });
    expect(d.loadMenuRoutes).not.toHaveBeenCalled();
  });

  it('lets errors through for the caller to log and cancel', async () => {
    const d = deps({ admin: 'a' });
    vi.mocked(d.loadMenuRoutes).mockRejectedValueOnce(new Error('menu failed'));
    await expect(runGuard(at('/Admin/x'), d)).rejects.toThrow('menu failed');
  });
});
