import { useTranslation } from 'react-i18next';
import { Group, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SmsCodeButton } from './SmsCodeButton';

type SmsUsage = Parameters<typeof SmsCodeButton>[0]['usage'];

/** Phone number, SMS code and the button that sends the code for `usage` (login, register, forget_password, bind_phone). */
export function PhoneCodeFields<T extends { phone: string; code: string }>({
  form,
  usage,
  phoneLabel,
}: {
  form: UseFormReturnType<T>;
  usage: SmsUsage;
  /** instead of "phone number" (e.g. "new phone number") */
  phoneLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput label={phoneLabel ?? t('field.phone')} autoComplete="tel" {...form.getInputProps('phone')} />
      <Group align="flex-end" wrap="nowrap">
        <TextInput flex={1} label={t('field.code')} autoComplete="one-time-code" {...form.getInputProps('code')} />
        <SmsCodeButton phone={form.values.phone} usage={usage} />
      </Group>
    </>
  );
}
