// The goods page's flash sale (GET /api/seckills?goods_id=): the running or next sale of the SKU chosen (a sale names
// one SKU, or 0 for a goods without SKUs, and applies to it only), with its price, the pool left, a countdown on the
// server's clock (to the end while it runs, to the start before) and a button to the checkout with the sale's line
// (the quantity chosen on the page, at most the pool and the limit per shopper).
// Sales of the goods' other SKUs are named, so the shopper can pick one.
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SeckillList } from '@qshop/shared/schemas/seckills';
import { api } from '../../api/client';
import { DEFAULT_PAGE_SIZE } from '../../config';
import { LoadFailed } from '../catalog/LoadStates';
import { useLoad } from '../catalog/useLoad';
import { orderBeforePath } from '../checkoutPath';
import { clock, saleLine, saleState, useServerNow } from './saleClock';

/** `skuId`: the SKU chosen (0 for a goods without SKUs), null while the spec picker names none; `quantity`: the page's. */
export function GoodsSeckill({ goodsId, skuId, quantity }: { goodsId: number; skuId: number | null; quantity: number }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'seckills' });
  const sales = useLoad(`seckills:goods:${goodsId}`, () => api.get<SeckillList>('/seckills', { goods_id: goodsId, per_page: DEFAULT_PAGE_SIZE }));
  const now = useServerNow(sales.data?.now);
  if (sales.failed) return <LoadFailed onRetry={sales.reload} />;
  // While loading, and for a goods without a sale, the page shows its own price only.
  const live = (sales.data?.data ?? []).filter((s) => saleState(s, now).phase !== 'ended');
  if (!live.length) return null;
  // The server answers them by start: a running sale comes before a coming one.
  const sale = skuId === null ? undefined : live.find((s) => s.sku_id === skuId);
  const otherSkus = [...new Map(live.filter((s) => s.sku_id !== skuId && s.sku_name).map((s) => [s.sku_id, s.sku_name])).values()];
  return (
    <Stack gap={4}>
      {sale && (
        <Paper withBorder p="sm" data-testid="goods-seckill" aria-label={t('title')}>
          <SaleBody sale={sale} state={saleState(sale, now)} quantity={quantity} />
        </Paper>
      )}
      {otherSkus.map((name) => (
        <Text key={name} size="sm" c="red.9" data-testid="goods-seckill-other">
          {t('otherSku', { name })}
        </Text>
      ))}
    </Stack>
  );
}

function SaleBody({ sale, state, quantity }: { sale: SeckillList['data'][number]; state: ReturnType<typeof saleState>; quantity: number }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'seckills' });
  const running = state.phase === 'running';
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Group gap="xs" align="baseline">
          <Badge color="red" leftSection={<IconBolt size={12} />}>
            {t('title')}
          </Badge>
          <Text c="red.9" fw={700} fz={22} data-testid="goods-seckill-price">
            ¥{sale.price}
          </Text>
          <Text td="line-through" c="dimmed" size="sm">
            ¥{sale.goods_price}
          </Text>
        </Group>
        <Text size="sm" fw={500} data-testid="goods-seckill-countdown">
          {running ? t('endsIn', { time: clock(state.left) }) : t('startsIn', { time: clock(state.left) })}
        </Text>
      </Group>
      <Group gap="md">
        <Text size="sm" data-testid="goods-seckill-stock">
          {t('left', { count: sale.stock })}
        </Text>
        {sale.limit_num > 0 && (
          <Text size="xs" c="dimmed">
            {t('limit', { count: sale.limit_num })}
          </Text>
        )}
        {running && sale.stock > 0 ? (
          <Button size="xs" color="red" component={Link} to={orderBeforePath([saleLine(sale, quantity)], 0)} data-testid="goods-seckill-buy">
            {t('buyInSale')}
          </Button>
        ) : (
          <Badge color="gray">{running ? t('soldOut') : t('notStarted')}</Badge>
        )}
      </Group>
    </Stack>
  );
}
