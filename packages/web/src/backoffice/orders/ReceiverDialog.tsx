// Editing the receiver of an order awaiting shipment: PUT /{area}/orders/{id}/receiver. Once the order shipped the
// server refuses with its message (shown by the client).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { ReceiverBody } from '@qshop/shared/schemas/fulfilment';
import { api } from '../../api/client';
import { notifySuccess } from '../../utils/notify';
import { receiverErrors, type BackOfficeArea } from './orderModel';

const FIELDS = [
  ['receive_name', 'receiveName', 64],
  ['receive_tel', 'receiveTel', 20],
  ['receive_area', 'receiveArea', 255],
  ['receive_address', 'receiveAddress', 255],
] as const;

export function ReceiverDialog({ area, order, onClose, onSaved }: { area: BackOfficeArea; order: ({ id: number; order_no: string } & ReceiverBody) | null; onClose: () => void; onSaved: () => void }) {
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'fulfil' });
  const [form, setForm] = useState<ReceiverBody>({ receive_name: '', receive_tel: '', receive_area: '', receive_address: '' });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (order) setForm({ receive_name: order.receive_name, receive_tel: order.receive_tel, receive_area: order.receive_area, receive_address: order.receive_address });
    setTried(false);
  }, [order]);

  const errors = tried ? receiverErrors(form) : {};
  const submit = async () => {
    setTried(true);
    if (!order || Object.keys(receiverErrors(form)).length) return;
    setBusy(true);
    try {
      await api.put(`/${area}/orders/${order.id}/receiver`, { ...form });
      notifySuccess(tf('saved'));
      onSaved();
      onClose();
    } catch {
      // the client has shown the refusal
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={order !== null} onClose={onClose} title={order ? tf('editReceiverOf', { no: order.order_no }) : ''}>
      <Stack gap="sm">
        {FIELDS.map(([name, label, max]) => (
          <TextInput
            key={name}
            label={tf(label)}
            value={form[name]}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setForm((f) => ({ ...f, [name]: value }));
            }}
            maxLength={max}
            required
            error={errors[name] ? tf(errors[name]) : undefined}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tf('cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={busy} data-testid="receiver-submit">
            {tf('submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
