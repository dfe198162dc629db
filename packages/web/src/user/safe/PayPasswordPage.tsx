// /user/safe/pay_password: a new 6-digit pay password, proved by the login password or a code sent to the bound
// phone (POST /api/auth/edit_secure); an account without a phone uses its login password.
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PAY_PASSWORD_LENGTH } from '@qshop/shared/schemas/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { showFieldErrors } from '../../utils/formErrors';
import { notifySuccess } from '../../utils/notify';
import { sameAs } from '../../utils/validators';
import { OwnershipProof, PROOF_INITIAL, SAFE_PATH, SafeSection, WithAccount, proofErrors, proofFields } from './account';

const PAY_PASSWORD = new RegExp(`^\\d{${PAY_PASSWORD_LENGTH}}$`);

function PayPasswordForm({ phone }: { phone: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const form = useForm({
    initialValues: { ...PROOF_INITIAL, pay_password: '', confirm: '' },
    validate: (values) => ({
      ...proofErrors(t, values),
      pay_password: PAY_PASSWORD.test(values.pay_password) ? null : t('validation.payPassword'),
      confirm: sameAs(t, values.pay_password)(values.confirm),
    }),
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      await api.post('/auth/edit_secure', { provider: 'users', pay_password: values.pay_password, ...proofFields(values, 'password') });
      notifySuccess(t('user.safe.payPasswordChanged'));
      void navigate(SAFE_PATH);
    } catch (error) {
      showFieldErrors(form, error, { password: 'current' });
    } finally {
      setSaving(false);
    }
  });

  const digits = { inputMode: 'numeric', maxLength: PAY_PASSWORD_LENGTH, autoComplete: 'off' } as const;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <OwnershipProof form={form} phone={phone} />
        <PasswordInput label={t('user.safe.newPayPassword')} {...digits} {...form.getInputProps('pay_password')} />
        <PasswordInput label={t('user.safe.confirmPayPassword')} {...digits} {...form.getInputProps('confirm')} />
        <Button type="submit" loading={saving}>
          {t('common.confirm')}
        </Button>
      </Stack>
    </form>
  );
}

export default function PayPasswordPage() {
  const { t } = useTranslation();
  return (
    <SafeSection title={t('route.safePayPassword')}>
      <WithAccount>{(user) => <PayPasswordForm phone={user.phone ?? null} />}</WithAccount>
    </SafeSection>
  );
}
