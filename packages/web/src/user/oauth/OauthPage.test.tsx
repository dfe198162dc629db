// /user/oauth: each WeChat login with its state; linking starts the WeChat flow with bind=1 and keeps this browser's
// key under the state; unlinking asks first and reloads the list; the server's refusal is shown as it comes.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { reloadTo } from '../../router/navigation';
import { renderPage, stubApi, type SeenRequest } from '../../storefront/catalog/testing';
import OauthPage from './OauthPage';

vi.mock('../../router/navigation', () => ({ currentPathname: () => '/user/oauth', reloadTo: vi.fn(), navigateTo: vi.fn() }));

let requests: SeenRequest[];
let bound: boolean;
let refuseUnbind: string | null;

const refusal = (msg: string) => new Response(JSON.stringify({ code: 402, msg, data: null }), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.clear();
  localStorage.setItem('token', 'shopper');
  bound = true;
  refuseUnbind = null;
  vi.mocked(reloadTo).mockClear();
  requests = stubApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/user/oauths')
      return {
        has_password: false,
        has_phone: false,
        links: [
          { oauth_name: 'weixinweb', enabled: true, bound: bound ? { nickname: 'Kate', headimgurl: '', created_at: '2026-11-28 10:00:00' } : null },
          { oauth_name: 'weixin', enabled: true, bound: null },
        ],
      };
    if (path === '/api/oauth/weixin') return { url: 'https://open.weixin.qq.com/connect/oauth2/authorize?state=S1#wechat_redirect', state: 'S1', browser_key: 'K1' };
    if (path === '/api/user/oauths/weixinweb' && request.method === 'DELETE') {
      if (refuseUnbind) return refusal(refuseUnbind);
      bound = false;
      return null;
    }
    return null;
  });
});

describe('linked accounts', () => {
  it('shows each provider linked or not, and warns when WeChat is the only way to log in', async () => {
    renderPage('/user/oauth', OauthPage, '/user/oauth');
    const web = await screen.findByTestId('oauth-weixinweb', {}, { timeout: 5000 });
    expect(within(web).getByText('Linked: Kate (2026-11-28 10:00:00)')).toBeInTheDocument();
    expect(within(screen.getByTestId('oauth-weixin')).getByText('Not linked')).toBeInTheDocument();
    expect(screen.getByText(/WeChat is the only way to log in/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a phone number' })).toHaveAttribute('href', '/user/safe/phone');
  });

  it('links: starts the flow with bind=1, keeps the browser key under the state and goes to WeChat', async () => {
    const user = userEvent.setup();
    renderPage('/user/oauth', OauthPage, '/user/oauth');
    await user.click(await screen.findByRole('button', { name: 'Link WeChat official account login' }));
    await waitFor(() => expect(reloadTo).toHaveBeenCalledWith('https://open.weixin.qq.com/connect/oauth2/authorize?state=S1#wechat_redirect'));
    const start = requests.find((r) => r.url.pathname === '/api/oauth/weixin')!;
    expect(start.url.searchParams.get('bind')).toBe('1');
    expect(start.headers.get('Authorization')).toBe('Bearer shopper');
    expect(JSON.parse(localStorage.getItem('qshop.oauth.S1')!)).toEqual({ browser_key: 'K1', return_to: '/user/oauth' });
  });

  it('unlinks after confirming, and shows the list again', async () => {
    const user = userEvent.setup();
    renderPage('/user/oauth', OauthPage, '/user/oauth');
    await user.click(await screen.findByRole('button', { name: 'Unlink WeChat QR code login' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(within(screen.getByTestId('oauth-weixinweb')).getByText('Not linked')).toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('shows the refusal to unlink the only way to log in, and keeps the link', async () => {
    refuseUnbind = 'WeChat is the only way to log in to this account: set a login password or a phone number before unlinking it.';
    const user = userEvent.setup();
    renderPage('/user/oauth', OauthPage, '/user/oauth');
    await user.click(await screen.findByRole('button', { name: 'Unlink WeChat QR code login' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText(refuseUnbind)).toBeInTheDocument();
    expect(within(screen.getByTestId('oauth-weixinweb')).getByText('Linked: Kate (2026-11-28 10:00:00)')).toBeInTheDocument();
  });
});
