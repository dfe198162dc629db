// Coupons one may receive now (GET /api/coupons): on a goods page (those covering the goods), a store page (the
// store's) or the coupon centre (all, a page at a time). Receiving one is POST /api/user/coupon/receive.
import { Button, LoadingOverlay, SimpleGrid, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListAnswer } from '@qshop/shared';
import type { OfferedCoupon } from '@qshop/shared/schemas/promotions';
import { api } from '../../api/client';
import { EmptyState, LoadFailed } from '../catalog/LoadStates';
import { Pager } from '../catalog/Pager';
import { useLoad } from '../catalog/useLoad';
import { notifySuccess } from '../../utils/notify';
import { CouponCard } from './CouponCard';

function ReceiveButton({ coupon }: { coupon: OfferedCoupon }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'coupons' });
  const [busy, setBusy] = useState(false);
  const [received, setReceived] = useState(0);
  const receive = async () => {
    setBusy(true);
    try {
      await api.post('/user/coupon/receive', { id: coupon.id });
      setReceived((n) => n + 1);
      notifySuccess(t('received'));
    } catch {
      // the client has shown the refusal (all taken, limit reached, expired)
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="xs" color="red" variant={received ? 'light' : 'filled'} loading={busy} onClick={() => void receive()} data-testid="coupon-receive">
      {received ? t('receiveAgain') : t('receive')}
    </Button>
  );
}

/** `compact`: a strip of the first page without a pager or an empty state (goods and store pages). */
export function CouponOffers({ query, compact }: { query: { goods_id?: number; store_id?: number }; compact?: boolean }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'coupons' });
  const [page, setPage] = useState(1);
  const list = useLoad(`offers:${JSON.stringify(query)}:${page}`, () => api.get<ListAnswer<OfferedCoupon>>('/coupons', { ...query, page, per_page: 30 }));
  const rows = list.data?.data ?? [];
  if (compact && !rows.length) return null;
  return (
    <Stack gap="xs" data-testid="coupon-offers">
      {compact && <Title order={5}>{t('offers')}</Title>}
      {list.failed && <LoadFailed onRetry={list.reload} />}
      <div style={{ position: 'relative', minHeight: compact ? undefined : 120 }}>
        <LoadingOverlay visible={list.loading} zIndex={10} overlayProps={{ blur: 1 }} />
        <SimpleGrid cols={{ base: 1, sm: compact ? 3 : 2 }} spacing="sm">
          {rows.map((c) => (
            <CouponCard key={c.id} coupon={c} action={<ReceiveButton coupon={c} />} />
          ))}
        </SimpleGrid>
        {!compact && list.data && !rows.length && !list.loading && <EmptyState message={t('noOffers')} />}
      </div>
      {!compact && list.data && <Pager page={page} lastPage={list.data.last_page} total={list.data.total} onChange={setPage} />}
    </Stack>
  );
}
