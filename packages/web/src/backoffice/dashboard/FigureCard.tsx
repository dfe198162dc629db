import type { ReactNode } from 'react';
import { Badge, Card, Group, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { formatChange } from './figures';
import { useDashboardText } from './useDashboardText';

/** The figure of the period before, and the change since (none when the period before had nothing). */
export interface Comparison {
  previous: string;
  ratio: number | null;
}

const TREND_COLORS = { up: 'teal', down: 'red', flat: 'gray' } as const;

function ChangeBadge({ ratio }: { ratio: number }) {
  const { language } = useDashboardText();
  const trend = ratio > 0 ? 'up' : ratio < 0 ? 'down' : 'flat';
  const icon = { up: <IconArrowUpRight size={14} />, down: <IconArrowDownRight size={14} />, flat: null }[trend];
  return (
    <Badge color={TREND_COLORS[trend]} variant="light" leftSection={icon} data-trend={trend}>
      {formatChange(ratio, language)}
    </Badge>
  );
}

/** One figure of a dashboard, named by its label (a group for assistive technology). */
export function FigureCard({ label, value, comparison, hint }: { label: string; value: ReactNode; comparison?: Comparison; hint?: string }) {
  return (
    <Card withBorder padding="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.3} mt={4} style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {comparison && (
        <Group gap={6} mt={6}>
          {comparison.ratio !== null && <ChangeBadge ratio={comparison.ratio} />}
          <Text size="xs" c="dimmed">
            {comparison.previous}
          </Text>
        </Group>
      )}
      {hint && (
        <Text size="xs" c="dimmed" mt={6}>
          {hint}
        </Text>
      )}
    </Card>
  );
}
