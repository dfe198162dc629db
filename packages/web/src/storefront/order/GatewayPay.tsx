// Paying through WeChat Pay or Alipay on /order/pay/{params}: the payment is opened under its own Idempotency-Key
// (POST /api/user/order/pay); a computer shows the gateway's QR code drawn in the page, with the amount, and polls
// POST /api/user/order/check until the orders are paid, then goes to /order/success; a phone is sent to the gateway's
// H5 / wap page. GatewayQr (the QR code and the polling) is shared with the balance top-up.
import { Alert, Anchor, Button, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { yuan } from '../catalog/format';
import { orderSuccessPath } from './orderParams';
import { newIdempotencyKey } from './idempotencyKey';
import { refusalMessage } from './refusal';

export type GatewayName = 'wechat' | 'alipay';
export type Opened = { pay_no: string; total: string; code_url?: string; h5_url?: string; qr_code?: string; pay_url?: string };

/** How often the page asks whether the orders are paid. */
export const CHECK_EVERY_MS = 2000;

/** The development sandbox puts the address of its "scan to pay" page in the code (nobody can scan it for real). */
export function sandboxPage(code: string): string | null {
  try {
    const link = new URL(code).searchParams.get('sandbox');
    return link && /^https?:\/\//.test(link) ? link : null;
  } catch {
    return null;
  }
}

/** A phone pays on the gateway's H5 / wap page instead of by QR code. */
export const isPhone = () => typeof window !== 'undefined' && window.matchMedia?.('(max-width: 768px)').matches === true;

/**
 * The gateway's QR code of an opened payment, with its amount (and the sandbox's scan page in development), asking
 * `isPaid` every CHECK_EVERY_MS until it answers true, then calling `onPaid` once. Shared by the pay page and the
 * balance top-up.
 */
export function GatewayQr({ opened, name, isPaid, onPaid }: { opened: Opened; name: GatewayName; isPaid: () => Promise<boolean>; onPaid: () => void }) {
  const { t: to } = useTranslation(undefined, { keyPrefix: 'orders' });
  const [image, setImage] = useState<string | null>(null);
  const text = opened.code_url ?? opened.qr_code ?? '';

  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(text, { margin: 1, width: 220 }).then((url) => live && setImage(url));
    return () => {
      live = false;
    };
  }, [text]);

  useEffect(() => {
    let done = false;
    const timer = window.setInterval(() => {
      void isPaid()
        .then((paid) => {
          if (!paid || done) return;
          done = true;
          window.clearInterval(timer);
          onPaid();
        })
        .catch(() => undefined);
    }, CHECK_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [isPaid, onPaid]);

  return (
    <Stack align="center" gap="xs" data-testid="pay-qr">
      <Text size="sm">{to(name === 'wechat' ? 'pay.scanWechat' : 'pay.scanAlipay')}</Text>
      {image ? <Image src={image} w={220} h={220} alt={to('pay.qrAlt', { amount: yuan(opened.total) })} /> : <Loader />}
      <Text c="red.7" fw={700} fz="xl">
        {yuan(opened.total)}
      </Text>
      <Text size="xs" c="dimmed">
        {to('pay.waiting')}
      </Text>
      {sandboxPage(text) && (
        <Anchor href={sandboxPage(text)!} target="_blank" rel="noopener" size="sm" data-testid="pay-sandbox">
          {to('pay.sandboxLink')}
        </Anchor>
      )}
    </Stack>
  );
}

/** The gateway part of the pay page for `name`, paying the orders `ids` of `total`. */
export function GatewayPay({ ids, name, total, onRefused }: { ids: number[]; name: GatewayName; total: string; onRefused: () => void }) {
  const { t: to } = useTranslation(undefined, { keyPrefix: 'orders' });
  const [key, setKey] = useState(newIdempotencyKey);
  const [opening, setOpening] = useState(false);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const label = to(`pay.${name}`);
  const navigate = useNavigate();
  const isPaid = useCallback(
    () => api.post<{ paid: boolean }>('/user/order/check', { order_id: ids.join(',') }).then((answer) => answer.paid),
    [ids],
  );
  const onPaid = useCallback(() => void navigate(orderSuccessPath(ids), { replace: true }), [navigate, ids]);

  const open = async () => {
    setOpening(true);
    setRefusal(null);
    try {
      const answer = await api.post<Opened>(
        '/user/order/pay',
        { order_id: ids.join(','), payment_name: name, device: isPhone() ? 'wap' : 'web' },
        { headers: { 'Idempotency-Key': key } },
      );
      const away = answer.h5_url ?? answer.pay_url;
      if (away) {
        setRedirecting(true);
        window.location.assign(away);
        return;
      }
      setOpened(answer);
    } catch (error) {
      // A refusal was answered: the next attempt is a new one. Without an answer the same key asks again.
      if (error instanceof ApiError && error.status < 500) setKey(newIdempotencyKey());
      setRefusal(refusalMessage(error));
      onRefused();
    } finally {
      setOpening(false);
    }
  };

  if (opened) return <GatewayQr opened={opened} name={name} isPaid={isPaid} onPaid={onPaid} />;
  return (
    <Paper p={0} maw={360}>
      <Stack gap="sm">
        {refusal && (
          <Alert color="red" data-testid="pay-refusal">
            {refusal}
          </Alert>
        )}
        {redirecting ? (
          <Text size="sm">{to('pay.redirecting', { name: label })}</Text>
        ) : (
          <Button color={name === 'wechat' ? 'green' : 'blue'} size="md" onClick={() => void open()} loading={opening}>
            {to('pay.gatewaySubmit', { amount: yuan(total), name: label })}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
