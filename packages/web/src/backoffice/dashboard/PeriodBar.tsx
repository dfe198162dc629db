import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import '@mantine/dates/styles.css';
import dayjs from 'dayjs';
import '../../i18n/dayjsLocale';
import { REPORT_MAX_DAYS, type ReportUnit } from '@qshop/shared/schemas/dashboard';
import { DATE_FORMAT } from '../../config';
import { dayOf, isQuickPeriod, QUICK_CHOICES, quickPeriod, wasCut, type Period } from './period';
import { useDashboardText } from './useDashboardText';

/** Quick choices and two days picked by hand; beside them the period the server answered for. */
export function PeriodBar({ period, onChange, answered }: { period: Period; onChange: (period: Period) => void; answered?: Period & { unit: ReportUnit } }) {
  const { td } = useDashboardText();
  // The range being picked: one day chosen, waiting for the second.
  const [picking, setPicking] = useState<DatesRangeValue | null>(null);
  const choose = (next: Period) => {
    setPicking(null);
    onChange(next);
  };
  const pick = (range: DatesRangeValue) => {
    const [from, to] = range;
    if (from && to) choose({ from: dayOf(from), to: dayOf(to) });
    else setPicking(range);
  };
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Group gap="sm" align="flex-end">
        <Group gap={6}>
          {QUICK_CHOICES.map((choice) => {
            const active = isQuickPeriod(period, choice);
            return (
              <Button key={choice} size="sm" variant={active ? 'filled' : 'default'} aria-pressed={active} onClick={() => choose(quickPeriod(choice))}>
                {choice === 'thisYear' ? td('period.thisYear') : td('period.quick', { days: choice })}
              </Button>
            );
          })}
        </Group>
        <DatePickerInput
          type="range"
          aria-label={td('period.pick')}
          placeholder={td('period.pick')}
          value={picking ?? [dayjs(period.from).toDate(), dayjs(period.to).toDate()]}
          onChange={pick}
          valueFormat={DATE_FORMAT}
          maxDate={new Date()}
          allowSingleDateInRange
          w={250}
          maw="100%"
        />
      </Group>
      {answered && (
        <Stack gap={0} align="flex-end">
          <Text size="sm" c="dimmed">
            {td('period.answered', { from: answered.from, to: answered.to, unit: td(answered.unit === 'day' ? 'period.byDay' : 'period.byMonth') })}
          </Text>
          {wasCut(period, answered) && (
            <Text size="xs" c="orange.8">
              {td('period.cut', { days: REPORT_MAX_DAYS, from: answered.from })}
            </Text>
          )}
        </Stack>
      )}
    </Group>
  );
}
