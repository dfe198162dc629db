import type { CSSProperties } from 'react';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SizedImage } from '../../components/SizedImage';
import classes from './catalog.module.css';
import { yuan } from './format';
import type { GoodsCardData } from './types';
import { GOODS_CARD_SIZES as CARD_SIZES } from '@qshop/shared/pagePictures';


/**
 * A goods picture in a square box; `sizes` is the width it takes on the page. Loaded when scrolled near (`lazy`), at
 * once (`eager`: the first row of a grid, in view on load) or first of all (`priority`: the page's largest picture).
 */
/** `onSettled`: the picture has loaded or failed to. */
export function GoodsImage({
  src,
  alt,
  sizes = CARD_SIZES,
  loading = 'lazy',
  onSettled,
}: {
  src?: string | null;
  alt: string;
  sizes?: string;
  loading?: 'lazy' | 'eager' | 'priority';
  onSettled?: () => void;
}) {
  if (!src) return <IconPhoto size={48} color="var(--mantine-color-gray-4)" aria-label={alt} />;
  const priority = loading === 'priority' ? { fetchPriority: 'high' as const } : { loading };
  return <SizedImage src={src} alt={alt} sizes={sizes} width={400} height={400} {...priority} onLoad={onSettled} onError={onSettled} />;
}

// The cards and their grid are plain elements styled by catalog.module.css, not Mantine components: a search page
// draws twenty of them on load, and on a phone each Mantine Text or Group costs render time the shopper waits for.
/** `onPictureSettled`: the card's picture has loaded or failed to. */
export function GoodsCard({ goods, eager = false, onPictureSettled }: { goods: GoodsCardData; eager?: boolean; onPictureSettled?: () => void }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const showMarket = goods.goods_market_price && goods.goods_market_price !== goods.goods_price && Number(goods.goods_market_price) > 0;
  return (
    <Link to={`/goods/${goods.id}`} className={classes.card} data-testid="goods-card">
      <div className={classes.thumb}>
        {/* The card's link is named by the goods' name below: the picture adds nothing to read. */}
        <GoodsImage src={goods.goods_master_image} alt="" loading={eager ? 'eager' : 'lazy'} onSettled={onPictureSettled} />
      </div>
      <div className={classes.cardPrices}>
        <span className={classes.cardPrice}>{yuan(goods.goods_price)}</span>
        {showMarket && <span className={`${classes.cardMeta} ${classes.strike}`}>{yuan(goods.goods_market_price)}</span>}
        {goods.goods_stock === 0 && <span className={`${classes.cardMeta} ${classes.outOfStock}`}>{tc('goods.outOfStock')}</span>}
      </div>
      <p className={classes.cardName} title={goods.goods_name}>
        {goods.goods_name}
      </p>
      <div className={classes.cardFoot}>
        <span className={classes.cardMeta}>{tc('goods.sold', { count: goods.goods_sale ?? 0 })}</span>
        {goods.store_name && <span className={`${classes.cardMeta} ${classes.truncate}`}>{goods.store_name}</span>}
      </div>
    </Link>
  );
}

/** Props of a grid of goods cards: `cols` a row on wide screens, at most three on tablets and two on phones. */
export function gridProps(cols: number) {
  return { className: classes.goodsGrid, style: { '--grid-cols-sm': Math.min(cols, 3), '--grid-cols-md': cols } as CSSProperties };
}

/** Goods cards in a grid (gridProps). `eagerFirstRow`: the grid is in view when the page loads (its first pictures
 *  should not wait for layout). `onFirstPictureSettled`: the first card's picture has loaded or failed to. */
export function GoodsGrid({
  goods,
  cols = 5,
  eagerFirstRow = false,
  onFirstPictureSettled,
}: {
  goods: GoodsCardData[];
  cols?: number;
  eagerFirstRow?: boolean;
  onFirstPictureSettled?: () => void;
}) {
  return (
    <div {...gridProps(cols)}>
      {goods.map((item, index) => (
        <GoodsCard key={item.id} goods={item} eager={eagerFirstRow && index < cols} onPictureSettled={index === 0 ? onFirstPictureSettled : undefined} />
      ))}
    </div>
  );
}
