import { useSyncExternalStore } from 'react';
import type { Area, BackOfficeArea } from '../auth/areas';
import type { MenuItem } from './types';

interface AreaMenus {
  loaded: boolean;
  items: MenuItem[];
  /** Route paths registered from the menu: the router "knows" these addresses. */
  paths: ReadonlySet<string>;
}

const empty: AreaMenus = { loaded: false, items: [], paths: new Set() };
const menus: Record<BackOfficeArea, AreaMenus> = { admin: empty, seller: empty };
const listeners = new Set<() => void>();

export function isMenuLoaded(area: Area): boolean {
  return area === 'user' || menus[area].loaded;
}

export function setMenus(area: BackOfficeArea, items: MenuItem[], paths: ReadonlySet<string>) {
  menus[area] = { loaded: true, items, paths };
  for (const listener of listeners) listener();
}

export function useMenus(area: BackOfficeArea): AreaMenus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => menus[area],
  );
}
