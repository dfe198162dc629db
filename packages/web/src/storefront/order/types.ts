// The answers of the order API the shopper's order pages read (helpers/orders-contract.md): money as "12.30" strings,
// times as "YYYY-MM-DD HH:mm:ss" (null until they happen).
import type { Address } from '@qshop/shared/schemas/addresses';

/** A line of the checkout preview (POST /api/user/order/before). */
export interface CheckoutLineAnswer {
  goods_id: number;
  sku_id: number;
  cart_id: number | null;
  goods_name: string;
  goods_image: string;
  sku_name: string;
  goods_price: string;
  buy_num: number;
  total_price: string;
  total_weight: string;
  discount_money: string;
}

export interface StoreGroup {
  store_id: number;
  store_name: string;
  store_logo: string;
  lines: CheckoutLineAnswer[];
  order_price: string;
  freight_money: string;
  discount_money: string;
  total_price: string;
}

export interface OrderPreview {
  /** the address freight was computed for; null when the shopper has none */
  address: Address | null;
  stores: StoreGroup[];
  order_price: string;
  freight_money: string;
  discount_money: string;
  total_price: string;
}

/** POST /api/user/order/create: one order per store, in the order of the groups. */
export interface OrderCreated {
  order_id: number[];
  order_no: string[];
}

export interface PayInfoOrder {
  id: number;
  order_no: string;
  store_name: string;
  total_price: string;
  order_status: number;
  pay_deadline: string | null;
}

export type PaymentName = 'balance' | 'wechat' | 'alipay';

export interface PayInfo {
  orders: PayInfoOrder[];
  total_price: string;
  balance: string;
  has_pay_password: boolean;
  payments: { name: PaymentName; enabled: boolean }[];
}

export interface PayAnswer {
  order_pay_id: number;
  pay_no: string;
  total_price: string;
}

export interface OrderLine {
  goods_id: number;
  sku_id: number;
  goods_name: string;
  goods_image: string;
  /** '-' for a goods without SKUs */
  sku_name: string;
  goods_price: string;
  buy_num: number;
  total_price: string;
}

/** A row of GET /api/user/orders. */
export interface OrderRow {
  id: number;
  order_no: string;
  store_id: number;
  store_name: string;
  order_status: number;
  total_price: string;
  freight_money: string;
  created_at: string;
  pay_deadline: string | null;
  lines: OrderLine[];
}

/** GET /api/user/order/{id}. */
export interface OrderDetail extends OrderRow {
  order_price: string;
  /** all discounts together */
  discount_money: string;
  receive_name: string;
  receive_tel: string;
  receive_area: string;
  receive_address: string;
  remark: string;
  payment_name: string;
  pay_time: string | null;
  delivery_time: string | null;
  receipt_time: string | null;
  cancel_time: string | null;
  comment_time: string | null;
  delivery_code: string;
  delivery_no: string;
}

/** GET /api/user/order/counts: orders per status ("0".."6") and in all. */
export interface OrderCounts {
  all: number;
  by_status: Partial<Record<string, number>>;
}
