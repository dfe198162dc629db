// /user/safe/password: a new login password, proved by the current one or a code sent to the bound phone
// (POST /api/auth/edit). The account's other sessions end; this one stays.
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { showFieldErrors } from '../../utils/formErrors';
import { notifySuccess } from '../../utils/notify';
import { required, sameAs } from '../../utils/validators';
import { OwnershipProof, PROOF_INITIAL, SAFE_PATH, SafeSection, WithAccount, proofErrors, proofFields } from './account';

function PasswordForm({ phone }: { phone: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const form = useForm({
    initialValues: { ...PROOF_INITIAL, password: '', confirm: '' },
    validate: (values) => ({
      ...proofErrors(t, values),
      password: required(t, 'field.newPassword')(values.password),
      confirm: required(t, 'field.confirmPassword')(values.confirm) ?? sameAs(t, values.password)(values.confirm),
    }),
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      await api.post('/auth/edit', { provider: 'users', password: values.password, ...proofFields(values, 'old_password') });
      notifySuccess(t('user.safe.passwordChanged'));
      void navigate(SAFE_PATH);
    } catch (error) {
      showFieldErrors(form, error, { old_password: 'current' });
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <OwnershipProof form={form} phone={phone} />
        <PasswordInput label={t('field.newPassword')} autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordInput label={t('field.confirmPassword')} autoComplete="new-password" {...form.getInputProps('confirm')} />
        <Button type="submit" loading={saving}>
          {t('common.confirm')}
        </Button>
      </Stack>
    </form>
  );
}

export default function PasswordPage() {
  const { t } = useTranslation();
  return (
    <SafeSection title={t('route.safePassword')}>
      <WithAccount>{(user) => <PasswordForm phone={user.phone ?? null} />}</WithAccount>
    </SafeSection>
  );
}
