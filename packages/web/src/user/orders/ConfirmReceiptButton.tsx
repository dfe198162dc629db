// "Confirm receipt" on a shipped order: a confirmation naming the order, then PUT /api/user/order/{id}
// {order_status: 4}. The server refuses an order that is no longer shipped with its own message (the client shows it).
import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUS } from '@qshop/shared/states';
import { api } from '../../api/client';
import { notifySuccess } from '../../utils/notify';

export function ConfirmReceiptButton({ order, onChanged }: { order: { id: number; order_no: string; order_status: number }; onChanged: () => void }) {
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'fulfil.confirmReceipt' });
  const [busy, setBusy] = useState(false);
  if (order.order_status !== ORDER_STATUS.SHIPPED) return null;
  const confirmed = async () => {
    setBusy(true);
    try {
      await api.put(`/user/order/${order.id}`, { order_status: ORDER_STATUS.RECEIVED });
      notifySuccess(tf('done'));
      onChanged();
    } catch {
      // the client has shown the refusal
    } finally {
      setBusy(false);
    }
  };
  const ask = () =>
    modals.openConfirmModal({
      title: tf('title'),
      children: <Text size="sm">{tf('message', { no: order.order_no })}</Text>,
      labels: { confirm: tf('confirm'), cancel: tf('keep') },
      onConfirm: () => void confirmed(),
    });
  return (
    <Button color="teal" onClick={ask} loading={busy} data-testid="confirm-receipt">
      {tf('button')}
    </Button>
  );
}
