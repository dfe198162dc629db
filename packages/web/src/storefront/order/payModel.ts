// What the payment page pays: the orders of the link that still await payment (others were paid or cancelled in the
// meantime and are shown with their status), their total, and whether the balance covers it.
import { fromCents, sumCents, toCents } from '@qshop/shared/money';
import { canPay } from '../../user/orders/orderModel';
import type { PayInfo, PayInfoOrder } from './types';

export const payableOrders = (info: PayInfo): PayInfoOrder[] => info.orders.filter(canPay);

/** The server's total when every order is payable, else the payable orders' sum. */
export function payableTotal(info: PayInfo): string {
  const payable = payableOrders(info);
  if (payable.length === info.orders.length) return info.total_price;
  return fromCents(sumCents(payable.map((o) => toCents(o.total_price))));
}

export const balanceCovers = (info: PayInfo): boolean => toCents(info.balance) >= toCents(payableTotal(info));

/** The payment methods in the order the page shows them, with whether each can be used now. */
export function paymentChoices(info: PayInfo): { name: PayInfo['payments'][number]['name']; enabled: boolean }[] {
  const known = ['balance', 'wechat', 'alipay'] as const;
  return known.map((name) => ({ name, enabled: info.payments.some((p) => p.name === name && p.enabled) }));
}
