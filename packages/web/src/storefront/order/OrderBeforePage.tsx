// /order/before/{params}: the checkout confirmation. It previews the lines the address names (POST /api/user/order/before)
// for the chosen delivery address (the default at first), one block per store with its lines, freight, discounts, total
// and a message to the seller; then places one order per store (POST /api/user/order/create) and goes to the payment
// page. The Idempotency-Key is made once per visit, so a retry or a second click cannot place the orders twice.
import { Alert, Anchor, Avatar, Badge, Button, Group, Loader, LoadingOverlay, Paper, Radio, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconBuildingStore, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Address } from '@qshop/shared/schemas/addresses';
import { toCents } from '@qshop/shared/money';
import { api } from '../../api/client';
import { RETURN_TO_PARAM } from '../../router/returnTo';
import { refreshCartCount } from '../cartCount';
import { isNotFound, LoadFailed } from '../catalog/LoadStates';
import { useLoad } from '../catalog/useLoad';
import { createBody, previewBody, type CouponPicks } from './checkoutModel';
import { newIdempotencyKey } from './idempotencyKey';
import { OrderLines } from './OrderLines';
import { refusalMessage } from './refusal';
import { decodeBeforeParams, orderPayPath, type BeforeParams } from './orderParams';
import { MoneyLine } from './MoneyLine';
import type { OrderCreated, OrderPreview, StoreGroup } from './types';
import type { UsableCoupon } from '@qshop/shared/schemas/orders';

const REMARK_MAX = 255;

export function InvalidLink() {
  const { t: to } = useTranslation(undefined, { keyPrefix: 'orders' });
  return (
    <Alert color="orange" title={to('invalidLink')}>
      <Anchor component={Link} to="/carts" size="sm">
        {to('backToCart')}
      </Anchor>
    </Alert>
  );
}

function AddressChoice({ addresses, chosen, onChoose, addPath }: { addresses: Address[]; chosen: number | null; onChoose: (id: number) => void; addPath: string }) {
  const { t: to } = useTranslation(undefined, { keyPrefix: 'orders' });
  if (!addresses.length)
    return (
      <Alert color="orange" title={to('before.noAddress')}>
        <Button component={Link} to={addPath} size="xs" leftSection={<IconPlus size={14} />}>
          {to('before.addAddress')}
        </Button>
      </Alert>
    );
  return (
    <Radio.Group value={chosen ? String(chosen) : null} onChange={(value) => onChoose(Number(value))} aria-label={to('before.address')}>
      <Stack gap="xs">
        {addresses.map((address) => (
          <Radio
            key={address.id}
            value={String(address.id)}
            data-testid="checkout-address"
            label={
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {address.receive_name}
                </Text>
                <Text size="sm" c="dimmed">
                  {address.receive_tel}
                </Text>
                <Text size="sm">
                  {address.area_info} {address.address}
                </Text>
                {address.is_default === 1 && (
                  <Badge size="xs" color="red" variant="light">
                    {to('before.default')}
                  </Badge>
                )}
              </Group>
            }
          />
        ))}
        <Group gap="md">
          <Anchor component={Link} to={addPath} size="sm">
            {to('before.addAddress')}
          </Anchor>
          <Anchor component={Link} to="/user/address" size="sm" c="dimmed">
            {to('before.manageAddresses')}
          </Anchor>
        </Group>
      </Stack>
    </Radio.Group>
  );
}

/** A coupon picker: the usable coupons (best first) and "none"; the value is the coupon the preview applied. */
function CouponPicker({ label, coupons, value, onPick, testId }: { label: string; coupons: UsableCoupon[]; value: number; onPick: (id: number) => void; testId: string }) {
  const { t: to } = useTranslation(undefined, { keyPrefix: 'orders' });
  if (!coupons.length)
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        {label}: {to('before.noUsableCoupon')}
      </Text>
    );
  const data = [
    ...coupons.map((c) => ({ value: String(c.id), label: to('before.couponOption', { name: c.name, money: c.money }) })),
    { value: '0', label: to('before.noCoupon') },
  ];
  return (
    <Select label={label} data={data} value={String(value)} onChange={(v) => v !== null && onPick(Number(v))} allowDeselect={false} size="xs" w={{ base: '100%', xs: 280 }} data-testid={testId} />
  );
}

const NO_PROMOTIONS = { seckill: 'before.seckillNoPromotions', group: 'before.groupNoPromotions', other: 'before.otherNoPromotions' } as const;

/** `kind`: the checkout's special line, whose order takes no promotions (server modules/seckill and modules/collectives). */
function StoreBlock({ group, kind, remark, onRemark, onPick }: { group: StoreGroup; kind: 'seckill' | 'group' | 'other'; remark: string; onRemark: (text: string) => void; onPick: (couponId: number) => void }) {
  const { t: to } = useTranslation(undefined, { keyPrefix: 'orders' });
  return (
    <Paper withBorder p="md" data-testid="checkout-store" aria-label={group.store_name}>
      <Stack gap="sm">
        <Group gap="xs">
          <Avatar src={group.store_logo || null} alt="" size={24} radius="sm">
            <IconBuildingStore size={14} />
          </Avatar>
          <Anchor component={Link} to={`/store/${group.store_id}`} fw={600} size="sm">
            {group.store_name}
          </Anchor>
        </Group>
        <OrderLines lines={group.lines} />
        {group.promotions ? (
          <CouponPicker label={to('before.coupon')} coupons={group.coupons} value={group.coupon_id} onPick={onPick} testId="store-coupon" />
        ) : (
          <Text size="sm" c="orange.9" data-testid="store-no-promotions">
            {to(NO_PROMOTIONS[kind])}
          </Text>
        )}
        <Group justify="space-between" align="flex-end" gap="md">
          <Textarea
            label={to('before.remark')}
            placeholder={to('before.remarkPlaceholder')}
            value={remark}
            onChange={(event) => onRemark(event.currentTarget.value)}
            maxLength={REMARK_MAX}
            autosize
            minRows={1}
            style={{ flex: '1 1 260px' }}
          />
          <Stack gap={2} w={{ base: '100%', xs: 200 }}>
            <MoneyLine label={to('before.freight')} amount={group.freight_money} testId="store-freight" />
            {group.full_reduction && <MoneyLine label={to('before.fullReduction', { name: group.full_reduction.name })} amount={group.full_reduction.money} negative testId="store-full-reduction" />}
            {toCents(group.coupon_money) > 0 && <MoneyLine label={to('before.couponSaving')} amount={group.coupon_money} negative testId="store-coupon-money" />}
            {toCents(group.platform_coupon_money) > 0 && <MoneyLine label={to('before.platformSaving')} amount={group.platform_coupon_money} negative testId="store-platform-coupon" />}
            {toCents(group.collective_money) > 0 && <MoneyLine label={to('before.groupSaving')} amount={group.collective_money} negative testId="store-group-saving" />}
            {toCents(group.discount_money) > 0 && <MoneyLine label={to('before.discount')} amount={group.discount_money} negative />}
            <MoneyLine label={to('before.storeTotal')} amount={group.total_price} strong testId="store-total" />
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}

function Checkout({ params }: { params: BeforeParams }) {
  const { t } = useTranslation();
  const { t: to } = useTranslation(undefined, { keyPrefix: 'orders' });
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [addressId, setAddressId] = useState<number | null>(null);
  const [remarks, setRemarks] = useState<Record<number, string>>({});
  const [picks, setPicks] = useState<CouponPicks>({ stores: {} });
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // One key for this visit: every retry and second click repeats the same request.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const addresses = useLoad('addresses', () => api.get<Address[]>('/user/addresses'));
  const preview = useLoad(`preview:${addressId ?? 'default'}:${JSON.stringify(picks)}`, () => api.post<OrderPreview>('/user/order/before', previewBody(params, addressId, picks)));
  const addPath = useMemo(() => `/user/address/form?${new URLSearchParams({ [RETURN_TO_PARAM]: pathname }).toString()}`, [pathname]);

  if (!preview.data) {
    const refused = preview.failed ? refusalMessage(preview.error) : null;
    // Cart lines that are gone were most often ordered from this very page (the shopper came back to it).
    const cartGone = params.ifcart && isNotFound(preview.error);
    // A group that cannot be joined (full, expired, one's own): back to its goods to open or join another.
    const groupGoods = params.order.find((line) => line.collective_id)?.goods_id;
    if (preview.failed)
      return refused ? (
        <Alert color={cartGone ? 'orange' : 'red'} title={to(cartGone ? 'before.cartGone' : 'before.refused')} data-testid="checkout-refused">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{refused}</Text>
            <Group gap="md">
              {cartGone && (
                <Anchor component={Link} to="/user/orders" size="sm">
                  {to('pay.viewOrders')}
                </Anchor>
              )}
              {groupGoods && (
                <Anchor component={Link} to={`/goods/${groupGoods}`} size="sm">
                  {to('before.backToGoods')}
                </Anchor>
              )}
              <Anchor component={Link} to="/carts" size="sm">
                {to('backToCart')}
              </Anchor>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <LoadFailed onRetry={preview.reload} />
      );
    return <LoadingOverlay visible />;
  }
  const summary = preview.data;
  const chosen = summary.address?.id ?? null;

  const submit = async () => {
    if (!chosen) {
      setRefusal(to('before.needAddress'));
      return;
    }
    setSubmitting(true);
    setRefusal(null);
    try {
      // The coupons shown are the ones ordered: each store's and the platform's as the preview applied them.
      const shown: CouponPicks = { stores: Object.fromEntries(summary.stores.map((s) => [s.store_id, s.coupon_id])), platform: summary.platform_coupon_id };
      const created = await api.post<OrderCreated>('/user/order/create', createBody(params, chosen, remarks, shown), { headers: { 'Idempotency-Key': idempotencyKey } });
      if (params.ifcart) void refreshCartCount();
      void navigate(orderPayPath(created.order_id), { replace: true });
    } catch (error) {
      // The client has shown the refusal; it stays on the page too, and the preview is read again (stock may have moved).
      setRefusal(refusalMessage(error));
      preview.reload();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Stack gap="md" pos="relative">
      <LoadingOverlay visible={preview.loading} zIndex={10} overlayProps={{ blur: 1 }} />
      <Title order={3}>{t('route.orderBefore')}</Title>
      <Paper withBorder p="md">
        <Title order={4} size="h5" mb="sm">
          {to('before.address')}
        </Title>
        {addresses.data ? (
          <AddressChoice addresses={addresses.data} chosen={chosen} onChoose={setAddressId} addPath={addPath} />
        ) : addresses.failed ? (
          <LoadFailed onRetry={addresses.reload} />
        ) : (
          <Loader size="sm" />
        )}
      </Paper>
      <Title order={4} size="h5">{to('before.goods')}</Title>
      {summary.stores.map((group) => (
        <StoreBlock
          key={group.store_id}
          group={group}
          kind={params.order.some((l) => l.seckill_id) ? 'seckill' : params.order.some((l) => l.collective_id) ? 'group' : 'other'}
          remark={remarks[group.store_id] ?? ''}
          onRemark={(text) => setRemarks((r) => ({ ...r, [group.store_id]: text }))}
          onPick={(couponId) => setPicks((p) => ({ ...p, stores: { ...p.stores, [group.store_id]: couponId } }))}
        />
      ))}
      {(summary.platform_coupons.length > 0 || summary.platform_coupon_id > 0) && (
        <Paper withBorder p="md">
          <CouponPicker
            label={to('before.platformCoupon')}
            coupons={summary.platform_coupons}
            value={summary.platform_coupon_id}
            onPick={(couponId) => setPicks((p) => ({ ...p, platform: couponId }))}
            testId="platform-coupon"
          />
        </Paper>
      )}
      <Paper withBorder p="md">
        <Stack gap="xs" align="flex-end">
          <Stack gap={2} w={{ base: '100%', xs: 280 }}>
            <MoneyLine label={to('before.goodsTotal')} amount={summary.order_price} />
            <MoneyLine label={to('before.freightTotal')} amount={summary.freight_money} testId="checkout-freight" />
            {toCents(summary.discount_money) > 0 && <MoneyLine label={to('before.discountTotal')} amount={summary.discount_money} negative />}
            <MoneyLine label={to('before.payable')} amount={summary.total_price} strong large testId="checkout-total" />
          </Stack>
          {summary.address && (
            <Text size="sm" c="dimmed" ta="right">
              {to('before.deliverTo', { address: `${summary.address.area_info} ${summary.address.address} ${summary.address.receive_name} ${summary.address.receive_tel}` })}
            </Text>
          )}
          {refusal && (
            <Alert color="red" w="100%" data-testid="checkout-refusal">
              {refusal}
            </Alert>
          )}
          <Button color="red" size="md" onClick={() => void submit()} loading={submitting} disabled={!chosen || preview.loading}>
            {to('before.submit')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

export default function OrderBeforePage() {
  const { params: raw } = useParams();
  const params = useMemo(() => decodeBeforeParams(raw), [raw]);
  return params ? <Checkout key={raw} params={params} /> : <InvalidLink />;
}
