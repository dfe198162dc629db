// /Seller/dashboard/order and /Admin/dashboard/order: the sales over a period — totals, the trend per day or month and
// the best sellers. The area is the path's.
import { useLocation } from 'react-router-dom';
import { SimpleGrid, Stack } from '@mantine/core';
import type { SalesReport } from '@qshop/shared/schemas/dashboard';
import { areaOfPath } from '../orders/orderModel';
import { FigureCard } from './FigureCard';
import { Panel } from './Panel';
import { PeriodReport } from './PeriodReport';
import { SalesChart } from './SalesChart';
import { TopGoodsTable } from './TopGoodsTable';
import { useDashboardText } from './useDashboardText';

function SalesReportView({ report }: { report: SalesReport }) {
  const { td, money } = useDashboardText();
  const { totals } = report;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
        <FigureCard label={td('sales.orders')} value={totals.orders} />
        <FigureCard label={td('sales.sales')} value={money(totals.sales)} />
        <FigureCard label={td('sales.refunds')} value={money(totals.refunds)} />
        <FigureCard label={td('sales.buyers')} value={totals.buyers} />
      </SimpleGrid>
      <Panel title={td('sales.trend')}>
        <SalesChart series={report.series} unit={report.unit} />
      </Panel>
      <Panel title={td('sales.topGoods')}>
        <TopGoodsTable goods={report.top_goods} />
      </Panel>
    </Stack>
  );
}

export default function SalesReportPage() {
  const area = areaOfPath(useLocation().pathname);
  return <PeriodReport<SalesReport> endpoint={`/${area}/dashboard/order`}>{(report) => <SalesReportView report={report} />}</PeriodReport>;
}
