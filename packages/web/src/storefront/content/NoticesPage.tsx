// /notices: the site's notices (the footer links here; the server writes the page's head and first text,
// server modules/pages).
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NoticeList } from './NoticeList';

export default function NoticesPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('route.notices')}
      </Title>
      <NoticeList />
    </Stack>
  );
}
