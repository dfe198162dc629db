// What the back-office after-sales pages derive: the area and the request type from the path, the list endpoint, and
// which decisions a request offers in each area (the server decides again).
import { REFUND_STEP, REFUND_TYPE, REFUND_VERIFY, isRefundClosable } from '@qshop/shared/states';
import type { BackOfficeArea } from '../orders/orderModel';

export { areaOfPath } from '../orders/orderModel';
export type { BackOfficeArea };

type State = { refund_type: number; refund_verify: number; refund_step: number };

/** /{area}/refunds/return lists returns, /{area}/refunds money-only refunds. */
export const typeOfPath = (pathname: string): number => (/\/refunds\/return\/?$/.test(pathname) ? REFUND_TYPE.GOODS : REFUND_TYPE.MONEY);

export const listEndpoint = (area: BackOfficeArea, refundType: number) => `/${area}/refunds?refund_type=${refundType}`;

/** The decisions a request offers: the seller's on its store's requests; the admin's arbitration, and closing any
 *  request whose money has not started back. */
export type RefundAction = 'agree' | 'refuse' | 'confirm' | 'arbitrate' | 'close';

export function refundActions(area: BackOfficeArea, r: State): RefundAction[] {
  if (area === 'Admin') {
    const actions: RefundAction[] = r.refund_verify === REFUND_VERIFY.ARBITRATING ? ['arbitrate'] : [];
    return isRefundClosable(r) ? [...actions, 'close'] : actions;
  }
  if (r.refund_verify === REFUND_VERIFY.PENDING) return ['agree', 'refuse'];
  const awaitsGoods = r.refund_type === REFUND_TYPE.GOODS && r.refund_verify === REFUND_VERIFY.AGREED && r.refund_step === REFUND_STEP.AWAIT_SELLER;
  return awaitsGoods ? ['confirm'] : [];
}

export const STATE_COLORS: Record<string, string> = {
  'state.pending': 'orange',
  'state.refused': 'red',
  'state.arbitrating': 'grape',
  'state.closed': 'gray',
  'state.refunding': 'blue',
  'state.awaitBuyer': 'cyan',
  'state.awaitSeller': 'teal',
  'state.done': 'green',
};
