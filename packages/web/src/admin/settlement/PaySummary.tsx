import { useTranslation } from 'react-i18next';
import { Card, Group, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { toCents } from '@qshop/shared';
import { api } from '../../api/client';
import { formatMoney } from '../../resource/cells/values';
import { LoadState } from '../../seller/catalog/LoadState';
import { useLoad } from '../../seller/catalog/useLoad';
import '../../i18n/backoffice';

/** What GET /Admin/dashboard/pay answers. */
export interface PaymentSummary {
  from: string;
  to: string;
  by_method: { payment_name: string; count: number; total: string }[];
  by_day: { day: string; count: number; total: string }[];
}

/** Paid payments of the last 30 days: a table per method and a bar per day. */
export function PaySummary() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation(undefined, { keyPrefix: 'settle' });
  const { state, retry } = useLoad('pay-summary', () => api.get<PaymentSummary>('/Admin/dashboard/pay'));
  if (state.status !== 'ready') return <LoadState state={state} onRetry={retry} keyPrefix="settle" />;
  const summary = state.data;
  // Chart values are yuan as numbers for drawing only; every amount shown as text is the server's string.
  const bars = summary.by_day.map((d) => ({ day: d.day.slice(5), total: toCents(d.total) / 100 }));
  return (
    <Card withBorder mb="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{ts('summaryTitle')}</Title>
        <Text size="sm" c="dimmed">
          {ts('period')}: {summary.from} ~ {summary.to}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <div>
          <Text fw={500} mb="xs">
            {ts('byMethod')}
          </Text>
          {summary.by_method.length ? (
            <Table data-testid="pay-by-method">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{ts('method')}</Table.Th>
                  <Table.Th>{ts('count')}</Table.Th>
                  <Table.Th>{ts('total')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.by_method.map((m) => (
                  <Table.Tr key={m.payment_name}>
                    <Table.Td>{t(`fields.payment_${m.payment_name}`, { defaultValue: m.payment_name })}</Table.Td>
                    <Table.Td>{m.count}</Table.Td>
                    <Table.Td>{formatMoney(m.total)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="dimmed">
              {ts('noPayments')}
            </Text>
          )}
        </div>
        <div style={{ gridColumn: 'span 2' }}>
          <Text fw={500} mb="xs">
            {ts('byDay')}
          </Text>
          <BarChart h={200} data={bars} dataKey="day" series={[{ name: 'total', label: ts('total'), color: 'blue.6' }]} withTooltip />
        </div>
      </SimpleGrid>
    </Card>
  );
}
