// The balance top-up on /user/money: a button opening a dialog that takes an amount and one of the gateways the admin
// enabled (GET /api/user/recharge/gateways), opens the top-up under its own Idempotency-Key (POST /api/user/recharge),
// then shows the gateway's QR code (GatewayQr, shared with the pay page) polling GET /api/user/recharge/{pay_no} until
// paid — or sends a phone to the gateway's H5 / wap page, as the pay page does.
import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECHARGE_MAX_YUAN, type RechargeState } from '@qshop/shared/schemas/orderQueries';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { useLoad } from '../../storefront/catalog/useLoad';
import { GatewayQr, isPhone, type GatewayName, type Opened } from '../../storefront/order/GatewayPay';
import { newIdempotencyKey } from '../../storefront/order/idempotencyKey';
import { refusalMessage } from '../../storefront/order/refusal';
import { showFieldErrors } from '../../utils/formErrors';
import { notifySuccess } from '../../utils/notify';

const MONEY = /^\d+(\.\d{1,2})?$/;
/** pay_status of a top-up its gateway closed (expired). */
const CLOSED = 2;

type Stage = { at: 'form' } | { at: 'qr'; opened: Opened; name: GatewayName } | { at: 'away'; name: GatewayName } | { at: 'paid'; total: string } | { at: 'expired' };

function TopUpDialog({ gateways, onPaid, onClose }: { gateways: GatewayName[]; onPaid: () => void; onClose: () => void }) {
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'funds' });
  const { t: to } = useTranslation(undefined, { keyPrefix: 'orders' });
  const [key, setKey] = useState(newIdempotencyKey);
  const [stage, setStage] = useState<Stage>({ at: 'form' });
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<{ money: string; payment_name: GatewayName }>({
    initialValues: { money: '', payment_name: gateways[0] },
    validate: {
      money: (value) => {
        const text = value.trim();
        if (!text) return tf('topup.amountRequired');
        if (!MONEY.test(text)) return tf('topup.amountFormat');
        const yuan = Number(text);
        if (yuan <= 0) return tf('topup.amountPositive');
        return yuan > RECHARGE_MAX_YUAN ? tf('topup.amountMax', { max: RECHARGE_MAX_YUAN }) : null;
      },
    },
  });

  const submit = form.onSubmit(async (values) => {
    setSending(true);
    setRefusal(null);
    try {
      const opened = await api.post<Opened>(
        '/user/recharge',
        { money: values.money.trim(), payment_name: values.payment_name, device: isPhone() ? 'wap' : 'web' },
        { headers: { 'Idempotency-Key': key } },
      );
      const away = opened.h5_url ?? opened.pay_url;
      if (away) {
        setStage({ at: 'away', name: values.payment_name });
        window.location.assign(away);
        return;
      }
      setStage({ at: 'qr', opened, name: values.payment_name });
    } catch (error) {
      // A refusal was answered: the next attempt is a new one. Without an answer the same key asks again.
      if (error instanceof ApiError && error.status < 500) setKey(newIdempotencyKey());
      showFieldErrors(form, error);
      setRefusal(refusalMessage(error));
    } finally {
      setSending(false);
    }
  });

  const payNo = stage.at === 'qr' ? stage.opened.pay_no : null;
  const total = stage.at === 'qr' ? stage.opened.total : '';
  const isPaid = useCallback(async () => {
    const state = await api.get<RechargeState>(`/user/recharge/${payNo}`);
    if (!state.paid && (state.pay_status === CLOSED || (state.expires_at !== null && Date.parse(state.expires_at) <= Date.now()))) setStage({ at: 'expired' });
    return state.paid;
  }, [payNo]);
  const paid = useCallback(() => {
    setStage({ at: 'paid', total });
    notifySuccess(tf('topup.paid', { amount: total }));
    onPaid();
  }, [total, onPaid, tf]);
  const again = () => {
    setKey(newIdempotencyKey());
    setStage({ at: 'form' });
  };

  if (stage.at === 'qr') return <GatewayQr opened={stage.opened} name={stage.name} isPaid={isPaid} onPaid={paid} />;
  if (stage.at === 'away') return <Text size="sm">{to('pay.redirecting', { name: to(`pay.${stage.name}`) })}</Text>;
  if (stage.at === 'paid')
    return (
      <Stack>
        <Alert color="green" data-testid="topup-paid">
          {tf('topup.paid', { amount: stage.total })}
        </Alert>
        <Button onClick={onClose}>{tf('admin.close')}</Button>
      </Stack>
    );
  if (stage.at === 'expired')
    return (
      <Stack>
        <Alert color="orange" data-testid="topup-expired">
          {tf('topup.expired')}
        </Alert>
        <Button onClick={again}>{tf('topup.again')}</Button>
      </Stack>
    );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {refusal && (
          <Alert color="red" data-testid="topup-refusal">
            {refusal}
          </Alert>
        )}
        <TextInput label={tf('amountLabel')} inputMode="decimal" autoComplete="off" data-autofocus data-testid="topup-money" {...form.getInputProps('money')} />
        <Radio.Group label={tf('topup.method')} {...form.getInputProps('payment_name')}>
          <Group mt="xs">
            {gateways.map((name) => (
              <Radio key={name} value={name} label={to(`pay.${name}`)} />
            ))}
          </Group>
        </Radio.Group>
        <Button type="submit" loading={sending}>
          {tf('topup.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** The "Top up" button and its dialog; `onPaid`: the balance and the ledger are read again. */
export function TopUp({ onPaid }: { onPaid: () => void }) {
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'funds' });
  const [open, setOpen] = useState(false);
  const gateways = useLoad('recharge-gateways', () => api.get<{ gateways: GatewayName[] }>('/user/recharge/gateways'));
  const offered = gateways.data?.gateways ?? [];
  const unavailable = gateways.data !== undefined && offered.length === 0;
  return (
    <Group gap="xs">
      <Button size="xs" onClick={() => setOpen(true)} loading={gateways.loading} disabled={gateways.failed || unavailable}>
        {tf('topup.button')}
      </Button>
      {unavailable && (
        <Text size="xs" c="dimmed" data-testid="topup-unavailable">
          {tf('topup.unavailable')}
        </Text>
      )}
      {gateways.failed && (
        <Button size="xs" variant="subtle" color="red" onClick={gateways.reload}>
          {tf('topup.retry')}
        </Button>
      )}
      <Modal opened={open} onClose={() => setOpen(false)} title={tf('topup.title')} centered>
        {open && offered.length > 0 && <TopUpDialog gateways={offered} onPaid={onPaid} onClose={() => setOpen(false)} />}
      </Modal>
    </Group>
  );
}
