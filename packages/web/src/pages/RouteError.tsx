import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ChunkLoadError } from '../router/chunks';
import NotFoundPage from './NotFoundPage';
import { useHandOverFirstPicture } from '../storefront/firstPicture';

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useHandOverFirstPicture(true);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const chunkError = error instanceof ChunkLoadError ? error : null;
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title={chunkError ? t('error.chunkTitle') : t('error.title')}>
        <Stack gap="sm">
          <Text size="sm">
            {chunkError
              ? t('error.chunk', { chunk: chunkError.chunk, failure: t(`error.chunkFailure.${chunkError.failure}`) })
              : error instanceof Error
                ? error.message
                : String(error)}
          </Text>
          <Button variant="light" color="red" w="fit-content" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
