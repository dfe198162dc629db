import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { currentPathname, navigateTo, reloadTo } from '../router/navigation';
import { envelope } from '../test/http';
import { notifyError, notifySuccess } from '../utils/notify';
import { login, logout } from './authService';
import { getToken, getUser } from './session';

vi.mock('../utils/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../router/navigation', () => ({ currentPathname: vi.fn(), reloadTo: vi.fn(), navigateTo: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const tokens = { access_token: 'access', refresh_token: 'refresh', token_type: 'Bearer', expires_in: 900 };

function bodyOf(index: number): URLSearchParams {
  return fetchMock.mock.calls[index][1]!.body as URLSearchParams;
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  await i18n.changeLanguage('en');
});

describe('login', () => {
  it('stores the token, fetches the user and goes to / on the storefront', async () => {
    vi.mocked(currentPathname).mockReturnValue('/login');
    fetchMock.mockResolvedValueOnce(envelope(200, tokens)).mockResolvedValueOnce(envelope(200, { id: 3, nickname: 'Ann', belong_id: 0 }));
    const user = await login('user', { username: 'ann', password: 'secret' });
    expect(Object.fromEntries(bodyOf(0))).toEqual({ username: 'ann', password: 'secret', type: 'username', provider: 'users', area: 'user' });
    expect(String(fetchMock.mock.calls[1][0])).toBe('/api/auth/info');
    expect(new Headers(fetchMock.mock.calls[1][1]!.headers).get('Authorization')).toBe('Bearer access');
    expect(user?.id).toBe(3);
    expect(getToken('user')).toBe('access');
    expect(localStorage.getItem('refresh_token')).toBe('refresh');
    expect(localStorage.getItem('is_login_token')).toBe('access');
    expect(getUser('user')?.nickname).toBe('Ann');
    expect(notifySuccess).toHaveBeenCalledWith('Login successful');
    expect(navigateTo).toHaveBeenCalledWith('/', { replace: true });
  });

  it('goes back to the page that asked for the login', async () => {
    vi.mocked(currentPathname).mockReturnValue('/login');
    fetchMock.mockResolvedValueOnce(envelope(200, tokens)).mockResolvedValueOnce(envelope(200, { id: 3, belong_id: 0, defaultUrl: '/user' }));
    await login('user', { username: 'ann', password: 'secret' }, '/goods/7?sku_id=101&then=cart');
    expect(navigateTo).toHaveBeenCalledWith('/goods/7?sku_id=101&then=cart', { replace: true });
  });

  it('refuses a shopper sub-account: msg.subNotAllowBuy and the token removed', async () => {
    vi.mocked(currentPathname).mockReturnValue('/login');
    fetchMock.mockResolvedValueOnce(envelope(200, tokens)).mockResolvedValueOnce(envelope(200, { id: 4, belong_id: 2 }));
    expect(await login('user', { username: 'sub', password: 'x' })).toBeNull();
    expect(notifyError).toHaveBeenCalledWith(i18n.t('msg.subNotAllowBuy'));
    expect(getToken('user')).toBeNull();
    expect(getUser('user')).toBeNull();
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('admins log in with provider admins and go to defaultUrl', async () => {
    vi.mocked(currentPathname).mockReturnValue('/Admin/login');
    fetchMock.mockResolvedValueOnce(envelope(200, tokens)).mockResolvedValueOnce(envelope(200, { id: 1, defaultUrl: '/Admin/dashboard' }));
    await login('admin', { username: 'admin', password: 'pw' });
    expect(bodyOf(0).get('provider')).toBe('admins');
    expect(String(fetchMock.mock.calls[1][0])).toBe('/api/Admin/auth/info');
    expect(bodyOf(1).get('provider')).toBe('admins');
    expect(localStorage.getItem('admin_token')).toBe('access');
    expect(navigateTo).toHaveBeenCalledWith('/Admin/dashboard', { replace: true });
  });

  it('a failed info call leaves no half session', async () => {
    vi.mocked(currentPathname).mockReturnValue('/Seller/login');
    fetchMock.mockResolvedValueOnce(envelope(200, tokens)).mockResolvedValueOnce(envelope(402, null, 'no store'));
    await expect(login('seller', { username: 's', password: 'p' })).rejects.toThrow('no store');
    expect(getToken('seller')).toBeNull();
  });
});

describe('logout', () => {
  it('posts the provider, clears the area and goes to its login page', async () => {
    vi.mocked(currentPathname).mockReturnValue('/Seller/orders');
    localStorage.setItem('seller_token', 't');
    localStorage.setItem('seller_user', '{"id":1}');
    fetchMock.mockResolvedValueOnce(envelope(200, null));
    await logout('seller');
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/logout');
    expect(bodyOf(0).get('provider')).toBe('users');
    expect(getToken('seller')).toBeNull();
    expect(getUser('seller')).toBeNull();
    expect(reloadTo).toHaveBeenLastCalledWith('/Seller/login');
  });

  it('clears the session even when the server call fails', async () => {
    vi.mocked(currentPathname).mockReturnValue('/user');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('token', 't');
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await logout('user');
    expect(getToken('user')).toBeNull();
    expect(reloadTo).toHaveBeenLastCalledWith('/login');
  });
});
