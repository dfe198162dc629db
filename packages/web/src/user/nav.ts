export interface UserNavItem {
  to: string;
  labelKey: string;
  /** also the current item on the pages below it */
  withSubpages?: boolean;
  /** also the current item on the pages below these paths (an order's page, /user/order/{id}, for My orders) */
  alsoBelow?: string[];
}

export interface UserNavGroup {
  titleKey: string;
  items: UserNavItem[];
}

/** Whether `item` is the current one at `pathname`. */
export function isCurrentItem(item: UserNavItem, pathname: string): boolean {
  const here = decodeURIComponent(pathname);
  const to = decodeURIComponent(item.to);
  const below = (path: string) => here.startsWith(`${path}/`);
  return here === to || (item.withSubpages === true && below(to)) || (item.alsoBelow ?? []).some(below);
}

/** The help entry that lists the site's notices rather than an article (user/content/UserArticlePage.tsx). */
export const NOTICES_ARTICLE = '网站公告';

/** Help articles are looked up by their (Chinese) title on the server. */
const article = (title: string) => `/user/article/${encodeURIComponent(title)}`;

/** The user-centre navigation (reference §5). */
export const USER_NAV: UserNavGroup[] = [
  {
    titleKey: 'user.nav.orderCentre',
    items: [
      { to: '/user/orders', labelKey: 'route.orders', alsoBelow: ['/user/order'] },
      { to: '/user/address', labelKey: 'route.address', withSubpages: true },
      { to: '/user/comments', labelKey: 'route.comments' },
    ],
  },
  {
    titleKey: 'user.nav.memberCentre',
    items: [
      { to: '/user', labelKey: 'route.userHome' },
      { to: '/user/info', labelKey: 'route.info' },
      { to: '/user/safe', labelKey: 'route.safe', withSubpages: true },
      { to: '/user/oauth', labelKey: 'route.oauth' },
      { to: '/user/cashes', labelKey: 'route.cashes' },
      { to: '/user/favorites', labelKey: 'route.favorites' },
      { to: '/user/chats', labelKey: 'route.chats' },
      { to: '/user/coupons', labelKey: 'route.coupons' },
    ],
  },
  {
    titleKey: 'user.nav.integralMall',
    items: [{ to: '/user/integral_order', labelKey: 'route.integralOrder' }],
  },
  {
    titleKey: 'user.nav.assets',
    items: [
      { to: '/user/money', labelKey: 'route.money' },
      { to: '/user/frozen_money', labelKey: 'route.frozenMoney' },
      { to: '/user/integral', labelKey: 'route.integralLog' },
    ],
  },
  {
    titleKey: 'user.nav.distribution',
    items: [
      { to: '/user/distribution', labelKey: 'route.distribution' },
      { to: '/user/distribution_users', labelKey: 'route.distributionUsers' },
      { to: '/user/distribution_logs', labelKey: 'route.distributionLogs' },
    ],
  },
  {
    titleKey: 'user.nav.help',
    items: [
      { to: article(NOTICES_ARTICLE), labelKey: 'user.article.notices' },
      { to: article('其他合作'), labelKey: 'user.article.cooperation' },
      { to: article('帮助中心'), labelKey: 'user.article.help' },
      { to: article('关于我们'), labelKey: 'user.article.about' },
    ],
  },
];
