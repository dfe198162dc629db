import { Anchor, Button, Group, PasswordInput, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { login, type LoginType } from '../auth/authService';
import { PhoneCodeFields } from '../components/PhoneCodeFields';
import { RETURN_TO_PARAM, safeReturnTo } from '../router/returnTo';
import { phone, required } from '../utils/validators';
import { AuthPanel } from './AuthPanel';
import { WechatLoginButton } from './oauth/WechatLoginButton';
import { showFieldErrors } from '../utils/formErrors';

export default function LoginPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnTo(searchParams.get(RETURN_TO_PARAM));
  const [type, setType] = useState<LoginType>('username');
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: { username: '', password: '', phone: '', code: '' },
    validate: (values) =>
      type === 'username'
        ? { username: required(t, 'field.username')(values.username), password: required(t, 'field.password')(values.password) }
        : { phone: phone(t)(values.phone), code: required(t, 'field.code')(values.code) },
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      await login(
        'user',
        type === 'username'
          ? { type, username: values.username.trim(), password: values.password }
          : { type, username: values.phone.trim(), code: values.code.trim() },
        returnTo,
      );
    } catch (error) {
      showFieldErrors(form, error, type === 'username' ? undefined : { username: 'phone' });
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <AuthPanel title={t('auth.loginTitle')}>
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
            <>
              <TextInput label={t('field.username')} autoComplete="username" {...form.getInputProps('username')} />
              <PasswordInput label={t('field.password')} autoComplete="current-password" {...form.getInputProps('password')} />
            </>
          ) : (
            <PhoneCodeFields form={form} usage="login" />
          )}
          <Button type="submit" loading={submitting} fullWidth>
            {t('auth.login')}
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/forget_password" size="sm">
              {t('auth.forgetPassword')}
            </Anchor>
            <Anchor component={Link} to="/register" size="sm">
              {t('auth.toRegister')}
            </Anchor>
          </Group>
          <WechatLoginButton inviter={searchParams.get('inviter') ?? searchParams.get('inviter_id')} returnTo={returnTo} />
        </Stack>
      </form>
    </AuthPanel>
  );
}
