import { Anchor, Button, Checkbox, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../api/client';
import { completeLogin, type LoginType } from '../auth/authService';
import type { TokenPair } from '../auth/types';
import { PhoneCodeFields } from '../components/PhoneCodeFields';
import { notifyError } from '../utils/notify';
import { phone, required, sameAs } from '../utils/validators';
import { AgreementModal } from './AgreementModal';
import { AuthPanel } from './AuthPanel';
import { WechatLoginButton } from './oauth/WechatLoginButton';
import { showFieldErrors } from '../utils/formErrors';

export default function RegisterPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [type, setType] = useState<LoginType>('username');
  const [agreed, setAgreed] = useState(false);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: { username: '', phone: '', code: '', password: '', confirm: '' },
    validate: (values) => ({
      ...(type === 'username'
        ? { username: required(t, 'field.username')(values.username) }
        : { phone: phone(t)(values.phone), code: required(t, 'field.code')(values.code) }),
      password: required(t, 'field.password')(values.password),
      confirm: required(t, 'field.confirmPassword')(values.confirm) ?? sameAs(t, values.password)(values.confirm),
    }),
  });

  const submit = form.onSubmit(async (values) => {
    if (!agreed) return notifyError(t('msg.agreementFirst'));
    const inviter = searchParams.get('inviter') ?? searchParams.get('inviter_id');
    setSubmitting(true);
    try {
      const tokens = await api.post<TokenPair>('/register', {
        type,
        password: values.password,
        ...(type === 'username' ? { username: values.username.trim() } : { phone: values.phone.trim(), code: values.code.trim() }),
        ...(inviter ? { inviter_id: inviter } : {}),
      });
      await completeLogin('user', tokens);
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <AuthPanel title={t('auth.registerTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SegmentedControl
            fullWidth
            value={type}
            onChange={(value) => {
              setType(value as LoginType);
              form.clearErrors();
            }}
            data={[
              { value: 'username', label: t('auth.byAccount') },
              { value: 'phone', label: t('auth.byPhone') },
            ]}
          />
          {type === 'username' ? (
            <TextInput label={t('field.username')} autoComplete="username" {...form.getInputProps('username')} />
          ) : (
            <PhoneCodeFields form={form} usage="register" />
          )}
          <PasswordInput label={t('field.password')} autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordInput label={t('field.confirmPassword')} autoComplete="new-password" {...form.getInputProps('confirm')} />
          <Checkbox
            checked={agreed}
            onChange={(event) => setAgreed(event.currentTarget.checked)}
            label={
              <Text size="sm" component="span">
                {t('auth.agreePrefix')}{' '}
                <Anchor component="button" type="button" size="sm" onClick={() => setAgreementOpen(true)}>
                  {t('auth.agreement')}
                </Anchor>
              </Text>
            }
          />
          <Button type="submit" loading={submitting} fullWidth>
            {t('auth.register')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('auth.toLogin')}
          </Anchor>
          <WechatLoginButton inviter={searchParams.get('inviter') ?? searchParams.get('inviter_id')} />
        </Stack>
      </form>
      <AgreementModal opened={agreementOpen} onClose={() => setAgreementOpen(false)} />
    </AuthPanel>
  );
}
