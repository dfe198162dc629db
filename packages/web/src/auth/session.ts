import { AREAS, type Area } from './areas';
import type { SessionUser, TokenPair } from './types';

/** Separate key for the token that the is_login check sends. */
const IS_LOGIN_TOKEN_KEY = 'is_login_token';

const listeners = new Set<() => void>();
// useSyncExternalStore needs a stable snapshot per area until something changes.
const userSnapshots = new Map<Area, { raw: string | null; user: SessionUser | null }>();

function notify() {
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToken(area: Area): string | null {
  return localStorage.getItem(AREAS[area].tokenKey);
}

export function getRefreshToken(area: Area): string | null {
  return localStorage.getItem(AREAS[area].refreshTokenKey);
}

export function getIsLoginToken(): string | null {
  return localStorage.getItem(IS_LOGIN_TOKEN_KEY);
}

export function setAccessToken(area: Area, token: string) {
  localStorage.setItem(AREAS[area].tokenKey, token);
  if (area === 'user') localStorage.setItem(IS_LOGIN_TOKEN_KEY, token);
  notify();
}

export function setTokens(area: Area, tokens: TokenPair) {
  if (tokens.refresh_token) localStorage.setItem(AREAS[area].refreshTokenKey, tokens.refresh_token);
  setAccessToken(area, tokens.access_token);
}

export function getUser(area: Area): SessionUser | null {
  const raw = localStorage.getItem(AREAS[area].userKey);
  const cached = userSnapshots.get(area);
  if (cached && cached.raw === raw) return cached.user;
  let user: SessionUser | null = null;
  try {
    user = raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    user = null;
  }
  userSnapshots.set(area, { raw, user });
  return user;
}

export function setUser(area: Area, user: SessionUser) {
  localStorage.setItem(AREAS[area].userKey, JSON.stringify(user));
  notify();
}

/** Removes the area's tokens and user (logout, session expiry, refused sub-account). */
export function clearSession(area: Area) {
  const info = AREAS[area];
  localStorage.removeItem(info.tokenKey);
  localStorage.removeItem(info.refreshTokenKey);
  localStorage.removeItem(info.userKey);
  if (area === 'user') localStorage.removeItem(IS_LOGIN_TOKEN_KEY);
  notify();
}
