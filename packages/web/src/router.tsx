import {
  createBrowserRouter,
  createPath,
  redirect,
  replace,
  type DOMRouterOpts,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
import { AREAS, BACK_OFFICE_AREAS, areaFromPath, isBackOffice, type Area, type BackOfficeArea } from './auth/areas';
import { getToken, getUser } from './auth/session';
import type { MenuRoutes } from './menu/menuRoutes';
import { RootLayout } from './RootLayout';
import NotFoundPage from './pages/NotFoundPage';
import { RouteError } from './pages/RouteError';
import { PageLoader } from './components/PageLoader';
import { runGuard, type GuardDeps, type GuardResult, type StoredSession } from './router/guard';
import { lazyRoute } from './router/lazyRoute';
import { completeProgress, startProgress } from './router/progress';
import { setNavigator } from './router/navigation';
import type { RouteHandle } from './router/handle';
import { goodsMainImage, goodsRead, homeMainImage, homeRead, searchRead } from './storefront/catalog/reads';
import { prefetch } from './storefront/catalog/prefetch';
import { startCommonData } from './storefront/commonStore';
// The storefront layout and the home page come with the entry script, not in a chunk of their own: such a chunk is
// asked for only once the entry has run, one round trip more before a shopper's first page can render (Lighthouse on
// a phone: its largest paint 0.2–0.4 s later). Every other page is loaded with its route (lazyRoute).
import HomeLayout from './storefront/HomeLayout';
import HomePage from './storefront/catalog/HomePage';

type AppRouter = ReturnType<typeof createBrowserRouter>;
export type RouterFactory = (routes: RouteObject[], options: DOMRouterOpts) => AppRouter;

export interface RootLoaderData {
  isHome: boolean;
  area: Area;
}

const placeholder = (titleKey: string, path: string): RouteObject => ({
  path,
  handle: { titleKey } satisfies RouteHandle,
  ...lazyRoute('pages/PlaceholderPage', () => import('./pages/PlaceholderPage')),
});

const page = (path: string, titleKey: string, chunk: string, importer: Parameters<typeof lazyRoute>[1]): RouteObject => ({
  path,
  handle: { titleKey } satisfies RouteHandle,
  ...lazyRoute(chunk, importer),
});

const notFound = (): RouteObject => ({ path: '*', Component: NotFoundPage });

/**
 * The storefront's main pages start their API read (and the picture they show largest) in their route loader, beside
 * their script chunk, instead of after it (storefront/catalog/reads.ts). Again only when the address's path changes.
 */
function withEarlyRead(route: RouteObject, start: (params: Record<string, string | undefined>) => void): RouteObject {
  return {
    ...route,
    loader: ({ params }) => {
      start(params);
      return null;
    },
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
  };
}

function userCentreRoutes(): RouteObject[] {
  return [
    { index: true, handle: { titleKey: 'route.userHome' }, ...lazyRoute('user/UserHomePage', () => import('./user/UserHomePage')) },
    page('favorites', 'route.favorites', 'user/favorites/FavoritesPage', () => import('./user/favorites/FavoritesPage')),
    page('chats', 'route.chats', 'user/chats/UserChatsPage', () => import('./user/chats/UserChatsPage')),
    page('coupons', 'route.coupons', 'user/coupons/UserCouponsPage', () => import('./user/coupons/UserCouponsPage')),
    page('info', 'route.info', 'user/info/UserInfoPage', () => import('./user/info/UserInfoPage')),
    page('safe', 'route.safe', 'user/safe/SafePage', () => import('./user/safe/SafePage')),
    page('safe/password', 'route.safePassword', 'user/safe/PasswordPage', () => import('./user/safe/PasswordPage')),
    page('safe/pay_password', 'route.safePayPassword', 'user/safe/PayPasswordPage', () => import('./user/safe/PayPasswordPage')),
    page('safe/phone', 'route.safePhone', 'user/safe/PhonePage', () => import('./user/safe/PhonePage')),
    page('address', 'route.address', 'user/address/AddressesPage', () => import('./user/address/AddressesPage')),
    page('address/form/:id?', 'route.addressForm', 'user/address/AddressFormPage', () => import('./user/address/AddressFormPage')),
    page('orders', 'route.orders', 'user/orders/OrdersPage', () => import('./user/orders/OrdersPage')),
    page('order/:id', 'route.order', 'user/orders/OrderPage', () => import('./user/orders/OrderPage')),
    page('order/comment/:id', 'route.orderComment', 'user/reviews/OrderReviewPage', () => import('./user/reviews/OrderReviewPage')),
    page('comment/add/:id', 'route.commentAdd', 'user/reviews/LineReviewPage', () => import('./user/reviews/LineReviewPage')),
    page('comments', 'route.comments', 'user/reviews/MyReviewsPage', () => import('./user/reviews/MyReviewsPage')),
    page('order/refund/:id', 'route.orderRefund', 'user/aftersales/RefundPage', () => import('./user/aftersales/RefundPage')),
    page('order/refund_form/:id', 'route.orderRefundForm', 'user/aftersales/RefundFormPage', () => import('./user/aftersales/RefundFormPage')),
    page('safe/check', 'route.safeCheck', 'user/funds/CheckPage', () => import('./user/funds/CheckPage')),
    page('money', 'route.money', 'user/funds/MoneyLogPage', () => import('./user/funds/MoneyLogPage')),
    page('frozen_money', 'route.frozenMoney', 'user/funds/MoneyLogPage', () => import('./user/funds/MoneyLogPage')),
    page('cashes', 'route.cashes', 'user/funds/CashesPage', () => import('./user/funds/CashesPage')),
    page('oauth', 'route.oauth', 'user/oauth/OauthPage', () => import('./user/oauth/OauthPage')),
    page('distribution', 'route.distribution', 'user/funds/DistributionPage', () => import('./user/funds/DistributionPage')),
    page('distribution_users', 'route.distributionUsers', 'user/funds/DistributionPage', () => import('./user/funds/DistributionPage')),
    page('distribution_logs', 'route.distributionLogs', 'user/funds/DistributionLogsPage', () => import('./user/funds/DistributionLogsPage')),
    page('integral', 'route.integralLog', 'user/integral/IntegralLogPage', () => import('./user/integral/IntegralLogPage')),
    page('article/:name', 'route.article', 'user/content/UserArticlePage', () => import('./user/content/UserArticlePage')),
    page('integral_order', 'route.integralOrder', 'user/integral/IntegralOrdersPage', () => import('./user/integral/IntegralOrdersPage')),
  ];
}

function storefrontRoutes(): RouteObject[] {
  const placeholders: [string, string][] = [];
  return [
    withEarlyRead(
      { index: true, handle: { titleKey: 'route.home' }, Component: HomePage, ErrorBoundary: RouteError },
      () => prefetch(homeRead(), homeMainImage),
    ),
    page('login', 'route.login', 'storefront/LoginPage', () => import('./storefront/LoginPage')),
    page('coupons', 'route.couponCentre', 'storefront/coupons/CouponCentrePage', () => import('./storefront/coupons/CouponCentrePage')),
    page('seckills', 'route.seckills', 'storefront/seckills/SeckillsPage', () => import('./storefront/seckills/SeckillsPage')),
    page('collectives/:params?', 'route.collectives', 'storefront/collectives/CollectivesPage', () => import('./storefront/collectives/CollectivesPage')),
    page('register', 'route.register', 'storefront/RegisterPage', () => import('./storefront/RegisterPage')),
    page('forget_password', 'route.forgetPassword', 'storefront/ForgetPasswordPage', () => import('./storefront/ForgetPasswordPage')),
    page('oauth/callback/:name', 'route.oauthCallback', 'storefront/oauth/OauthCallbackPage', () => import('./storefront/oauth/OauthCallbackPage')),
    withEarlyRead(page('s/:params?', 'route.search', 'storefront/catalog/SearchPage', () => import('./storefront/catalog/SearchPage')), (params) =>
      prefetch(searchRead(params.params)),
    ),
    withEarlyRead(page('goods/:id', 'route.goods', 'storefront/catalog/GoodsPage', () => import('./storefront/catalog/GoodsPage')), (params) =>
      prefetch(goodsRead(params.id), (goods) => (goods ? goodsMainImage(goods) : undefined)),
    ),
    page('article/:id', 'route.article', 'storefront/content/ArticlePage', () => import('./storefront/content/ArticlePage')),
    page('notices', 'route.notices', 'storefront/content/NoticesPage', () => import('./storefront/content/NoticesPage')),
    page('stores', 'route.stores', 'storefront/stores/StoresPage', () => import('./storefront/stores/StoresPage')),
    page('store/:id', 'route.store', 'storefront/stores/StorePage', () => import('./storefront/stores/StorePage')),
    page('store/join', 'route.storeJoin', 'storefront/stores/JoinPage', () => import('./storefront/stores/JoinPage')),
    page('store/step_1', 'route.storeStep1', 'storefront/stores/Step1Page', () => import('./storefront/stores/Step1Page')),
    page('store/step_2', 'route.storeStep2', 'storefront/stores/Step2Page', () => import('./storefront/stores/Step2Page')),
    page('store/step_3', 'route.storeStep3', 'storefront/stores/Step3Page', () => import('./storefront/stores/Step3Page')),
    page('carts', 'route.carts', 'storefront/cart/CartPage', () => import('./storefront/cart/CartPage')),
    page('order/before/:params', 'route.orderBefore', 'storefront/order/OrderBeforePage', () => import('./storefront/order/OrderBeforePage')),
    page('order/pay/:params', 'route.orderPay', 'storefront/order/OrderPayPage', () => import('./storefront/order/OrderPayPage')),
    page('order/success', 'route.orderSuccess', 'storefront/order/OrderSuccessPage', () => import('./storefront/order/OrderSuccessPage')),
    page('integral', 'route.integral', 'storefront/integral/IntegralHomePage', () => import('./storefront/integral/IntegralHomePage')),
    page('integral/search/:params?', 'route.integralSearch', 'storefront/integral/IntegralSearchPage', () => import('./storefront/integral/IntegralSearchPage')),
    page('integral/goods/:id', 'route.integralGoods', 'storefront/integral/IntegralGoodsPage', () => import('./storefront/integral/IntegralGoodsPage')),
    page('integral/order/:id/:buy_num', 'route.integralOrderConfirm', 'storefront/integral/IntegralOrderPage', () => import('./storefront/integral/IntegralOrderPage')),
    ...placeholders.map(([path, titleKey]) => placeholder(titleKey, path)),
    { path: 'user', ...lazyRoute('user/UserLayout', () => import('./user/UserLayout')), children: userCentreRoutes() },
    notFound(),
  ];
}

/** The back-office layout of an area; menu routes are patched into it once the menu has loaded. */
function backOfficeRoute(area: BackOfficeArea): RouteObject {
  return {
    id: `${area}-shell`,
    path: AREAS[area].homePath!,
    ...lazyRoute('shell/BackOfficeLayout', () => import('./shell/BackOfficeLayout')),
    children: [
      { index: true, handle: { titleKey: `shell.title.${area}` } satisfies RouteHandle, ...lazyRoute('shell/BackOfficeHome', () => import('./shell/BackOfficeHome')) },
      // Before the menu loads the guard never lets this render; afterwards it is the 404 page.
      notFound(),
    ],
  };
}

function readSessions(): Record<Area, StoredSession> {
  const read = (area: Area): StoredSession => ({ token: getToken(area), user: getUser(area) });
  return { user: read('user'), seller: read('seller'), admin: read('admin') };
}

/**
 * Builds the app's data router. The guard runs as the root loader on every navigation; menu routes
 * wait in `pendingRoutes` until the re-entered navigation asks for them (patchRoutesOnNavigation).
 */
export function createAppRouter(factory: RouterFactory = createBrowserRouter): AppRouter {
  const pendingRoutes = new Map<BackOfficeArea, MenuRoutes>();
  // Areas whose menu routes this router has received.
  const loadedAreas = new Set<BackOfficeArea>();
  let router: AppRouter | null = null;
  // A cancelled navigation goes back to the current address; that one trip skips the guard.
  let bypassHref: string | null = null;

  const guardDeps: GuardDeps = {
    // The first load shows the HydrateFallback instead: the bar's store is not set up before React renders.
    startProgress: () => {
      if (router?.state.initialized) startProgress();
    },
    readSessions,
    isMenuLoaded: (area) => loadedAreas.has(area),
    async loadMenuRoutes(area) {
      const { fetchMenuRoutes } = await import('./menu/menuRoutes');
      pendingRoutes.set(area, await fetchMenuRoutes(area));
      loadedAreas.add(area);
    },
  };

  function cancelNavigation(error: unknown): never {
    console.error('Navigation cancelled by the route guard:', error);
    completeProgress();
    if (router?.state.initialized) {
      bypassHref = createPath(router.state.location);
      throw replace(bypassHref);
    }
    throw error;
  }

  async function guardLoader({ request }: LoaderFunctionArgs): Promise<RootLoaderData> {
    const url = new URL(request.url);
    const href = `${url.pathname}${url.search}${url.hash}`;
    if (bypassHref === href) {
      bypassHref = null;
      return { isHome: url.pathname === '/', area: areaFromPath(url.pathname) };
    }
    let result: GuardResult;
    try {
      result = await runGuard(url, guardDeps);
    } catch (error) {
      return cancelNavigation(error);
    }
    if (result.kind === 'redirect') throw redirect(result.to);
    if (result.kind === 'reenter') throw replace(result.to);
    return { isHome: result.isHome, area: result.area };
  }

  const routes: RouteObject[] = [
    {
      id: 'root',
      path: '/',
      loader: guardLoader,
      shouldRevalidate: () => true,
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: PageLoader,
      children: [
        {
          id: 'home',
          Component: HomeLayout,
          ErrorBoundary: RouteError,
          // The header's site data, beside the layout's script.
          loader: () => {
            startCommonData();
            return null;
          },
          shouldRevalidate: () => false,
          children: storefrontRoutes(),
        },
        { path: 'Admin/login', handle: { titleKey: 'shell.loginTitle.admin' } satisfies RouteHandle, ...lazyRoute('shell/BackOfficeLoginPage', () => import('./shell/BackOfficeLoginPage')) },
        { path: 'Seller/login', handle: { titleKey: 'shell.loginTitle.seller' } satisfies RouteHandle, ...lazyRoute('shell/BackOfficeLoginPage', () => import('./shell/BackOfficeLoginPage')) },
        ...BACK_OFFICE_AREAS.map(backOfficeRoute),
      ],
    },
  ];

  router = factory(routes, {
    async patchRoutesOnNavigation({ path, patch }) {
      const area = areaFromPath(path);
      const pending = isBackOffice(area) ? pendingRoutes.get(area) : undefined;
      if (!isBackOffice(area) || !pending) return;
      pendingRoutes.delete(area);
      patch(`${area}-shell`, pending.inShell);
      patch('root', pending.topLevel);
    },
  });

  let lastLocationKey = router.state.location.key;
  router.subscribe((state) => {
    if (state.navigation.state !== 'idle') return;
    completeProgress();
    if (state.location.key !== lastLocationKey) {
      lastLocationKey = state.location.key;
      window.scrollTo(0, 0);
    }
  });
  const appRouter = router;
  setNavigator((to, options) => void appRouter.navigate(to, options));
  return router;
}
