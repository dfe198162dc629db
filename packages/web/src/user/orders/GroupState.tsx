// A group order's group as its order shows it (the order answer's `collective`, server modules/collectives
// queries.ts): waiting for N more paid members with the time left, filled, or failed — with its refund on its way or
// done for a paid order.
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COLLECTIVE_SEAT, COLLECTIVE_STATUS } from '@qshop/shared/states';
import type { OrderCollective } from '@qshop/shared/schemas/collectives';
import { AA_TEXT } from './orderModel';
import { PayCountdown } from './PayCountdown';

/** The orders' key of a group's state (orders.collective.*). */
export function groupStateKey(group: OrderCollective): 'waiting' | 'filled' | 'failed' | 'refunding' | 'refunded' {
  if (group.status === COLLECTIVE_STATUS.OPEN) return 'waiting';
  if (group.status === COLLECTIVE_STATUS.FILLED) return 'filled';
  if (group.refunded) return 'refunded';
  return group.seat === COLLECTIVE_SEAT.PAID || group.seat === COLLECTIVE_SEAT.REFUNDED ? 'refunding' : 'failed';
}

// Outline text at WCAG AA contrast (orderModel.ts AA_TEXT; gray's shade 7 is 7.7:1).
const COLORS = { waiting: AA_TEXT.orange, filled: AA_TEXT.green, failed: 'gray.7', refunding: AA_TEXT.orange, refunded: 'gray.7' } as const;

export function GroupState({ group, detail = false, onEnded }: { group: OrderCollective; detail?: boolean; onEnded?: () => void }) {
  const { t: to } = useTranslation(undefined, { keyPrefix: 'orders' });
  const key = groupStateKey(group);
  return (
    <Group gap="sm" wrap="wrap">
      <Badge color={COLORS[key]} variant="outline" data-testid="group-state" data-state={key}>
        {to(`collective.${key}`, { count: Math.max(0, group.need - group.paid_num) })}
      </Badge>
      {key === 'waiting' && (
        <>
          <PayCountdown deadline={group.expire_at} running={(time) => to('collective.endsIn', { time })} passed={to('collective.failed')} onPassed={onEnded} />
          {detail && group.seat === COLLECTIVE_SEAT.PAID && (
            <Text size="xs" c="dimmed">
              {to('collective.shipsWhenFilled')}
            </Text>
          )}
        </>
      )}
    </Group>
  );
}
