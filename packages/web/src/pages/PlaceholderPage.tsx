import { Alert, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteHandle } from '../router/handle';

/** Storefront and user-centre pages that a later release fills in. */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  const { titleKey } = useRouteHandle();
  return (
    <Stack gap="md" py="md">
      {titleKey && <Title order={3}>{t(titleKey)}</Title>}
      <Alert color="gray">{t('common.comingSoon')}</Alert>
    </Stack>
  );
}
