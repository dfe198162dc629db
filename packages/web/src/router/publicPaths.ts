import { areaFromPath } from '../auth/areas';

const LOGIN_PAGES = new Set(['/login', '/register', '/forget_password', '/Admin/login', '/Seller/login']);

/** Storefront pages that need a shopper session; every other storefront page is public. */
const STOREFRONT_PRIVATE = [/^\/user(\/|$)/, /^\/carts$/, /^\/order\//, /^\/integral\/order\//, /^\/store\/(join|step_\d)$/];

export function isLoginPage(pathname: string): boolean {
  return LOGIN_PAGES.has(pathname);
}

export function isPublicPath(pathname: string): boolean {
  if (isLoginPage(pathname)) return true;
  if (areaFromPath(pathname) !== 'user') return false;
  return !STOREFRONT_PRIVATE.some((pattern) => pattern.test(pathname));
}
