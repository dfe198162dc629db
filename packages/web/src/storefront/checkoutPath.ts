// The checkout confirmation page's address, /order/before/{params}: params is base64url JSON of
// `{order: [{goods_id, sku_id, buy_num, cart_id?, seckill_id?, collective_id?}], ifcart}` — ifcart 1 when the lines
// come from the cart (the order then removes those cart lines), 0 for "buy now" on the goods page.
import { encodeUrlParams } from '../utils/base64Params';

export interface CheckoutLine {
  goods_id: number;
  /** 0 for a goods without SKUs */
  sku_id: number;
  buy_num: number;
  /** the cart line it comes from (ifcart 1) */
  cart_id?: number;
  /** a flash sale of this goods (ordered on its own) */
  seckill_id?: number;
  /** a group buy (ordered on its own): −1 opens a group of the goods' group buy, N joins open group N */
  collective_id?: number;
}

export function orderBeforePath(order: CheckoutLine[], ifcart: 0 | 1): string {
  return `/order/before/${encodeUrlParams({ order, ifcart })}`;
}
