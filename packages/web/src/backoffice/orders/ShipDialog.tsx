// Shipping an order: a carrier of GET /api/expresses and the tracking number, then PUT /{area}/{resource}/{id}/ship
// (orders, or the admin's points orders).
// The server's refusal (no longer awaiting shipment) is shown by the client; the dialog stays open for another try.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { api } from '../../api/client';
import { notifySuccess } from '../../utils/notify';
import { shipErrors, type BackOfficeArea } from './orderModel';

type Express = { id: number; name: string; code: string };

export function ShipDialog({
  area,
  order,
  onClose,
  onShipped,
  resource = 'orders',
}: {
  area: BackOfficeArea;
  order: { id: number; order_no: string } | null;
  onClose: () => void;
  onShipped: () => void;
  resource?: 'orders' | 'integral_orders';
}) {
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'fulfil' });
  const [carriers, setCarriers] = useState<Express[] | null>(null);
  const [carriersFailed, setCarriersFailed] = useState(false);
  const [code, setCode] = useState<string | null>(null);
  const [number, setNumber] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!order || carriers) return;
    api.get<Express[]>('/expresses').then(setCarriers, () => setCarriersFailed(true));
  }, [order, carriers]);
  useEffect(() => {
    setCode(null);
    setNumber('');
    setTried(false);
  }, [order?.id]);

  const form = { delivery_code: code ?? '', delivery_no: number.trim() };
  const errors = tried ? shipErrors(form) : {};
  const submit = async () => {
    setTried(true);
    if (!order || Object.keys(shipErrors(form)).length) return;
    setBusy(true);
    try {
      await api.put(`/${area}/${resource}/${order.id}/ship`, form);
      notifySuccess(tf('shipped'));
      onShipped();
      onClose();
    } catch {
      // the client has shown the refusal
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={order !== null} onClose={onClose} title={order ? tf('shipOf', { no: order.order_no }) : ''}>
      <Stack gap="sm">
        {carriersFailed && <Alert color="red">{tf('carriersFailed')}</Alert>}
        <Select
          label={tf('carrier')}
          placeholder={tf('carrierPlaceholder')}
          data={(carriers ?? []).map((c) => ({ value: c.code, label: c.name }))}
          value={code}
          onChange={setCode}
          searchable
          required
          disabled={!carriers}
          error={errors.delivery_code ? tf(errors.delivery_code) : undefined}
          comboboxProps={{ withinPortal: true }}
          data-testid="ship-carrier"
        />
        <TextInput
          label={tf('trackingNo')}
          description={tf('trackingNoHint')}
          value={number}
          onChange={(e) => setNumber(e.currentTarget.value)}
          required
          maxLength={40}
          error={errors.delivery_no ? tf(errors.delivery_no) : undefined}
          data-testid="ship-number"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tf('cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={busy} data-testid="ship-submit">
            {tf('ship')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
