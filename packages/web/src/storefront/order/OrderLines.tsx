// The lines of an order or of a checkout group: picture, name (to the goods page), specification, unit price,
// quantity and line total. One row per line that wraps on narrow screens instead of a wide table.
import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { GoodsImage } from '../catalog/GoodsCard';
import { yuan } from '../catalog/format';
import type { OrderLine } from './types';

const IMAGE_SIZE = 56;

export function OrderLines({ lines }: { lines: readonly OrderLine[] }) {
  const { t: to } = useTranslation(undefined, { keyPrefix: 'orders' });
  return (
    <Stack gap="xs">
      {lines.map((line) => (
        <Group key={`${line.goods_id}-${line.sku_id}`} data-testid="order-line" wrap="nowrap" align="flex-start" gap="sm">
          <Box w={IMAGE_SIZE} h={IMAGE_SIZE} style={{ flex: 'none', overflow: 'hidden' }}>
            <GoodsImage src={line.goods_image} alt={line.goods_name} />
          </Box>
          <Group justify="space-between" align="flex-start" gap="xs" style={{ flex: 1, minWidth: 0 }}>
            <Stack gap={2} miw={0} style={{ flex: '1 1 200px' }}>
              <Anchor component={Link} to={`/goods/${line.goods_id}`} size="sm" lineClamp={2}>
                {line.goods_name}
              </Anchor>
              {line.sku_name !== '-' && (
                <Text size="xs" c="dimmed">
                  {line.sku_name}
                </Text>
              )}
            </Stack>
            <Group gap="md" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {to('line.price', { price: yuan(line.goods_price) })}
              </Text>
              <Text size="sm">{to('line.quantity', { count: line.buy_num })}</Text>
              <Text size="sm" fw={600} miw={72} ta="right" data-testid="line-total">
                {yuan(line.total_price)}
              </Text>
            </Group>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
