// /user/order/{id}: one of the shopper's orders (GET /api/user/order/{id}): its status and timeline, lines, delivery
// address, money breakdown and message; a group order's group; while unpaid, the time left to pay, "pay" (to the
// payment page) and cancel.
import { Alert, Anchor, Button, Group, LoadingOverlay, Paper, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconCircleX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { api } from '../../api/client';
import { isNotFound, LoadFailed } from '../../storefront/catalog/LoadStates';
import { useLoad } from '../../storefront/catalog/useLoad';
import { MoneyLine } from '../../storefront/order/MoneyLine';
import { OrderLines } from '../../storefront/order/OrderLines';
import { orderPayPath } from '../../storefront/order/orderParams';
import type { OrderDetail } from '../../storefront/order/types';
import { AfterSaleActions } from './AfterSaleActions';
import { cancelOrder } from './cancelOrder';
import { ConfirmReceiptButton } from './ConfirmReceiptButton';
import { OrderTracking } from './OrderTracking';
import { OrderStatusBadge } from './OrderCard';
import { buildTimeline, canCancel, canPay, moneyRows, stepsDone } from './orderModel';
import { PayCountdown } from './PayCountdown';
import { ReviewButton } from './ReviewButton';
import { ContactStore } from '../../storefront/chat/ContactStore';
import { GroupState } from './GroupState';

const LIST_PATH = '/user/orders';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={5} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function OrderTimeline({ order }: { order: OrderDetail }) {
  const { t: to } = useTranslation(undefined, { keyPrefix: 'orders' });
  const steps = buildTimeline(order);
  const done = stepsDone(steps);
  return (
    <Timeline active={done - 1} bulletSize={22} lineWidth={2} data-testid="order-timeline">
      {steps.map((step) => (
        <Timeline.Item
          key={step.key}
          title={to(`detail.timeline.${step.key}`)}
          color={step.key === 'cancelled' ? 'gray' : undefined}
          bullet={step.key === 'cancelled' ? <IconCircleX size={14} /> : step.time ? <IconCircleCheck size={14} /> : <IconCircleDashed size={14} />}
          data-testid="timeline-step"
          data-done={step.time ? 'true' : 'false'}
        >
          <Text size="xs" c="dimmed">
            {step.time ?? '-'}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function Order({ order, onChanged }: { order: OrderDetail; onChanged: () => void }) {
  const { t: to } = useTranslation(undefined, { keyPrefix: 'orders' });
  const [cancelling, setCancelling] = useState(false);
  const cancel = async () => {
    setCancelling(true);
    const cancelled = await cancelOrder(order);
    setCancelling(false);
    if (cancelled) onChanged();
  };
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Group justify="space-between" gap="sm">
          <Stack gap={4}>
            <Group gap="sm">
              <Text size="sm" c="dimmed">
                {to('detail.orderNo')}
              </Text>
              <Text size="sm" fw={600} data-testid="order-no">
                {order.order_no}
              </Text>
              <OrderStatusBadge status={order.order_status} />
            </Group>
            <Group gap="xs">
              <Text size="sm">{order.store_name}</Text>
              <ContactStore storeId={order.store_id} storeName={order.store_name} offer={{ content_type: 'order', id: order.id, title: order.order_no }} />
            </Group>
            {order.collective && <GroupState group={order.collective} detail onEnded={onChanged} />}
            {canPay(order) && order.pay_deadline && (
              <PayCountdown deadline={order.pay_deadline} running={(time) => to('detail.countdown', { time })} passed={to('detail.deadlinePassed')} />
            )}
          </Stack>
          <Group gap="xs">
            <ConfirmReceiptButton order={order} onChanged={onChanged} />
            <AfterSaleActions order={order} />
            {canCancel(order) && (
              <Button variant="default" onClick={() => void cancel()} loading={cancelling}>
                {to('list.cancel')}
              </Button>
            )}
            {canPay(order) && (
              <Button color="red" component={Link} to={orderPayPath([order.id])}>
                {to('detail.payAgain')}
              </Button>
            )}
            <ReviewButton order={order} />
          </Group>
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section title={to('detail.status')}>
          <OrderTimeline order={order} />
        </Section>
        <Stack gap="md">
          <Section title={to('detail.address')}>
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {order.receive_name} {order.receive_tel}
              </Text>
              <Text size="sm" data-testid="order-address">
                {order.receive_area} {order.receive_address}
              </Text>
              {order.delivery_no && (
                <Text size="sm" c="dimmed">
                  {to('detail.delivery')}: {order.delivery_code} {order.delivery_no}
                </Text>
              )}
            </Stack>
          </Section>
          <Section title={to('detail.remark')}>
            <Text size="sm" c={order.remark ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
              {order.remark || '-'}
            </Text>
            {order.payment_name && (
              <Text size="sm" mt="xs" c="dimmed">
                {to('detail.payment')}: {to(`detail.payments.${order.payment_name}`, { defaultValue: order.payment_name })}
              </Text>
            )}
          </Section>
        </Stack>
      </SimpleGrid>
      <OrderTracking order={order} />
      <Section title={to('detail.goods')}>
        <OrderLines lines={order.lines} />
        <Stack gap={2} mt="md" ml="auto" w={{ base: '100%', xs: 280 }} data-testid="order-money">
          {moneyRows(order).map((row) => (
            <MoneyLine key={row.key} label={to(`detail.money.${row.key}`)} amount={row.amount} negative={row.negative} strong={row.strong} testId={`money-${row.key}`} />
          ))}
        </Stack>
      </Section>
    </Stack>
  );
}

export default function OrderPage() {
  const { t } = useTranslation();
  const { t: to } = useTranslation(undefined, { keyPrefix: 'orders' });
  const { id = '' } = useParams();
  const valid = /^[1-9]\d{0,9}$/.test(id);
  const order = useLoad(`order:${id}`, () => (valid ? api.get<OrderDetail>(`/user/order/${id}`) : Promise.reject(new Error('not an id'))));
  const back = (
    <Anchor component={Link} to={LIST_PATH} size="sm">
      {to('detail.back')}
    </Anchor>
  );
  if (!order.data) {
    if (!order.failed) return <LoadingOverlay visible />;
    if (!valid || isNotFound(order.error))
      return (
        <Alert color="orange" title={to('detail.notFound')}>
          {back}
        </Alert>
      );
    return <LoadFailed onRetry={order.reload} />;
  }
  return (
    <Stack gap="md" pos="relative">
      <LoadingOverlay visible={order.loading} zIndex={10} overlayProps={{ blur: 1 }} />
      <Title order={4}>{t('route.order')}</Title>
      <Order order={order.data} onChanged={order.reload} />
      {back}
    </Stack>
  );
}
