import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** The error under a field built from several inputs (Mantine's own inputs show theirs). */
export function FieldError({ error }: { error?: ReactNode }) {
  return error ? (
    <Text c="red" size="xs">
      {error}
    </Text>
  ) : null;
}
