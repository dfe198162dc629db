// What the back-office order pages derive: the area from the path, the status tabs and their list endpoints, which
// actions an order offers, and the ship and receiver forms checked with the server's own schemas.
import { ORDER_STATUS } from '@qshop/shared/states';
import { ORDER_TABS as SHOPPER_ORDER_TABS } from '../../user/orders/orderModel';
import { receiverBody, shipBody, type ReceiverBody, type ShipBody } from '@qshop/shared/schemas/fulfilment';

export type BackOfficeArea = 'Seller' | 'Admin';

export const areaOfPath = (pathname: string): BackOfficeArea => (pathname.startsWith('/Admin') ? 'Admin' : 'Seller');

/** /Seller/orders/wait is the list of orders awaiting shipment, without the other tabs. */
export const isWaitPage = (pathname: string) => /\/orders\/wait\/?$/.test(pathname);

/** The shopper's status tabs without "after-sale": the back offices keep requests on their own pages. */
export const ORDER_TABS = SHOPPER_ORDER_TABS.filter(
  (t): t is Exclude<(typeof SHOPPER_ORDER_TABS)[number], { key: 'afterSale' }> => t.key !== 'afterSale',
);
export type OrderTabKey = (typeof ORDER_TABS)[number]['key'];

/** The list endpoint of a tab: the status filter rides in the path's query, the search panel adds the rest. */
export function listEndpoint(area: BackOfficeArea, tab: OrderTabKey): string {
  const status = ORDER_TABS.find((t) => t.key === tab)?.status ?? null;
  return status === null ? `/${area}/orders` : `/${area}/orders?order_status=${status}`;
}

/** Shipping and the receiver are open only while the order waits for shipment (the server decides again). */
export const canShip = (order: { order_status: number }) => order.order_status === ORDER_STATUS.PAID;
export const canEditReceiver = canShip;

/** Field → i18n key (prefix `fulfil`) of what is wrong with a ship form; empty when it may be sent. */
export function shipErrors(form: ShipBody): Partial<Record<keyof ShipBody, string>> {
  const errors: Partial<Record<keyof ShipBody, string>> = {};
  if (!form.delivery_code) errors.delivery_code = 'carrierRequired';
  if (!shipBody.shape.delivery_no.safeParse(form.delivery_no).success) errors.delivery_no = 'trackingNoInvalid';
  return errors;
}

export function receiverErrors(form: ReceiverBody): Partial<Record<keyof ReceiverBody, string>> {
  const errors: Partial<Record<keyof ReceiverBody, string>> = {};
  for (const key of ['receive_name', 'receive_area', 'receive_address'] as const) if (!form[key].trim()) errors[key] = 'required';
  if (!receiverBody.shape.receive_tel.safeParse(form.receive_tel).success) errors.receive_tel = 'telInvalid';
  return errors;
}
