// The lines of an order or of a checkout group: picture, name (to the goods page), specification, unit price,
// quantity and line total. One row per line that wraps on narrow screens instead of a wide table.
import { Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GoodsLineImage, GoodsLineName } from '../catalog/GoodsLineParts';
import { yuan } from '../catalog/format';
import type { OrderLine } from './types';

const IMAGE_SIZE = 56;

export function OrderLines({ lines }: { lines: readonly OrderLine[] }) {
  const { t: to } = useTranslation(undefined, { keyPrefix: 'orders' });
  return (
    <Stack gap="xs">
      {lines.map((line) => (
        <Group key={`${line.goods_id}-${line.sku_id}`} data-testid="order-line" wrap="nowrap" align="flex-start" gap="sm">
          <GoodsLineImage line={line} size={IMAGE_SIZE} />
          <Group justify="space-between" align="flex-start" gap="xs" style={{ flex: 1, minWidth: 0 }}>
            <Box style={{ flex: '1 1 200px' }} miw={0}>
              <GoodsLineName line={line} />
            </Box>
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
