// A store's public page (/store/{id}): its card, ratings and follow toggle, best sellers, and its goods searched
// within the store (GET /api/goods?store_id=).
import { Anchor, Button, Group, LoadingOverlay, Paper, SegmentedControl, Stack, Text, TextInput, Title, TypographyStylesProvider } from '@mantine/core';
import { IconBuildingStore, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { FAVORITE_TYPE } from '@qshop/shared/catalogRules';
import { api } from '../../api/client';
import { PageLoader } from '../../components/PageLoader';
import { SizedAvatar, SizedImage } from '../../components/SizedImage';
import { richTextHtml } from '../../resource/richText';
import { FavoriteButton } from '../catalog/FavoriteButton';
import { ContactStore } from '../chat/ContactStore';
import { CouponOffers } from '../coupons/CouponOffers';
import { GoodsGrid } from '../catalog/GoodsCard';
import { EmptyState, LoadFailed, isNotFound } from '../catalog/LoadStates';
import { Pager } from '../catalog/Pager';
import { emptySearch, searchQuery, type GoodsSort, type SearchState } from '../catalog/searchParams';
import { StoreRatingList } from '../catalog/StoreCard';
import type { GoodsCardData, PublicStore, SearchAnswer } from '../catalog/types';
import { useLoad } from '../catalog/useLoad';
import { safeHtml } from '../catalog/safeHtml';
import { usePageTitle } from '../../utils/documentTitle';

interface StorePageData extends PublicStore {
  best_sellers: GoodsCardData[];
  is_fav: boolean;
}

function StoreGoods({ storeId }: { storeId: number }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const [state, setState] = useState<SearchState>(() => ({ ...emptySearch(), store_id: storeId }));
  const [draft, setDraft] = useState('');
  const goods = useLoad(JSON.stringify(state), () => api.get<SearchAnswer>('/goods', searchQuery(state)));
  const rows = goods.data?.data ?? [];

  const search = (event: FormEvent) => {
    event.preventDefault();
    setState((s) => ({ ...s, keywords: draft.trim() || undefined, page: 1 }));
  };

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">{tc('storePage.goods')}</Title>
        <Group gap="sm">
          <form onSubmit={search} role="search">
            <Group gap={0}>
              <TextInput size="xs" value={draft} onChange={(e) => setDraft(e.currentTarget.value)} placeholder={tc('storePage.searchPlaceholder')} aria-label={tc('storePage.searchPlaceholder')} radius={0} maxLength={50} />
              <Button size="xs" type="submit" radius={0} leftSection={<IconSearch size={14} />}>
                {tc('stores.search')}
              </Button>
            </Group>
          </form>
          <SegmentedControl
            size="xs"
            value={state.sort}
            onChange={(sort) => setState((s) => ({ ...s, sort: sort as GoodsSort, page: 1 }))}
            aria-label={tc('search.sortBy')}
            data={[
              { value: 'sales', label: tc('search.sortSales') },
              { value: 'price_asc', label: tc('search.sortPriceAsc') },
              { value: 'price_desc', label: tc('search.sortPriceDesc') },
              { value: 'new', label: tc('search.sortNew') },
            ]}
          />
        </Group>
      </Group>
      {goods.failed && <LoadFailed onRetry={goods.reload} />}
      <div style={{ position: 'relative', minHeight: 160 }}>
        <LoadingOverlay visible={goods.loading} zIndex={10} overlayProps={{ blur: 1 }} />
        {rows.length > 0 && <GoodsGrid goods={rows} />}
        {goods.data && rows.length === 0 && !goods.loading && <EmptyState message={tc('search.empty')} />}
      </div>
      {goods.data && (
        <Pager page={state.page} lastPage={goods.data.last_page} total={goods.data.total} onChange={(page) => setState((s) => ({ ...s, page }))} />
      )}
    </Paper>
  );
}

/** The store's after-sales terms: rich text written by the seller (cleaned when saved, and again here). */
function AfterSaleService({ value }: { value: string | null | undefined }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const html = safeHtml(richTextHtml(value));
  if (!html) return null;
  return (
    <Stack gap={4} mt="sm">
      <Text size="sm" fw={500}>
        {tc('storePage.afterSale')}
      </Text>
      <TypographyStylesProvider fz="sm">
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </TypographyStylesProvider>
    </Stack>
  );
}

export default function StorePage() {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const { id } = useParams();
  const storeId = Number(id);
  const valid = Number.isInteger(storeId) && storeId > 0;
  const page = useLoad(`store/${id}`, () => (valid ? api.get<StorePageData | null>(`/store/${storeId}`) : Promise.resolve(null)));
  const store = page.data;
  usePageTitle(store?.store_name);

  if (page.loading && !store) return <PageLoader />;
  if (page.failed && !store && !isNotFound(page.error)) return <LoadFailed onRetry={page.reload} />;
  if (!store)
    return (
      <EmptyState message={tc('storePage.notFound')}>
        <Anchor component={Link} to="/stores">
          {tc('storePage.allStores')}
        </Anchor>
      </EmptyState>
    );

  const banner = store.store_slide?.[0] || store.store_face_image;
  return (
    <Stack gap="md">
      {banner && (
        <SizedImage src={banner} alt={store.store_name} sizes="(max-width: 1200px) 100vw, 1200px" width={1200} height={200} style={{ display: 'block', width: '100%', height: 200, objectFit: 'cover' }} />
      )}
      <Paper withBorder p="md">
        <Group align="flex-start" gap="lg">
          <SizedAvatar src={store.store_logo} alt="" size={96} radius="sm">
            <IconBuildingStore size={40} />
          </SizedAvatar>
          {/* On phones the ratings wrap below the store's details. */}
          <Stack gap={4} flex={1} miw={200}>
            <Title order={2}>{store.store_name}</Title>
            {store.store_description && <Text c="dimmed">{store.store_description}</Text>}
            {(store.area_info || store.store_address) && (
              <Text size="sm">{tc('storePage.address', { address: [store.area_info, store.store_address].filter(Boolean).join(' ') })}</Text>
            )}
            {store.store_mobile && <Text size="sm">{tc('storePage.phone', { phone: store.store_mobile })}</Text>}
            {store.created_at && <Text size="sm" c="dimmed">{tc('storePage.since', { date: store.created_at.slice(0, 10) })}</Text>}
          </Stack>
          <Stack w={220} gap="sm">
            <StoreRatingList store={store} />
            <FavoriteButton kind={FAVORITE_TYPE.STORE} outId={store.id} initial={store.is_fav} />
            <ContactStore storeId={store.id} storeName={store.store_name} />
          </Stack>
        </Group>
        <AfterSaleService value={store.after_sale_service} />
      </Paper>
      <CouponOffers query={{ store_id: store.id }} compact />
      {store.best_sellers.length > 0 && (
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="sm">
            {tc('storePage.bestSellers')}
          </Title>
          <GoodsGrid goods={store.best_sellers} cols={6} />
        </Paper>
      )}
      <StoreGoods storeId={store.id} />
    </Stack>
  );
}
