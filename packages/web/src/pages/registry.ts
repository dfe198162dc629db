import type { PageModule } from '../router/lazyRoute';

export interface PageEntry {
  load: () => Promise<PageModule>;
  showTitle?: boolean;
  framed?: boolean;
}

const placeholder: PageEntry = { load: () => import('./BackOfficePlaceholder') };
const resourcePage: PageEntry = { load: () => import('../resource/ResourcePage') };
const configPage: PageEntry = { load: () => import('../admin/configs/ConfigPage') };
// Catalog and stores
const adminGoods: PageEntry = { load: () => import('../admin/catalog/AdminGoodsPage') };
const adminGoodsReview: PageEntry = { load: () => import('../admin/catalog/GoodsReviewPage') };
const adminStores: PageEntry = { load: () => import('../admin/catalog/AdminStoresPage') };
const sellerGoods: PageEntry = { load: () => import('../seller/catalog/SellerGoodsPage') };
// It titles itself: adding or editing a goods.
const sellerGoodsForm: PageEntry = { load: () => import('../seller/catalog/GoodsFormPage'), showTitle: false };
const sellerImageSpace: PageEntry = { load: () => import('../seller/catalog/ImageSpacePage') };
const sellerStore: PageEntry = { load: () => import('../seller/catalog/StoreSettingsPage') };
// Settlement
const adminSettlements: PageEntry = { load: () => import('../admin/settlement/AdminSettlementsPage') };
const adminPayments: PageEntry = { load: () => import('../admin/settlement/PaymentsPage') };
// Money out: withdrawals (the store asks and cancels, the admin pays out or refuses), users with a funds adjustment
const cashes: PageEntry = { load: () => import('../backoffice/funds/CashesPage') };
const adminUsers: PageEntry = { load: () => import('../backoffice/funds/AdminUsersPage') };
// Reviews: the generic list with a reply dialog
const reviewsPage: PageEntry = { load: () => import('../backoffice/reviews/ReviewsPage') };
// Orders (seller and admin: one page, the area and the wait tab from the path)
const orders: PageEntry = { load: () => import('../backoffice/orders/OrdersPage') };
// After-sales requests (seller and admin: one page, the area and the type from the path)
const refunds: PageEntry = { load: () => import('../backoffice/refunds/RefundsPage') };
// Dashboards (the overview and the sales report serve both areas, the area from the path)
const dashboard: PageEntry = { load: () => import('../backoffice/dashboard/DashboardPage') };
const salesReport: PageEntry = { load: () => import('../backoffice/dashboard/SalesReportPage') };
const adminStoreReport: PageEntry = { load: () => import('../admin/dashboard/StoreReportPage') };
const adminUserReport: PageEntry = { load: () => import('../admin/dashboard/UserReportPage') };
// Customer-service chat: conversations, history and live answers over the chat socket
const sellerChat: PageEntry = { load: () => import('../backoffice/chat/ChatPage') };
// Points mall: the generic list with a ship action
const adminIntegralOrders: PageEntry = { load: () => import('../admin/points/IntegralOrdersPage') };

/**
 * Menu views with a page of their own. Every other view is a generic resource list whose data
 * endpoint is the route path. Pages still to be written point at the placeholder.
 */
const registry: Record<string, PageEntry> = {
  'Admin/dashboard': dashboard,
  'Admin/dashboard/order': salesReport,
  'Admin/dashboard/pay': adminPayments,
  'Admin/dashboard/store': adminStoreReport,
  'Admin/dashboard/user': adminUserReport,
  'Admin/configs/logistics': configPage,
  'Admin/configs/map': configPage,
  'Admin/configs/oauth': configPage,
  'Admin/configs/pay': configPage,
  'Admin/configs/sms': configPage,
  'Admin/configs/store': configPage,
  'Admin/configs/task': configPage,
  'Admin/configs/upload': configPage,
  'Admin/configs/web': configPage,
  'Admin/configs/integral': configPage,
  'Admin/goods': adminGoods,
  'Admin/goods/form': adminGoodsReview,
  'Admin/stores': adminStores,
  'Admin/order_comments': reviewsPage,
  'Admin/orders': orders,
  'Admin/refunds': refunds,
  'Admin/refunds/return': refunds,
  'Admin/integral_goods/form': placeholder,
  'Admin/integral_orders': adminIntegralOrders,
  'Admin/order_settlements': adminSettlements,
  'Admin/cashes': cashes,
  'Admin/users': adminUsers,
  'Seller/cashes': cashes,
  'Seller/dashboard': dashboard,
  'Seller/dashboard/order': salesReport,
  'Seller/chats': sellerChat,
  'Seller/goods': sellerGoods,
  'Seller/goods/form': sellerGoodsForm,
  'Seller/file_spaces': sellerImageSpace,
  'Seller/stores': sellerStore,
  'Seller/order_comments': reviewsPage,
  'Seller/orders': orders,
  'Seller/orders/wait': orders,
  'Seller/refunds': refunds,
  'Seller/refunds/return': refunds,
};

/** 'Admin/goods_brands/index', '/Admin/goods_brands/index.vue' and 'Admin/goods_brands' name the same view. */
export function normalizeView(view: string): string {
  return view
    .trim()
    .replace(/^\/+/, '')
    .replace(/\.(vue|[jt]sx?)$/, '')
    .replace(/\/index$/, '');
}

export function resolvePage(view: string): { chunk: string; entry: PageEntry } {
  const name = normalizeView(view);
  return { chunk: name, entry: registry[name] ?? resourcePage };
}
