import { SimpleGrid } from '@mantine/core';
import type { DashboardOverview } from '@qshop/shared/schemas/dashboard';
import { FigureCard } from './FigureCard';
import { changeRatio, moneyChange } from './figures';
import { useDashboardText } from './useDashboardText';

/** Today, this week and this month each against the one before, all-time sales, and the orders paid today. */
export function SalesFigures({ sales, paidOrders }: { sales: DashboardOverview['sales']; paidOrders: DashboardOverview['paid_orders'] }) {
  const { td, money } = useDashboardText();
  const compared = (current: string, previous: string, label: 'yesterday' | 'lastWeek' | 'lastMonth') => ({
    previous: td(`previous.${label}`, { value: money(previous) }),
    ratio: moneyChange(current, previous),
  });
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="sm">
      <FigureCard label={td('kpi.today')} value={money(sales.today)} comparison={compared(sales.today, sales.yesterday, 'yesterday')} />
      <FigureCard label={td('kpi.thisWeek')} value={money(sales.this_week)} comparison={compared(sales.this_week, sales.last_week, 'lastWeek')} />
      <FigureCard label={td('kpi.thisMonth')} value={money(sales.this_month)} comparison={compared(sales.this_month, sales.last_month, 'lastMonth')} />
      <FigureCard label={td('kpi.allTime')} value={money(sales.all_time)} hint={td('allTimeHint')} />
      <FigureCard
        label={td('kpi.paidOrders')}
        value={paidOrders.today}
        comparison={{ previous: td('previous.yesterday', { value: paidOrders.yesterday }), ratio: changeRatio(paidOrders.today, paidOrders.yesterday) }}
      />
    </SimpleGrid>
  );
}
