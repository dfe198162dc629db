// The `{params}` segment of /order/before and /order/pay: base64url JSON (utils/base64Params). A link edited by hand,
// cut short or from another site decodes to null, and the page says the link is not valid instead of sending it on.
import { z } from 'zod';
import { decodeUrlParams, encodeUrlParams } from '../../utils/base64Params';
import type { CheckoutLine } from '../checkoutPath';

const positive = z.number().int().positive().max(2147483647);

const beforeParams = z.object({
  order: z
    .array(
      z.object({
        goods_id: positive,
        sku_id: z.number().int().min(0).max(2147483647),
        buy_num: positive,
        cart_id: positive.optional(),
        seckill_id: positive.optional(),
        collective_id: z.union([z.literal(-1), positive]).optional(),
      }),
    )
    .min(1)
    .max(200),
  ifcart: z.union([z.literal(0), z.literal(1)]),
});

export interface BeforeParams {
  order: CheckoutLine[];
  ifcart: 0 | 1;
}

/** The lines and origin /order/before/{params} names, or null when the segment is not such a value. */
export function decodeBeforeParams(raw: string | undefined): BeforeParams | null {
  const parsed = beforeParams.safeParse(decodeUrlParams(raw ?? ''));
  return parsed.success ? parsed.data : null;
}

const payParams = z.object({ order_id: z.array(positive).min(1).max(100) });

/** The payment page of these orders. */
export function orderPayPath(orderIds: readonly number[]): string {
  return `/order/pay/${encodeUrlParams({ order_id: [...orderIds] })}`;
}

/** /order/success naming the orders just paid, so its "my orders" link can open them. */
export function orderSuccessPath(orderIds: readonly number[]): string {
  return `/order/success?${new URLSearchParams({ order_id: orderIds.join(',') }).toString()}`;
}

/** Where "my orders" leads after paying: the order itself when one was paid, else the list. */
export function paidOrdersPath(search: string): string {
  const ids = (new URLSearchParams(search).get('order_id') ?? '').split(',').filter((id) => /^[1-9]\d{0,9}$/.test(id));
  return ids.length === 1 ? `/user/order/${ids[0]}` : '/user/orders';
}

/** The order ids /order/pay/{params} names (each once), or null when the segment is not such a value. */
export function decodePayParams(raw: string | undefined): number[] | null {
  const parsed = payParams.safeParse(decodeUrlParams(raw ?? ''));
  return parsed.success ? [...new Set(parsed.data.order_id)] : null;
}
