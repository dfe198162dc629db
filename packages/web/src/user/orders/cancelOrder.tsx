// Cancelling an unpaid order: a confirmation naming the order, then PUT /api/user/order/{id} {order_status: 0}.
// The server refuses an order that is no longer unpaid with its own message (the client shows it).
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ORDER_STATUS } from '@qshop/shared/states';
import i18n from '../../i18n';
import { api } from '../../api/client';
import { notifySuccess } from '../../utils/notify';

function confirmCancel(orderNo: string): Promise<boolean> {
  const t = (key: string, values?: Record<string, string>) => i18n.t(`orders.cancel.${key}`, values);
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: t('title'),
      children: <Text size="sm">{t('message', { no: orderNo })}</Text>,
      labels: { confirm: t('confirm'), cancel: t('keep') },
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
  notifySuccess(i18n.t('orders.cancel.done'));
  return true;
}
