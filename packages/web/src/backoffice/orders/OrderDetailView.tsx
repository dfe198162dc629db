// One order in the back office (GET /{area}/orders/{id}): status and actions (ship, edit the receiver while awaiting
// shipment), receiver, payment and times, lines with what was refunded of them, amounts, after-sales summary and the
// tracking timeline.
import { useState, type ReactNode } from 'react';
import { GoodsLineSpec } from '../../storefront/catalog/GoodsLineParts';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReceiverBody } from '@qshop/shared/schemas/fulfilment';
import { api } from '../../api/client';
import { Details } from '../../admin/catalog/Details';
import { TrackingPanel } from '../../components/tracking/TrackingPanel';
import { formatMoney } from '../../resource/cells/values';
import '../../resource/fieldLabels';
import { LoadState } from '../../seller/catalog/LoadState';
import { useLoad } from '../../seller/catalog/useLoad';
import { STATUS_COLORS } from '../../user/orders/orderModel';
import { canEditReceiver, canShip, type BackOfficeArea } from './orderModel';
import { ReceiverDialog } from './ReceiverDialog';
import { ShipDialog } from './ShipDialog';

/** An order as GET /{area}/orders/{id} answers it. */
export interface BackOfficeOrder extends ReceiverBody {
  id: number;
  order_no: string;
  order_status: number;
  store_name: string;
  buyer: string;
  total_price: string;
  order_price: string;
  freight_money: string;
  discount_money: string;
  refund_money: string;
  open_refunds: number;
  remark: string;
  payment_name: string;
  pay_no: string | null;
  pay_time: string | null;
  created_at: string;
  delivery_code: string;
  delivery_name: string;
  delivery_no: string;
  delivery_time: string | null;
  receipt_time: string | null;
  comment_time: string | null;
  cancel_time: string | null;
  settle_after: string | null;
  lines: { id: number; goods_name: string; sku_name: string; goods_price: string; buy_num: number; total_price: string; refunded_num: number; refunded_money: string }[];
  refunds: { id: number; refund_no: string; refund_type: number; refund_money: string; created_at: string }[];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={6}>{title}</Title>
      {children}
    </Stack>
  );
}

export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" data-testid="order-status">
      {t(`fields.order_status_${status}`)}
    </Badge>
  );
}

export function OrderDetailView({ area, id, onChanged }: { area: BackOfficeArea; id: number; onChanged: () => void }) {
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'fulfil' });
  const { state, retry } = useLoad(`${area}-order-${id}`, () => api.get<BackOfficeOrder>(`/${area}/orders/${id}`));
  const [shipping, setShipping] = useState(false);
  const [editing, setEditing] = useState(false);
  if (state.status !== 'ready') return <LoadState state={state} onRetry={retry} keyPrefix="fulfil" />;
  const order = state.data;
  const changed = () => {
    retry();
    onChanged();
  };
  return (
    <Stack gap="md" data-testid="order-detail">
      <Group justify="space-between">
        <Group gap="sm">
          <Text fw={600}>{order.order_no}</Text>
          <StatusBadge status={order.order_status} />
        </Group>
        <Group gap="xs">
          {canEditReceiver(order) && (
            <Button variant="default" size="xs" onClick={() => setEditing(true)}>
              {tf('editReceiver')}
            </Button>
          )}
          {canShip(order) && (
            <Button size="xs" onClick={() => setShipping(true)} data-testid="detail-ship">
              {tf('ship')}
            </Button>
          )}
        </Group>
      </Group>
      <Details
        items={[
          { label: tf('store'), value: order.store_name },
          { label: tf('buyer'), value: order.buyer },
          { label: tf('createdAt'), value: order.created_at },
          { label: tf('payTime'), value: order.pay_time },
          { label: tf('payment'), value: order.payment_name },
          { label: tf('payNo'), value: order.pay_no },
          { label: tf('deliveryTime'), value: order.delivery_time },
          { label: tf('receiptTime'), value: order.receipt_time },
          { label: tf('commentTime'), value: order.comment_time },
          { label: tf('cancelTime'), value: order.cancel_time },
          { label: tf('settleAfter'), value: order.settle_after },
          { label: tf('remark'), value: order.remark, wide: true },
        ]}
      />
      <Divider />
      <Section title={tf('receiver')}>
        <Text size="sm" data-testid="detail-receiver">
          {order.receive_name} {order.receive_tel} · {order.receive_area} {order.receive_address}
        </Text>
      </Section>
      <Section title={tf('lines')}>
        <Table.ScrollContainer minWidth={520}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{tf('goods')}</Table.Th>
                <Table.Th>{tf('price')}</Table.Th>
                <Table.Th>{tf('quantity')}</Table.Th>
                <Table.Th>{tf('lineTotal')}</Table.Th>
                <Table.Th>{tf('refunded')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.lines.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td>
                    {line.goods_name}
                    <GoodsLineSpec line={line} />
                  </Table.Td>
                  <Table.Td>{formatMoney(line.goods_price)}</Table.Td>
                  <Table.Td>{line.buy_num}</Table.Td>
                  <Table.Td>{formatMoney(line.total_price)}</Table.Td>
                  <Table.Td>{line.refunded_num ? `${line.refunded_num} / ${formatMoney(line.refunded_money)}` : '-'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
      <Section title={tf('money')}>
        <Details
          items={[
            { label: tf('orderPrice'), value: formatMoney(order.order_price) },
            { label: tf('freight'), value: formatMoney(order.freight_money) },
            { label: tf('discount'), value: formatMoney(order.discount_money) },
            { label: tf('total'), value: <Text fw={600} size="sm">{formatMoney(order.total_price)}</Text> },
            { label: tf('refundMoney'), value: formatMoney(order.refund_money) },
          ]}
        />
      </Section>
      <Section title={tf('refunds')}>
        {order.open_refunds > 0 && <Text size="sm">{tf('openRefunds', { count: order.open_refunds })}</Text>}
        {order.refunds.length ? (
          order.refunds.map((r) => (
            <Text size="sm" key={r.id}>
              {r.refund_no} · {tf(`refundType.${r.refund_type}`)} · {formatMoney(r.refund_money)} · {r.created_at}
            </Text>
          ))
        ) : (
          <Text size="sm" c="dimmed">
            {tf('noRefunds')}
          </Text>
        )}
      </Section>
      <Section title={tf('tracking.title')}>
        <TrackingPanel url={`/${area}/orders/${order.id}/tracking`} shipped={order.delivery_time !== null} />
      </Section>
      <ShipDialog area={area} order={shipping ? order : null} onClose={() => setShipping(false)} onShipped={changed} />
      <ReceiverDialog area={area} order={editing ? order : null} onClose={() => setEditing(false)} onSaved={changed} />
    </Stack>
  );
}
