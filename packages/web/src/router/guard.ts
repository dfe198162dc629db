import { AREAS, areaFromPath, isBackOffice, type Area, type BackOfficeArea } from '../auth/areas';
import type { SessionUser } from '../auth/types';
import { isPublicPath } from './publicPaths';
import { loginReturningTo } from './returnTo';

export interface GuardLocation {
  pathname: string;
  search: string;
  hash: string;
}

export type GuardResult =
  | { kind: 'pass'; isHome: boolean; area: Area }
  | { kind: 'redirect'; to: string }
  /** Menu routes were registered: enter the same address again (with replace) so they match. */
  | { kind: 'reenter'; to: string };

export interface StoredSession {
  token: string | null;
  user: SessionUser | null;
}

export interface GuardDeps {
  startProgress(): void;
  readSessions(): Record<Area, StoredSession>;
  isMenuLoaded(area: BackOfficeArea): boolean;
  /** Fetches the area's menu and registers its routes. */
  loadMenuRoutes(area: BackOfficeArea): Promise<void>;
}

/** The route guard, one step per line. Errors propagate; the caller logs and cancels. */
export async function runGuard(location: GuardLocation, deps: GuardDeps): Promise<GuardResult> {
  deps.startProgress();
  const isHome = location.pathname === '/';
  const area = areaFromPath(location.pathname);
  const sessions = deps.readSessions();
  if (isPublicPath(location.pathname)) return { kind: 'pass', isHome, area };
  if (!sessions[area].token) {
    // A shopper comes back to the page after logging in (the storefront login honours the return path).
    const to = area === 'user' ? loginReturningTo(`${location.pathname}${location.search}${location.hash}`) : AREAS[area].loginPath;
    return { kind: 'redirect', to };
  }
  if (isBackOffice(area) && !deps.isMenuLoaded(area)) {
    await deps.loadMenuRoutes(area);
    return { kind: 'reenter', to: `${location.pathname}${location.search}${location.hash}` };
  }
  return { kind: 'pass', isHome, area };
}
