// What the order pages derive from an order: its status tabs, the steps of its timeline, its money breakdown, the
// actions it offers and the time left to pay. Money stays the server's strings; only the "is there any" checks count.
import { ORDER_STATUS } from '@qshop/shared/states';
import { toCents } from '@qshop/shared/money';
import { siteInstant } from '../../utils/siteTime';
import type { OrderDetail } from '../../storefront/order/types';

/** The list's tabs: all, then the statuses in the order a shopper follows them. */
export const ORDER_TABS = [
  { key: 'all', status: null },
  { key: 'unpaid', status: ORDER_STATUS.UNPAID },
  { key: 'paid', status: ORDER_STATUS.PAID },
  { key: 'shipped', status: ORDER_STATUS.SHIPPED },
  { key: 'received', status: ORDER_STATUS.RECEIVED },
  // Not a status any more (requests do not move the order): the list asks for orders with requests (after_sale=1);
  // 5 only names the tab in the address.
  { key: 'afterSale', status: ORDER_STATUS.AFTER_SALE },
  { key: 'completed', status: ORDER_STATUS.COMPLETED },
  { key: 'cancelled', status: ORDER_STATUS.CANCELLED },
] as const;

export type OrderTab = (typeof ORDER_TABS)[number]['key'];

/** The tab a `?status=` value names; anything else is "all". */
export function tabOf(raw: string | null): OrderTab {
  return ORDER_TABS.find((tab) => tab.status !== null && String(tab.status) === raw)?.key ?? 'all';
}

export const statusOfTab = (key: OrderTab): number | null => ORDER_TABS.find((tab) => tab.key === key)?.status ?? null;

/** The i18n key (prefix `orders`) of an order status. */
export const statusKey = (status: number) => `status.${status}`;

/**
 * Text colours for badges on white and on the order card's gray that meet WCAG AA (4.5:1): Mantine's darkest green
 * and orange shades do not (4.4 and 4.3 on white, less on the gray); these are 5.8 and 5.7 on the gray.
 */
export const AA_TEXT = { green: '#237032', orange: '#b03d0c' } as const;

export const STATUS_COLORS: Record<number, string> = {
  [ORDER_STATUS.CANCELLED]: 'gray',
  // Red, not orange: orange's text is 4.3:1 on white, under WCAG AA's 4.5.
  [ORDER_STATUS.UNPAID]: 'red',
  [ORDER_STATUS.PAID]: 'blue',
  [ORDER_STATUS.SHIPPED]: 'cyan',
  [ORDER_STATUS.RECEIVED]: 'teal',
  [ORDER_STATUS.AFTER_SALE]: 'grape',
  [ORDER_STATUS.COMPLETED]: AA_TEXT.green,
};

/** Only an unpaid order can still be paid or cancelled by the shopper. */
export const canPay = (order: { order_status: number }) => order.order_status === ORDER_STATUS.UNPAID;
export const canCancel = canPay;

export type TimelineKey = 'created' | 'paid' | 'shipped' | 'received' | 'reviewed' | 'cancelled';

export interface TimelineStep {
  key: TimelineKey;
  /** when it happened; null for a step still ahead */
  time: string | null;
}

type Stamps = Pick<OrderDetail, 'order_status' | 'created_at' | 'pay_time' | 'delivery_time' | 'receipt_time' | 'comment_time' | 'cancel_time'>;

/**
 * The steps of an order's life, each with the time it happened. A cancelled order shows the steps it went through and
 * its cancellation; any other order shows every step of the normal path, those ahead without a time.
 */
export function buildTimeline(order: Stamps): TimelineStep[] {
  const path: TimelineStep[] = [
    { key: 'created', time: order.created_at },
    { key: 'paid', time: order.pay_time },
    { key: 'shipped', time: order.delivery_time },
    { key: 'received', time: order.receipt_time },
    { key: 'reviewed', time: order.comment_time },
  ];
  if (order.order_status !== ORDER_STATUS.CANCELLED) return path;
  return [...path.filter((step) => step.time), { key: 'cancelled', time: order.cancel_time }];
}

/** How many steps from the start are done: the last step with a time and every one before it. */
export function stepsDone(steps: readonly TimelineStep[]): number {
  let done = 0;
  steps.forEach((step, i) => {
    if (step.time) done = i + 1;
  });
  return done;
}

export type MoneyRowKey = 'goods' | 'freight' | 'discount' | 'payable' | 'paid';

export interface MoneyRow {
  key: MoneyRowKey;
  amount: string;
  /** shown as taken off ("-￥5.00") */
  negative?: boolean;
  /** the row the eye should land on */
  strong?: boolean;
}

type Money = Pick<OrderDetail, 'order_status' | 'order_price' | 'freight_money' | 'discount_money' | 'total_price' | 'pay_time'>;

/** Goods, freight, discounts (only when there are any), the amount payable, and what was paid once it was. */
export function moneyRows(order: Money): MoneyRow[] {
  const rows: MoneyRow[] = [
    { key: 'goods', amount: order.order_price },
    { key: 'freight', amount: order.freight_money },
  ];
  if (toCents(order.discount_money) > 0) rows.push({ key: 'discount', amount: order.discount_money, negative: true });
  rows.push({ key: 'payable', amount: order.total_price, strong: order.pay_time === null });
  if (order.pay_time !== null) rows.push({ key: 'paid', amount: order.total_price, strong: true });
  return rows;
}

export interface TimeLeft {
  hours: number;
  minutes: number;
  seconds: number;
}

/** The time left until `deadline` at `now` (ms), or null once it has passed. */
export function timeLeft(deadline: string, now: number): TimeLeft | null {
  const ms = siteInstant(deadline) - now;
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const total = Math.ceil(ms / 1000);
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

const two = (n: number) => String(n).padStart(2, '0');

/** "1:05:09", or "05:09" under an hour. */
export function formatTimeLeft({ hours, minutes, seconds }: TimeLeft): string {
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

/** The earliest deadline among unpaid orders (the whole payment must be made by then), or null. */
export function earliestDeadline(orders: readonly { order_status: number; pay_deadline: string | null }[]): string | null {
  const deadlines = orders.filter((o) => canPay(o) && o.pay_deadline).map((o) => o.pay_deadline!);
  return deadlines.sort((a, b) => siteInstant(a) - siteInstant(b))[0] ?? null;
}
