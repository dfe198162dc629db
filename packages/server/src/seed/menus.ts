// The admin and seller back-office menu trees.
// A menu item's `apis` is its route path and the data endpoint (/Admin/x → /api/Admin/x); `view` is the web
// page key. An item whose parent has an `apis` is a sub-page (the goods form): routed, not listed.

export type MenuSeed = {
  name: string
  ename: string
  icon: string
  apis: string
  view: string
  /** 1 = a top-level page outside the back-office layout; none of ours is */
  is_open: number
  children?: MenuSeed[]
}

const group = (name: string, ename: string, icon: string, children: MenuSeed[]): MenuSeed => ({
  name, ename, icon, apis: '', view: '', is_open: 0, children,
})

/** A page at `apis`; its view defaults to the path with `/index` added to one-segment pages (/Admin/x → Admin/x/index). */
const page = (name: string, ename: string, icon: string, apis: string, opts: { view?: string; children?: MenuSeed[] } = {}): MenuSeed => ({
  name, ename, icon, apis,
  view: opts.view ?? (apis.split('/').length === 3 ? `${apis.slice(1)}/index` : apis.slice(1)),
  is_open: 0,
  children: opts.children,
})

export const ADMIN_MENUS: MenuSeed[] = [
  group('工作台', 'Workbench', 'fa-house', [
    page('仪表盘', 'Dashboard', 'fa-gauge', '/Admin/dashboard'),
    group('公告中心', 'Notices', 'fa-bullhorn', [page('公告管理', 'Manage notices', 'fa-bullhorn', '/Admin/notices')]),
    group('文章中心', 'Articles', 'fa-newspaper', [
      page('文章栏目', 'Article categories', 'fa-folder-tree', '/Admin/article_menus'),
      page('文章管理', 'Articles', 'fa-file-pen', '/Admin/articles'),
    ]),
  ]),
  group('商品中心', 'Goods', 'fa-box', [
    page('商品分类', 'Categories', 'fa-sitemap', '/Admin/goods_classes'),
    page('商品管理', 'Goods', 'fa-boxes-stacked', '/Admin/goods', {
      children: [page('商品编辑', 'Edit goods', 'fa-pen-to-square', '/Admin/goods/form')],
    }),
    page('品牌管理', 'Brands', 'fa-copyright', '/Admin/goods_brands'),
  ]),
  group('店铺中心', 'Stores', 'fa-store', [
    group('店铺管理', 'Store management', 'fa-shop', [
      page('店铺配置', 'Store config', 'fa-sliders', '/Admin/configs/store'),
      page('店铺管理', 'Stores', 'fa-store', '/Admin/stores'),
      page('订单结算', 'Settlements', 'fa-file-invoice-dollar', '/Admin/order_settlements'),
    ]),
    group('订单中心', 'Orders', 'fa-receipt', [
      page('订单管理', 'Orders', 'fa-clipboard-list', '/Admin/orders'),
      page('退款订单', 'Refund orders', 'fa-rotate-left', '/Admin/refunds'),
      page('退货订单', 'Return orders', 'fa-truck-ramp-box', '/Admin/refunds/return'),
      page('订单评论', 'Reviews', 'fa-comment-dots', '/Admin/order_comments'),
    ]),
    group('物流中心', 'Logistics', 'fa-truck-fast', [
      page('区域地址', 'Areas', 'fa-map-location-dot', '/Admin/areas'),
      page('物流公司', 'Carriers', 'fa-truck', '/Admin/expresses'),
    ]),
    group('营销中心', 'Marketing', 'fa-gift', [
      page('分销管理', 'Distribution', 'fa-share-nodes', '/Admin/distribution_logs'),
      page('平台优惠券', 'Platform coupons', 'fa-ticket', '/Admin/coupons'),
      page('秒杀活动', 'Flash sales', 'fa-bolt', '/Admin/seckills'),
    ]),
  ]),
  group('积分商城', 'Points mall', 'fa-coins', [
    group('商品管理', 'Goods', 'fa-box', [
      page('商品分类', 'Categories', 'fa-sitemap', '/Admin/integral_goods_classes'),
      page('商品管理', 'Goods', 'fa-boxes-stacked', '/Admin/integral_goods', {
        children: [page('商品编辑', 'Edit goods', 'fa-pen-to-square', '/Admin/integral_goods/form')],
      }),
    ]),
    page('订单管理', 'Orders', 'fa-clipboard-list', '/Admin/integral_orders'),
    page('积分配置', 'Points rules', 'fa-sliders', '/Admin/configs/integral'),
  ]),
  group('数据统计', 'Statistics', 'fa-chart-line', [
    page('会员分析', 'Members', 'fa-users', '/Admin/dashboard/user'),
    page('店铺分析', 'Stores', 'fa-store', '/Admin/dashboard/store'),
    page('销量分析', 'Sales', 'fa-chart-column', '/Admin/dashboard/order'),
    page('支付分析', 'Payments', 'fa-chart-pie', '/Admin/dashboard/pay'),
  ]),
  group('系统中心', 'System', 'fa-gear', [
    group('系统配置', 'System config', 'fa-sliders', [
      page('网站配置', 'Website', 'fa-desktop', '/Admin/configs/web'),
      page('上传配置', 'Upload', 'fa-cloud-arrow-up', '/Admin/configs/upload'),
      page('支付配置', 'Payment', 'fa-credit-card', '/Admin/configs/pay'),
      page('第三方登录', 'Third-party login', 'fa-right-to-bracket', '/Admin/configs/oauth'),
      page('地图配置', 'Map', 'fa-map', '/Admin/configs/map'),
      page('物流配置', 'Logistics', 'fa-truck-fast', '/Admin/configs/logistics'),
      page('定时任务', 'Timed tasks', 'fa-clock', '/Admin/configs/task'),
      page('版本更新', 'App versions', 'fa-mobile-screen', '/Admin/app_versions'),
    ]),
    group('用户管理', 'Users', 'fa-users', [
      page('用户管理', 'Admin accounts', 'fa-user-shield', '/Admin/admins'),
      page('平台用户', 'Platform users', 'fa-user-group', '/Admin/users'),
      page('角色管理', 'Roles', 'fa-id-badge', '/Admin/roles'),
      page('接口分组', 'Permission groups', 'fa-layer-group', '/Admin/permission_groups', { view: 'Admin/permissions/group' }),
      page('接口管理', 'Permissions', 'fa-key', '/Admin/permissions'),
    ]),
    group('短信配置', 'SMS', 'fa-message', [
      page('基础配置', 'Basic config', 'fa-sliders', '/Admin/configs/sms'),
      page('签名配置', 'Sign and templates', 'fa-envelope', '/Admin/sms'),
      page('短信日志', 'SMS logs', 'fa-list', '/Admin/sms_logs'),
    ]),
    group('广告中心', 'Ads', 'fa-rectangle-ad', [
      page('广告位', 'Ad slots', 'fa-images', '/Admin/adv_spaces'),
      page('广告管理', 'Ads', 'fa-image', '/Admin/advs'),
    ]),
    group('资金管理', 'Funds', 'fa-wallet', [
      page('用户资金', 'Money logs', 'fa-money-bill-wave', '/Admin/money_logs'),
      page('资金提现', 'Withdrawals', 'fa-money-bill-transfer', '/Admin/cashes'),
      page('资金调整记录', 'Adjustments', 'fa-scale-balanced', '/Admin/money_adjustments'),
    ]),
    group('菜单管理', 'Menus', 'fa-bars', [
      page('后台菜单', 'Admin menus', 'fa-bars', '/Admin/menus'),
      page('商家菜单', 'Seller menus', 'fa-list-check', '/Admin/seller_menus'),
    ]),
    page('货币管理', 'Currencies', 'fa-yen-sign', '/Admin/currencies'),
    page('协议管理', 'Agreements', 'fa-file-contract', '/Admin/agreements'),
  ]),
]

export const SELLER_MENUS: MenuSeed[] = [
  group('工作台', 'Workbench', 'fa-house', [
    page('仪表盘', 'Dashboard', 'fa-gauge', '/Seller/dashboard'),
    page('客服聊天', 'Customer chat', 'fa-comments', '/Seller/chats'),
  ]),
  group('商品中心', 'Goods', 'fa-box', [
    page('商品管理', 'Goods', 'fa-boxes-stacked', '/Seller/goods', {
      children: [page('商品编辑', 'Edit goods', 'fa-pen-to-square', '/Seller/goods/form')],
    }),
    page('属性规格', 'Attributes and specs', 'fa-tags', '/Seller/goods_attrs'),
    page('图片空间', 'Image space', 'fa-images', '/Seller/file_spaces'),
  ]),
  group('店铺中心', 'Store', 'fa-store', [
    page('店铺配置', 'Store settings', 'fa-sliders', '/Seller/stores'),
    page('店铺资金', 'Store funds', 'fa-wallet', '/Seller/money_logs'),
    page('订单结算', 'Settlements', 'fa-file-invoice-dollar', '/Seller/order_settlements'),
    page('资金提现', 'Withdrawals', 'fa-money-bill-transfer', '/Seller/cashes'),
    page('运费配置', 'Freight', 'fa-truck', '/Seller/freights'),
  ]),
  group('订单中心', 'Orders', 'fa-receipt', [
    group('订单管理', 'Orders', 'fa-clipboard-list', [
      page('全部订单', 'All orders', 'fa-clipboard-list', '/Seller/orders'),
      page('待发订单', 'Awaiting shipment', 'fa-hourglass-half', '/Seller/orders/wait'),
      page('退款订单', 'Refunds', 'fa-rotate-left', '/Seller/refunds'),
      page('退货订单', 'Returns', 'fa-truck-ramp-box', '/Seller/refunds/return'),
    ]),
    page('订单评论', 'Reviews', 'fa-comment-dots', '/Seller/order_comments'),
  ]),
  group('营销中心', 'Marketing', 'fa-gift', [
    group('分销管理', 'Distribution', 'fa-share-nodes', [
      page('分销管理', 'Settings', 'fa-share-nodes', '/Seller/distributions'),
      page('分销日志', 'Logs', 'fa-list', '/Seller/distribution_logs', { view: 'Seller/distributions/log' }),
    ]),
    group('优惠券管理', 'Coupons', 'fa-ticket', [
      page('优惠券管理', 'Coupons', 'fa-ticket', '/Seller/coupons'),
      page('优惠券日志', 'Coupon logs', 'fa-list', '/Seller/coupon_logs', { view: 'Seller/coupons/log' }),
    ]),
    page('秒杀管理', 'Flash sales', 'fa-bolt', '/Seller/seckills'),
    page('拼团管理', 'Group buys', 'fa-people-group', '/Seller/collectives'),
    page('满减管理', 'Full reductions', 'fa-percent', '/Seller/full_reductions'),
  ]),
  group('数据统计', 'Statistics', 'fa-chart-line', [
    page('销量分析', 'Sales', 'fa-chart-column', '/Seller/dashboard/order'),
  ]),
  group('系统中心', 'System', 'fa-gear', [
    group('用户管理', 'Users', 'fa-users', [
      page('用户管理', 'Sub-accounts', 'fa-user-gear', '/Seller/users'),
      page('角色管理', 'Roles', 'fa-id-badge', '/Seller/roles'),
    ]),
  ]),
]

/** Pages of the demo roles (their groups and sub-pages come along): an admin operator runs content, seller customer service runs orders. */
export const ROLE_PAGES = {
  admin: {
    name: '运营',
    content: '内容运营：公告、文章、广告与协议',
    pages: ['/Admin/dashboard', '/Admin/notices', '/Admin/article_menus', '/Admin/articles', '/Admin/adv_spaces', '/Admin/advs', '/Admin/agreements'],
  },
  seller: {
    name: '客服',
    content: '客服：聊天、订单、售后与评价',
    pages: ['/Seller/chats', '/Seller/orders', '/Seller/orders/wait', '/Seller/refunds', '/Seller/refunds/return', '/Seller/order_comments'],
  },
} as const
