import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { AREAS, areaFromPath } from '../auth/areas';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const home = AREAS[areaFromPath(pathname)].homePath ?? '/';
  return (
    <Stack align="center" py={80} gap="md">
      <Title order={1} c="dimmed">
        404
      </Title>
      <Text>{t('error.notFound')}</Text>
      <Button component={Link} to={home} variant="light">
        {t('common.backHome')}
      </Button>
    </Stack>
  );
}
