import type { ReactNode } from 'react';
import { Box, Group, Text } from '@mantine/core';
import { FORM_LABEL_WIDTH } from '../../config';

/** A labelled form row: the label 90 px wide on the left. */
export function FieldRow({ id, label, required = false, children }: { id: string; label: string; required?: boolean; children: ReactNode }) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm">
      <Text component="label" htmlFor={id} size="sm" ta="right" pt={6} w={FORM_LABEL_WIDTH} style={{ flexShrink: 0 }}>
        {required ? (
          <Text span c="red" mr={2}>
            *
          </Text>
        ) : null}
        {label}
      </Text>
      <Box style={{ flex: 1, minWidth: 0 }}>{children}</Box>
    </Group>
  );
}
