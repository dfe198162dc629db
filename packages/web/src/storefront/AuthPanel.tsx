import { Center, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function AuthPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center py="xl">
      <Paper withBorder shadow="sm" p="xl" w={420}>
        <Title order={3} mb="lg" ta="center">
          {title}
        </Title>
        {children}
      </Paper>
    </Center>
  );
}
