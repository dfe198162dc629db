import { Avatar, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reloadUser } from '../auth/authService';
import type { SessionUser } from '../auth/types';
import { useSessionUser } from '../auth/useSession';
import { SignInCard } from './integral/SignInCard';

function Figure({ label, value }: { label: string; value: string | number | undefined }) {
  return (
    <Paper withBorder p="md" ta="center">
      <Text size="xl" fw={700} c="red.9">
        {value ?? '-'}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}

/** Account summary from /api/auth/info. */
export default function UserHomePage() {
  const { t } = useTranslation();
  const stored = useSessionUser('user');
  const [user, setUser] = useState<SessionUser | null>(stored);

  useEffect(() => {
    reloadUser('user').then(setUser, () => undefined);
  }, []);

  return (
    <Stack gap="lg">
      <Group gap="md">
        <Avatar src={user?.avatar || null} alt="" size={80} radius="xl" />
        <Stack gap={4}>
          <Title order={3}>{user?.nickname || user?.username || '-'}</Title>
          <Text size="sm" c="dimmed">
            {t('common.labelValue', { label: t('field.username'), value: user?.username || '-' })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('common.labelValue', { label: t('field.phone'), value: user?.phone || '-' })}
          </Text>
        </Stack>
      </Group>
      <SimpleGrid cols={3}>
        <Figure label={t('field.money')} value={user?.money} />
        <Figure label={t('field.frozenMoney')} value={user?.frozen_money} />
        <Figure label={t('field.integral')} value={user?.integral} />
      </SimpleGrid>
      <SignInCard onSigned={(integral) => setUser((u) => (u ? { ...u, integral } : u))} />
    </Stack>
  );
}
