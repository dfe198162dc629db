// /Admin/dashboard/user: members in all, registered and buying over a period (per day or month); then the member list.
import { Divider, SimpleGrid, Stack } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import type { UserReport } from '@qshop/shared/schemas/dashboard';
import { ADMIN_RESOURCES } from '@qshop/shared/resources/index';
import { bucketLabel } from '../../backoffice/dashboard/figures';
import { FigureCard } from '../../backoffice/dashboard/FigureCard';
import { Panel } from '../../backoffice/dashboard/Panel';
import { PeriodReport } from '../../backoffice/dashboard/PeriodReport';
import { useDashboardText } from '../../backoffice/dashboard/useDashboardText';
import ResourcePage from '../../resource/ResourcePage';
import '../../resource/fieldLabels';

function UserReportView({ report }: { report: UserReport }) {
  const { td } = useDashboardText();
  const bars = report.series.map((point) => ({ label: bucketLabel(point.key, report.unit), new_users: point.new_users, buyers: point.buyers }));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <FigureCard label={td('user.users')} value={report.totals.users} />
        <FigureCard label={td('user.newUsers')} value={report.totals.new_users} />
        <FigureCard label={td('user.buyers')} value={report.totals.buyers} />
      </SimpleGrid>
      <Panel title={td('user.trend')}>
        <BarChart
          h={240}
          data={bars}
          dataKey="label"
          maxBarWidth={20}
          yAxisProps={{ allowDecimals: false }}
          withLegend
          withTooltip
          series={[
            { name: 'new_users', label: td('chart.newUsers'), color: 'blue.6' },
            { name: 'buyers', label: td('chart.buyers'), color: 'orange.6' },
          ]}
        />
      </Panel>
    </Stack>
  );
}

export default function UserReportPage() {
  const { td } = useDashboardText();
  return (
    <>
      <PeriodReport<UserReport> endpoint="/Admin/dashboard/user">{(report) => <UserReportView report={report} />}</PeriodReport>
      <Divider my="lg" label={td('user.list')} labelPosition="left" />
      <ResourcePage decl={ADMIN_RESOURCES.users} endpoint="/Admin/users" />
    </>
  );
}
