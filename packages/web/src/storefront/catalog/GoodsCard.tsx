import { Group, SimpleGrid, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SizedImage } from '../../components/SizedImage';
import classes from './catalog.module.css';
import { yuan } from './format';
import type { GoodsCardData } from './types';

/** A goods card's picture: half the screen in phone grids, one column of five (about 240 px) on wider screens. */
const CARD_SIZES = '(max-width: 768px) 50vw, 240px';

/**
 * A goods picture in a square box; `sizes` is the width it takes on the page. Loaded when scrolled near (`lazy`), at
 * once (`eager`: the first row of a grid, in view on load) or first of all (`priority`: the page's largest picture).
 */
export function GoodsImage({ src, alt, sizes = CARD_SIZES, loading = 'lazy' }: { src?: string | null; alt: string; sizes?: string; loading?: 'lazy' | 'eager' | 'priority' }) {
  if (!src) return <IconPhoto size={48} color="var(--mantine-color-gray-4)" aria-label={alt} />;
  const priority = loading === 'priority' ? { fetchPriority: 'high' as const } : { loading };
  return <SizedImage src={src} alt={alt} sizes={sizes} width={400} height={400} {...priority} />;
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

/** Goods cards, `cols` a row on wide screens, fewer on tablets and two on phones. `eagerFirstRow`: the grid is in view
 *  when the page loads (its first pictures should not wait for layout). */
export function GoodsGrid({ goods, cols = 5, eagerFirstRow = false }: { goods: GoodsCardData[]; cols?: number; eagerFirstRow?: boolean }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: Math.min(cols, 3), md: cols }} spacing="sm">
      {goods.map((item, index) => (
        <GoodsCard key={item.id} goods={item} eager={eagerFirstRow && index < cols} />
      ))}
    </SimpleGrid>
  );
}
