// /user/safe/phone: binds a new phone with a code sent to it and, when the account has a phone, a code sent to that
// one too (POST /api/auth/edit_secure). The account's other sessions end; this one stays.
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { maskPhone } from '@qshop/shared/schemas/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { reloadUser } from '../../auth/authService';
import { PhoneCodeFields } from '../../components/PhoneCodeFields';
import { SmsCodeButton } from '../../components/SmsCodeButton';
import { showFieldErrors } from '../../utils/formErrors';
import { notifySuccess } from '../../utils/notify';
import { phone, required } from '../../utils/validators';
import { SAFE_PATH, SafeSection, WithAccount } from './account';

function PhoneForm({ current }: { current: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const form = useForm({
    initialValues: { old_code: '', phone: '', code: '' },
    validate: (values) => ({
      old_code: current ? required(t, 'user.safe.oldPhoneCode')(values.old_code) : null,
      phone: phone(t)(values.phone),
      code: required(t, 'field.code')(values.code),
    }),
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      await api.post('/auth/edit_secure', {
        provider: 'users',
        phone: values.phone.trim(),
        code: values.code.trim(),
        ...(current ? { old_code: values.old_code.trim() } : {}),
      });
      await reloadUser('user');
      notifySuccess(t('user.safe.phoneChanged'));
      void navigate(SAFE_PATH);
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {current && (
          <>
            <Text size="sm">{t('common.labelValue', { label: t('user.safe.currentPhone'), value: maskPhone(current) })}</Text>
            <Group align="flex-end" wrap="nowrap">
              <TextInput flex={1} label={t('user.safe.oldPhoneCode')} autoComplete="one-time-code" {...form.getInputProps('old_code')} />
              <SmsCodeButton phone={current} usage="edit_user" />
            </Group>
          </>
        )}
        <PhoneCodeFields form={form} usage="bind_phone" phoneLabel={t('user.safe.newPhone')} />
        <Button type="submit" loading={saving}>
          {t('common.confirm')}
        </Button>
      </Stack>
    </form>
  );
}

export default function PhonePage() {
  const { t } = useTranslation();
  return (
    <SafeSection title={t('route.safePhone')}>
      <WithAccount>{(user) => <PhoneForm current={user.phone ?? null} />}</WithAccount>
    </SafeSection>
  );
}
