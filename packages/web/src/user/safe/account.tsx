// What the security pages share: the signed-in shopper loaded fresh, the page frame, and the proof that the
// account is the shopper's own (the login password, or a code sent to the bound phone).
import { Anchor, Group, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { maskPhone } from '@qshop/shared/schemas/auth';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { reloadUser } from '../../auth/authService';
import type { SessionUser } from '../../auth/types';
import { PageLoader } from '../../components/PageLoader';
import { SmsCodeButton } from '../../components/SmsCodeButton';
import { LoadFailed } from '../../storefront/catalog/LoadStates';
import { useLoad } from '../../storefront/catalog/useLoad';
import { required } from '../../utils/validators';

export const SAFE_PATH = '/user/safe';

/** Loads the shopper (auth/info) and renders `children` with it: a loader meanwhile, a retry when it failed. */
export function WithAccount({ children }: { children: (user: SessionUser) => ReactNode }) {
  const account = useLoad('account', () => reloadUser('user'));
  if (account.data) return children(account.data);
  if (account.failed) return <LoadFailed onRetry={account.reload} />;
  return <PageLoader />;
}

/** A security sub-page: its title, the way back to the overview, and its content. */
export function SafeSection({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={440}>
      <Group justify="space-between">
        <Title order={4}>{title}</Title>
        <Anchor component={Link} to={SAFE_PATH} size="sm">
          {t('user.safe.back')}
        </Anchor>
      </Group>
      {children}
    </Stack>
  );
}

export type ProofMethod = 'password' | 'sms';
export interface ProofValues {
  method: ProofMethod;
  /** the login password */
  current: string;
  /** a code of usage edit_user sent to the bound phone */
  code: string;
}
export const PROOF_INITIAL: ProofValues = { method: 'password', current: '', code: '' };

export function proofErrors(t: TFunction, values: ProofValues) {
  return values.method === 'sms' ? { code: required(t, 'field.code')(values.code) } : { current: required(t, 'user.safe.currentPassword')(values.current) };
}

/** The proof as the API takes it; `passwordField` names the login password in that API. */
export function proofFields(values: ProofValues, passwordField: 'old_password' | 'password') {
  return values.method === 'sms' ? { code: values.code.trim() } : { [passwordField]: values.current };
}

/** The login password, or (for an account with a phone) a code sent to that phone. */
export function OwnershipProof<T extends ProofValues>({ form, phone }: { form: UseFormReturnType<T>; phone: string | null }) {
  const { t } = useTranslation();
  const { value, onChange } = form.getInputProps('method');
  const bySms = phone !== null && form.values.method === 'sms';
  return (
    <>
      {phone && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('user.safe.verifyBy')}
          </Text>
          <SegmentedControl
            value={value}
            onChange={onChange}
            data={[
              { value: 'password', label: t('user.safe.byPassword') },
              { value: 'sms', label: t('user.safe.bySms') },
            ]}
          />
        </Stack>
      )}
      {bySms ? (
        <Stack gap={4}>
          <Group align="flex-end" wrap="nowrap">
            <TextInput flex={1} label={t('field.code')} autoComplete="one-time-code" {...form.getInputProps('code')} />
            <SmsCodeButton phone={phone} usage="edit_user" />
          </Group>
          <Text size="xs" c="dimmed">
            {t('user.safe.codeTo', { phone: maskPhone(phone) })}
          </Text>
        </Stack>
      ) : (
        <PasswordInput label={t('user.safe.currentPassword')} autoComplete="current-password" {...form.getInputProps('current')} />
      )}
    </>
  );
}
