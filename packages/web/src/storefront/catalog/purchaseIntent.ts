// What a visitor chose on the goods page before logging in: the goods page's address carries the SKU, the quantity and
// the action (`?sku_id=&buy_num=&then=cart|buy`), the login comes back to it (router/returnTo.ts), and the page picks
// the SKU and quantity again and finishes the action. Values that do not fit are dropped, never an error.
import { MIN_BUY_QUANTITY } from '../../config';

export const PURCHASE_ACTIONS = ['cart', 'buy'] as const;
export type PurchaseAction = (typeof PURCHASE_ACTIONS)[number];

export interface PurchaseIntent {
  skuId: number | null;
  buyNum: number | null;
  then: PurchaseAction | null;
}

const INT_MAX = 2147483647;

function count(raw: string | null, min: number): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= INT_MAX ? n : null;
}

export function readPurchaseIntent(params: URLSearchParams): PurchaseIntent {
  const then = params.get('then');
  return {
    skuId: count(params.get('sku_id'), 1),
    buyNum: count(params.get('buy_num'), MIN_BUY_QUANTITY),
    then: (PURCHASE_ACTIONS as readonly string[]).includes(then ?? '') ? (then as PurchaseAction) : null,
  };
}

/** The goods page that picks `line` again and then does `then`. */
export function purchaseIntentPath(goodsId: number, line: { sku_id: number; buy_num: number }, then: PurchaseAction): string {
  const params = new URLSearchParams({ ...(line.sku_id ? { sku_id: String(line.sku_id) } : {}), buy_num: String(line.buy_num), then });
  return `/goods/${goodsId}?${params.toString()}`;
}
