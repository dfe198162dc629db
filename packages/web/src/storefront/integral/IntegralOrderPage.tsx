// /integral/order/{id}/{buy_num}: confirming a redemption — the goods and quantity, the delivery address (the default
// at first), the points it takes against the shopper's, then POST /api/integral/pay with an Idempotency-Key made once
// per visit (a retry or a second click redeems once). A refusal (stock, points) is shown by the client.
import { Alert, Anchor, Badge, Button, Group, Image, LoadingOverlay, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Address } from '@qshop/shared/schemas/addresses';
import { MAX_REDEEM_NUM, type IntegralGoodsDetail, type SignInState } from '@qshop/shared/schemas/points';
import { api } from '../../api/client';
import { RETURN_TO_PARAM } from '../../router/returnTo';
import { notifySuccess } from '../../utils/notify';
import { LoadFailed, isNotFound } from '../catalog/LoadStates';
import { useLoad } from '../catalog/useLoad';
import { newIdempotencyKey } from '../order/idempotencyKey';

export default function IntegralOrderPage() {
  const { t: tp } = useTranslation(undefined, { keyPrefix: 'points' });
  const { id = '', buy_num: buyNumText = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const buyNum = Number(buyNumText);
  const valid = /^\d+$/.test(id) && Number.isInteger(buyNum) && buyNum >= 1 && buyNum <= MAX_REDEEM_NUM;
  const goods = useLoad(`integral-goods/${id}`, () => (valid ? api.get<IntegralGoodsDetail>(`/integral/goods/${id}`) : Promise.resolve(null)));
  const addresses = useLoad('addresses', () => api.get<Address[]>('/user/addresses'));
  const state = useLoad('sign-in-state', () => api.get<SignInState>('/user/sign_in'));
  const [addressId, setAddressId] = useState<number | null>(null);
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const addPath = useMemo(() => `/user/address/form?${new URLSearchParams({ [RETURN_TO_PARAM]: pathname }).toString()}`, [pathname]);

  useEffect(() => {
    const list = addresses.data;
    if (addressId === null && list?.length) setAddressId((list.find((a) => a.is_default === 1) ?? list[0]).id);
  }, [addresses.data, addressId]);

  if (!valid) return <Alert color="orange" title={tp('invalidLink')} my="md" />;
  if (goods.failed && isNotFound(goods.error))
    return (
      <Alert color="orange" title={tp('notFound')} my="md">
        <Anchor component={Link} to="/integral" size="sm">
          {tp('backToMall')}
        </Anchor>
      </Alert>
    );
  const g = goods.data;
  const total = g ? g.goods_price * buyNum : 0;
  const have = state.data?.integral ?? 0;
  const short = state.data ? Math.max(0, total - have) : 0;

  const submit = async () => {
    if (!g || !addressId) return;
    setBusy(true);
    try {
      await api.post('/integral/pay', { id: g.id, buy_num: buyNum, address_id: addressId, ...(remark.trim() ? { remark: remark.trim() } : {}) }, { headers: { 'Idempotency-Key': idempotencyKey } });
      notifySuccess(tp('redeemed'));
      void navigate('/user/integral_order');
    } catch {
      // the client has shown the refusal
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" py="md" pos="relative" mih={300}>
      <LoadingOverlay visible={(goods.loading && !g) || (addresses.loading && !addresses.data)} zIndex={10} />
      <Title order={2}>{tp('confirmTitle')}</Title>
      {(goods.failed || addresses.failed) && <LoadFailed onRetry={() => { goods.reload(); addresses.reload(); }} />}
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={5}>{tp('address')}</Title>
          {addresses.data && !addresses.data.length && (
            <Alert color="orange" title={tp('noAddress')}>
              <Button component={Link} to={addPath} size="xs" leftSection={<IconPlus size={14} />}>
                {tp('addAddress')}
              </Button>
            </Alert>
          )}
          {!!addresses.data?.length && (
            <Radio.Group value={addressId ? String(addressId) : null} onChange={(v) => setAddressId(Number(v))} aria-label={tp('address')}>
              <Stack gap="xs">
                {addresses.data.map((a) => (
                  <Radio
                    key={a.id}
                    value={String(a.id)}
                    data-testid="integral-address"
                    label={
                      <Group gap="xs">
                        <Text size="sm" fw={600}>{a.receive_name}</Text>
                        <Text size="sm" c="dimmed">{a.receive_tel}</Text>
                        <Text size="sm">{a.area_info} {a.address}</Text>
                        {a.is_default === 1 && <Badge size="xs" color="red" variant="light">★</Badge>}
                      </Group>
                    }
                  />
                ))}
                <Anchor component={Link} to={addPath} size="sm">
                  {tp('addAddress')}
                </Anchor>
              </Stack>
            </Radio.Group>
          )}
        </Stack>
      </Paper>
      {g && (
        <Paper withBorder p="md">
          <Group wrap="nowrap" gap="md">
            {g.goods_master_image && <Image src={g.goods_master_image} w={80} h={80} fit="cover" radius="sm" alt={g.goods_name} />}
            <Stack gap={4} flex={1}>
              <Text fw={600}>{g.goods_name}</Text>
              <Text size="sm" c="dimmed">
                {tp('points', { n: g.goods_price })} {tp('buyNum', { n: buyNum })}
              </Text>
            </Stack>
          </Group>
        </Paper>
      )}
      <TextInput label={tp('remark')} placeholder={tp('remarkPlaceholder')} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} maxLength={255} />
      <Group justify="flex-end" gap="md">
        <Stack gap={0} align="flex-end">
          <Text fw={700} c="red.7" data-testid="integral-total">
            {tp('total', { n: total })}
          </Text>
          {state.data && (
            <Text size="sm" c={short ? 'red' : 'dimmed'}>
              {short ? tp('notEnough', { n: short }) : tp('balance', { n: have })}
            </Text>
          )}
        </Stack>
        <Button color="red" size="md" onClick={() => void submit()} loading={busy} disabled={!g || !addressId || short > 0} data-testid="integral-submit">
          {tp('submit')}
        </Button>
      </Group>
    </Stack>
  );
}
