// A coupon as the storefront shows it: face value, threshold, name, store (or the platform), validity, and an action.
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toCents } from '@qshop/shared/money';
import type { CouponAnswer } from '@qshop/shared/schemas/promotions';
import { yuan } from '../catalog/format';

export function CouponCard({ coupon, action, muted }: { coupon: CouponAnswer; action?: ReactNode; muted?: boolean }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'coupons' });
  return (
    <Paper withBorder p="sm" data-testid="coupon-card" style={{ borderLeft: `4px solid var(--mantine-color-${muted ? 'gray' : 'red'}-6)` }}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={700} size="lg" c={muted ? 'dimmed' : 'red.7'}>
              {yuan(coupon.money)}
            </Text>
            <Text size="xs" c="dimmed">
              {toCents(coupon.use_money) > 0 ? t('threshold', { money: yuan(coupon.use_money) }) : t('noThreshold')}
            </Text>
          </Group>
          <Text size="sm" lineClamp={1}>
            {coupon.name}
          </Text>
          <Group gap={4}>
            <Badge size="xs" variant="light" color={coupon.store_id === null ? 'grape' : 'blue'}>
              {coupon.store_id === null ? t('platform') : coupon.store_name}
            </Badge>
            {coupon.goods_ids.length > 0 && (
              <Badge size="xs" variant="light" color="gray">
                {t('someGoods')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('until', { date: coupon.end_time.slice(0, 10) })}
          </Text>
        </Stack>
        {action}
      </Group>
    </Paper>
  );
}
