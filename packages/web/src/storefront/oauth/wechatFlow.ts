// The browser's half of WeChat login and linking (server modules/oauth, docs/oauth.md): the start answers WeChat's page
// and a key that proves this browser started the flow; the key (with where to go afterwards) waits in localStorage
// under the state until the return page (/oauth/callback/{name}) posts it back with WeChat's code.
import type { OauthName, OauthStart } from '@qshop/shared/schemas/oauth';
import { api } from '../../api/client';
import { reloadTo } from '../../router/navigation';

const PREFIX = 'qshop.oauth.';

type Pending = { browser_key: string; return_to: string | null };

/** Inside WeChat's own browser the official account's authorization is used, elsewhere the PC QR code. */
export function preferredProvider(enabled: readonly OauthName[], userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): OauthName | null {
  const inWechat = /MicroMessenger/i.test(userAgent);
  if (inWechat && enabled.includes('weixin')) return 'weixin';
  if (enabled.includes('weixinweb')) return 'weixinweb';
  return enabled[0] ?? null;
}

/** Starts a login (with the invite link's inviter) or a link, and leaves for WeChat's page. */
export async function startWechat(name: OauthName, opts: { inviter?: string | null; bind?: boolean; returnTo?: string | null } = {}): Promise<void> {
  const start = await api.get<OauthStart>(`/oauth/${name}`, {
    ...(opts.bind ? { bind: '1' } : {}),
    ...(opts.inviter && /^\d+$/.test(opts.inviter) ? { inviter_id: opts.inviter } : {}),
  });
  const pending: Pending = { browser_key: start.browser_key, return_to: opts.returnTo ?? null };
  localStorage.setItem(PREFIX + start.state, JSON.stringify(pending));
  reloadTo(start.url);
}

/** The key and destination kept for `state` in this browser, removed as they are read (a state is used once). */
export function takePending(state: string): Pending | null {
  const raw = localStorage.getItem(PREFIX + state);
  localStorage.removeItem(PREFIX + state);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Pending;
  } catch {
    return null;
  }
}
