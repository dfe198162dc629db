// One order in /user/orders: store, number, date and status; its lines (and a group order's group); its total and
// what can be done with it (pay and cancel while unpaid, details always).
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { yuan } from '../../storefront/catalog/format';
import { OrderLines } from '../../storefront/order/OrderLines';
import { orderPayPath } from '../../storefront/order/orderParams';
import type { OrderRow } from '../../storefront/order/types';
import { canCancel, canPay, STATUS_COLORS, statusKey } from './orderModel';
import { ReviewButton } from './ReviewButton';
import { GroupState } from './GroupState';

export function OrderStatusBadge({ status }: { status: number }) {
  const { t: to } = useTranslation(undefined, { keyPrefix: 'orders' });
  return (
    // Outlined: every colour's text keeps 4.5:1 on the card's white (on its light tint red fell to 4.4).
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="outline" data-testid="order-status">
      {to(statusKey(status))}
    </Badge>
  );
}

export function OrderCard({ order, busy, onCancel }: { order: OrderRow; busy: boolean; onCancel: () => void }) {
  const { t: to } = useTranslation(undefined, { keyPrefix: 'orders' });
  const detail = `/user/order/${order.id}`;
  return (
    <Paper withBorder data-testid="order" aria-label={order.order_no}>
      <Group justify="space-between" gap="xs" px="md" py="xs" bg="gray.0">
        <Group gap="md" wrap="wrap">
          <Text size="sm" fw={600}>
            {order.store_name}
          </Text>
          <Anchor component={Link} to={detail} size="xs" c="dimmed">
            {to('detail.orderNo')} {order.order_no}
          </Anchor>
          <Text size="xs" c="dimmed">
            {to('list.createdAt', { time: order.created_at })}
          </Text>
        </Group>
        <OrderStatusBadge status={order.order_status} />
      </Group>
      <Stack gap="sm" p="md">
        <OrderLines lines={order.lines} />
        {order.collective && <GroupState group={order.collective} />}
        <Group justify="space-between" gap="sm">
          <Group gap={4} align="baseline">
            <Text size="sm">{to('list.total')}</Text>
            <Text c="red.9" fw={700} data-testid="order-total">
              {yuan(order.total_price)}
            </Text>
            <Text size="xs" c="dimmed">
              {to('list.freightIncluded', { amount: yuan(order.freight_money) })}
            </Text>
          </Group>
          <Group gap="xs">
            {canCancel(order) && (
              <Button size="compact-sm" variant="default" onClick={onCancel} loading={busy}>
                {to('list.cancel')}
              </Button>
            )}
            {canPay(order) && (
              <Button size="compact-sm" color="red" component={Link} to={orderPayPath([order.id])}>
                {to('list.pay')}
              </Button>
            )}
            <ReviewButton order={order} size="compact-sm" />
            <Button size="compact-sm" variant="light" component={Link} to={detail}>
              {to('list.view')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
