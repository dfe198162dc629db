// What the after-sales pages derive from a request: its status label (qwshop's table adapted to our states) and the
// actions the shopper has on it.
import { REFUND_STEP, REFUND_TYPE, REFUND_VERIFY } from '@qshop/shared/states';
import type { RefundDetail } from '@qshop/shared/schemas/aftersales';

type State = Pick<RefundDetail, 'refund_type' | 'refund_verify' | 'refund_step'>;

/** The i18n key (prefix `aftersales`) of a request's state. */
export function refundStateKey(r: State): string {
  if (r.refund_step === REFUND_STEP.DONE) return 'state.done';
  if (r.refund_step === REFUND_STEP.REFUNDING) return 'state.refunding';
  switch (r.refund_verify) {
    case REFUND_VERIFY.PENDING:
      return 'state.pending';
    case REFUND_VERIFY.REFUSED:
      return 'state.refused';
    case REFUND_VERIFY.ARBITRATING:
      return 'state.arbitrating';
    case REFUND_VERIFY.CLOSED:
      return 'state.closed';
    default:
      // Agreed: a money-only request is refunding or done by now; a return waits for its shipment or its confirmation.
      return r.refund_step === REFUND_STEP.AWAIT_BUYER_SHIPMENT ? 'state.awaitBuyer' : 'state.awaitSeller';
  }
}

export const canWithdraw = (r: State) => r.refund_verify === REFUND_VERIFY.PENDING;
export const canShip = (r: State) => r.refund_type === REFUND_TYPE.GOODS && r.refund_verify === REFUND_VERIFY.AGREED && r.refund_step === REFUND_STEP.AWAIT_BUYER_SHIPMENT;
export const canAskArbitration = (r: State) => r.refund_verify === REFUND_VERIFY.REFUSED;
