import type { MenuItem } from '../menu/types';

const EXTERNAL = /^https?:\/\//;

/** The entry itself when it has a target, else its first descendant with one: children first, then deeper. */
export function findTarget(item: MenuItem): MenuItem | null {
  if (item.apis) return item;
  let level = item.children ?? [];
  while (level.length > 0) {
    const hit = level.find((child) => child.apis);
    if (hit) return hit;
    level = level.flatMap((child) => child.children ?? []);
  }
  return null;
}

export type MenuAction =
  | { kind: 'navigate'; to: string }
  | { kind: 'external'; url: string }
  | { kind: 'missing'; item: MenuItem };

/** The menu click rule. */
export function resolveMenuClick(item: MenuItem, knowsRoute: (path: string) => boolean): MenuAction {
  const target = findTarget(item);
  if (!target?.apis) return { kind: 'missing', item };
  if (EXTERNAL.test(target.apis)) return { kind: 'external', url: target.apis };
  if (target.view && knowsRoute(target.apis)) return { kind: 'navigate', to: target.apis };
  return { kind: 'missing', item: target };
}

/** Where an entry's link points: a route of the app, or an external address (opened in a new tab). None when the
 *  entry has no page to open (a click then logs the missing route). */
export type MenuLink = { kind: 'route'; to: string } | { kind: 'external'; url: string } | null;

export function menuLink(item: MenuItem, knowsRoute: (path: string) => boolean): MenuLink {
  const action = resolveMenuClick(item, knowsRoute);
  if (action.kind === 'navigate') return { kind: 'route', to: action.to };
  if (action.kind === 'external') return { kind: 'external', url: action.url };
  return null;
}

export interface MenuClickDeps {
  knowsRoute: (path: string) => boolean;
  navigate: (to: string) => void;
  openExternal: (url: string) => void;
}

export function openMenuItem(item: MenuItem, deps: MenuClickDeps) {
  const action = resolveMenuClick(item, deps.knowsRoute);
  if (action.kind === 'navigate') deps.navigate(action.to);
  else if (action.kind === 'external') deps.openExternal(action.url);
  else console.error(`No route for menu entry "${action.item.name}" (${action.item.apis || 'no address'}).`);
}

export function isExternalAddress(address: string): boolean {
  return EXTERNAL.test(address);
}
