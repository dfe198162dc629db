// /user/distribution: the shopper's invite link and code, commissions earned and pending, and members by level
// (GET /api/user/distribution, GET /api/user/distributions?lev=).
import { Anchor, Button, CopyButton, Group, LoadingOverlay, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api } from '../../api/client';
import { EmptyState, LoadFailed } from '../../storefront/catalog/LoadStates';
import { Pager } from '../../storefront/catalog/Pager';
import type { ListAnswer } from '../../storefront/catalog/types';
import { useLoad } from '../../storefront/catalog/useLoad';

type Summary = { invite_code: string; inviter_id: number; earned: string; pending: string; members: { lev_1: number; lev_2: number; lev_3: number } };
type Member = { id: number; nickname: string; avatar: string; created_at: string; lev: number };
const PER_PAGE = 30;

export default function DistributionPage() {
  const { t } = useTranslation();
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'funds.distribution' });
  const [lev, setLev] = useState(1);
  const [page, setPage] = useState(1);
  const summary = useLoad('distribution-summary', () => api.get<Summary>('/user/distribution'));
  const members = useLoad(`distribution-members:${lev}:${page}`, () => api.get<ListAnswer<Member>>('/user/distributions', { lev, page, per_page: PER_PAGE }));
  const link = summary.data ? `${window.location.origin}/register?inviter=${summary.data.invite_code}` : '';
  const rows = members.data?.data ?? [];
  return (
    <Stack gap="md">
      <Title order={4}>{t('route.distribution')}</Title>
      {summary.failed && <LoadFailed onRetry={summary.reload} />}
      {summary.data && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Paper withBorder p="md">
              <Text size="sm" c="dimmed">{tf('earned')}</Text>
              <Text size="xl" fw={700} data-testid="distribution-earned">¥{summary.data.earned}</Text>
            </Paper>
            <Paper withBorder p="md">
              <Text size="sm" c="dimmed">{tf('pending')}</Text>
              <Text size="xl" fw={700} data-testid="distribution-pending">¥{summary.data.pending}</Text>
            </Paper>
          </SimpleGrid>
          <Group align="flex-end">
            <TextInput label={tf('inviteLink')} value={link} readOnly style={{ flex: 1 }} data-testid="invite-link" />
            <TextInput label={tf('inviteCode')} value={summary.data.invite_code} readOnly w={120} />
            <CopyButton value={link}>{({ copied, copy }) => <Button onClick={copy}>{copied ? tf('copied') : tf('copy')}</Button>}</CopyButton>
          </Group>
          <Anchor component={Link} to="/user/distribution_logs" size="sm">
            {tf('logs')}
          </Anchor>
        </>
      )}
      <Title order={5}>{tf('members')}</Title>
      <SegmentedControl
        value={String(lev)}
        onChange={(value) => {
          setLev(Number(value));
          setPage(1);
        }}
        data={[1, 2, 3].map((n) => ({
          value: String(n),
          label: `${tf('level', { n })} (${summary.data ? summary.data.members[`lev_${n}` as 'lev_1'] : 0})`,
        }))}
        w="fit-content"
      />
      {members.failed && <LoadFailed onRetry={members.reload} />}
      <div style={{ position: 'relative', minHeight: 120 }}>
        <LoadingOverlay visible={members.loading} zIndex={10} overlayProps={{ blur: 1 }} />
        {rows.length > 0 && (
          <Table striped>
            <Table.Tbody>
              {rows.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{m.nickname || `#${m.id}`}</Table.Td>
                  <Table.Td>
                    {tf('joined')} {m.created_at}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {members.data && rows.length === 0 && !members.loading && <EmptyState message={tf('noMembers')} />}
      </div>
      {members.data && <Pager page={page} lastPage={members.data.last_page} total={members.data.total} onChange={setPage} />}
    </Stack>
  );
}
