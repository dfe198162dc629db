// Cancelling an unpaid order: a confirmation naming the order, then PUT /api/user/order/{id} {order_status: 0}.
// The server refuses an order that is no longer unpaid with its own message (the client shows it).
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ORDER_STATUS } from '@qshop/shared/states';
import i18n from '../../i18n';
import { api } from '../../api/client';
import { notifySuccess } from '../../utils/notify';

const to = (key: string, values?: Record<string, string>) => i18n.getFixedT(null, null, 'orders')(key, values);

function confirmCancel(orderNo: string): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: to('cancel.title'),
      children: <Text size="sm">{to('cancel.message', { no: orderNo })}</Text>,
      labels: { confirm: to('cancel.confirm'), cancel: to('cancel.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onClose: () => resolve(false),
    });
  });
}

/** Asks, then cancels; true when the order was cancelled. */
export async function cancelOrder(order: { id: number; order_no: string }): Promise<boolean> {
  if (!(await confirmCancel(order.order_no))) return false;
  try {
    await api.put(`/user/order/${order.id}`, { order_status: ORDER_STATUS.CANCELLED });
  } catch {
    return false;
  }
  notifySuccess(to('cancel.done'));
  return true;
}
