// The tracking panel of the shopper's order page: once the order shipped, its timeline from GET /api/user/order/{id}/tracking.
import { Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TrackingPanel } from '../../components/tracking/TrackingPanel';

export function OrderTracking({ order }: { order: { id: number; delivery_time?: string | null } }) {
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'fulfil' });
  if (!order.delivery_time) return null;
  return (
    <Paper withBorder p="md" data-testid="order-tracking">
      <Title order={5} mb="sm">
        {tf('tracking.title')}
      </Title>
      <TrackingPanel url={`/user/order/${order.id}/tracking`} shipped />
    </Paper>
  );
}
