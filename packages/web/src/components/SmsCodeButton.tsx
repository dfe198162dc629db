import { Button } from '@mantine/core';
import type { SmsUsage } from '@qshop/shared/schemas/auth';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { SMS_RESEND_SECONDS } from '../config';
import { notifyError, notifySuccess } from '../utils/notify';
import { PHONE_PATTERN } from '../utils/validators';

/** Sends an SMS code for one usage; a phone number is required first, then it counts down. */
export function SmsCodeButton({ phone, usage }: { phone: string; usage: SmsUsage }) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  const send = async () => {
    const number = phone.trim();
    if (!number) return notifyError(t('msg.phoneRequired'));
    if (!PHONE_PATTERN.test(number)) return notifyError(t('validation.phone'));
    setSending(true);
    try {
      await api.post('/sms', { phone: number, name: usage });
      // Login and password codes go to registered phones only, and the answer does not say which (docs/security.md).
      notifySuccess(t(usage === 'login' || usage === 'forget_password' ? 'msg.smsSentIfRegistered' : 'msg.smsSent'));
      setSeconds(SMS_RESEND_SECONDS);
    } catch {
      // The client has already shown why.
    } finally {
      setSending(false);
    }
  };

  return (
    <Button variant="light" onClick={() => void send()} loading={sending} disabled={seconds > 0} miw={120}>
      {seconds > 0 ? t('auth.resendIn', { seconds }) : t('auth.sendCode')}
    </Button>
  );
}
