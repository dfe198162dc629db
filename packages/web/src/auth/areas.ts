import type { LoginArea, Provider } from '@qshop/shared/schemas/auth';

export type Area = LoginArea;

export interface AreaInfo {
  area: Area;
  tokenKey: string;
  userKey: string;
  refreshTokenKey: string;
  loginPath: string;
  /** Path prefix of the area's API, after /api/ ('' for the storefront). */
  apiPrefix: string;
  provider: Provider;
  /** Root path of the area's back office; null for the storefront. */
  homePath: string | null;
}

export const AREAS: Record<Area, AreaInfo> = {
  user: {
    area: 'user',
    tokenKey: 'token',
    userKey: 'user',
    refreshTokenKey: 'refresh_token',
    loginPath: '/login',
    apiPrefix: '',
    provider: 'users',
    homePath: null,
  },
  seller: {
    area: 'seller',
    tokenKey: 'seller_token',
    userKey: 'seller_user',
    refreshTokenKey: 'seller_refresh_token',
    loginPath: '/Seller/login',
    apiPrefix: 'Seller/',
    provider: 'users',
    homePath: '/Seller',
  },
  admin: {
    area: 'admin',
    tokenKey: 'admin_token',
    userKey: 'admin_user',
    refreshTokenKey: 'admin_refresh_token',
    loginPath: '/Admin/login',
    apiPrefix: 'Admin/',
    provider: 'admins',
    homePath: '/Admin',
  },
};

export const BACK_OFFICE_AREAS = ['admin', 'seller'] as const satisfies readonly Area[];
export type BackOfficeArea = (typeof BACK_OFFICE_AREAS)[number];

/** The login area of a page path: containing /Admin/ or /Seller/ (routes are case-sensitive). */
export function areaFromPath(pathname: string): Area {
  if (pathname.includes('/Admin/') || pathname === '/Admin') return 'admin';
  if (pathname.includes('/Seller/') || pathname === '/Seller') return 'seller';
  return 'user';
}

export function isBackOffice(area: Area): area is BackOfficeArea {
  return area !== 'user';
}
