import { useState, type ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { REPORT_DEFAULT_DAYS, type ReportUnit } from '@qshop/shared/schemas/dashboard';
import { api } from '../../api/client';
import { LoadState } from '../../seller/catalog/LoadState';
import { useLoad } from '../../seller/catalog/useLoad';
import { PeriodBar } from './PeriodBar';
import { quickPeriod, type Period } from './period';

/** A report over a period the user picks (the last REPORT_DEFAULT_DAYS days at first): asked again on each change. */
export function PeriodReport<Report extends Period & { unit: ReportUnit }>({ endpoint, children }: { endpoint: string; children: (report: Report) => ReactNode }) {
  const [period, setPeriod] = useState(() => quickPeriod(REPORT_DEFAULT_DAYS));
  const { state, retry } = useLoad(`${endpoint}?from=${period.from}&to=${period.to}`, () => api.get<Report>(endpoint, period));
  return (
    <Stack gap="md">
      <PeriodBar period={period} onChange={setPeriod} answered={state.status === 'ready' ? state.data : undefined} />
      {state.status === 'ready' ? children(state.data) : <LoadState state={state} onRetry={retry} keyPrefix="dashboard" />}
    </Stack>
  );
}
