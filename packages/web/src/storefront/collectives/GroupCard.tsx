// One open group as shoppers see it (GET /api/collectives): its members (nicknames or masked account names, as the
// server answers them), the seats left and the time left to fill; on the /collectives page also its goods and group
// price. What "join" does is the caller's: the goods page orders the chosen SKU into this group, /collectives leads
// to the goods page.
import { Avatar, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OpenCollective } from '@qshop/shared/schemas/collectives';
import { PayCountdown } from '../../user/orders/PayCountdown';
import { GoodsImage } from '../catalog/GoodsCard';
import { yuan } from '../catalog/format';

export function GroupMembers({ members }: { members: OpenCollective['members'] }) {
  const { t: tg } = useTranslation(undefined, { keyPrefix: 'collectives' });
  return (
    <Group gap={6} wrap="wrap" aria-label={tg('groups.members')}>
      {members.map((m, i) => (
        <Tooltip key={i} label={m.nickname} withArrow>
          <Group gap={4} wrap="nowrap">
            <Avatar src={m.avatar || null} alt="" size={24} radius="xl">
              {m.nickname.slice(0, 1)}
            </Avatar>
            <Text size="xs" data-testid="group-member">
              {m.nickname}
            </Text>
          </Group>
        </Tooltip>
      ))}
    </Group>
  );
}

export function GroupCard({ group, join, showGoods = false, onEnded }: {
  group: OpenCollective;
  /** the join button (a link or a button the caller wires) */
  join: ReactNode;
  showGoods?: boolean;
  /** the group's time ran out while shown: the caller reads the list again */
  onEnded?: () => void;
}) {
  const { t: tg } = useTranslation(undefined, { keyPrefix: 'collectives' });
  const left = Math.max(0, group.need - group.join_num);
  return (
    <Card withBorder padding="sm" data-testid="open-group" data-group-id={group.id}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {showGoods && (
          <Link to={`/goods/${group.goods_id}`} style={{ width: 88, flex: 'none' }} aria-label={group.goods_name}>
            <GoodsImage src={group.goods_image} alt={group.goods_name} sizes="88px" />
          </Link>
        )}
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          {showGoods && (
            <Group gap="xs" wrap="wrap">
              <Text fw={500} component={Link} to={`/goods/${group.goods_id}`} lineClamp={1}>
                {group.goods_name}
              </Text>
              <Text c="red.9" fw={700}>{yuan(group.price)}</Text>
              <Badge color="orange" variant="outline" size="sm">
                {tg('offer.need', { count: group.need })}
              </Badge>
            </Group>
          )}
          <GroupMembers members={group.members} />
          <Group gap="md" wrap="wrap">
            <Text size="sm" c="red.9" fw={600} data-testid="group-left">
              {tg('groups.left', { count: left })}
            </Text>
            <PayCountdown deadline={group.expire_at} running={(time) => tg('groups.endsIn', { time })} passed={tg('groups.ended')} onPassed={onEnded} />
          </Group>
        </Stack>
        {join}
      </Group>
    </Card>
  );
}
