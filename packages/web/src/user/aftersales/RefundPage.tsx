// /user/order/refund/{id}: one of the shopper's after-sales requests — its state and timeline, lines and money, and
// what the shopper can do next: withdraw while pending, ship an agreed return, take a refusal to arbitration.
import { Alert, Anchor, Badge, Button, Group, LoadingOverlay, Paper, Select, Stack, Text, TextInput, Textarea, Timeline, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { RefundDetail } from '@qshop/shared/schemas/aftersales';
import { api } from '../../api/client';
import { isNotFound, LoadFailed } from '../../storefront/catalog/LoadStates';
import { useLoad } from '../../storefront/catalog/useLoad';
import { canAskArbitration, canShip, canWithdraw, refundStateKey } from './refundModel';

function Actions({ refund, onChanged }: { refund: RefundDetail; onChanged: () => void }) {
  const { t: ta } = useTranslation(undefined, { keyPrefix: 'aftersales' });
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState<string | null>(null);
  const [no, setNo] = useState('');
  const [caseText, setCaseText] = useState('');
  const expresses = useLoad('expresses', () => api.get<{ code: string; name: string }[]>('/expresses').catch(() => []));
  const act = async (path: string, body: Record<string, string> = {}) => {
    setBusy(true);
    try {
      await api.put(`/user/refunds/${refund.id}/${path}`, body);
      onChanged();
    } catch {
      // the client showed the refusal
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      {canWithdraw(refund) && (
        <Button variant="default" onClick={() => void act('withdraw')} loading={busy} data-testid="refund-withdraw">
          {ta('action.withdraw')}
        </Button>
      )}
      {canShip(refund) && refund.ship_deadline && (
        <Text size="sm" c="orange" data-testid="refund-ship-deadline">
          {ta('action.shipBy', { time: refund.ship_deadline })}
        </Text>
      )}
      {canShip(refund) && (
        <Group align="end" wrap="wrap">
          <Select label={ta('action.carrier')} data={(expresses.data ?? []).map((e) => ({ value: e.code, label: e.name }))} value={code} onChange={setCode} searchable />
          <TextInput label={ta('action.trackingNo')} value={no} onChange={(e) => setNo(e.currentTarget.value.trim())} />
          <Button disabled={!code || !no} onClick={() => void act('ship', { delivery_code: code!, delivery_no: no })} loading={busy}>
            {ta('action.ship')}
          </Button>
        </Group>
      )}
      {canAskArbitration(refund) && (
        <Stack gap="xs">
          <Textarea label={ta('action.arbitrationCase')} maxLength={500} value={caseText} onChange={(e) => setCaseText(e.currentTarget.value)} />
          <Button disabled={!caseText.trim()} onClick={() => void act('arbitrate', { arbitration_remark: caseText.trim() })} loading={busy}>
            {ta('action.arbitrate')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

function RefundView({ refund, onChanged }: { refund: RefundDetail; onChanged: () => void }) {
  const { t: ta } = useTranslation(undefined, { keyPrefix: 'aftersales' });
  type Step = { key: string; time: string | null; text: string | null };
  const steps = (
    [
    { key: 'opened', time: refund.created_at, text: refund.refund_remark },
    refund.refuse_remark ? { key: 'refused', time: null, text: refund.refuse_remark } : null,
    refund.arbitration_remark ? { key: 'arbitration', time: null, text: refund.arbitration_remark } : null,
    refund.admin_remark ? { key: 'decision', time: null, text: refund.admin_remark } : null,
    refund.delivery_no ? { key: 'shipped', time: null, text: `${refund.delivery_code} ${refund.delivery_no}` } : null,
    refund.refunded_at ? { key: 'refunded', time: refund.refunded_at, text: refund.refund_money } : null,
    refund.closed_at ? { key: 'closed', time: refund.closed_at, text: null } : null,
    ] as (Step | null)[]
  ).filter((s): s is Step => s !== null);
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm">
              {ta('refundNo')}: {refund.refund_no}
            </Text>
            <Text size="sm">
              {ta('orderNo')}:{' '}
              <Anchor component={Link} to={`/user/order/${refund.order_id}`}>
                {refund.order_no}
              </Anchor>
            </Text>
            <Text size="sm">{refund.store_name}</Text>
          </Stack>
          <Stack gap={4} align="end">
            <Badge data-testid="refund-state">{ta(refundStateKey(refund))}</Badge>
            <Text fw={600} data-testid="refund-money-shown">
              {ta(`type.${refund.refund_type}`)} ¥{refund.refund_money}
            </Text>
          </Stack>
        </Group>
      </Paper>
      <Paper withBorder p="md">
        <Timeline active={steps.length - 1} bulletSize={18}>
          {steps.map((s) => (
            <Timeline.Item key={s.key} title={ta(`timeline.${s.key}`)}>
              {s.text && <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{s.text}</Text>}
              {s.time && <Text size="xs" c="dimmed">{s.time}</Text>}
            </Timeline.Item>
          ))}
        </Timeline>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap={4}>
          {refund.lines.map((l) => (
            <Group key={l.order_goods_id} justify="space-between">
              <Text size="sm">
                {l.goods_name} × {l.num}
              </Text>
              <Text size="sm">¥{l.money}</Text>
            </Group>
          ))}
        </Stack>
      </Paper>
      <Actions refund={refund} onChanged={onChanged} />
    </Stack>
  );
}

export default function RefundPage() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation(undefined, { keyPrefix: 'aftersales' });
  const { id = '' } = useParams();
  const valid = /^[1-9]\d{0,9}$/.test(id);
  const refund = useLoad(`refund:${id}`, () => (valid ? api.get<RefundDetail>(`/user/refunds/${id}`) : Promise.reject(new Error('not an id'))));
  const back = (
    <Anchor component={Link} to="/user/orders?status=5" size="sm">
      {ta('backToList')}
    </Anchor>
  );
  if (!refund.data) {
    if (!refund.failed) return <LoadingOverlay visible />;
    if (!valid || isNotFound(refund.error)) return <Alert color="orange" title={ta('notFound')}>{back}</Alert>;
    return <LoadFailed onRetry={refund.reload} />;
  }
  return (
    <Stack gap="md" maw={720} pos="relative">
      <LoadingOverlay visible={refund.loading} zIndex={10} />
      <Title order={4}>{t('route.orderRefund')}</Title>
      <RefundView refund={refund.data} onChanged={refund.reload} />
      {back}
    </Stack>
  );
}
