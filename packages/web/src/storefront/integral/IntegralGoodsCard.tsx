// A points goods in a grid: picture, name, points price and what is left.
import { Anchor, Badge, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { IntegralGoodsCard as Card } from '@qshop/shared/schemas/points';

export function IntegralGoodsCard({ goods }: { goods: Card }) {
  const { t: tp } = useTranslation(undefined, { keyPrefix: 'points' });
  return (
    <Paper withBorder p="sm" data-testid="integral-goods-card">
      <Stack gap={6}>
        <Anchor component={Link} to={`/integral/goods/${goods.id}`} underline="never" tabIndex={-1} aria-hidden>
          {goods.goods_master_image ? (
            <Image src={goods.goods_master_image} alt={goods.goods_name} h={180} fit="cover" radius="sm" />
          ) : (
            <Stack h={180} align="center" justify="center" bg="gray.1">
              <IconGift size={48} color="var(--mantine-color-gray-5)" />
            </Stack>
          )}
        </Anchor>
        <Anchor component={Link} to={`/integral/goods/${goods.id}`} size="sm" lineClamp={2} c="dark">
          {goods.goods_name}
        </Anchor>
        <Group justify="space-between" gap="xs">
          <Text c="red.7" fw={700}>
            {tp('points', { n: goods.goods_price })}
          </Text>
          {goods.goods_stock > 0 ? (
            <Text size="xs" c="dimmed">
              {tp('sold', { n: goods.goods_sale })}
            </Text>
          ) : (
            <Badge color="gray" size="sm">
              {tp('soldOut')}
            </Badge>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
