// /user/coupons: the shopper's received coupons by tab — unused (still valid), used, expired (GET /api/user/coupons).
import { Anchor, LoadingOverlay, SimpleGrid, Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ListAnswer } from '@qshop/shared';
import { USER_COUPON_TABS, type ReceivedCoupon, type UserCouponTab } from '@qshop/shared/schemas/promotions';
import { api } from '../../api/client';
import { CouponCard } from '../../storefront/coupons/CouponCard';
import { EmptyState, LoadFailed } from '../../storefront/catalog/LoadStates';
import { Pager } from '../../storefront/catalog/Pager';
import { useLoad } from '../../storefront/catalog/useLoad';

function CouponList({ status }: { status: UserCouponTab }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'coupons' });
  const [page, setPage] = useState(1);
  const list = useLoad(`mine:${status}:${page}`, () => api.get<ListAnswer<ReceivedCoupon>>('/user/coupons', { status, page, per_page: 30 }));
  const rows = list.data?.data ?? [];
  return (
    <Stack gap="sm" pt="md">
      {list.failed && <LoadFailed onRetry={list.reload} />}
      <div style={{ position: 'relative', minHeight: 160 }}>
        <LoadingOverlay visible={list.loading} zIndex={10} overlayProps={{ blur: 1 }} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {rows.map((c) => (
            <CouponCard key={c.id} coupon={c} muted={status !== 'unused'} />
          ))}
        </SimpleGrid>
        {list.data && !rows.length && !list.loading && (
          <EmptyState message={t(`empty.${status}`)}>
            <Anchor component={Link} to="/coupons" size="sm">
              {t('toCentre')}
            </Anchor>
          </EmptyState>
        )}
      </div>
      {list.data && <Pager page={page} lastPage={list.data.last_page} total={list.data.total} onChange={setPage} />}
    </Stack>
  );
}

export default function UserCouponsPage() {
  const { t } = useTranslation();
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'coupons' });
  return (
    <Stack gap="sm">
      <Title order={4}>{t('route.coupons')}</Title>
      <Tabs defaultValue="unused" keepMounted={false}>
        <Tabs.List>
          {USER_COUPON_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {tc(`tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {USER_COUPON_TABS.map((tab) => (
          <Tabs.Panel key={tab} value={tab}>
            <CouponList status={tab} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
