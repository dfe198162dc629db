// The document title of every page: the page's name, then the site's name, in the current language. The root layout
// names the page after its route (a storefront or user-centre title key, a back-office menu entry); a page whose
// name is its data (a goods, a store) names itself with usePageTitle while it is shown.
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';
import { useRouteHandle } from '../router/handle';
import { menuLabel } from '../menu/menuLabel';
import { useLoadedCommonData } from '../storefront/commonStore';

/** Until the site's settings have loaded (and when no name is set there), as in index.html. */
export const DEFAULT_SITE_NAME = 'QShop';

let pageTitle: string | null = null;
const listeners = new Set<() => void>();

function setPageTitle(title: string | null) {
  pageTitle = title;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Names the current page after its data (e.g. the goods' name) instead of its route, while it is mounted. */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    setPageTitle(title);
    return () => setPageTitle(null);
  }, [title]);
}

export const composeTitle = (page: string | null, site: string) => (page ? `${page} - ${site}` : site);

/** Keeps document.title in step with the route, the page's own name and the language (called by the root layout). */
export function useDocumentTitle() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const own = useSyncExternalStore(subscribe, () => pageTitle);
  // The storefront loads the site's settings; back-office pages use them once a storefront page has.
  const site = useLoadedCommonData()?.common?.web_name || DEFAULT_SITE_NAME;
  const routeTitle = handle.menu ? menuLabel(handle.menu, currentLanguage()) : handle.titleKey ? t(handle.titleKey) : null;
  const title = composeTitle(own ?? routeTitle, site);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
