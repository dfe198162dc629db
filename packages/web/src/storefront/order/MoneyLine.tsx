import { Group, Text } from '@mantine/core';
import { yuan } from '../catalog/format';

/** One label–amount line of a money summary; discounts show as taken off. */
export function MoneyLine({ label, amount, negative, strong, large, testId }: {
  label: string;
  amount: string;
  negative?: boolean;
  strong?: boolean;
  large?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size={large ? 'xl' : 'sm'} fw={strong ? 700 : 400} c={strong ? 'red.9' : undefined} data-testid={testId}>
        {negative ? `-${yuan(amount)}` : yuan(amount)}
      </Text>
    </Group>
  );
}
