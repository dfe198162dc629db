// /user/order/refund_form/{order id}: open an after-sales request — the lines and how many of each, refund only or
// return then refund, the amount (the cap shown, and refused above it by the server too), the reason.
import { Alert, Anchor, Button, Checkbox, Group, LoadingOverlay, NumberInput, Paper, SegmentedControl, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toCents, fromCents } from '@qshop/shared/money';
import type { RefundCaps } from '@qshop/shared/schemas/aftersales';
import { api } from '../../api/client';
import { isNotFound, LoadFailed } from '../../storefront/catalog/LoadStates';
import { useLoad } from '../../storefront/catalog/useLoad';
import { newIdempotencyKey } from '../../storefront/order/idempotencyKey';

/** The cap of the chosen quantities: each line's share of what is left, all of it for its last units. */
export function capOf(caps: RefundCaps, chosen: Record<number, number>): number {
  let total = 0;
  let all = true;
  for (const line of caps.lines) {
    const k = chosen[line.order_goods_id] ?? 0;
    const left = line.buy_num - line.refunded_num;
    if (k !== left) all = false;
    if (!k) continue;
    const paid = toCents(line.paid);
    const refunded = toCents(line.refunded_money);
    const after = line.refunded_num + k;
    // Half away from zero in whole cents, as the server rounds (no float math).
    const share = Number((BigInt(paid) * BigInt(after) * 2n + BigInt(line.buy_num)) / (2n * BigInt(line.buy_num)));
    total += after === line.buy_num ? paid - refunded : share - refunded;
  }
  if (all && caps.freight_refundable) total += toCents(caps.freight_money);
  return total;
}

function RefundForm({ caps }: { caps: RefundCaps }) {
  const { t: ta } = useTranslation(undefined, { keyPrefix: 'aftersales' });
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const [type, setType] = useState('0');
  const [money, setMoney] = useState('');
  const [remark, setRemark] = useState('');
  const [sending, setSending] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const cap = capOf(caps, chosen);
  const lines = Object.entries(chosen).filter(([, n]) => n > 0);
  const valid = lines.length > 0 && /^\d+(\.\d{1,2})?$/.test(money) && toCents(money) > 0 && toCents(money) <= cap && remark.trim().length > 0;
  const submit = async () => {
    setSending(true);
    try {
      const body = { order_id: caps.order_id, refund_type: Number(type), lines: lines.map(([id, num]) => ({ order_goods_id: Number(id), num })), refund_money: money, refund_remark: remark.trim() };
      const opened = await api.post<{ id: number }>('/user/order/refund', body, { headers: { 'Idempotency-Key': key } });
      void navigate(`/user/order/refund/${opened.id}`);
    } catch {
      setSending(false);
    }
  };
  return (
    <Stack gap="md">
      {caps.refused && <Alert color="orange">{caps.refused}</Alert>}
      <Paper withBorder p="md">
        <Stack gap="sm">
          {caps.lines.map((line) => (
            <Group key={line.order_goods_id} justify="space-between" wrap="wrap" data-testid="refund-line">
              <Checkbox
                label={`${line.goods_name} ${line.sku_name !== '-' ? line.sku_name : ''}`}
                disabled={!line.refundable_num || Boolean(caps.refused)}
                checked={(chosen[line.order_goods_id] ?? 0) > 0}
                onChange={(e) => setChosen({ ...chosen, [line.order_goods_id]: e.currentTarget.checked ? line.refundable_num : 0 })}
              />
              <Group gap="xs">
                <Text size="xs" c="dimmed">
                  {line.in_open_request ? ta('form.inOpenRequest') : ta('form.left', { num: line.refundable_num, money: line.refundable_money })}
                </Text>
                <NumberInput
                  w={90}
                  min={0}
                  max={line.refundable_num}
                  disabled={!line.refundable_num || Boolean(caps.refused)}
                  value={chosen[line.order_goods_id] ?? 0}
                  onChange={(v) => setChosen({ ...chosen, [line.order_goods_id]: Math.max(0, Math.min(line.refundable_num, Number(v) || 0)) })}
                  aria-label={ta('form.num')}
                  data-testid={`refund-num-${line.order_goods_id}`}
                />
              </Group>
            </Group>
          ))}
        </Stack>
      </Paper>
      <SegmentedControl value={type} onChange={setType} data={[{ value: '0', label: ta('type.0') }, { value: '1', label: ta('type.1') }]} />
      <TextInput
        label={ta('form.money')}
        description={ta('form.cap', { cap: fromCents(cap) })}
        value={money}
        onChange={(e) => setMoney(e.currentTarget.value.trim())}
        error={money && /^\d+(\.\d{1,2})?$/.test(money) && toCents(money) > cap ? ta('form.overCap', { cap: fromCents(cap) }) : undefined}
        data-testid="refund-money"
      />
      <Textarea label={ta('form.reason')} maxLength={500} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} data-testid="refund-reason" />
      <Button onClick={() => void submit()} disabled={!valid || Boolean(caps.refused)} loading={sending} data-testid="refund-submit">
        {ta('form.submit')}
      </Button>
    </Stack>
  );
}

export default function RefundFormPage() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation(undefined, { keyPrefix: 'aftersales' });
  const { id = '' } = useParams();
  const valid = /^[1-9]\d{0,9}$/.test(id);
  const caps = useLoad(`refund-caps:${id}`, () => (valid ? api.get<RefundCaps>(`/user/order/${id}/refund_caps`) : Promise.reject(new Error('not an id'))));
  const back = (
    <Anchor component={Link} to={`/user/order/${id}`} size="sm">
      {ta('backToOrder')}
    </Anchor>
  );
  if (!caps.data) {
    if (!caps.failed) return <LoadingOverlay visible />;
    if (!valid || isNotFound(caps.error)) return <Alert color="orange" title={ta('orderNotFound')}>{back}</Alert>;
    return <LoadFailed onRetry={caps.reload} />;
  }
  return (
    <Stack gap="md" maw={720}>
      <Title order={4}>{t('route.orderRefundForm')}</Title>
      <Text size="sm" c="dimmed">
        {ta('orderNo')}: {caps.data.order_no}
      </Text>
      <RefundForm caps={caps.data} />
      {back}
    </Stack>
  );
}
