import { Group, Paper, Text } from '@mantine/core';
import { CompositeChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import type { TooltipProps } from 'recharts';
import type { ReportUnit, SalesPoint } from '@qshop/shared/schemas/dashboard';
import { salesChartPoints, type SalesChartPoint } from './figures';
import { useDashboardText } from './useDashboardText';

function TooltipLine({ label, value }: { label: string; value: string | number }) {
  return (
    <Group justify="space-between" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Group>
  );
}

function SalesTooltip({ active, payload }: TooltipProps<number, string>) {
  const { td, money } = useDashboardText();
  const point = payload?.[0]?.payload as SalesChartPoint | undefined;
  if (!active || !point) return null;
  return (
    <Paper withBorder shadow="md" p="xs">
      <Text size="sm" fw={600}>
        {point.key}
      </Text>
      <TooltipLine label={td('chart.orders')} value={point.orders} />
      <TooltipLine label={td('sales.sales')} value={money(point.salesText)} />
    </Paper>
  );
}

/** Sales as bars (left axis, yuan) and paid orders as a line (right axis) per bucket. */
export function SalesChart({ series, unit }: { series: SalesPoint[]; unit: ReportUnit }) {
  const { td } = useDashboardText();
  return (
    <CompositeChart
      h={280}
      data={salesChartPoints(series, unit)}
      dataKey="label"
      withLegend
      withRightYAxis
      rightYAxisProps={{ allowDecimals: false }}
      maxBarWidth={28}
      series={[
        { name: 'sales', label: td('chart.sales'), color: 'red.5', type: 'bar' },
        { name: 'orders', label: td('chart.orders'), color: 'blue.6', type: 'line', yAxisId: 'right' },
      ]}
      tooltipProps={{ content: (props) => <SalesTooltip {...props} /> }}
    />
  );
}
