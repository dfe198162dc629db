import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Divider, Group, Image, Stack, Switch, Text, Title } from '@mantine/core';
import type { DictOption } from '@qshop/shared';
import { STORE_VERIFY_STATES } from '@qshop/shared/resources/admin/catalog';
import { STORE_VERIFY, storeVerifyBody } from '@qshop/shared/schemas/catalog';
import { api } from '../../api/client';
import { formatMoney } from '../../resource/cells/values';
import { dictLabel, toDictOptions } from '../../resource/dict';
import '../../resource/fieldLabels';
import { validateInput } from '../../resource/validation';
import { LoadState } from '../../seller/catalog/LoadState';
import { useLoad } from '../../seller/catalog/useLoad';
import { notifySuccess } from '../../utils/notify';
import { ReasonForm } from './ReasonForm';
import { Details, Images } from './Details';
import '../../i18n/backoffice';

/** A store as GET /Admin/stores/{id} answers it. */
export interface ReviewedStore {
  id: number;
  user_id?: number;
  store_name?: string;
  store_logo?: string;
  store_company_name?: string;
  store_mobile?: string;
  store_description?: string;
  area_info?: string;
  store_address?: string;
  store_status: number;
  store_verify: number;
  store_refuse_info?: string;
  business_license?: string;
  business_license_no?: string;
  legal_person?: string;
  store_phone?: string;
  id_card_no?: string;
  id_card_t?: string;
  id_card_b?: string;
  emergency_contact?: string;
  emergency_contact_phone?: string;
  store_money?: string;
  /** level-3 category paths applied for */
  class_id?: number[][];
  created_at?: string;
}

const VERIFY_COLORS: Record<number, string> = {
  [STORE_VERIFY.FILLING]: 'gray',
  [STORE_VERIFY.VERIFYING]: 'yellow',
  [STORE_VERIFY.DENIED]: 'red',
  [STORE_VERIFY.PASSED]: 'green',
};
const OPEN = 1;
const CLOSED = 0;

async function loadStore(id: number) {
  const [store, classes] = await Promise.all([
    api.get<ReviewedStore>(`/Admin/stores/${id}`),
    api.get<unknown>('/load_goods_classes').then((answer) => toDictOptions(answer, 'name', 'id')),
  ]);
  return { store, classes };
}

function Verdict({ store, onChanged }: { store: ReviewedStore; onChanged: () => void }) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'boCatalog' });
  const [denying, setDenying] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (what: string, call: () => Promise<unknown>) => {
    setBusy(what);
    try {
      await call();
      notifySuccess(t('msg.success'));
      setDenying(false);
      onChanged();
    } catch {
      // the client has shown the refusal
    } finally {
      setBusy(null);
    }
  };
  const verify = (body: { store_verify: 3 | 4; store_refuse_info?: string }) => {
    void run(body.store_verify === STORE_VERIFY.PASSED ? 'pass' : 'deny', () => api.put(`/Admin/stores/${store.id}/verify`, body));
  };

  return (
    <Stack gap="xs">
      <Group gap="sm">
        {store.store_verify === STORE_VERIFY.VERIFYING ? (
          <>
            <Button color="green" loading={busy === 'pass'} onClick={() => verify({ store_verify: STORE_VERIFY.PASSED })}>
              {tc('approve')}
            </Button>
            {!denying ? (
              <Button color="red" variant="light" onClick={() => setDenying(true)}>
                {tc('deny')}
              </Button>
            ) : null}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {tc('notVerifying')}
          </Text>
        )}
        <Switch
          ml="auto"
          label={tc('storeOpen')}
          checked={store.store_status === OPEN}
          disabled={busy !== null}
          onChange={(event) => {
            const status = event.currentTarget.checked ? OPEN : CLOSED;
            void run('status', () => api.put(`/Admin/stores/${store.id}/status`, { store_status: status }));
          }}
        />
      </Group>
      {denying ? (
        <ReasonForm
          label={tc('denyReason')}
          confirmText={tc('confirmDeny')}
          loading={busy === 'deny'}
          validate={(reason) => validateInput(storeVerifyBody, { store_verify: STORE_VERIFY.DENIED, store_refuse_info: reason }).store_refuse_info ?? null}
          onConfirm={(reason) => verify({ store_verify: STORE_VERIFY.DENIED, store_refuse_info: reason })}
          onCancel={() => setDenying(false)}
        />
      ) : null}
    </Stack>
  );
}

/** A store's application and state: its licence and ID images, the categories applied for; pass or deny, open or close. */
export function StoreReview({ id, onChanged }: { id: number; onChanged?: () => void }) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'boCatalog' });
  const { state, retry } = useLoad(`admin-store-${id}`, () => loadStore(id));
  if (state.status !== 'ready') return <LoadState state={state} onRetry={retry} />;
  const { store, classes } = state.data;
  const label = (name: string) => t(`fields.${name}`);
  const verifyOption = (STORE_VERIFY_STATES as DictOption[]).find((option) => option.value === store.store_verify);
  const categories = (store.class_id ?? []).map((path) => dictLabel(classes, path));

  return (
    <Stack gap="md">
      <Group align="flex-start" wrap="nowrap">
        {store.store_logo ? <Image src={store.store_logo} w={80} h={80} fit="contain" radius="sm" alt={label('store_logo')} /> : null}
        <Stack gap={4}>
          <Title order={4}>{store.store_name || '-'}</Title>
          <Group gap="xs">
            <Badge variant="light" color={VERIFY_COLORS[store.store_verify] ?? 'gray'}>
              {verifyOption ? t(verifyOption.label) : String(store.store_verify)}
            </Badge>
            <Badge variant="light" color={store.store_status === OPEN ? 'green' : 'gray'}>
              {label(store.store_status === OPEN ? 'store_open' : 'store_closed')}
            </Badge>
          </Group>
          {store.store_verify === STORE_VERIFY.DENIED && store.store_refuse_info ? (
            <Text size="sm" c="red">
              {tc('refusedBecause', { reason: store.store_refuse_info })}
            </Text>
          ) : null}
        </Stack>
      </Group>

      <Verdict
        store={store}
        onChanged={() => {
          retry();
          onChanged?.();
        }}
      />
      <Divider />

      <Details
        items={[
          { label: label('store_company_name'), value: store.store_company_name },
          { label: label('store_owner_id'), value: store.user_id },
          { label: label('store_mobile'), value: store.store_mobile },
          { label: label('area_info'), value: store.area_info },
          { label: label('store_address'), value: store.store_address },
          { label: label('store_money'), value: formatMoney(store.store_money) },
          { label: label('store_description'), value: store.store_description, wide: true },
          { label: label('store_classes'), value: categories.length ? categories.join('；') : '', wide: true },
          { label: label('business_license_no'), value: store.business_license_no },
          { label: label('legal_person'), value: store.legal_person },
          { label: label('store_phone'), value: store.store_phone },
          { label: label('id_card_no'), value: store.id_card_no },
          { label: label('emergency_contact'), value: store.emergency_contact },
          { label: label('emergency_contact_phone'), value: store.emergency_contact_phone },
          { label: label('business_license'), value: <Images urls={[store.business_license]} size={160} label={label('business_license')} />, wide: true },
          { label: label('id_card_t'), value: <Images urls={[store.id_card_t]} size={160} label={label('id_card_t')} /> },
          { label: label('id_card_b'), value: <Images urls={[store.id_card_b]} size={160} label={label('id_card_b')} /> },
          { label: label('created_at'), value: store.created_at },
        ]}
      />
    </Stack>
  );
}
