// /user/safe/check: the shopper's real name, ID card and bank card, which withdrawals are paid to (GET, POST
// /api/user/checks; the numbers come back masked).
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckAnswer } from '@qshop/shared/schemas/funds';
import { api } from '../../api/client';
import { LoadFailed } from '../../storefront/catalog/LoadStates';
import { useLoad } from '../../storefront/catalog/useLoad';
import { showFieldErrors } from '../../utils/formErrors';
import { notifySuccess } from '../../utils/notify';
import { required } from '../../utils/validators';
import { SafeSection } from '../safe/account';

export default function CheckPage() {
  const { t } = useTranslation();
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'funds.check' });
  const current = useLoad('user-check', () => api.get<CheckAnswer>('/user/checks'));
  const [saving, setSaving] = useState(false);
  const form = useForm({
    initialValues: { name: '', id_card: '', bank_name: '', card_no: '' },
    validate: {
      name: required(t, 'funds.check.name'),
      id_card: required(t, 'funds.check.idCard'),
      bank_name: required(t, 'funds.check.bankName'),
      card_no: required(t, 'funds.check.cardNo'),
    },
  });
  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      await api.post('/user/checks', values);
      notifySuccess(tf('saved'));
      form.reset();
      current.reload();
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  });
  return (
    <SafeSection title={t('route.safeCheck')}>
      {current.failed && <LoadFailed onRetry={current.reload} />}
      {current.data && (
        <Alert color="blue" mb="md" data-testid="check-current">
          {tf('current', { name: current.data.name, bank: current.data.bank_name, card: current.data.card_no })}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack maw={420}>
          <TextInput label={tf('name')} maxLength={64} {...form.getInputProps('name')} />
          <TextInput label={tf('idCard')} maxLength={18} {...form.getInputProps('id_card')} />
          <TextInput label={tf('bankName')} maxLength={64} {...form.getInputProps('bank_name')} />
          <TextInput label={tf('cardNo')} maxLength={19} inputMode="numeric" {...form.getInputProps('card_no')} />
          <Button type="submit" loading={saving}>
            {tf('save')}
          </Button>
        </Stack>
      </form>
    </SafeSection>
  );
}
