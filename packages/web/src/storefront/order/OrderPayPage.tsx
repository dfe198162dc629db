// /order/pay/{params}: pays the orders the address names (GET /api/user/order/pay_info, POST /api/user/order/pay).
// Balance asks for the pay password (or leads to setting one); WeChat Pay and Alipay, when the platform enabled them,
// open the gateway's payment (GatewayPay.tsx: a QR code and polling on a computer, the gateway's page on a phone); a
// gateway not enabled is not offered. The time left comes from the earliest payment deadline. Paid, it goes to
// /order/success.
// Each payment attempt carries its own Idempotency-Key, kept while the attempt's outcome is unknown (no answer, a
// server error): paying again then repeats that attempt, and the server answers its outcome instead of paying twice.
// Once the server has refused an attempt, the next one gets a new key.
import { Alert, Anchor, Badge, Button, Group, LoadingOverlay, Paper, PasswordInput, Radio, Stack, Text, Title } from '@mantine/core';
import { PAY_PASSWORD_LENGTH } from '@qshop/shared/schemas/auth';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { PayCountdown } from '../../user/orders/PayCountdown';
import { earliestDeadline, statusKey } from '../../user/orders/orderModel';
import { yuan } from '../catalog/format';
import { isNotFound, LoadFailed } from '../catalog/LoadStates';
import { useLoad } from '../catalog/useLoad';
import { useFocusKept } from '../../utils/focus';
import { InvalidLink } from './OrderBeforePage';
import { newIdempotencyKey } from './idempotencyKey';
import { decodePayParams, orderSuccessPath } from './orderParams';
import { refusalMessage } from './refusal';
import { balanceCovers, payableOrders, payableTotal, paymentChoices } from './payModel';
import type { PayAnswer, PayInfo } from './types';
import { GatewayPay, type GatewayName } from './GatewayPay';

/** The server answered the attempt (a refusal): it did not pay, so the next attempt is a new one. */
const answered = (error: unknown) => error instanceof ApiError && error.status < 500 && (error.kind === 'code' || error.kind === 'http');

const PAY_PASSWORD = new RegExp(`^\\d{${PAY_PASSWORD_LENGTH}}$`);
const SET_PAY_PASSWORD = '/user/safe/pay_password';

function OrdersToPay({ info }: { info: PayInfo }) {
  const { t: to } = useTranslation(undefined, { keyPrefix: 'orders' });
  return (
    <Stack gap="xs">
      {info.orders.map((order) => (
        <Group key={order.id} justify="space-between" gap="xs" data-testid="pay-order">
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={600}>
              {order.store_name}
            </Text>
            <Text size="xs" c="dimmed">
              {to('pay.orderNo', { no: order.order_no })}
            </Text>
          </Stack>
          <Group gap="sm">
            {order.order_status !== 1 && <Badge color="gray">{to(statusKey(order.order_status))}</Badge>}
            <Text size="sm" fw={600}>
              {yuan(order.total_price)}
            </Text>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

function Payment({ ids }: { ids: number[] }) {
  const { t } = useTranslation();
  const { t: to } = useTranslation(undefined, { keyPrefix: 'orders' });
  const navigate = useNavigate();
  const info = useLoad(`pay:${ids.join(',')}`, () => api.get<PayInfo>('/user/order/pay_info', { order_id: ids.join(',') }));
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const payButton = useFocusKept<HTMLButtonElement>(paying);
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);
  const [method, setMethod] = useState<'balance' | GatewayName>('balance');

  if (!info.data) {
    if (!info.failed) return <LoadingOverlay visible />;
    return isNotFound(info.error) ? <InvalidLink /> : <LoadFailed onRetry={info.reload} />;
  }
  const data = info.data;
  const payable = payableOrders(data);
  const total = payableTotal(data);
  const deadline = earliestDeadline(data.orders);
  const covered = balanceCovers(data);

  const pay = async () => {
    if (!PAY_PASSWORD.test(password)) {
      setPasswordError(t('validation.payPassword'));
      return;
    }
    setPaying(true);
    setRefusal(null);
    try {
      await api.post<PayAnswer>(
        '/user/order/pay',
        { order_id: payable.map((o) => o.id).join(','), payment_name: 'balance', pay_password: password },
        { headers: { 'Idempotency-Key': attemptKey } },
      );
      void navigate(orderSuccessPath(payable.map((o) => o.id)), { replace: true });
    } catch (error) {
      if (answered(error)) setAttemptKey(newIdempotencyKey());
      setRefusal(refusalMessage(error));
      setPassword('');
      info.reload();
    } finally {
      setPaying(false);
    }
  };

  return (
    <Stack gap="md" pos="relative">
      <LoadingOverlay visible={info.loading} zIndex={10} overlayProps={{ blur: 1 }} />
      <Title order={3}>{t('route.orderPay')}</Title>
      <Paper withBorder p="md">
        <Title order={4} size="h5" mb="sm">
          {to('pay.orders')}
        </Title>
        <OrdersToPay info={data} />
        <Group justify="space-between" mt="md" gap="xs">
          {deadline && payable.length > 0 ? (
            <PayCountdown deadline={deadline} running={(time) => to('pay.deadline', { time })} passed={to('pay.expired')} />
          ) : (
            <span />
          )}
          <Group gap={4} align="baseline">
            <Text size="sm">{to('pay.total')}</Text>
            <Text c="red.9" fw={700} fz="xl" data-testid="pay-total">
              {yuan(total)}
            </Text>
          </Group>
        </Group>
      </Paper>
      {payable.length === 0 ? (
        <Alert color="orange" title={to('pay.notPayable')}>
          <Anchor component={Link} to="/user/orders" size="sm">
            {to('pay.viewOrders')}
          </Anchor>
        </Alert>
      ) : (
        <Paper withBorder p="md">
          <Title order={4} size="h5" mb="sm">
            {to('pay.method')}
          </Title>
          <Radio.Group value={method} onChange={(value) => setMethod(value as typeof method)} aria-label={to('pay.method')}>
            <Stack gap="sm">
              {paymentChoices(data).filter(({ name, enabled }) => enabled || name === 'balance').map(({ name, enabled }) => (
                <Radio
                  key={name}
                  value={name}
                  disabled={!enabled}
                  label={
                    <Group gap="xs">
                      <Text size="sm">{to(`pay.${name}`)}</Text>
                      {name === 'balance' ? (
                        <Text size="sm" c="dimmed" data-testid="pay-balance">
                          {to('pay.balanceLeft', { amount: yuan(data.balance) })}
                        </Text>
                      ) : null}
                    </Group>
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
          {method !== 'balance' ? (
            <Stack mt="md">
              <GatewayPay key={method} ids={payable.map((o) => o.id)} name={method} total={total} onRefused={info.reload} />
            </Stack>
          ) : (
          <Stack gap="sm" mt="md" maw={360}>
            {!covered && <Alert color="orange">{to('pay.insufficient')}</Alert>}
            {data.has_pay_password ? (
              <PasswordInput
                label={to('pay.payPassword')}
                placeholder={to('pay.payPasswordHint')}
                value={password}
                onChange={(event) => {
                  setPassword(event.currentTarget.value);
                  setPasswordError(null);
                }}
                error={passwordError}
                maxLength={PAY_PASSWORD_LENGTH}
                inputMode="numeric"
                autoComplete="off"
              />
            ) : (
              <Alert color="orange" title={to('pay.noPayPassword')}>
                <Anchor component={Link} to={SET_PAY_PASSWORD} size="sm">
                  {to('pay.setPayPassword')}
                </Anchor>
              </Alert>
            )}
            {refusal && (
              <Alert color="red" data-testid="pay-refusal">
                {refusal}
              </Alert>
            )}
            <Button ref={payButton} color="red" size="md" onClick={() => void pay()} loading={paying} disabled={!data.has_pay_password || !covered}>
              {to('pay.submit', { amount: yuan(total) })}
            </Button>
          </Stack>
          )}
        </Paper>
      )}
    </Stack>
  );
}

export default function OrderPayPage() {
  const { params: raw } = useParams();
  const ids = useMemo(() => decodePayParams(raw), [raw]);
  return ids ? <Payment key={raw} ids={ids} /> : <InvalidLink />;
}
