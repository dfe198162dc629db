import { useMatches } from 'react-router-dom';
import type { MenuItem } from '../menu/types';

/** Data attached to routes (react-router `handle`). */
export interface RouteHandle {
  /** i18n key of the page title (storefront and user-centre pages). */
  titleKey?: string;
  /** The back-office menu entry that created the route. */
  menu?: MenuItem;
  /** Back office: show the title and divider above the page (default true). */
  showTitle?: boolean;
  /** Back office: wrap the page in the framed box (default true). */
  framed?: boolean;
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle) return handle;
  }
  return {};
}
