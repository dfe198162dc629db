import type { ReactNode } from 'react';
import { Anchor, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';

export interface Detail {
  label: string;
  value: ReactNode;
  /** Across the whole width (images, long text) */
  wide?: boolean;
}

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '';

/** Label and value pairs, two per row. */
export function Details({ items }: { items: Detail[] }) {
  return (
    <SimpleGrid cols={2} spacing="md" verticalSpacing="xs">
      {items.map((item) => (
        <Stack key={item.label} gap={2} style={item.wide ? { gridColumn: '1 / -1' } : undefined}>
          <Text size="xs" c="dimmed">
            {item.label}
          </Text>
          <div style={{ fontSize: 'var(--mantine-font-size-sm)', wordBreak: 'break-word' }}>{isEmpty(item.value) ? '-' : item.value}</div>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** Images opening full size in a new tab; '-' without any. */
export function Images({ urls, size = 96, label }: { urls: (string | null | undefined)[]; size?: number; label: string }) {
  const shown = urls.filter((url): url is string => typeof url === 'string' && url !== '');
  if (!shown.length) return <>-</>;
  return (
    <Group gap="xs">
      {shown.map((url, index) => (
        <Anchor key={`${url}-${index}`} href={url} target="_blank" rel="noreferrer">
          <Image src={url} w={size} h={size} fit="contain" radius="sm" alt={shown.length > 1 ? `${label} ${index + 1}` : label} />
        </Anchor>
      ))}
    </Group>
  );
}
