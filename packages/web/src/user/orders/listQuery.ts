// /user/orders keeps its tab, page and filters in the address (?status=1&page=2&order_no=…&from=…&to=…), so the back
// button and a reload show the same list. This reads them into the list API's query (order_status, order_no,
// created_at as "from,to" — whole days, both included — and page).
import dayjs from 'dayjs';
import { statusOfTab, tabOf, type OrderTab } from './orderModel';

const DAY = 'YYYY-MM-DD';

export interface OrderFilters {
  orderNo: string;
  /** days, "YYYY-MM-DD" */
  from: string | null;
  to: string | null;
}

export interface ListState extends OrderFilters {
  tab: OrderTab;
  page: number;
}

/** A real calendar day written as YYYY-MM-DD, else null. */
const day = (raw: string | null) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) && dayjs(raw).format(DAY) === raw ? raw : null);

export function readListState(search: URLSearchParams): ListState {
  const page = Number(search.get('page'));
  return {
    tab: tabOf(search.get('status')),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    orderNo: (search.get('order_no') ?? '').trim(),
    from: day(search.get('from')),
    to: day(search.get('to')),
  };
}

/** The address of a list state (defaults left out). */
export function writeListState(state: ListState): URLSearchParams {
  const search = new URLSearchParams();
  const status = statusOfTab(state.tab);
  if (status !== null) search.set('status', String(status));
  if (state.orderNo) search.set('order_no', state.orderNo);
  if (state.from && state.to) {
    search.set('from', state.from);
    search.set('to', state.to);
  }
  if (state.page > 1) search.set('page', String(state.page));
  return search;
}

/** The query of GET /api/user/orders for a list state. */
export function ordersQuery(state: ListState): Record<string, string | number> {
  const status = statusOfTab(state.tab);
  return {
    page: state.page,
    // The after-sales tab is not a status: orders with requests, whatever their status.
    ...(state.tab === 'afterSale' ? { after_sale: 1 } : status !== null ? { order_status: status } : {}),
    ...(state.orderNo ? { order_no: state.orderNo } : {}),
    ...(state.from && state.to ? { created_at: `${state.from},${state.to}` } : {}),
  };
}

export const hasFilters = (state: OrderFilters) => Boolean(state.orderNo || (state.from && state.to));
