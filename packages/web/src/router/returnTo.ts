// Where the storefront login sends the shopper afterwards: /login?redirect=<path> names the page that sent them there
// (a private page the guard refused, the goods page whose "add to cart" needs a login). Only a path of this site is
// followed: anything that could leave it (another origin, //host, /\host, a scheme) or lead back to a login page
// counts as absent.
import { isLoginPage } from './publicPaths';

export const RETURN_TO_PARAM = 'redirect';

const SITE = 'http://storefront.invalid';

/** The same-site path (with its query and hash) `raw` names, or null when it names none or another site. */
export function safeReturnTo(raw: string | null | undefined): string | null {
  // One leading slash, then not a slash or backslash (browsers read "/\host" as "//host"); no control characters.
  if (!raw || !/^\/(?![/\\])/.test(raw) || /[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE || isLoginPage(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The storefront login page, coming back to `path` afterwards. */
export function loginReturningTo(path: string): string {
  return `/login?${new URLSearchParams({ [RETURN_TO_PARAM]: path }).toString()}`;
}
