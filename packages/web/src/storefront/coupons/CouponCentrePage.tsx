// /coupons: the coupon centre — every coupon one may receive now, of every store and the platform.
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CouponOffers } from './CouponOffers';

export default function CouponCentrePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={3}>{t('route.couponCentre')}</Title>
      <CouponOffers query={{}} />
    </Stack>
  );
}
