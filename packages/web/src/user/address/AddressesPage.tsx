// /user/address: the shopper's delivery addresses (GET /api/user/addresses), the default first. Each can be edited,
// made the default (PUT /api/user/addresses/{id}/default) or deleted after a confirmation; a new one is added on the
// form page while fewer than MAX_ADDRESSES are kept.
import { Anchor, Badge, Button, Group, LoadingOverlay, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MAX_ADDRESSES, type Address } from '@qshop/shared/schemas/addresses';
import { api } from '../../api/client';
import { EmptyState, LoadFailed } from '../../storefront/catalog/LoadStates';
import { useLoad } from '../../storefront/catalog/useLoad';
import { notifySuccess } from '../../utils/notify';

const FORM_PATH = '/user/address/form';

function AddressCard({ address, busy, onDefault, onDelete }: { address: Address; busy: boolean; onDefault: () => void; onDelete: () => void }) {
  const { t: ts } = useTranslation(undefined, { keyPrefix: 'shopper' });
  return (
    <Paper withBorder p="sm" data-testid="address" aria-label={address.receive_name} bd={address.is_default ? '1px solid var(--mantine-color-red-4)' : undefined}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} miw={0}>
          <Group gap="xs">
            <Text fw={600}>{address.receive_name}</Text>
            <Text c="dimmed" size="sm">
              {address.receive_tel}
            </Text>
            {address.is_default === 1 && (
              <Badge color="red" variant="light" size="sm">
                {ts('address.default')}
              </Badge>
            )}
          </Group>
          <Text size="sm">
            {address.area_info} {address.address}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {address.is_default !== 1 && (
            <Button size="compact-sm" variant="subtle" loading={busy} onClick={onDefault}>
              {ts('address.setDefault')}
            </Button>
          )}
          <Button size="compact-sm" variant="subtle" component={Link} to={`${FORM_PATH}/${address.id}`}>
            {ts('address.edit')}
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" disabled={busy} onClick={onDelete}>
            {ts('address.delete')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

export default function AddressesPage() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation(undefined, { keyPrefix: 'shopper' });
  const list = useLoad('addresses', () => api.get<Address[]>('/user/addresses'));
  const [busy, setBusy] = useState<number | null>(null);
  const addresses = list.data ?? [];
  const full = addresses.length >= MAX_ADDRESSES;

  const act = async (address: Address, work: () => Promise<unknown>, done: string) => {
    setBusy(address.id);
    try {
      await work();
      notifySuccess(done);
    } catch {
      // the client has shown the refusal
    } finally {
      setBusy(null);
      list.reload();
    }
  };

  const makeDefault = (address: Address) => void act(address, () => api.put(`/user/addresses/${address.id}/default`), ts('address.defaultSet'));

  const remove = (address: Address) =>
    modals.openConfirmModal({
      title: ts('address.deleteTitle'),
      children: <Text size="sm">{ts('address.deleteMessage', { name: address.receive_name, place: `${address.area_info} ${address.address}` })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void act(address, () => api.del(`/user/addresses/${address.id}`), ts('address.deleted')),
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={4}>{t('route.address')}</Title>
        <Group gap="sm">
          {list.data && (
            <Text size="sm" c="dimmed">
              {full ? ts('address.full', { max: MAX_ADDRESSES }) : ts('address.count', { count: addresses.length, max: MAX_ADDRESSES })}
            </Text>
          )}
          <Button component={Link} to={FORM_PATH} leftSection={<IconPlus size={16} />} disabled={full} onClick={(event) => full && event.preventDefault()}>
            {ts('address.add')}
          </Button>
        </Group>
      </Group>
      {list.failed && <LoadFailed onRetry={list.reload} />}
      <div style={{ position: 'relative', minHeight: 120 }}>
        <LoadingOverlay visible={list.loading} zIndex={10} overlayProps={{ blur: 1 }} />
        <Stack gap="sm">
          {addresses.map((address) => (
            <AddressCard key={address.id} address={address} busy={busy === address.id} onDefault={() => makeDefault(address)} onDelete={() => remove(address)} />
          ))}
        </Stack>
        {list.data && !addresses.length && !list.loading && (
          <EmptyState message={ts('address.empty')}>
            <Anchor component={Link} to={FORM_PATH} size="sm">
              {ts('address.add')}
            </Anchor>
          </EmptyState>
        )}
      </div>
    </Stack>
  );
}
