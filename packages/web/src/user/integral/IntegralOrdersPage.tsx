// /user/integral_order: the shopper's points orders (GET /api/user/integral_orders), newest first, with their
// shipping once the platform has shipped them.
import { Anchor, Badge, Group, Image, LoadingOverlay, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { INTEGRAL_ORDER_STATUS, type ListAnswer } from '@qshop/shared';
import type { IntegralOrderRow } from '@qshop/shared/schemas/points';
import { api } from '../../api/client';
import { EmptyState, LoadFailed } from '../../storefront/catalog/LoadStates';
import { Pager } from '../../storefront/catalog/Pager';
import { useLoad } from '../../storefront/catalog/useLoad';

const PER_PAGE = 30;
const STATUS: Record<number, { key: string; color: string }> = {
  [INTEGRAL_ORDER_STATUS.PAID]: { key: 'statusPaid', color: 'orange' },
  [INTEGRAL_ORDER_STATUS.SHIPPED]: { key: 'statusShipped', color: 'green' },
  [INTEGRAL_ORDER_STATUS.CANCELLED]: { key: 'statusCancelled', color: 'gray' },
};

export default function IntegralOrdersPage() {
  const { t: tp } = useTranslation(undefined, { keyPrefix: 'points' });
  const [page, setPage] = useState(1);
  const list = useLoad(`integral-orders/${page}`, () => api.get<ListAnswer<IntegralOrderRow>>('/user/integral_orders', { page, per_page: PER_PAGE }));
  const rows = list.data?.data ?? [];
  return (
    <Stack gap="md">
      <Title order={4}>{tp('ordersTitle')}</Title>
      {list.failed && <LoadFailed onRetry={list.reload} />}
      <div style={{ position: 'relative', minHeight: 160 }}>
        <LoadingOverlay visible={list.loading} zIndex={10} overlayProps={{ blur: 1 }} />
        <Stack gap="sm">
          {rows.map((o) => {
            const status = STATUS[o.order_status] ?? STATUS[INTEGRAL_ORDER_STATUS.PAID];
            return (
              <Paper key={o.id} withBorder p="sm" data-testid="integral-order">
                <Group justify="space-between" mb="xs">
                  <Text size="xs" c="dimmed">
                    {tp('orderNo', { no: o.order_no })} · {o.created_at}
                  </Text>
                  <Badge color={status.color} variant="light">
                    {tp(status.key)}
                  </Badge>
                </Group>
                <Group wrap="nowrap" gap="md">
                  {o.order_image && <Image src={o.order_image} w={64} h={64} fit="cover" radius="sm" alt={o.order_name} />}
                  <Stack gap={2} flex={1}>
                    <Text size="sm" fw={600}>{o.order_name}</Text>
                    <Text size="sm" c="dimmed">
                      {o.receive_name} {o.receive_tel} {o.receive_area} {o.receive_address}
                    </Text>
                    {o.delivery_no && (
                      <Text size="xs" c="dimmed">
                        {tp('shippedBy', { code: o.delivery_code, no: o.delivery_no })}
                      </Text>
                    )}
                  </Stack>
                  <Stack gap={0} align="flex-end">
                    <Text c="red.7" fw={700}>{tp('points', { n: o.total_price })}</Text>
                    <Text size="xs" c="dimmed">{tp('buyNum', { n: o.buy_num })}</Text>
                  </Stack>
                </Group>
              </Paper>
            );
          })}
        </Stack>
        {list.data && !rows.length && !list.loading && (
          <EmptyState message={tp('ordersEmpty')}>
            <Anchor component={Link} to="/integral" size="sm">
              {tp('goMall')}
            </Anchor>
          </EmptyState>
        )}
      </div>
      {list.data && <Pager page={page} lastPage={list.data.last_page} total={list.data.total} onChange={setPage} />}
    </Stack>
  );
}
