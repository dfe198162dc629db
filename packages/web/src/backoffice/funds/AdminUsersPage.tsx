// /Admin/users: the generic user list with an "adjust funds" dialog per row: a signed change of the balance, frozen
// funds or points with a reason (POST /api/Admin/users/{id}/money, Idempotency-Key per dialog), written to the ledger
// and the audit log (/Admin/money_adjustments).
import { ActionIcon, Button, Group, Modal, Select, Stack, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconScale } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import ResourcePage from '../../resource/ResourcePage';
import type { Row } from '../../resource/types';
import { newIdempotencyKey } from '../../storefront/order/idempotencyKey';
import { showFieldErrors } from '../../utils/formErrors';
import { notifySuccess } from '../../utils/notify';
import { required } from '../../utils/validators';

export type Adjusting = { row: Row; reload: () => void };

/** The adjustment of a user's (balance, frozen funds, points) or a store's (balance, frozen funds) funds. */
export function AdjustDialog({ kind = 'users', adjusting, onClose }: { kind?: 'users' | 'stores'; adjusting: Adjusting | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'funds' });
  const [key] = useState(newIdempotencyKey);
  const [saving, setSaving] = useState(false);
  const form = useForm({
    initialValues: { is_type: '0', money: '', remark: '' },
    validate: { money: required(t, 'funds.admin.money'), remark: required(t, 'funds.admin.reason') },
  });
  const submit = form.onSubmit(async (values) => {
    if (!adjusting) return;
    setSaving(true);
    try {
      await api.post(`/Admin/${kind}/${adjusting.row.id}/money`, values, { headers: { 'Idempotency-Key': key } });
      notifySuccess(tf('admin.adjust'));
      adjusting.reload();
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  });
  return (
    <Modal opened={adjusting !== null} onClose={onClose} title={tf('admin.adjustTitle', { name: String(adjusting?.row.username ?? adjusting?.row.store_name ?? '') })}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label={tf('admin.account')}
            data={[
              { value: '0', label: tf('balance') },
              { value: '1', label: tf('frozen') },
              ...(kind === 'users' ? [{ value: '2', label: tf('points') }] : []),
            ]}
            allowDeselect={false}
            {...form.getInputProps('is_type')}
          />
          <TextInput label={tf('admin.money')} {...form.getInputProps('money')} data-testid="adjust-money" />
          <TextInput label={tf('admin.reason')} maxLength={255} {...form.getInputProps('remark')} data-testid="adjust-remark" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tf('admin.close')}
            </Button>
            <Button type="submit" loading={saving}>
              {tf('admin.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The row action opening the dialog. */
export function AdjustButton({ row, onClick }: { row: Row; onClick: () => void }) {
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'funds.admin' });
  return (
    <Tooltip label={tf('adjust')}>
      <ActionIcon variant="subtle" color="blue" aria-label={`${tf('adjust')} ${String(row.username ?? row.store_name ?? row.id)}`} onClick={onClick}>
        <IconScale size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

export default function AdminUsersPage() {
  const [adjusting, setAdjusting] = useState<Adjusting | null>(null);
  const action = (row: Row, reload: () => void) => <AdjustButton row={row} onClick={() => setAdjusting({ row, reload })} />;
  return (
    <>
      <ResourcePage rowExtras={action} />
      <AdjustDialog key={adjusting ? Number(adjusting.row.id) : 0} adjusting={adjusting} onClose={() => setAdjusting(null)} />
    </>
  );
}
