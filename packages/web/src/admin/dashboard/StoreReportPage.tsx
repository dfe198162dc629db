// /Admin/dashboard/store: stores open and awaiting review now, stores opened over a period and the period's best
// sellers; the store list itself (with its review actions) is its own page, linked below.
import { Link } from 'react-router-dom';
import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import type { StoreReport } from '@qshop/shared/schemas/dashboard';
import { bucketLabel } from '../../backoffice/dashboard/figures';
import { FigureCard } from '../../backoffice/dashboard/FigureCard';
import { Panel } from '../../backoffice/dashboard/Panel';
import { PeriodReport } from '../../backoffice/dashboard/PeriodReport';
import { Name, Picture, RankingTable } from '../../backoffice/dashboard/RankingTable';
import { useDashboardText } from '../../backoffice/dashboard/useDashboardText';

function TopStoresTable({ stores }: { stores: StoreReport['top_stores'] }) {
  const { td, money } = useDashboardText();
  return (
    <RankingTable
      rows={stores}
      rowKey={(row) => row.store_id}
      rankTitle={td('goods.rank')}
      empty={td('store.noSales')}
      columns={[
        { title: td('store.logo'), cell: (row) => <Picture src={row.store_logo} name={row.store_name} />, width: 72 },
        { title: td('store.name'), cell: (row) => <Name name={row.store_name} /> },
        { title: td('store.orders'), cell: (row) => row.orders, numeric: true },
        { title: td('store.sales'), cell: (row) => money(row.sales), numeric: true },
      ]}
    />
  );
}

function StoreReportView({ report }: { report: StoreReport }) {
  const { td } = useDashboardText();
  const bars = report.series.map((point) => ({ label: bucketLabel(point.key, report.unit), new_stores: point.new_stores }));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <FigureCard label={td('store.openStores')} value={report.totals.open_stores} />
        <FigureCard label={td('store.newStores')} value={report.totals.new_stores} />
        <FigureCard label={td('store.verifying')} value={report.totals.verifying} />
      </SimpleGrid>
      <Panel title={td('store.trend')}>
        <BarChart h={240} data={bars} dataKey="label" maxBarWidth={28} yAxisProps={{ allowDecimals: false }} series={[{ name: 'new_stores', label: td('chart.newStores'), color: 'teal.6' }]} withTooltip />
      </Panel>
      <Panel title={td('store.top')}>
        <TopStoresTable stores={report.top_stores} />
      </Panel>
    </Stack>
  );
}

export default function StoreReportPage() {
  const { td } = useDashboardText();
  return (
    <Stack gap="md">
      <PeriodReport<StoreReport> endpoint="/Admin/dashboard/store">{(report) => <StoreReportView report={report} />}</PeriodReport>
      <Card withBorder padding="md">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {td('store.listHint')}
          </Text>
          <Button component={Link} to="/Admin/stores" variant="light">
            {td('store.openList')}
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
