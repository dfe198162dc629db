// /Seller/cashes and /Admin/cashes: the generic withdrawal list with the money actions. The store asks for a
// withdrawal to a card it types (POST /api/Seller/cashes, Idempotency-Key per form) and cancels a pending one
// (PUT /api/Seller/cashes/{id}/cancel); the admin pays a pending one out or refuses it with a reason
// (PUT /api/Admin/cashes/{id} {cash_status: 1 | 2, refuse_info}).
import { ActionIcon, Button, Group, Modal, NumberInput, Paper, Stack, TextInput, Textarea, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCash, IconCircleCheck, IconCircleX, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { CASH_STATUS } from '@qshop/shared/states';
import { api } from '../../api/client';
import ResourcePage from '../../resource/ResourcePage';
import type { Row } from '../../resource/types';
import { newIdempotencyKey } from '../../storefront/order/idempotencyKey';
import { showFieldErrors } from '../../utils/formErrors';
import { notifySuccess } from '../../utils/notify';
import { required } from '../../utils/validators';
import { confirmDialog } from '../../user/funds/confirm';

function SellerWithdrawForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'funds' });
  const [key, setKey] = useState(newIdempotencyKey);
  const [saving, setSaving] = useState(false);
  const form = useForm<{ money: number | string; name: string; bank_name: string; card_no: string; remark: string }>({
    initialValues: { money: '', name: '', bank_name: '', card_no: '', remark: '' },
    validate: {
      money: required(t, 'funds.amountLabel'),
      name: required(t, 'funds.check.name'),
      bank_name: required(t, 'funds.check.bankName'),
      card_no: required(t, 'funds.check.cardNo'),
    },
  });
  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      await api.post('/Seller/cashes', { ...values, money: String(values.money) }, { headers: { 'Idempotency-Key': key } });
      notifySuccess(tf('status.0'));
      form.reset();
      setKey(newIdempotencyKey());
      onDone();
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  });
  return (
    <Paper withBorder p="md" mb="md">
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" wrap="wrap">
          <NumberInput label={tf('amountLabel')} min={0.01} decimalScale={2} hideControls {...form.getInputProps('money')} data-testid="seller-cash-money" />
          <TextInput label={tf('check.name')} maxLength={64} {...form.getInputProps('name')} data-testid="seller-cash-name" />
          <TextInput label={tf('check.bankName')} maxLength={64} {...form.getInputProps('bank_name')} data-testid="seller-cash-bank" />
          <TextInput label={tf('check.cardNo')} maxLength={19} {...form.getInputProps('card_no')} data-testid="seller-cash-card" />
          <TextInput label={tf('remark')} maxLength={255} {...form.getInputProps('remark')} />
          <Button type="submit" loading={saving} leftSection={<IconCash size={16} />}>
            {tf('withdraw')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

type Refusing = { row: Row; reload: () => void };

function RefuseDialog({ refusing, onClose }: { refusing: Refusing | null; onClose: () => void }) {
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'funds.admin' });
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (!refusing) return;
    setSaving(true);
    try {
      await api.put(`/Admin/cashes/${refusing.row.id}`, { cash_status: CASH_STATUS.REFUSED, refuse_info: reason });
      notifySuccess(tf('refuse'));
      refusing.reload();
      onClose();
    } catch (err) {
      showFieldErrors({ setErrors: (e) => setError(e.refuse_info) }, err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened={refusing !== null} onClose={onClose} title={tf('refuseTitle')}>
      <Stack>
        <Textarea label={tf('reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={255} error={error} data-autofocus data-testid="refuse-info" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tf('close')}
          </Button>
          <Button color="red" onClick={() => void save()} loading={saving}>
            {tf('refuse')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default function CashesPage() {
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'funds' });
  const isAdmin = useLocation().pathname.startsWith('/Admin');
  const [generation, setGeneration] = useState(0);
  const [refusing, setRefusing] = useState<Refusing | null>(null);

  const pay = async (row: Row, reload: () => void) => {
    const ok = await confirmDialog({ title: tf('admin.pay'), message: tf('admin.payConfirm', { money: String(row.money) }), confirm: tf('admin.pay'), cancel: tf('admin.close') });
    if (!ok) return;
    try {
      await api.put(`/Admin/cashes/${row.id}`, { cash_status: CASH_STATUS.PAID });
      notifySuccess(tf('status.1'));
      reload();
    } catch {
      // the client has shown the refusal
    }
  };
  const cancel = async (row: Row, reload: () => void) => {
    const ok = await confirmDialog({ title: tf('cancel'), message: tf('cancelConfirm'), confirm: tf('cancel'), cancel: tf('admin.close'), danger: true });
    if (!ok) return;
    try {
      await api.put(`/Seller/cashes/${row.id}/cancel`);
      notifySuccess(tf('status.3'));
      reload();
    } catch {
      // the client has shown the refusal
    }
  };

  const actions = (row: Row, reload: () => void) => {
    if (Number(row.cash_status) !== CASH_STATUS.PENDING) return null;
    if (!isAdmin)
      return (
        <Tooltip label={tf('cancel')}>
          <ActionIcon variant="subtle" color="gray" aria-label={tf('cancel')} onClick={() => void cancel(row, reload)}>
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      );
    return (
      <>
        <Tooltip label={tf('admin.pay')}>
          <ActionIcon variant="subtle" color="green" aria-label={`${tf('admin.pay')} ${row.id}`} onClick={() => void pay(row, reload)} data-testid="cash-pay">
            <IconCircleCheck size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={tf('admin.refuse')}>
          <ActionIcon variant="subtle" color="red" aria-label={`${tf('admin.refuse')} ${row.id}`} onClick={() => setRefusing({ row, reload })}>
            <IconCircleX size={16} />
          </ActionIcon>
        </Tooltip>
      </>
    );
  };

  return (
    <>
      {!isAdmin && <SellerWithdrawForm onDone={() => setGeneration((n) => n + 1)} />}
      <ResourcePage key={generation} rowExtras={actions} />
      <RefuseDialog key={refusing ? Number(refusing.row.id) : 0} refusing={refusing} onClose={() => setRefusing(null)} />
    </>
  );
}
