import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';

/** Nothing to show; `children` may offer a way on (e.g. clear the filters). */
export function EmptyState({ message, children }: { message?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center mih={200}>
      <Stack align="center" gap="xs">
        <IconMoodEmpty size={40} color="var(--mantine-color-gray-5)" />
        <Text c="dimmed">{message ?? t('common.empty')}</Text>
        {children}
      </Stack>
    </Center>
  );
}

/** A load failed (the client has shown the reason); offers to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  return (
    <Alert color="red" title={tc('loadFailed')}>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {t('common.reload')}
      </Button>
    </Alert>
  );
}

/** The record asked for does not exist or is not visible (404): a page says so instead of offering a retry. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
