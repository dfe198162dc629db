import type { ReactNode } from 'react';
import { Card, Group, Title } from '@mantine/core';

/** A titled section of a dashboard (a region named by its title). */
export function Panel({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title} h="100%">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={5}>{title}</Title>
        {aside}
      </Group>
      {children}
    </Card>
  );
}
