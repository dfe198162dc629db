// /user/cashes: ask for a withdrawal to the real-name bank card (POST /api/user/cashes, Idempotency-Key per form), the
// shopper's withdrawals with their state, and cancelling a pending one (PUT /api/user/cashes/{id}/cancel).
import { Alert, Anchor, Badge, Button, Group, LoadingOverlay, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CashRow, CheckAnswer } from '@qshop/shared/schemas/funds';
import { CASH_STATUS } from '@qshop/shared/states';
import { api } from '../../api/client';
import { newIdempotencyKey } from '../../storefront/order/idempotencyKey';
import { EmptyState, LoadFailed } from '../../storefront/catalog/LoadStates';
import { Pager } from '../../storefront/catalog/Pager';
import type { ListAnswer } from '../../storefront/catalog/types';
import { useLoad } from '../../storefront/catalog/useLoad';
import { showFieldErrors } from '../../utils/formErrors';
import { notifySuccess } from '../../utils/notify';
import { required } from '../../utils/validators';
import { confirmDialog } from './confirm';

const PER_PAGE = 30;
export const CASH_COLORS: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'red', 3: 'gray' };

function WithdrawForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'funds' });
  const [key, setKey] = useState(newIdempotencyKey);
  const [saving, setSaving] = useState(false);
  const form = useForm<{ money: number | string; remark: string }>({
    initialValues: { money: '', remark: '' },
    validate: { money: required(t, 'funds.amountLabel') },
  });
  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      await api.post('/user/cashes', { money: String(values.money), remark: values.remark }, { headers: { 'Idempotency-Key': key } });
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
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Group align="flex-end">
          <NumberInput label={tf('amountLabel')} min={0.01} decimalScale={2} hideControls {...form.getInputProps('money')} data-testid="cash-money" />
          <TextInput label={tf('remark')} maxLength={255} {...form.getInputProps('remark')} />
          <Button type="submit" loading={saving}>
            {tf('withdraw')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

export function CashCard({ row, onCancel }: { row: CashRow; onCancel?: () => void }) {
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'funds' });
  return (
    <Paper withBorder p="md" data-testid="cash-row">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600}>¥{row.amount}</Text>
          <Text size="sm" c="dimmed">
            {tf('received', { money: row.money, fee: row.commission })} · {row.bank_name} {row.card_no}
          </Text>
          <Text size="xs" c="dimmed">
            {row.created_at}
          </Text>
          {row.refuse_info && (
            <Text size="sm" c="red">
              {tf('refuseInfo', { reason: row.refuse_info })}
            </Text>
          )}
        </Stack>
        <Stack gap="xs" align="flex-end">
          <Badge color={CASH_COLORS[row.cash_status]}>{tf(`status.${row.cash_status}`)}</Badge>
          {onCancel && row.cash_status === CASH_STATUS.PENDING && (
            <Button size="xs" variant="default" onClick={onCancel}>
              {tf('cancel')}
            </Button>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

export default function CashesPage() {
  const { t } = useTranslation();
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'funds' });
  const [page, setPage] = useState(1);
  const check = useLoad('user-check', () => api.get<CheckAnswer>('/user/checks'));
  const list = useLoad(`user-cashes:${page}`, () => api.get<ListAnswer<CashRow>>('/user/cashes', { page, per_page: PER_PAGE }));
  const rows = list.data?.data ?? [];
  const cancel = async (row: CashRow) => {
    if (!(await confirmDialog({ title: tf('cancel'), message: tf('cancelConfirm'), confirm: tf('cancel'), cancel: tf('admin.close'), danger: true }))) return;
    try {
      await api.put(`/user/cashes/${row.id}/cancel`);
      notifySuccess(tf('status.3'));
      list.reload();
    } catch {
      // the client has shown the refusal
    }
  };
  return (
    <Stack gap="md">
      <Title order={4}>{t('route.cashes')}</Title>
      {check.failed && <LoadFailed onRetry={check.reload} />}
      {check.data === null && (
        <Alert color="orange">
          {tf('needCheck')}{' '}
          <Anchor component={Link} to="/user/safe/check">
            {tf('toCheck')}
          </Anchor>
        </Alert>
      )}
      {check.data && <WithdrawForm onDone={list.reload} />}
      {list.failed && <LoadFailed onRetry={list.reload} />}
      <div style={{ position: 'relative', minHeight: 120 }}>
        <LoadingOverlay visible={list.loading} zIndex={10} overlayProps={{ blur: 1 }} />
        <Stack gap="sm">
          {rows.map((row) => (
            <CashCard key={row.id} row={row} onCancel={() => void cancel(row)} />
          ))}
        </Stack>
        {list.data && rows.length === 0 && !list.loading && <EmptyState message={tf('noCashes')} />}
      </div>
      {list.data && <Pager page={page} lastPage={list.data.last_page} total={list.data.total} onChange={setPage} />}
    </Stack>
  );
}
