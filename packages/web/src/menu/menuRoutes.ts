import type { RouteObject } from 'react-router-dom';
import { api } from '../api/client';
import { AREAS, type BackOfficeArea } from '../auth/areas';
import { resolvePage } from '../pages/registry';
import { lazyRoute } from '../router/lazyRoute';
import { isExternalAddress } from '../shell/menuTarget';
import type { RouteHandle } from '../router/handle';
import { setMenus } from './menuStore';
import type { MenuItem } from './types';

export interface MenuRoutes {
  /** is_open 0: pages inside the back-office layout. */
  inShell: RouteObject[];
  /** is_open 1: pages on their own, outside the layout. */
  topLevel: RouteObject[];
  paths: Set<string>;
}

/**
 * One route per entry having both a view and a path (external links get none); entries without
 * them only contribute their children.
 */
export function buildMenuRoutes(area: BackOfficeArea, items: MenuItem[]): MenuRoutes {
  const prefix = `${AREAS[area].homePath}/`;
  const routes: MenuRoutes = { inShell: [], topLevel: [], paths: new Set() };
  const visit = (item: MenuItem) => {
    const path = item.apis?.trim();
    const view = item.view?.trim();
    if (path && view && !isExternalAddress(path) && !routes.paths.has(path)) {
      if (path.startsWith(prefix)) {
        const { chunk, entry } = resolvePage(view);
        const handle: RouteHandle = { menu: item, showTitle: entry.showTitle, framed: entry.framed };
        const route: RouteObject = { id: `${area}-menu-${item.id}`, path, handle, ...lazyRoute(chunk, entry.load) };
        (item.is_open === 1 ? routes.topLevel : routes.inShell).push(route);
        routes.paths.add(path);
      } else {
        console.warn(`Menu entry ${item.id} (${path}) lies outside ${prefix}; no route made.`);
      }
    }
    item.children?.forEach(visit);
  };
  items.forEach(visit);
  return routes;
}

/** Fetches the area's menu, stores it and returns its routes for the router to register. */
export async function fetchMenuRoutes(area: BackOfficeArea): Promise<MenuRoutes> {
  const items = (await api.get<MenuItem[] | null>(`/${AREAS[area].apiPrefix}load_menu`, { type: 'getChildren' }, { area })) ?? [];
  const routes = buildMenuRoutes(area, items);
  setMenus(area, items, routes.paths);
  return routes;
}
