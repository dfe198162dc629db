import { Group, SimpleGrid, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import classes from './catalog.module.css';
import { yuan } from './format';
import type { GoodsCardData } from './types';

/**
 * A goods picture, loaded when scrolled near (`lazy`), at once (`eager`: the first row of a grid, in view on load) or
 * first of all (`priority`: the page's largest picture).
 */
export function GoodsImage({ src, alt, loading = 'lazy' }: { src?: string | null; alt: string; loading?: 'lazy' | 'eager' | 'priority' }) {
  if (!src) return <IconPhoto size={48} color="var(--mantine-color-gray-4)" aria-label={alt} />;
  return loading === 'priority' ? <img src={src} alt={alt} fetchPriority="high" /> : <img src={src} alt={alt} loading={loading} />;
}

export function GoodsCard({ goods, eager = false }: { goods: GoodsCardData; eager?: boolean }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const showMarket = goods.goods_market_price && goods.goods_market_price !== goods.goods_price && Number(goods.goods_market_price) > 0;
  return (
    <Link to={`/goods/${goods.id}`} className={classes.card} data-testid="goods-card">
      <div className={classes.thumb}>
        <GoodsImage src={goods.goods_master_image} alt={goods.goods_name} loading={eager ? 'eager' : 'lazy'} />
      </div>
      <Group gap={6} align="baseline" wrap="nowrap">
        <Text c="red.7" fw={700}>
          {yuan(goods.goods_price)}
        </Text>
        {showMarket && (
          <Text size="xs" c="dimmed" className={classes.strike}>
            {yuan(goods.goods_market_price)}
          </Text>
        )}
      </Group>
      <Text size="sm" lineClamp={2} title={goods.goods_name} mih={40}>
        {goods.goods_name}
      </Text>
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {tc('goods.sold', { count: goods.goods_sale ?? 0 })}
        </Text>
        {goods.store_name && (
          <Text size="xs" c="dimmed" truncate>
            {goods.store_name}
          </Text>
        )}
      </Group>
    </Link>
  );
}

/** `eagerFirstRow`: the grid is in view when the page loads (its first pictures should not wait for layout). */
export function GoodsGrid({ goods, cols = 5, eagerFirstRow = false }: { goods: GoodsCardData[]; cols?: number; eagerFirstRow?: boolean }) {
  return (
    <SimpleGrid cols={cols} spacing="sm">
      {goods.map((item, index) => (
        <GoodsCard key={item.id} goods={item} eager={eagerFirstRow && index < cols} />
      ))}
    </SimpleGrid>
  );
}
