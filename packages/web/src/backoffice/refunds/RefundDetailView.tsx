// One after-sales request in the back office (GET /{area}/refunds/{id}): state, order, lines and amounts, the buyer's
// reason and images, the return's tracking, the refusal, arbitration and decision remarks; and the area's decisions.
import type { ReactNode } from 'react';
import { GoodsLineSpec } from '../../storefront/catalog/GoodsLineParts';
import { useTranslation } from 'react-i18next';
import { Anchor, Badge, Button, Divider, Group, Image, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { RefundDetail } from '@qshop/shared/schemas/aftersales';
import { REFUND_STEP, REFUND_TYPE, REFUND_VERIFY } from '@qshop/shared/states';
import { api } from '../../api/client';
import { Details } from '../../admin/catalog/Details';
import { formatMoney } from '../../resource/cells/values';
import { LoadState } from '../../seller/catalog/LoadState';
import { useLoad } from '../../seller/catalog/useLoad';
import { refundStateKey } from '../../user/aftersales/refundModel';
import { refundActions, STATE_COLORS, type BackOfficeArea, type RefundAction } from './refundsModel';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={6}>{title}</Title>
      {children}
    </Stack>
  );
}

export function RefundStateBadge({ refund }: { refund: Pick<RefundDetail, 'refund_type' | 'refund_verify' | 'refund_step'> }) {
  const { t: ta } = useTranslation(undefined, { keyPrefix: 'aftersales' });
  const key = refundStateKey(refund);
  return (
    <Badge color={STATE_COLORS[key] ?? 'gray'} variant="light" data-testid="refund-state">
      {ta(key)}
    </Badge>
  );
}

export function RefundDetailView({ area, id, version, onDecide }: { area: BackOfficeArea; id: number; version: number; onDecide: (action: RefundAction, refund: RefundDetail) => void }) {
  const { t: ta } = useTranslation(undefined, { keyPrefix: 'aftersales' });
  const { t: tb } = useTranslation(undefined, { keyPrefix: 'aftersales.backoffice' });
  const { state, retry } = useLoad(`${area}-refund-${id}-${version}`, () => api.get<RefundDetail>(`/${area}/refunds/${id}`));
  if (state.status !== 'ready') return <LoadState state={state} onRetry={retry} keyPrefix="aftersales.backoffice" />;
  const refund = state.data;
  const awaitsShipment = refund.refund_verify === REFUND_VERIFY.AGREED && refund.refund_step === REFUND_STEP.AWAIT_BUYER_SHIPMENT;
  return (
    <Stack gap="md" data-testid="refund-detail">
      <Group justify="space-between">
        <Group gap="sm">
          <Text fw={600}>{refund.refund_no}</Text>
          <RefundStateBadge refund={refund} />
        </Group>
        <Group gap="xs">
          {refundActions(area, refund).map((action) => (
            <Button key={action} size="xs" variant={action === 'refuse' || action === 'close' ? 'default' : 'filled'} onClick={() => onDecide(action, refund)} data-testid={`refund-${action}`}>
              {tb(`action.${action}`)}
            </Button>
          ))}
        </Group>
      </Group>
      <Details
        items={[
          { label: ta('orderNo'), value: refund.order_no },
          { label: tb('store'), value: refund.store_name },
          { label: tb('type'), value: ta(`type.${refund.refund_type}`) },
          { label: tb('money'), value: <Text fw={600} size="sm" data-testid="refund-money">¥{formatMoney(refund.refund_money)}</Text> },
          { label: tb('createdAt'), value: refund.created_at },
          { label: tb('agreeDeadline'), value: refund.refund_verify === REFUND_VERIFY.PENDING ? refund.agree_deadline : null },
          { label: tb('shipDeadline'), value: awaitsShipment ? refund.ship_deadline : null },
          { label: tb('refundedAt'), value: refund.refunded_at },
          { label: tb('closedAt'), value: refund.closed_at },
          { label: tb('reason'), value: refund.refund_remark, wide: true },
        ]}
      />
      <Divider />
      <Section title={tb('lines')}>
        <Table.ScrollContainer minWidth={420}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{tb('goods')}</Table.Th>
                <Table.Th>{tb('num')}</Table.Th>
                <Table.Th>{tb('lineMoney')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {refund.lines.map((line) => (
                <Table.Tr key={line.order_goods_id}>
                  <Table.Td>
                    {line.goods_name}
                    <GoodsLineSpec line={line} />
                  </Table.Td>
                  <Table.Td>{line.num}</Table.Td>
                  <Table.Td>¥{formatMoney(line.money)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
      {refund.images.length > 0 && (
        <Section title={tb('images')}>
          <SimpleGrid cols={4} spacing="xs">
            {refund.images.map((src) => (
              <Anchor key={src} href={src} target="_blank" rel="noreferrer">
                <Image src={src} alt={tb('image')} radius="sm" h={80} fit="cover" />
              </Anchor>
            ))}
          </SimpleGrid>
        </Section>
      )}
      {refund.refund_type === REFUND_TYPE.GOODS && (
        <Section title={tb('returnShipment')}>
          <Text size="sm" data-testid="refund-return-tracking">
            {refund.delivery_no ? `${refund.delivery_code} ${refund.delivery_no}` : tb('notReturned')}
          </Text>
        </Section>
      )}
      {(refund.refuse_remark || refund.arbitration_remark || refund.admin_remark) && (
        <Section title={tb('remarks')}>
          <Details
            items={[
              { label: tb('refuseRemark'), value: refund.refuse_remark, wide: true },
              { label: tb('arbitrationRemark'), value: refund.arbitration_remark, wide: true },
              { label: tb('adminRemark'), value: refund.admin_remark, wide: true },
            ].filter((item) => item.value)}
          />
        </Section>
      )}
    </Stack>
  );
}
