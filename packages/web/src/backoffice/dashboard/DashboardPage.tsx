// /Seller/dashboard and /Admin/dashboard: the overview — sales figures against the period before, what waits for
// someone (each a link to the page that handles it), the last days' sales and the best sellers. The area is the path's.
import { useLocation } from 'react-router-dom';
import { Grid, Stack } from '@mantine/core';
import { OVERVIEW_DAYS, REPORT_DEFAULT_DAYS, type AdminTodo, type DashboardOverview, type SellerTodo } from '@qshop/shared/schemas/dashboard';
import { api } from '../../api/client';
import { LoadState } from '../../seller/catalog/LoadState';
import { useLoad } from '../../seller/catalog/useLoad';
import { areaOfPath } from '../orders/orderModel';
import { Panel } from './Panel';
import { SalesChart } from './SalesChart';
import { SalesFigures } from './SalesFigures';
import { TodoCards } from './TodoCards';
import { ADMIN_TODO_LINKS, SELLER_TODO_LINKS } from './todoLinks';
import { TopGoodsTable } from './TopGoodsTable';
import { useDashboardText } from './useDashboardText';

function Overview({ overview, todoLinks }: { overview: DashboardOverview<Record<string, number>>; todoLinks: Record<string, string> }) {
  const { td } = useDashboardText();
  return (
    <Stack gap="md">
      <SalesFigures sales={overview.sales} paidOrders={overview.paid_orders} />
      <Panel title={td('todoTitle')}>
        <TodoCards todo={overview.todo} links={todoLinks} />
      </Panel>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Panel title={td('recentTitle', { days: OVERVIEW_DAYS })}>
            <SalesChart series={overview.recent} unit="day" />
          </Panel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Panel title={td('topGoodsRecent', { days: REPORT_DEFAULT_DAYS })}>
            <TopGoodsTable goods={overview.top_goods} />
          </Panel>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export default function DashboardPage() {
  const area = areaOfPath(useLocation().pathname);
  const { state, retry } = useLoad(`dashboard:${area}`, () => api.get<DashboardOverview<SellerTodo | AdminTodo>>(`/${area}/dashboard`));
  if (state.status !== 'ready') return <LoadState state={state} onRetry={retry} keyPrefix="dashboard" />;
  return <Overview overview={state.data} todoLinks={area === 'Admin' ? ADMIN_TODO_LINKS : SELLER_TODO_LINKS} />;
}
