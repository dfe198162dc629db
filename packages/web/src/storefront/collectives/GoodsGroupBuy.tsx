// The goods page's group buy (docs/collectives.md): when the goods has one, its group price for the chosen SKU, the
// group size and time to fill, "open a group" (a checkout line with collective_id −1) and the open groups of this
// goods to join (collective_id N), each with its members, seats and time left. Both take the SKU and quantity the page
// checked; a visitor logs in first and comes back to the goods. A group the server refuses (full, expired, one's own)
// is refused on the checkout page with the server's message.
import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { ListAnswer } from '../catalog/types';
import type { GoodsCollective, OpenCollective } from '@qshop/shared/schemas/collectives';
import { api } from '../../api/client';
import { loginReturningTo } from '../../router/returnTo';
import { orderBeforePath, type CheckoutLine } from '../checkoutPath';
import { LoadFailed } from '../catalog/LoadStates';
import { useLoad } from '../catalog/useLoad';
import { yuan } from '../catalog/format';
import { GroupCard } from './GroupCard';

type Line = Pick<CheckoutLine, 'goods_id' | 'sku_id' | 'buy_num'>;

/** The goods' group buy, null when it has none. */
export function loadGoodsCollective(goodsId: number): Promise<GoodsCollective | null> {
  return api.get<GoodsCollective | null>(`/collectives/goods/${goodsId}`);
}

/** Percent as written by the seller ("20.00" → "20"). */
const percent = (discount: string) => String(Number(discount));

export function GoodsGroupBuy({ goodsId, skuId, soldOut, loggedIn, line }: {
  goodsId: number;
  /** the SKU chosen, if any: its own group price */
  skuId: number | undefined;
  soldOut: boolean;
  loggedIn: boolean;
  /** the line the page's choice makes, or null after the page showed why it cannot be bought */
  line: () => Line | null;
}) {
  const offer = useLoad(`collective-offer:${goodsId}`, () => loadGoodsCollective(goodsId));
  if (offer.failed) return <LoadFailed onRetry={offer.reload} />;
  if (!offer.data) return null;
  return <Offer offer={offer.data} skuId={skuId} soldOut={soldOut} loggedIn={loggedIn} line={line} />;
}

function Offer({ offer, skuId, soldOut, loggedIn, line }: { offer: GoodsCollective; skuId: number | undefined; soldOut: boolean; loggedIn: boolean; line: () => Line | null }) {
  const { t: tg } = useTranslation(undefined, { keyPrefix: 'collectives' });
  const navigate = useNavigate();
  const groups = useLoad(`collective-groups:${offer.goods_id}`, () => api.get<ListAnswer<OpenCollective>>('/collectives', { goods_id: offer.goods_id }));
  const price = (skuId && offer.sku_prices[String(skuId)]) || offer.price;

  const order = (collectiveId: number) => {
    const chosen = line();
    if (!chosen) return;
    if (!loggedIn) void navigate(loginReturningTo(`/goods/${offer.goods_id}`));
    else void navigate(orderBeforePath([{ ...chosen, collective_id: collectiveId }], 0));
  };

  const rows = groups.data?.data ?? [];
  return (
    <Paper withBorder p="sm" data-testid="group-buy">
      <Stack gap="xs">
        <Group gap="sm" wrap="wrap" align="baseline">
          <IconUsersGroup size={18} color="#b8400c" aria-hidden />
          <Text fw={600}>{tg('offer.title')}</Text>
          <Text size="sm" c="dimmed">
            {tg('offer.price')}
          </Text>
          <Text c="red.9" fw={700} fz={20} data-testid="group-price">
            {yuan(price)}
          </Text>
          <Badge color="red" variant="outline">
            {tg('offer.save', { discount: percent(offer.discount) })}
          </Badge>
          <Badge color="orange" variant="outline" data-testid="group-need">
            {tg('offer.need', { count: offer.need })}
          </Badge>
        </Group>
        <Group gap="sm" wrap="wrap">
          <Button color="orange" onClick={() => order(-1)} disabled={soldOut} data-testid="group-open">
            {tg('offer.open')}
          </Button>
          <Text size="xs" c="dimmed">
            {soldOut ? tg('offer.soldOut') : tg('offer.openHint', { minutes: offer.expire_minutes })}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {tg('groups.title')}
          </Text>
          <Anchor component={Link} to="/collectives" size="sm">
            {tg('groups.all')}
          </Anchor>
        </Group>
        {groups.failed ? (
          <LoadFailed onRetry={groups.reload} />
        ) : !groups.data ? (
          <Loader size="sm" />
        ) : rows.length ? (
          <Stack gap="xs" data-testid="open-groups">
            {rows.map((group) => (
              <GroupCard
                key={group.id}
                group={group}
                onEnded={groups.reload}
                join={
                  <Button size="xs" color="red" onClick={() => order(group.id)} disabled={soldOut} data-testid="group-join">
                    {tg('groups.join')}
                  </Button>
                }
              />
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" data-testid="open-groups-empty">
            {tg('groups.empty')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
