import { useTranslation } from 'react-i18next';
import { Alert, Button, Center, Loader } from '@mantine/core';
import type { Loaded } from './useLoad';
import '../../i18n/backoffice';

/**
 * A loader while loading, an alert with a retry button when loading failed; nothing once ready. Its texts are
 * `loading`, `loadFailed` and `retry` under `keyPrefix`.
 */
export function LoadState({ state, onRetry, keyPrefix = 'boCatalog' }: { state: Loaded<unknown>; onRetry: () => void; keyPrefix?: string }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix });
  if (state.status === 'loading') {
    return (
      <Center py="xl">
        <Loader aria-label={tc('loading')} />
      </Center>
    );
  }
  if (state.status === 'failed') {
    return (
      <Alert color="red" title={tc('loadFailed')}>
        <Button variant="light" color="red" size="xs" onClick={onRetry}>
          {tc('retry')}
        </Button>
      </Alert>
    );
  }
  return null;
}
