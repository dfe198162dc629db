// The daily sign-in of the user centre: the points of today's sign-in (or that it is done, with the streak), and the
// button (POST /api/user/sign_in). The server decides once per day; a second click is refused and shown by the client.
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignInAnswer, SignInState } from '@qshop/shared/schemas/points';
import { api } from '../../api/client';
import { useLoad } from '../../storefront/catalog/useLoad';
import { notifySuccess } from '../../utils/notify';

export function SignInCard({ onSigned }: { onSigned?: (integral: number) => void }) {
  const { t: tp } = useTranslation(undefined, { keyPrefix: 'points' });
  const state = useLoad('sign-in-state', () => api.get<SignInState>('/user/sign_in'));
  const [busy, setBusy] = useState(false);
  const s = state.data;
  const signIn = async () => {
    setBusy(true);
    try {
      const answer = await api.post<SignInAnswer>('/user/sign_in');
      notifySuccess(tp('signInDone', { points: answer.points, streak: answer.streak }));
      onSigned?.(answer.integral);
    } catch {
      // the client has shown the refusal
    } finally {
      setBusy(false);
      state.reload();
    }
  };
  return (
    <Paper withBorder p="md" data-testid="sign-in-card">
      <Group justify="space-between">
        <Group gap="sm">
          <IconCalendarCheck size={32} color="var(--mantine-color-red-7)" />
          <Stack gap={0}>
            <Text fw={600}>{tp('myPoints')}: <span data-testid="sign-in-integral">{s?.integral ?? '-'}</span></Text>
            <Text size="sm" c="dimmed">
              {s ? (s.signed_today ? tp('signedHint', { streak: s.streak, n: s.next_points }) : tp('signInHint', { n: s.today_points })) : ' '}
            </Text>
          </Stack>
        </Group>
        <Button color="red" onClick={() => void signIn()} loading={busy || state.loading} disabled={!s || s.signed_today} data-testid="sign-in-button">
          {s?.signed_today ? tp('signedIn') : tp('signIn')}
        </Button>
      </Group>
    </Paper>
  );
}
