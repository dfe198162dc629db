// The browser tab's title on storefront and user-centre pages: the route's title (handle.titleKey) and the site name.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteHandle } from './handle';

const FALLBACK = 'QShop';

export function documentTitle(pageTitle: string, siteName: string | undefined): string {
  return [pageTitle, siteName || FALLBACK].filter(Boolean).join(' - ');
}

/** Keeps document.title on the current route's title, in the current language. */
export function useDocumentTitle(siteName: string | undefined) {
  const { t } = useTranslation();
  const { titleKey } = useRouteHandle();
  const title = documentTitle(titleKey ? t(titleKey) : '', siteName);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
