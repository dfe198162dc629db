// /seckills: flash sales by hour slot (GET /api/seckills?start_time=N: 0 running now, N the hour N hours on), each with
// its price, the pool left and a countdown on the server's clock; buying goes to the checkout with a seckill line.
import { Badge, Button, Card, Group, Image, LoadingOverlay, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SeckillAnswer, SeckillList } from '@qshop/shared/schemas/seckills';
import { DEFAULT_PAGE_SIZE } from '../../config';
import { api } from '../../api/client';
import { EmptyState, LoadFailed } from '../catalog/LoadStates';
import { Pager } from '../catalog/Pager';
import { useLoad } from '../catalog/useLoad';
import { orderBeforePath } from '../checkoutPath';
import { clock, saleLine, saleState, useServerNow } from './saleClock';
import { formatSiteTime } from '../../utils/siteTime';

const SLOTS = 6;
const HOUR = 3_600_000;

function SaleCard({ sale, now }: { sale: SeckillAnswer; now: number }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'seckills' });
  const state = saleState(sale, now);
  const running = state.phase === 'running';
  return (
    <Card withBorder padding="sm" data-testid="seckill-card">
      <Group wrap="nowrap" align="flex-start">
        <Image src={sale.goods_image || undefined} w={96} h={96} radius="sm" alt={sale.goods_name} fallbackSrc="/favicon.svg" />
        <Stack gap={4} style={{ flex: 1 }}>
          <Text fw={500} component={Link} to={`/goods/${sale.goods_id}`}>
            {sale.goods_name}
            {sale.sku_name ? ` · ${sale.sku_name}` : ''}
          </Text>
          <Group gap="xs">
            <Text c="red" fw={700} data-testid="seckill-price">¥{sale.price}</Text>
            <Text td="line-through" c="dimmed" size="sm">¥{sale.goods_price}</Text>
          </Group>
          <Text size="sm" data-testid="seckill-stock">{t('left', { count: sale.stock })}</Text>
          <Text size="sm" data-testid="seckill-countdown">{running ? t('endsIn', { time: clock(state.left) }) : t('startsIn', { time: clock(state.left) })}</Text>
          <Group>
            {running && sale.stock > 0 ? (
              <Button size="xs" color="red" component={Link} to={orderBeforePath([saleLine(sale)], 0)} data-testid="seckill-buy">
                {t('buy')}
              </Button>
            ) : (
              <Badge color="gray">{running ? t('soldOut') : t(state.phase === 'ended' ? 'ended' : 'notStarted')}</Badge>
            )}
            {sale.limit_num > 0 && <Text size="xs" c="dimmed">{t('limit', { count: sale.limit_num })}</Text>}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

export default function SeckillsPage() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation(undefined, { keyPrefix: 'seckills' });
  const [slot, setSlot] = useState('0');
  const [page, setPage] = useState(1);
  const list = useLoad(`seckills:${slot}:${page}`, () => api.get<SeckillList>('/seckills', { start_time: Number(slot), page, per_page: DEFAULT_PAGE_SIZE }));
  const now = useServerNow(list.data?.now);
  const hour = Math.floor(now / HOUR) * HOUR;
  const slots = Array.from({ length: SLOTS }, (_, i) => ({
    value: String(i),
    label: i === 0 ? ts('now') : formatSiteTime(hour + i * HOUR).slice(11, 16),
  }));
  const rows = list.data?.data ?? [];
  return (
    <Stack gap="md">
      <Title order={3}>{t('route.seckills')}</Title>
      <SegmentedControl data={slots} value={slot} onChange={(v) => { setSlot(v); setPage(1); }} aria-label={ts('slots')} />
      {list.failed && <LoadFailed onRetry={list.reload} />}
      <div style={{ position: 'relative', minHeight: 120 }}>
        <LoadingOverlay visible={list.loading} zIndex={10} overlayProps={{ blur: 1 }} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {rows.map((sale) => (
            <SaleCard key={sale.id} sale={sale} now={now} />
          ))}
        </SimpleGrid>
        {list.data && !rows.length && !list.loading && <EmptyState message={ts('empty')} />}
      </div>
      {list.data && <Pager page={page} lastPage={list.data.last_page} total={list.data.total} onChange={setPage} />}
    </Stack>
  );
}
