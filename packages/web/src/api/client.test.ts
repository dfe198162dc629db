import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { currentPathname, navigateTo } from '../router/navigation';
import { answer, envelope } from '../test/http';
import { notifyError } from '../utils/notify';
import { formatSiteTime, setSiteZone, siteZone } from '../utils/siteTime';
import { api } from './client';
import { ApiError } from './errors';

vi.mock('../utils/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../router/navigation', () => ({ currentPathname: vi.fn(), reloadTo: vi.fn(), navigateTo: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function lastRequest(index = -1) {
  const call = fetchMock.mock.calls.at(index)!;
  return { url: String(call[0]), init: call[1]! };
}

function header(name: string, index = -1) {
  return new Headers(lastRequest(index).init.headers).get(name);
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(currentPathname).mockReturnValue('/');
  await i18n.changeLanguage('en');
});

describe('success answers', () => {
  it('returns data of code 200, including false and 0, without a message', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, false)).mockResolvedValueOnce(envelope(200, 0));
    expect(await api.get('/x')).toBe(false);
    expect(await api.get('/x')).toBe(0);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it("takes the site's time zone each answer names (x-time-zone), ignoring a name that is no zone", async () => {
    fetchMock
      .mockResolvedValueOnce(answer({ code: 200, msg: '', data: 1 }, { headers: { 'x-time-zone': 'UTC' } }))
      .mockResolvedValueOnce(answer({ code: 200, msg: '', data: 1 }, { headers: { 'x-time-zone': 'Nowhere/Else' } }));
    await api.get('/x');
    expect(siteZone()).toBe('UTC');
    expect(formatSiteTime('2026-11-28T16:30:00Z')).toBe('2026-11-28 16:30:00');
    await api.get('/x');
    expect(siteZone()).toBe('UTC');
    setSiteZone('Asia/Shanghai');
  });

  it('returns data of code 405 silently', async () => {
    fetchMock.mockResolvedValueOnce(envelope(405, { quiet: true }, 'ignored'));
    expect(await api.get('/x')).toEqual({ quiet: true });
    expect(notifyError).not.toHaveBeenCalled();
  });
});

describe('error catalogue', () => {
  it('code 401: shows msg, clears the area token and goes to its login page', async () => {
    vi.mocked(currentPathname).mockReturnValue('/Admin/goods_brands');
    localStorage.setItem('admin_token', 'old');
    localStorage.setItem('admin_user', '{"id":1}');
    fetchMock.mockResolvedValueOnce(envelope(401, null, 'session gone', 401));
    const error = await failure(api.get('/Admin/goods_brands'));
    expect(error.kind).toBe('session');
    expect(notifyError).toHaveBeenCalledWith('session gone');
    expect(localStorage.getItem('admin_token')).toBeNull();
    expect(localStorage.getItem('admin_user')).toBeNull();
    expect(navigateTo).toHaveBeenCalledWith('/Admin/login', { replace: true });
  });

  it.each([
    ['/user/orders', 'token', '/login'],
    ['/Seller/orders', 'seller_token', '/Seller/login'],
  ])('code 401 on %s clears %s and goes to %s', async (page, key, login) => {
    vi.mocked(currentPathname).mockReturnValue(page);
    localStorage.setItem(key, 'old');
    fetchMock.mockResolvedValueOnce(envelope(401, null, 'expired', 401));
    await failure(api.get('/x'));
    expect(localStorage.getItem(key)).toBeNull();
    expect(navigateTo).toHaveBeenCalledWith(login, { replace: true });
  });

  it('code 401 on the login page itself does not redirect', async () => {
    vi.mocked(currentPathname).mockReturnValue('/login');
    fetchMock.mockResolvedValueOnce(envelope(401, null, 'wrong password', 401));
    await failure(api.post('/login', { username: 'a', password: 'b' }));
    expect(notifyError).toHaveBeenCalledWith('wrong password');
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('code 402: shows msg and rejects with the whole body', async () => {
    fetchMock.mockResolvedValueOnce(envelope(402, null, 'Insufficient stock'));
    const error = await failure(api.post('/user/order/create', {}));
    expect(notifyError).toHaveBeenCalledWith('Insufficient stock');
    expect(error.kind).toBe('code');
    expect(error.body).toEqual({ code: 402, msg: 'Insufficient stock', data: null });
  });

  it('code 429: shows the "requesting too frequently" message', async () => {
    fetchMock.mockResolvedValueOnce(envelope(429, null, 'server text', 429));
    await failure(api.get('/x'));
    expect(notifyError).toHaveBeenCalledWith(i18n.t('http.tooFrequent'));
    await i18n.changeLanguage('zh-cn');
    expect(i18n.t('http.tooFrequent')).toBe('您请求太频繁了，请休息一会儿');
  });

  it('other codes with data: shows msg and returns the whole body (field errors)', async () => {
    fetchMock.mockResolvedValueOnce(envelope(400, { name: 'required' }, 'Data is abnormal', 400));
    const error = await failure(api.post('/Admin/goods_brands', { name: '' }));
    expect(notifyError).toHaveBeenCalledWith('Data is abnormal');
    expect(error.body).toEqual({ code: 400, msg: 'Data is abnormal', data: { name: 'required' } });
    expect(error.fieldErrors).toEqual({ name: 'required' });
  });

  it('HTTP 404: the server\'s reason alone; without one, a "not found" title in the page\'s language', async () => {
    fetchMock.mockResolvedValueOnce(envelope(404, null, 'These cart items were already ordered or removed.', 404));
    const error = await failure(api.get('/x/9'));
    expect(error.kind).toBe('http');
    expect(notifyError).toHaveBeenCalledWith('These cart items were already ordered or removed.');
    await i18n.changeLanguage('zh-cn');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 404 }));
    await failure(api.get('/no/such/route'));
    expect(notifyError).toHaveBeenLastCalledWith(i18n.t('http.failed'), '请求的地址不存在 (404)');
  });

  it('HTTP 500: a translated "server error" title plus the message', async () => {
    fetchMock.mockResolvedValueOnce(envelope(500, null, 'boom', 500));
    await failure(api.get('/x'));
    expect(notifyError).toHaveBeenCalledWith('boom', 'Server error (500)');
  });

  it('HTTP 401 without an envelope: the server message', async () => {
    fetchMock.mockResolvedValueOnce(answer('Unauthorized by proxy', { status: 401, statusText: 'Unauthorized' }));
    await failure(api.get('/x'));
    expect(notifyError).toHaveBeenCalledWith('Unauthorized by proxy');
  });

  it('other HTTP errors: a translated title with the status, never the server\'s English status text or its HTML page', async () => {
    fetchMock.mockResolvedValueOnce(answer('<html><body>502 Bad Gateway</body></html>', { status: 502, statusText: 'Bad Gateway' }));
    await failure(api.get('/x'));
    expect(notifyError).toHaveBeenCalledWith('Request failed', 'Request failed (502)');
    await i18n.changeLanguage('zh-cn');
    fetchMock.mockResolvedValueOnce(answer('', { status: 405, statusText: 'Method Not Allowed' }));
    await failure(api.get('/x'));
    expect(notifyError).toHaveBeenLastCalledWith('请求失败', '请求失败 (405)');
  });

  it('other HTTP errors keep the server message under the title', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 403, msg: 'No permission', data: null }, { status: 403, statusText: 'Forbidden' }));
    await failure(api.get('/x'));
    expect(notifyError).toHaveBeenCalledWith('No permission', 'Request failed (403)');
  });

  it('no response: a network-abnormal message in the console, no toast', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failure(api.get('/x'));
    expect(error.kind).toBe('network');
    expect(consoleError).toHaveBeenCalledWith(i18n.t('http.networkError'), '/api/x', expect.any(TypeError));
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('gives up after the time-out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const error = await failure(api.get('/slow', undefined, { timeout: 10 }));
    expect(error.kind).toBe('timeout');
  });

  it('an HTML page as answer is ignored', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('<!doctype html><html></html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    const error = await failure(api.get('/Admin/goods_brands'));
    expect(error.kind).toBe('html');
    expect(notifyError).not.toHaveBeenCalled();
  });
});

describe('requests', () => {
  it('prefixes /api, sends the lang header and the area token', async () => {
    vi.mocked(currentPathname).mockReturnValue('/Seller/goods');
    localStorage.setItem('seller_token', 'seller-jwt');
    localStorage.setItem('token', 'shopper-jwt');
    fetchMock.mockResolvedValueOnce(envelope(200, []));
    await api.get('/Seller/goods', { page: 2, per_page: 30, name: 'a|like', ids: [1, 2] });
    expect(lastRequest().url).toBe('/api/Seller/goods?page=2&per_page=30&name=a%7Clike&ids%5B%5D=1&ids%5B%5D=2');
    expect(lastRequest().init.method).toBe('GET');
    expect(header('Authorization')).toBe('Bearer seller-jwt');
    expect(header('lang')).toBe('en');
  });

  it('can skip the base path', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, 1));
    await api.get('/uploads/list', undefined, { skipBase: true });
    expect(lastRequest().url).toBe('/uploads/list');
  });

  it('posts form-urlencoded bodies; empty is_type/is_sort become 0', async () => {
    vi.mocked(currentPathname).mockReturnValue('/Admin/menus');
    fetchMock.mockResolvedValueOnce(envelope(200, null));
    await api.post('/Admin/menus', { name: '菜单', is_type: '', is_sort: null, roles: [3, 4], option: { a: 1 }, rows: [{ id: 1 }], skip: undefined, on: true });
    expect(header('Content-Type')).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    const body = lastRequest().init.body as URLSearchParams;
    expect([...body.entries()]).toEqual([
      ['name', '菜单'],
      ['is_type', '0'],
      ['is_sort', '0'],
      ['roles[]', '3'],
      ['roles[]', '4'],
      ['option', '{"a":1}'],
      ['rows', '[{"id":1}]'],
      ['on', '1'],
    ]);
  });

  it('puts with a form body and deletes with query params', async () => {
    fetchMock.mockImplementation(async () => envelope(200, null));
    await api.put('/Admin/menus/3', { is_sort: 5 });
    expect(lastRequest().init.method).toBe('PUT');
    expect(String(lastRequest().init.body)).toBe('is_sort=5');
    await api.del('/Admin/menus/1,2', { force: 1 });
    expect(lastRequest().init.method).toBe('DELETE');
    expect(lastRequest().url).toBe('/api/Admin/menus/1,2?force=1');
    expect(lastRequest().init.body).toBeUndefined();
  });

  it('uploads multipart with option as JSON', async () => {
    vi.mocked(currentPathname).mockReturnValue('/Admin/dashboard');
    fetchMock.mockResolvedValueOnce(envelope(200, '/uploads/a.png'));
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    expect(await api.upload('/Admin/uploads', { file, name: 'avatar', option: { width: 150, height: 150 } })).toBe('/uploads/a.png');
    const form = lastRequest().init.body as FormData;
    expect(form.get('file')).toBeInstanceOf(File);
    expect(form.get('name')).toBe('avatar');
    expect(form.get('option')).toBe('{"width":150,"height":150}');
    expect(header('Content-Type')).toBeNull();
  });

  it('Chat calls take their token from the body', async () => {
    localStorage.setItem('token', 'shopper-jwt');
    fetchMock.mockResolvedValueOnce(envelope(200, null));
    await api.post('/Chat/send', { token: 'chat-token', content: 'hi' });
    expect(header('Authorization')).toBe('Bearer chat-token');
  });

  it('is_login sends the separately kept token', async () => {
    vi.mocked(currentPathname).mockReturnValue('/Admin/dashboard');
    localStorage.setItem('admin_token', 'admin-jwt');
    localStorage.setItem('is_login_token', 'login-check');
    fetchMock.mockResolvedValueOnce(envelope(200, 7));
    expect(await api.get('/is_login', { provider: 'users' })).toBe(7);
    expect(header('Authorization')).toBe('Bearer login-check');
  });

  it('saves a fresh token from the Authorization answer header to the area key', async () => {
    vi.mocked(currentPathname).mockReturnValue('/Admin/dashboard');
    localStorage.setItem('admin_token', 'old');
    fetchMock.mockResolvedValueOnce(answer({ code: 200, msg: '', data: 1 }, { headers: { Authorization: 'Bearer fresh' } }));
    await api.get('/Admin/x');
    expect(localStorage.getItem('admin_token')).toBe('fresh');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('renews an expired session with the refresh token once, then repeats the call', async () => {
    vi.mocked(currentPathname).mockReturnValue('/user/orders');
    localStorage.setItem('token', 'expired');
    localStorage.setItem('refresh_token', 'r1');
    fetchMock
      .mockResolvedValueOnce(envelope(401, null, 'expired', 401))
      .mockResolvedValueOnce(envelope(200, { access_token: 'new', refresh_token: 'r2', token_type: 'Bearer', expires_in: 900 }))
      .mockResolvedValueOnce(envelope(200, ['order']));
    expect(await api.get('/user/orders')).toEqual(['order']);
    expect(lastRequest(1).url).toBe('/api/refresh');
    expect(String(lastRequest(1).init.body)).toBe('refresh_token=r1');
    expect(header('Authorization')).toBe('Bearer new');
    expect(localStorage.getItem('refresh_token')).toBe('r2');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('falls back to the 401 rule when the refresh token is refused', async () => {
    vi.mocked(currentPathname).mockReturnValue('/user/orders');
    localStorage.setItem('token', 'expired');
    localStorage.setItem('refresh_token', 'r1');
    fetchMock
      .mockResolvedValueOnce(envelope(401, null, 'expired', 401))
      .mockResolvedValueOnce(envelope(401, null, 'refresh refused', 401));
    await failure(api.get('/user/orders'));
    expect(notifyError).toHaveBeenCalledWith('expired');
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigateTo).toHaveBeenCalledWith('/login', { replace: true });
  });
});
