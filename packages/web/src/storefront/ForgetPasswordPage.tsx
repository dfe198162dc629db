import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../api/client';
import { PhoneCodeFields } from '../components/PhoneCodeFields';
import { notifySuccess } from '../utils/notify';
import { phone, required, sameAs } from '../utils/validators';
import { AuthPanel } from './AuthPanel';
import { showFieldErrors } from '../utils/formErrors';

export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: { phone: '', code: '', password: '', confirm: '' },
    validate: (values) => ({
      phone: phone(t)(values.phone),
      code: required(t, 'field.code')(values.code),
      password: required(t, 'field.newPassword')(values.password),
      confirm: required(t, 'field.confirmPassword')(values.confirm) ?? sameAs(t, values.password)(values.confirm),
    }),
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      await api.post('/forget_password', { phone: values.phone.trim(), code: values.code.trim(), password: values.password });
      notifySuccess(t('msg.passwordReset'));
      void navigate('/login', { replace: true });
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <AuthPanel title={t('auth.forgetTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PhoneCodeFields form={form} usage="forget_password" />
          <PasswordInput label={t('field.newPassword')} autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordInput label={t('field.confirmPassword')} autoComplete="new-password" {...form.getInputProps('confirm')} />
          <Button type="submit" loading={submitting} fullWidth>
            {t('auth.resetPassword')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('auth.toLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthPanel>
  );
}
