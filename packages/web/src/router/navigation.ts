export interface NavigateOptions {
  replace?: boolean;
}
type Navigate = (to: string, options?: NavigateOptions) => void;

let spaNavigate: Navigate | null = null;

/** The router registers its navigate function so non-React modules (auth, api) can move the app. */
export function setNavigator(navigate: Navigate | null) {
  spaNavigate = navigate;
}

export function navigateTo(to: string, options?: NavigateOptions) {
  if (spaNavigate) spaNavigate(to, options);
  else window.location.assign(to);
}

/** A full page load: drops in-memory menus, registered routes and caches of the previous session. */
export function reloadTo(to: string) {
  window.location.assign(to);
}

export function currentPathname(): string {
  return window.location.pathname;
}
