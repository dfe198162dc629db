// /user/money and /user/frozen_money: the shopper's balance or frozen funds now and the ledger of that account, newest
// first, with a date filter and pages (GET /api/user/money_logs?is_type=0|1; POST /api/auth/info for the figures);
// the balance is topped up from here (TopUp.tsx), both read again once it is paid.
import { Anchor, Group, LoadingOverlay, Paper, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/dates/styles.css';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import '../../i18n/dayjsLocale';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { MoneyLogRow } from '@qshop/shared/schemas/funds';
import { api } from '../../api/client';
import { EmptyState, LoadFailed } from '../../storefront/catalog/LoadStates';
import { Pager } from '../../storefront/catalog/Pager';
import type { ListAnswer } from '../../storefront/catalog/types';
import { useLoad } from '../../storefront/catalog/useLoad';
import { TopUp } from './TopUp';

const PER_PAGE = 30;
const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

type Info = { money: string; frozen_money: string; integral: number };

export default function MoneyLogPage() {
  const { t } = useTranslation();
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'funds' });
  const frozen = useLocation().pathname.endsWith('/frozen_money');
  const isType = frozen ? 1 : 0;
  const [page, setPage] = useState(1);
  const [range, setRange] = useState<DatesRangeValue>([null, null]);
  const dates = range[0] && range[1] ? `${day(range[0])},${day(range[1])}` : undefined;
  const info = useLoad('auth-info', () => api.post<Info>('/auth/info', { provider: 'users' }));
  const list = useLoad(`money-logs:${isType}:${page}:${dates ?? ''}`, () =>
    api.get<ListAnswer<MoneyLogRow>>('/user/money_logs', { is_type: isType, page, per_page: PER_PAGE, ...(dates ? { created_at: dates } : {}) }),
  );
  const rows = list.data?.data ?? [];
  const { reload: reloadInfo } = info;
  const { reload: reloadList } = list;
  const refresh = useCallback(() => {
    reloadInfo();
    reloadList();
  }, [reloadInfo, reloadList]);
  return (
    <Stack gap="md">
      <Title order={4}>{t(frozen ? 'route.frozenMoney' : 'route.money')}</Title>
      <Paper withBorder p="md">
        <Group gap="xl">
          <div>
            <Text size="sm" c="dimmed">{tf(frozen ? 'frozen' : 'balance')}</Text>
            <Text size="xl" fw={700} data-testid="account-figure">
              ¥{info.data ? (frozen ? info.data.frozen_money : info.data.money) : '—'}
            </Text>
          </div>
          {!frozen && (
            <>
              <TopUp onPaid={refresh} />
              <Anchor component={Link} to="/user/cashes" size="sm">
                {tf('withdraw')}
              </Anchor>
            </>
          )}
        </Group>
      </Paper>
      <DatePickerInput
        type="range"
        label={tf('dateRange')}
        clearable
        value={range}
        onChange={(value) => {
          setRange(value);
          setPage(1);
        }}
        maw={320}
      />
      {list.failed && <LoadFailed onRetry={list.reload} />}
      <div style={{ position: 'relative', minHeight: 160 }}>
        <LoadingOverlay visible={list.loading} zIndex={10} overlayProps={{ blur: 1 }} />
        {rows.length > 0 && (
          // On a phone the five columns scroll inside their own box rather than widening the page.
          <Table.ScrollContainer minWidth={520}>
            <Table striped data-testid="money-logs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{tf('time')}</Table.Th>
                  <Table.Th>{tf('reason')}</Table.Th>
                  <Table.Th>{tf('amount')}</Table.Th>
                  <Table.Th>{tf('after')}</Table.Th>
                  <Table.Th>{tf('info')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id} data-testid="money-log">
                    <Table.Td>{row.created_at}</Table.Td>
                    <Table.Td>{row.name}</Table.Td>
                    <Table.Td c={row.money.startsWith('-') ? 'red' : 'green'}>{row.money.startsWith('-') ? row.money : `+${row.money}`}</Table.Td>
                    <Table.Td>{row.after_money}</Table.Td>
                    <Table.Td>
                      {row.order_id ? (
                        <Anchor component={Link} to={`/user/order/${row.order_id}`} size="sm">
                          {row.info || tf('order')}
                        </Anchor>
                      ) : (
                        row.info
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {list.data && rows.length === 0 && !list.loading && <EmptyState message={tf('noLogs')} />}
      </div>
      {list.data && <Pager page={page} lastPage={list.data.last_page} total={list.data.total} onChange={setPage} />}
    </Stack>
  );
}
