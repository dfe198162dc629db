import type { AdminTodo, SellerTodo } from '@qshop/shared/schemas/dashboard';

/** Each to-do item of the overview, in the order shown, with the page that handles it. */
export const SELLER_TODO_LINKS: Record<keyof SellerTodo, string> = {
  awaiting_shipment: '/Seller/orders/wait',
  after_sales: '/Seller/refunds',
  awaiting_payment: '/Seller/orders',
};

export const ADMIN_TODO_LINKS: Record<keyof AdminTodo, string> = {
  awaiting_shipment: '/Admin/orders',
  after_sales: '/Admin/refunds',
  awaiting_payment: '/Admin/orders',
  stores_to_review: '/Admin/stores',
  goods_to_review: '/Admin/goods',
  arbitrations: '/Admin/refunds',
};
