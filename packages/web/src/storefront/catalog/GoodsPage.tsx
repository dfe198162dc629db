// Goods detail (/goods/{id}): gallery, price, the chosen SKU's flash sale (seckills/GoodsSeckill.tsx) and the spec
// picker that resolves to a SKU (sku.ts), quantity, buy now and add to cart (both check the SKU and quantity first; a
// visitor logs in first and comes back to finish, see purchaseIntent.ts), its group buy when it has one
// (collectives/GoodsGroupBuy.tsx), favourite, the store card, details, reviews and the store's best sellers.
import { Anchor, Breadcrumbs, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Tabs, Text, Title, TypographyStylesProvider } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import clsx from 'clsx';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { CartWrite } from '@qshop/shared/schemas/cart';
import { FAVORITE_TYPE } from '@qshop/shared/catalogRules';
import { api } from '../../api/client';
import { useIsLoggedIn } from '../../auth/useSession';
import { MIN_BUY_QUANTITY } from '../../config';
import { SizedImage } from '../../components/SizedImage';
import { richTextHtml } from '../../resource/richText';
import { usePageTitle } from '../../utils/documentTitle';
import { useFocusKept } from '../../utils/focus';
import { notifySuccess } from '../../utils/notify';
import { loginReturningTo } from '../../router/returnTo';
import { setCartCount } from '../cartCount';
import { orderBeforePath } from '../checkoutPath';
import classes from './catalog.module.css';
import { Comments } from './Comments';
import { FavoriteButton } from './FavoriteButton';
import { CouponOffers } from '../coupons/CouponOffers';
import { GoodsSeckill } from '../seckills/GoodsSeckill';
import { GoodsGroupBuy } from '../collectives/GoodsGroupBuy';
import { yuan, yuanRange } from './format';
import { GoodsCard, GoodsImage } from './GoodsCard';
import { EmptyState, LoadFailed, isNotFound } from './LoadStates';
import { safeHtml } from './safeHtml';
import { GoodsPageSkeleton } from './Skeletons';
import { searchPath, emptySearch } from './searchParams';
import { purchaseIntentPath, readPurchaseIntent, type PurchaseAction } from './purchaseIntent';
import {
  clampQuantity, displayPrice, initialSelection, isSpecAvailable, purchaseError, resolveSku, selectionOf, stockOf, pickSpec,
  type PurchaseError, type Quantity, type Selection,
} from './sku';
import { StoreCard } from './StoreCard';
import type { GoodsDetail } from './types';
import { useLoad } from './useLoad';
import { GOODS_MAIN_SIZES } from '@qshop/shared/pagePictures';
import { handOverFirstPicture, useHandOverFirstPicture } from '../firstPicture';
import { goodsRead } from './reads';

function Gallery({ goods, skuImage }: { goods: GoodsDetail; skuImage?: string }) {
  const images = useMemo(
    () => [...new Set([goods.goods_master_image, ...(goods.goods_images ?? [])].filter(Boolean))],
    [goods.goods_master_image, goods.goods_images],
  );
  const [current, setCurrent] = useState(0);
  useEffect(() => setCurrent(0), [goods.id]);
  const main = skuImage || images[current];
  useHandOverFirstPicture(!main);
  return (
    <Stack gap="xs" className={classes.gallery}>
      <div className={classes.galleryMain}>
        <GoodsImage src={main} alt={goods.goods_name} sizes={GOODS_MAIN_SIZES} loading="priority" onSettled={handOverFirstPicture} />
      </div>
      <Group gap={6}>
        {images.map((src, index) => (
          <button
            key={src}
            type="button"
            className={clsx(classes.galleryThumb, !skuImage && index === current && classes.galleryThumbActive)}
            onMouseEnter={() => setCurrent(index)}
            onClick={() => setCurrent(index)}
          >
            <SizedImage src={src} alt={`${goods.goods_name} ${index + 1}`} sizes="64px" width={64} height={64} />
          </button>
        ))}
      </Group>
    </Stack>
  );
}

const toQuantity = (value: string | number): Quantity => (value === '' ? '' : Number(value));

/** The SKU and quantity to start with: those the address carries (coming back from the login), else the defaults. */
function initialChoice(goods: GoodsDetail, params: URLSearchParams): { selection: Selection; quantity: Quantity } {
  const intent = readPurchaseIntent(params);
  const sku = goods.skus.find((s) => s.id === intent.skuId);
  return { selection: sku ? selectionOf(sku, goods.attrs) : initialSelection(goods.skus, goods.attrs), quantity: intent.buyNum ?? MIN_BUY_QUANTITY };
}

function PurchasePanel({ goods, onSkuImage }: { goods: GoodsDetail; onSkuImage: (image: string | undefined) => void }) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn('user');
  const [searchParams, setSearchParams] = useSearchParams();
  const [selection, setSelection] = useState<Selection>(() => initialChoice(goods, searchParams).selection);
  const [quantity, setQuantity] = useState<Quantity>(() => initialChoice(goods, searchParams).quantity);
  const [error, setError] = useState<PurchaseError | null>(null);
  const [adding, setAdding] = useState(false);
  const addButton = useFocusKept<HTMLButtonElement>(adding);
  // The action a visitor chose before logging in, done once on coming back.
  const pending = useRef<PurchaseAction | null>(readPurchaseIntent(searchParams).then);

  const hasSkus = goods.skus.length > 0;
  const sku = resolveSku(goods.skus, goods.attrs, selection);
  const stock = stockOf(goods, sku);
  const price = displayPrice(goods, sku);
  const marketPrice = sku ? sku.goods_market_price : goods.goods_market_price;
  const skuImage = sku?.goods_image || undefined;
  useEffect(() => onSkuImage(skuImage), [skuImage, onSkuImage]);

  const choiceFor = useRef(goods);
  useEffect(() => {
    // Another goods (a best seller opened from this page) starts from its defaults.
    if (choiceFor.current === goods) return;
    choiceFor.current = goods;
    setSelection(initialSelection(goods.skus, goods.attrs));
    setQuantity(MIN_BUY_QUANTITY);
    setError(null);
  }, [goods]);

  const pick = (attrId: number, specId: number) => {
    const next = pickSpec(selection, attrId, specId);
    setSelection(next);
    setQuantity((q) => clampQuantity(q, stockOf(goods, resolveSku(goods.skus, goods.attrs, next))));
    setError(null);
  };

  /** The line to buy, or null after showing why it cannot be bought. */
  const checked = () => {
    const problem = purchaseError({ hasSkus, sku, quantity, stock });
    setError(problem);
    if (problem || quantity === '') return null;
    return { goods_id: goods.id, sku_id: sku?.id ?? 0, buy_num: quantity };
  };

  /** A visitor logs in first and comes back to this goods with the same choice, to finish `then`. */
  const loginFirst = (line: { sku_id: number; buy_num: number }, then: PurchaseAction) =>
    void navigate(loginReturningTo(purchaseIntentPath(goods.id, line, then)));

  const buyNow = (replace = false) => {
    const line = checked();
    if (!line) return;
    if (!loggedIn) loginFirst(line, 'buy');
    else void navigate(orderBeforePath([line], 0), { replace });
  };

  const addToCart = async () => {
    const line = checked();
    if (!line) return;
    if (!loggedIn) {
      loginFirst(line, 'cart');
      return;
    }
    setAdding(true);
    try {
      const answer = await api.post<CartWrite>('/user/carts', line);
      notifySuccess(tc('goods.addedToCart'));
      setCartCount(answer.cart_count);
    } catch {
      // the client has shown the refusal
    } finally {
      setAdding(false);
    }
  };

  useEffect(() => {
    const then = pending.current;
    if (!then || !loggedIn) return;
    pending.current = null;
    if (then === 'buy') {
      // The checkout replaces this address: going back leads to the goods page the visitor left.
      buyNow(true);
      return;
    }
    // Without the action in the address, a reload or going back does not add it again.
    setSearchParams(
      (params) => {
        params.delete('then');
        return params;
      },
      { replace: true },
    );
    void addToCart();
    // Runs once, with the choice the page started from.
  }, [loggedIn]);

  return (
    <Stack gap="sm" flex={1} miw={0}>
      <Title order={3}>{goods.goods_name}</Title>
      {goods.goods_subname && (
        <Text c="red.9" size="sm">
          {goods.goods_subname}
        </Text>
      )}
      <div className={classes.pricePanel}>
        <Group gap="md" align="baseline">
          <Text size="sm" c="dimmed" w={60}>
            {tc('goods.price')}
          </Text>
          <Text c="red.9" fw={700} fz={26} data-testid="goods-price">
            {yuanRange(price)}
          </Text>
          {marketPrice && Number(marketPrice) > 0 && marketPrice !== price.max && (
            <Text size="sm" c="dimmed" className={classes.strike}>
              {yuan(marketPrice)}
            </Text>
          )}
        </Group>
        <Group gap="xl" mt={4}>
          <Text size="sm" c="dimmed">
            {tc('goods.sold', { count: goods.goods_sale })}
          </Text>
          {goods.comment_statistics.total > 0 ? (
            <>
              <Text size="sm" c="dimmed">
                {tc('goods.reviews', { count: goods.comment_statistics.total })}
              </Text>
              <Text size="sm" c="dimmed">
                {tc('goods.goodRate', { rate: goods.comment_statistics.good_rate })}
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {tc('comments.empty')}
            </Text>
          )}
        </Group>
      </div>
      <GoodsSeckill goodsId={goods.id} skuId={hasSkus ? (sku?.id ?? null) : 0} quantity={quantity === '' ? 1 : quantity} />
      {goods.attrs.map((attr) => (
        <Group key={attr.id} gap="md" align="flex-start" wrap="nowrap" role="group" aria-label={attr.name}>
          <Text size="sm" c="dimmed" w={60} pt={4}>
            {attr.name}
          </Text>
          <Group gap="xs">
            {attr.specs.map((spec) => {
              const chosen = selection[attr.id] === spec.id;
              return (
                <Button
                  key={spec.id}
                  size="xs"
                  variant={chosen ? 'outline' : 'default'}
                  aria-pressed={chosen}
                  disabled={!chosen && !isSpecAvailable(goods.skus, goods.attrs, selection, attr.id, spec.id)}
                  onClick={() => pick(attr.id, spec.id)}
                >
                  {spec.name}
                </Button>
              );
            })}
          </Group>
        </Group>
      ))}
      <Group gap="md" align="center">
        <Text size="sm" c="dimmed" w={60}>
          {tc('goods.quantity')}
        </Text>
        <NumberInput
          w={120}
          min={MIN_BUY_QUANTITY}
          max={Math.max(stock, MIN_BUY_QUANTITY)}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={quantity}
          onChange={(value) => {
            setQuantity(toQuantity(value));
            setError(null);
          }}
          aria-label={tc('goods.quantity')}
        />
        <Text size="sm" c="dimmed" data-testid="goods-stock">
          {tc('goods.stock', { count: stock })}
        </Text>
      </Group>
      {error && (
        <Text c="red" size="sm" role="alert">
          {t(error)}
        </Text>
      )}
      <Group gap="sm" mt="xs">
        <Button size="md" color="red" variant="light" onClick={() => buyNow()} disabled={stock <= 0}>
          {tc('goods.buyNow')}
        </Button>
        <Button ref={addButton} size="md" color="red" leftSection={<IconShoppingCart size={18} />} onClick={() => void addToCart()} loading={adding} disabled={stock <= 0}>
          {tc('goods.addToCart')}
        </Button>
        <FavoriteButton kind={FAVORITE_TYPE.GOODS} outId={goods.id} initial={goods.is_fav} />
      </Group>
      <GoodsGroupBuy goodsId={goods.id} skuId={sku?.id} soldOut={stock <= 0} loggedIn={loggedIn} line={checked} />
      <CouponOffers query={{ goods_id: goods.id }} compact />
      {stock <= 0 && (
        <Text c="dimmed" size="sm">
          {tc('goods.soldOut')}
        </Text>
      )}
    </Stack>
  );
}

export default function GoodsPage() {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const { id } = useParams();
  const read = goodsRead(id);
  const detail = useLoad(read.key, read.load);
  const goods = detail.data;

  useHandOverFirstPicture(!detail.loading && !goods);
  if (detail.loading && !goods) return <GoodsPageSkeleton />;
  if (detail.failed && !goods && !isNotFound(detail.error)) return <LoadFailed onRetry={detail.reload} />;
  if (!goods)
    return (
      <EmptyState message={tc('goods.notFound')}>
        <Anchor component={Link} to="/s">
          {tc('goods.browse')}
        </Anchor>
      </EmptyState>
    );

  return <GoodsView goods={goods} />;
}

function GoodsView({ goods }: { goods: GoodsDetail }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  usePageTitle(goods.goods_name);
  const [skuImage, setSkuImage] = useState<string>();
  const content = useMemo(() => safeHtml(richTextHtml(goods.goods_content)), [goods.goods_content]);
  return (
    <Stack gap="md">
      <Breadcrumbs className={classes.crumbs}>
        <Anchor component={Link} to="/" size="sm">
          {tc('home.title')}
        </Anchor>
        {goods.classes.map((c) => (
          <Anchor key={c.id} component={Link} to={searchPath({ ...emptySearch(), class_id: c.id })} size="sm">
            {c.name}
          </Anchor>
        ))}
        {goods.brand && (
          <Anchor component={Link} to={searchPath({ ...emptySearch(), brand_id: goods.brand.id })} size="sm">
            {goods.brand.name}
          </Anchor>
        )}
      </Breadcrumbs>
      <Paper withBorder p="md">
        <div className={classes.goodsTop}>
          <Gallery goods={goods} skuImage={skuImage} />
          <PurchasePanel goods={goods} onSkuImage={setSkuImage} />
          <StoreCard store={goods.store} offer={{ content_type: 'goods', id: goods.id, title: goods.goods_name }} />
        </div>
      </Paper>
      <div className={classes.goodsBottom}>
        <Paper withBorder p="sm" className={classes.bestSellers}>
          <Text fw={600} mb="xs">
            {tc('goods.storeBestSellers')}
          </Text>
          {goods.sale_list.length ? (
            <SimpleGrid cols={{ base: 2, md: 1 }} spacing="xs">
              {goods.sale_list.map((item) => (
                <GoodsCard key={item.id} goods={item} />
              ))}
            </SimpleGrid>
          ) : (
            <Text size="sm" c="dimmed">
              {tc('goods.noBestSellers')}
            </Text>
          )}
        </Paper>
        <Paper withBorder flex={1} miw={0}>
          <Tabs defaultValue="detail" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="detail">{tc('goods.detailTab')}</Tabs.Tab>
              <Tabs.Tab value="comments">{tc('goods.commentsTab', { count: goods.comment_statistics.total })}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="detail" p="md">
              {content ? (
                <TypographyStylesProvider className={classes.richText}>
                  <div dangerouslySetInnerHTML={{ __html: content }} />
                </TypographyStylesProvider>
              ) : (
                <EmptyState message={tc('goods.noDetail')} />
              )}
            </Tabs.Panel>
            <Tabs.Panel value="comments" p="md">
              <Comments goodsId={goods.id} statistics={goods.comment_statistics} />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </div>
    </Stack>
  );
}
