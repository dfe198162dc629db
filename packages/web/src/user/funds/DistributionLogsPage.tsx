// /user/distribution_logs: the shopper's commissions — pending (from paid orders not settled yet), credited, or
// cancelled (refunded in full) — with their order, level, base and rate (GET /api/user/distribution_logs?status=).
import { Anchor, Badge, Group, LoadingOverlay, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api } from '../../api/client';
import { EmptyState, LoadFailed } from '../../storefront/catalog/LoadStates';
import { Pager } from '../../storefront/catalog/Pager';
import type { ListAnswer } from '../../storefront/catalog/types';
import { useLoad } from '../../storefront/catalog/useLoad';

type Commission = { id: number; order_id: number; order_no: string; goods_name: string; level: number; lev: string; money: string; commission: string; status: number; created_at: string }
const PER_PAGE = 30;
const COLORS: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'gray' };

export default function DistributionLogsPage() {
  const { t } = useTranslation();
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'funds.distribution' });
  const [status, setStatus] = useState(1);
  const [page, setPage] = useState(1);
  const list = useLoad(`distribution-logs:${status}:${page}`, () => api.get<ListAnswer<Commission>>('/user/distribution_logs', { status, page, per_page: PER_PAGE }));
  const rows = list.data?.data ?? [];
  return (
    <Stack gap="md">
      <Title order={4}>{t('route.distributionLogs')}</Title>
      <SegmentedControl
        value={String(status)}
        onChange={(value) => {
          setStatus(Number(value));
          setPage(1);
        }}
        data={[0, 1, 2].map((n) => ({ value: String(n), label: tf(`tab.${n}`) }))}
        w="fit-content"
      />
      {list.failed && <LoadFailed onRetry={list.reload} />}
      <div style={{ position: 'relative', minHeight: 120 }}>
        <LoadingOverlay visible={list.loading} zIndex={10} overlayProps={{ blur: 1 }} />
        <Stack gap="sm">
          {rows.map((row) => (
            <Paper key={`${row.order_id}-${row.id}-${row.level}-${row.goods_name}`} withBorder p="md" data-testid="commission-row">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2}>
                  <Text fw={600}>{row.goods_name}</Text>
                  <Text size="sm" c="dimmed">
                    {tf('level', { n: row.level })} · {tf('base', { money: row.money, rate: row.lev })}
                  </Text>
                  <Anchor component={Link} to={`/user/order/${row.order_id}`} size="xs">
                    {row.order_no}
                  </Anchor>
                </Stack>
                <Stack gap={2} align="flex-end">
                  <Text fw={700}>¥{row.commission}</Text>
                  <Badge color={COLORS[row.status]}>{tf(`tab.${row.status}`)}</Badge>
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
        {list.data && rows.length === 0 && !list.loading && <EmptyState message={tf('noLogs')} />}
      </div>
      {list.data && <Pager page={page} lastPage={list.data.last_page} total={list.data.total} onChange={setPage} />}
    </Stack>
  );
}
