import { Alert, Anchor, Button, Center, Group, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { ApiError } from '../api/errors';
import logoUrl from '../assets/logo.svg';
import { areaFromPath, type BackOfficeArea } from '../auth/areas';
import { login } from '../auth/authService';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { required } from '../utils/validators';
import { showFieldErrors } from '../utils/formErrors';

/** The server's message when a seller's store has not passed review (the refusal names the store's verify state). */
function storeNotApproved(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const data = error.envelope?.data;
  return data && typeof data === 'object' && 'store_verify' in data ? error.message : null;
}

/** /Admin/login and /Seller/login. */
export default function BackOfficeLoginPage() {
  const { t } = useTranslation();
  const area = areaFromPath(useLocation().pathname) as BackOfficeArea;
  const [submitting, setSubmitting] = useState(false);
  const [pendingStore, setPendingStore] = useState<string | null>(null);
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: { username: required(t, 'field.username'), password: required(t, 'field.password') },
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setPendingStore(null);
    try {
      await login(area, { type: 'username', username: values.username.trim(), password: values.password });
    } catch (error) {
      showFieldErrors(form, error);
      setPendingStore(storeNotApproved(error));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <Center mih="100vh" bg="gray.1">
      <Paper withBorder shadow="md" p="xl" w={400}>
        <Group justify="space-between" mb="lg">
          <Group gap="xs">
            <img src={logoUrl} alt="" width={32} height={32} />
            <Title order={3}>{t(`shell.loginTitle.${area}`)}</Title>
          </Group>
          <LanguageSwitch />
        </Group>
        <form onSubmit={submit} noValidate>
          <Stack>
            {pendingStore && (
              <Alert color="yellow" title={t('shell.storeNotApproved')}>
                <Stack gap="xs" align="flex-start">
                  {pendingStore}
                  <Anchor component={Link} to="/store/join" size="sm">
                    {t('shell.toStoreApplication')}
                  </Anchor>
                </Stack>
              </Alert>
            )}
            <TextInput label={t('field.username')} autoComplete="username" {...form.getInputProps('username')} />
            <PasswordInput label={t('field.password')} autoComplete="current-password" {...form.getInputProps('password')} />
            <Button type="submit" loading={submitting} fullWidth>
              {t('auth.login')}
            </Button>
            <Group justify="space-between">
              <Anchor component={Link} to="/" size="sm">
                {t('shell.toStorefront')}
              </Anchor>
              {area === 'seller' && (
                <Anchor component={Link} to="/store/join" size="sm">
                  {t('store.openStore')}
                </Anchor>
              )}
            </Group>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
