// /user/integral: the daily sign-in and the points ledger (GET /api/user/money_logs?is_type=2, the ledger pages' one
// route) with each change's reason, a page at a time.
import { LoadingOverlay, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEDGER_ACCOUNT, type ListAnswer } from '@qshop/shared';
import type { MoneyLogRow } from '@qshop/shared/schemas/funds';
import { api } from '../../api/client';
import { EmptyState, LoadFailed } from '../../storefront/catalog/LoadStates';
import { Pager } from '../../storefront/catalog/Pager';
import { useLoad } from '../../storefront/catalog/useLoad';
import { SignInCard } from './SignInCard';

const PER_PAGE = 30;

export default function IntegralLogPage() {
  const { t: tp } = useTranslation(undefined, { keyPrefix: 'points' });
  const [page, setPage] = useState(1);
  const [signedAt, setSignedAt] = useState(0);
  const list = useLoad(`integral-logs/${page}/${signedAt}`, () => api.get<ListAnswer<MoneyLogRow>>('/user/money_logs', { is_type: LEDGER_ACCOUNT.points, page, per_page: PER_PAGE }));
  const rows = list.data?.data ?? [];
  return (
    <Stack gap="md">
      <SignInCard onSigned={() => { setPage(1); setSignedAt(Date.now()); }} />
      <Title order={4}>{tp('logTitle')}</Title>
      {list.failed && <LoadFailed onRetry={list.reload} />}
      <div style={{ position: 'relative', minHeight: 160 }}>
        <LoadingOverlay visible={list.loading} zIndex={10} overlayProps={{ blur: 1 }} />
        {rows.length > 0 && (
          <Table striped data-testid="integral-log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{tp('colTime')}</Table.Th>
                <Table.Th>{tp('colReason')}</Table.Th>
                <Table.Th ta="right">{tp('colAmount')}</Table.Th>
                <Table.Th ta="right">{tp('colBalance')}</Table.Th>
                <Table.Th>{tp('colInfo')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id} data-testid="integral-log-row">
                  <Table.Td>{r.created_at}</Table.Td>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td ta="right">
                    <Text c={Number(r.money) > 0 ? 'green.7' : 'red.7'} fw={600} size="sm">
                      {Number(r.money) > 0 ? `+${r.money}` : r.money}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{r.after_money}</Table.Td>
                  <Table.Td>{r.info}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {list.data && !rows.length && !list.loading && <EmptyState message={tp('logEmpty')} />}
      </div>
      {list.data && <Pager page={page} lastPage={list.data.last_page} total={list.data.total} onChange={setPage} />}
    </Stack>
  );
}
