import i18n from '../i18n';
import { api } from '../api/client';
import { isMenuLoaded } from '../menu/menuStore';
import { navigateTo, reloadTo } from '../router/navigation';
import { notifyError, notifySuccess } from '../utils/notify';
import { AREAS, type Area } from './areas';
import { clearSession, setTokens, setUser } from './session';
import type { SessionUser, TokenPair } from './types';

export type LoginType = 'username' | 'phone';

export interface LoginCredentials {
  username: string;
  password?: string;
  type?: LoginType;
  /** SMS code for phone login. */
  code?: string;
}

export function fetchUserInfo(area: Area): Promise<SessionUser> {
  const { apiPrefix, provider } = AREAS[area];
  return api.post<SessionUser>(`/${apiPrefix}auth/info`, { provider }, { area });
}

/**
 * The login flow after the tokens arrive: store the access token, fetch the user; a shopper
 * sub-account (belong_id > 0) is refused, anyone else is stored and sent to `returnTo` (a same-site path the
 * caller has checked, router/returnTo.ts), else defaultUrl or /. Resolves with the user, or null when refused.
 */
export async function completeLogin(area: Area, tokens: TokenPair, returnTo?: string | null): Promise<SessionUser | null> {
  // Routes of a previous account's menu are still registered: start from a clean page load.
  const staleMenu = area !== 'user' && isMenuLoaded(area);
  setTokens(area, tokens);
  let user: SessionUser;
  try {
    user = await fetchUserInfo(area);
  } catch (error) {
    clearSession(area);
    throw error;
  }
  if (area === 'user' && (user.belong_id ?? 0) > 0) {
    notifyError(i18n.t('msg.subNotAllowBuy'));
    clearSession(area);
    return null;
  }
  setUser(area, user);
  notifySuccess(i18n.t('msg.loginSuccess'));
  const target = returnTo || user.defaultUrl || '/';
  if (staleMenu) reloadTo(target);
  else navigateTo(target, { replace: true });
  return user;
}

export async function login(area: Area, credentials: LoginCredentials, returnTo?: string | null): Promise<SessionUser | null> {
  const { provider } = AREAS[area];
  const body = { ...credentials, type: credentials.type ?? 'username', provider, area };
  const tokens = await api.post<TokenPair>('/login', body, { area });
  return completeLogin(area, tokens, returnTo);
}

/** Tells the server, then in every case clears the area's session and goes to its login page. */
export async function logout(area: Area) {
  try {
    await api.post('/logout', { provider: AREAS[area].provider }, { area });
  } catch (error) {
    console.error('Logout request failed:', error);
  } finally {
    clearSession(area);
    reloadTo(AREAS[area].loginPath);
  }
}

/** Re-reads the user after an edit. */
export async function reloadUser(area: Area): Promise<SessionUser> {
  const user = await fetchUserInfo(area);
  setUser(area, user);
  return user;
}
